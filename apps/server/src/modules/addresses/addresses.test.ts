import { MAX_ADDRESSES } from '@gurumatch/shared/constants';
import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { FailureBody, SuccessMessage } from '@gurumatch/shared/schemas/account';
import type { Address, AddressResult } from '@gurumatch/shared/schemas/addresses';
import type { UserStatus } from '@gurumatch/shared/schemas/auth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  call,
  countRows,
  registerTeacher,
  registerUser,
  rows,
  type RegisteredUser,
} from '../../../test/factories.ts';
import type { MapsProvider } from '../../adapters/maps/index.ts';

let t: TestApp;
let places: { jayanagar: string; koramangala: string; indiranagar: string };

async function placeIdOf(text: string): Promise<string> {
  const [first] = await t.ctx.maps.autocomplete(text, 1);
  if (!first) throw new Error(`the maps provider does not know ${text}`);
  return first.place_id;
}

beforeAll(async () => {
  t = await buildTestApp();
  places = {
    jayanagar: await placeIdOf('Jayanagar'),
    koramangala: await placeIdOf('Koramangala'),
    indiranagar: await placeIdOf('Indiranagar'),
  };
});

afterAll(async () => {
  await t.close();
});

function addAddress(user: RegisteredUser, placeId: unknown): Promise<LightMyRequestResponse> {
  return call(t.app, 'POST', '/api/auth/address/', user.access, { place_id: placeId });
}

async function addressesOf(user: RegisteredUser): Promise<Address[]> {
  const response = await call(t.app, 'GET', '/api/auth/user/addresses/', user.access);
  expect(response.statusCode).toBe(200);
  return response.json<Address[]>();
}

function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  message: string,
): FailureBody {
  expect(response.statusCode).toBe(status);
  const body = response.json<FailureBody>();
  expect(body).toMatchObject({ success: false, message, detail: message, error: message });
  return body;
}

async function userWithAddresses(count: number): Promise<{ user: RegisteredUser; ids: number[] }> {
  const user = await registerUser(t.app);
  const ids: number[] = [];
  for (const placeId of [places.jayanagar, places.koramangala].slice(0, count)) {
    const response = await addAddress(user, placeId);
    expect(response.statusCode).toBe(201);
    ids.push(response.json<AddressResult>().address.id);
  }
  return { user, ids };
}

