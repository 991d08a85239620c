import type { TokenPair, UserStatus } from '@gurumatch/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, countRows, decodeAccess, rows, signIn } from '../../test/factories.ts';

import { DEMO_ACCOUNTS, seedDemoData } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const demoEmails = DEMO_ACCOUNTS.map((account) => account.email);

describe('seedDemoData', () => {
  it('creates the demo accounts once, however often it runs', async () => {
    const first = await seedDemoData(t.db);
    const second = await seedDemoData(t.db);

    expect(first.map((account) => account.email).sort()).toEqual([...demoEmails].sort());
    expect(second).toEqual([]);
    expect(await countRows(t.db, 'users', 'email = ANY($1)', [demoEmails])).toBe(
      DEMO_ACCOUNTS.length,
    );
    const addresses = await rows<{ email: string }>(
      t.db,
      `SELECT u.email FROM user_addresses a JOIN users u ON u.id = a.user_id
        WHERE u.email = ANY($1) AND a.is_primary`,
      [demoEmails],
    );
    expect(addresses).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it.each(DEMO_ACCOUNTS.map((account) => [account.role, account] as const))(
    'lets the demo %s sign in straight to the dashboard',
    async (role, account) => {
      const response = await signIn(t.app, account.email, account.password);
      expect(response.statusCode).toBe(200);
      const pair = response.json<TokenPair>();
      expect(decodeAccess(pair.access)).toMatchObject({
        role,
        email: account.email,
        full_name: account.fullName,
      });

      const status = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user/status/',
        headers: bearer(pair.access),
      });
      expect(status.json<UserStatus>()).toEqual({
        is_authenticated: true,
        redirect_to: 'dashboard',
      });
    },
  );
});

describe('the demo tutor', () => {
  it('has a finished, verified profile with its photo and documents in storage', async () => {
    const other = await buildTestApp();
    try {
      await seedDemoData(other.db, other.ctx.storage);
      const [profile] = await rows<{
        subjects: string[];
        is_doc_verified: boolean;
        avatar_key: string | null;
        id_proof_key: string | null;
      }>(
        other.db,
        `SELECT p.subjects, p.is_doc_verified, p.avatar_key, p.id_proof_key
           FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1`,
        ['teacher@demo.gurumatch.in'],
      );
      expect(profile?.subjects).toContain('Mathematics');
      expect(profile?.is_doc_verified).toBe(true);
      const avatar = await other.ctx.storage.get(profile?.avatar_key ?? '');
      expect(avatar?.contentType).toBe('image/webp');
      const proof = await other.ctx.storage.get(profile?.id_proof_key ?? '');
      expect(proof?.body.subarray(0, 5).toString()).toBe('%PDF-');

      // the photo is served where the user row points (it answered 404 once)
      const [user] = await rows<{ avatar_url: string }>(
        other.db,
        'SELECT avatar_url FROM users WHERE email = $1',
        ['teacher@demo.gurumatch.in'],
      );
      const served = await other.app.inject({
        method: 'GET',
        url: new URL(user?.avatar_url ?? '', 'http://x').pathname,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    } finally {
      await other.close();
    }
  });
});