describe('POST /api/auth/address/', () => {
  it('stores the place resolved by the maps provider as the first, primary address', async () => {
    const user = await registerUser(t.app);
    const place = await t.ctx.maps.place(places.jayanagar);

    const response = await addAddress(user, places.jayanagar);
    expect(response.statusCode).toBe(201);
    const body = response.json<AddressResult>();
    expect(body.success).toBe(true);
    expect(body.message).toBe(ADDRESS_MESSAGES.added);
    expect(body.address).toMatchObject({
      formatted_address: place?.formatted_address,
      city: place?.city,
      district: place?.district,
      state: place?.state,
      country: place?.country,
      latitude: place?.latitude,
      longitude: place?.longitude,
      is_primary: true,
    });

    const [stored] = await rows<{
      place_id: string;
      city: string;
      is_primary: boolean;
      slot: number;
    }>(t.db, 'SELECT place_id, city, is_primary, slot FROM user_addresses WHERE user_id = $1', [
      user.userId,
    ]);
    expect(stored).toEqual({
      place_id: places.jayanagar,
      city: place?.city,
      is_primary: true,
      slot: 1,
    });
  });

  it('moves the onboarding status on from the address step', async () => {
    const user = await registerTeacher(t.app);
    await rows(
      t.db,
      "UPDATE users SET is_phone_verified = true, phone_number = '9000000001' WHERE id = $1",
      [user.userId],
    );
    const status = async (): Promise<string> =>
      (await call(t.app, 'GET', '/api/auth/user/status/', user.access)).json<UserStatus>()
        .redirect_to;
    expect(await status()).toBe('add-address');
    expect((await addAddress(user, places.indiranagar)).statusCode).toBe(201);
    expect(await status()).toBe('complete-profile');
  });

  it('adds a second address that is not primary', async () => {
    const { user } = await userWithAddresses(1);
    const response = await addAddress(user, places.koramangala);
    expect(response.statusCode).toBe(201);
    expect(response.json<AddressResult>().address.is_primary).toBe(false);
    expect(
      await countRows(t.db, 'user_addresses', 'user_id = $1 AND is_primary', [user.userId]),
    ).toBe(1);
  });

  it(`refuses a third address with 400 and a clear message (at most ${String(MAX_ADDRESSES)})`, async () => {
    const { user } = await userWithAddresses(2);
    const body = expectFailure(
      await addAddress(user, places.indiranagar),
      400,
      ADDRESS_MESSAGES.limitReached,
    );
    expect(body.code).toBe('address_limit');
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('keeps the limit when two additions race', async () => {
    const { user } = await userWithAddresses(1);
    const answers = await Promise.all([
      addAddress(user, places.koramangala),
      addAddress(user, places.indiranagar),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(2);
    expect(
      await countRows(t.db, 'user_addresses', 'user_id = $1 AND is_primary', [user.userId]),
    ).toBe(1);
  });

  it('refuses the same place twice', async () => {
    const { user } = await userWithAddresses(1);
    expectFailure(await addAddress(user, places.jayanagar), 400, ADDRESS_MESSAGES.alreadySaved);
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(1);
  });

  it("refuses an unknown, empty or missing place with 'Please select a valid address' and stores nothing", async () => {
    const user = await registerUser(t.app);
    for (const placeId of ['no-such-place', '', '   ', null, undefined, 'x'.repeat(600)]) {
      const body = expectFailure(
        await addAddress(user, placeId),
        400,
        ADDRESS_MESSAGES.selectValidAddress,
      );
      expect(body.errors?.place_id).toEqual([ADDRESS_MESSAGES.selectValidAddress]);
    }
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(0);
  });

  it('refuses a body that is not JSON with 400 and stores nothing', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/address/',
      headers: { ...bearer(user.access), 'content-type': 'application/json' },
      payload: '{"place_id":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<FailureBody>().success).toBe(false);
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(0);
  });

  it('answers 503 when the maps provider fails, storing nothing', async () => {
    const user = await registerUser(t.app);
    const maps = t.ctx.maps;
    const failing: MapsProvider = {
      kind: maps.kind,
      autocomplete: (query, limit) => maps.autocomplete(query, limit),
      reverse: (latitude, longitude) => maps.reverse(latitude, longitude),
      place: () => Promise.reject(new Error('provider down')),
    };
    t.ctx.maps = failing;
    try {
      expectFailure(await addAddress(user, places.jayanagar), 503, ADDRESS_MESSAGES.addFailed);
    } finally {
      t.ctx.maps = maps;
    }
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(0);
  });

  it('refuses a request without a token with 401', async () => {
    const response = await call(t.app, 'POST', '/api/auth/address/', undefined, {
      place_id: places.jayanagar,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<FailureBody>().code).toBe('token_not_valid');
  });
});

describe('GET /api/auth/user/addresses/', () => {
  it("lists the user's own addresses, primary first, and nobody else's", async () => {
    const { user, ids } = await userWithAddresses(2);
    await userWithAddresses(2);
    await call(
      t.app,
      'PATCH',
      `/api/auth/user/addresses/${String(ids[1])}/set_primary/`,
      user.access,
    );

    const list = await addressesOf(user);
    expect(list.map((address) => address.id)).toEqual([ids[1], ids[0]]);
    expect(list.map((address) => address.is_primary)).toEqual([true, false]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'city',
        'country',
        'district',
        'formatted_address',
        'id',
        'is_primary',
        'latitude',
        'longitude',
        'state',
      ].sort(),
    );
  });

  it('answers an empty list for a user without addresses', async () => {
    const user = await registerUser(t.app);
    expect(await addressesOf(user)).toEqual([]);
  });

  it('refuses a request without a token with 401', async () => {
    expect((await call(t.app, 'GET', '/api/auth/user/addresses/')).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/user/addresses/{id}/', () => {
  it('removes an address and makes the other one primary when the primary goes', async () => {
    const { user, ids } = await userWithAddresses(2);
    const response = await call(
      t.app,
      'DELETE',
      `/api/auth/user/addresses/${String(ids[0])}/`,
      user.access,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<SuccessMessage>()).toEqual({
      success: true,
      message: ADDRESS_MESSAGES.removed,
    });

    const list = await addressesOf(user);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: ids[1], is_primary: true });
  });

  it('removes the second address and keeps the primary', async () => {
    const { user, ids } = await userWithAddresses(2);
    expect(
      (await call(t.app, 'DELETE', `/api/auth/user/addresses/${String(ids[1])}/`, user.access))
        .statusCode,
    ).toBe(200);
    expect(await addressesOf(user)).toMatchObject([{ id: ids[0], is_primary: true }]);
  });

  it('refuses to remove the only address', async () => {
    const { user, ids } = await userWithAddresses(1);
    const body = expectFailure(
      await call(t.app, 'DELETE', `/api/auth/user/addresses/${String(ids[0])}/`, user.access),
      400,
      ADDRESS_MESSAGES.onlyAddress,
    );
    expect(body.code).toBe('last_address');
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(1);
  });

  it("answers 404 for someone else's address and leaves it alone", async () => {
    const owner = await userWithAddresses(2);
    const intruder = await userWithAddresses(2);
    expectFailure(
      await call(
        t.app,
        'DELETE',
        `/api/auth/user/addresses/${String(owner.ids[0])}/`,
        intruder.user.access,
      ),
      404,
      ADDRESS_MESSAGES.notFound,
    );
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [owner.user.userId])).toBe(2);
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const { user } = await userWithAddresses(2);
    expect(
      (await call(t.app, 'DELETE', '/api/auth/user/addresses/99999999/', user.access)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'DELETE', '/api/auth/user/addresses/abc/', user.access)).statusCode,
    ).toBe(400);
    expect(await countRows(t.db, 'user_addresses', 'user_id = $1', [user.userId])).toBe(2);
  });

  it('refuses a request without a token with 401', async () => {
    const { ids } = await userWithAddresses(2);
    expect(
      (await call(t.app, 'DELETE', `/api/auth/user/addresses/${String(ids[0])}/`)).statusCode,
    ).toBe(401);
  });
});

describe('/api/auth/user/addresses/{id}/set_primary/', () => {
  it.each(['PATCH', 'POST'] as const)(
    '%s makes the address the only primary one',
    async (method) => {
      const { user, ids } = await userWithAddresses(2);
      const response = await call(
        t.app,
        method,
        `/api/auth/user/addresses/${String(ids[1])}/set_primary/`,
        user.access,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<AddressResult>();
      expect(body).toMatchObject({ success: true, message: ADDRESS_MESSAGES.primaryUpdated });
      expect(body.address).toMatchObject({ id: ids[1], is_primary: true });

      const stored = await rows<{ id: number; is_primary: boolean }>(
        t.db,
        'SELECT id, is_primary FROM user_addresses WHERE user_id = $1 ORDER BY id',
        [user.userId],
      );
      expect(stored).toEqual([
        { id: ids[0], is_primary: false },
        { id: ids[1], is_primary: true },
      ]);
    },
  );

  it('keeps one primary when the primary is chosen again', async () => {
    const { user, ids } = await userWithAddresses(2);
    expect(
      (
        await call(
          t.app,
          'PATCH',
          `/api/auth/user/addresses/${String(ids[0])}/set_primary/`,
          user.access,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      await countRows(t.db, 'user_addresses', 'user_id = $1 AND is_primary', [user.userId]),
    ).toBe(1);
  });

  it("answers 404 for someone else's address and changes nothing", async () => {
    const owner = await userWithAddresses(2);
    const intruder = await userWithAddresses(2);
    expectFailure(
      await call(
        t.app,
        'PATCH',
        `/api/auth/user/addresses/${String(owner.ids[1])}/set_primary/`,
        intruder.user.access,
      ),
      404,
      ADDRESS_MESSAGES.notFound,
    );
    expect(await countRows(t.db, 'user_addresses', 'id = $1 AND is_primary', [owner.ids[0]])).toBe(
      1,
    );
    expect(
      await countRows(t.db, 'user_addresses', 'user_id = $1 AND is_primary', [
        intruder.user.userId,
      ]),
    ).toBe(1);
  });

  it('refuses a request without a token with 401', async () => {
    const { ids } = await userWithAddresses(2);
    expect(
      (await call(t.app, 'PATCH', `/api/auth/user/addresses/${String(ids[1])}/set_primary/`))
        .statusCode,
    ).toBe(401);
  });
});
