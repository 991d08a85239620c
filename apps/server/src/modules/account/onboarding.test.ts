/**
 * The onboarding journey through the real endpoints only: the codes and links
 * come from the dev outbox, the address from the offline maps provider.
 */
import { randomBytes, randomInt } from 'node:crypto';

import { ACCOUNT_MESSAGES } from '@gurumatch/shared/messages/account';
import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import type { UserStatus } from '@gurumatch/shared/schemas/auth';
import type { Profile } from '@gurumatch/shared/schemas/profile';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  call,
  registerTeacher,
  registerUser,
  type RegisteredUser,
  TINY_PDF,
} from '../../../test/factories.ts';

let t: TestApp;
let avatar: Buffer;

const PDF = TINY_PDF;

beforeAll(async () => {
  t = await buildTestApp();
  avatar = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await t.close();
});

function uploadFiles(
  user: RegisteredUser,
  url: string,
  files: Record<string, Buffer>,
): Promise<LightMyRequestResponse> {
  const boundary = `----gm${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [field, data] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...bearer(user.access),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat(parts),
  });
}

async function statusOf(user: RegisteredUser): Promise<UserStatus['redirect_to']> {
  const response = await call(t.app, 'GET', '/api/auth/user/status/', user.access);
  expect(response.statusCode).toBe(200);
  return response.json<UserStatus>().redirect_to;
}

async function verifyEmailFromOutbox(user: RegisteredUser): Promise<void> {
  const mail = (await t.ctx.outbox!.list()).find(
    (entry) => entry.kind === 'email' && entry.to === user.email,
  );
  const link = mail?.links[0];
  expect(link).toBeDefined();
  const path = new URL(link!).pathname;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api${path.replace('/verify-email/', '/auth/verify-email/')}/`,
  });
  expect(response.json<SuccessMessage>()).toEqual({
    success: true,
    message: ACCOUNT_MESSAGES.emailVerified,
  });
}

async function verifyPhoneFromOutbox(user: RegisteredUser): Promise<void> {
  const phone = `7${String(randomInt(100_000_000, 999_999_999))}`;
  const sent = await call(t.app, 'POST', '/api/auth/otp/send/', user.access, {
    otp_method: 'whatsapp',
    phone_number: phone,
    country_code: '+91',
  });
  expect(sent.json<SuccessMessage>().message).toBe('OTP sent successfully to WhatsApp!');
  const entry = (await t.ctx.outbox!.list()).find(
    (candidate) => candidate.kind === 'otp' && candidate.to === `+91${phone}`,
  );
  const verified = await call(t.app, 'POST', '/api/auth/otp/verify/', user.access, {
    otp: entry!.code!,
  });
  expect(verified.json<SuccessMessage>()).toEqual({ success: true, message: 'OTP verified.' });
}

async function addAddressByTyping(user: RegisteredUser, text: string): Promise<void> {
  const [suggestion] = await t.ctx.maps.autocomplete(text, 1);
  const response = await call(t.app, 'POST', '/api/auth/address/', user.access, {
    place_id: suggestion!.place_id,
  });
  expect(response.statusCode).toBe(201);
}

describe('onboarding through the real endpoints', () => {
  it('walks a student from phone verification to the dashboard', async () => {
    const student = await registerUser(t.app);
    await verifyEmailFromOutbox(student);
    expect(await statusOf(student)).toBe('phone-verification');

    await verifyPhoneFromOutbox(student);
    expect(await statusOf(student)).toBe('add-address');

    await addAddressByTyping(student, 'Jayanagar');
    expect(await statusOf(student)).toBe('complete-profile');

    expect(
      (await uploadFiles(student, '/api/auth/profile-upload-avatar/', { avatar })).statusCode,
    ).toBe(200);
    expect(await statusOf(student)).toBe('dashboard');
    const lots = await t.db.query('SELECT id FROM coin_lots WHERE user_id = $1', [student.userId]);
    expect(lots).toEqual([]);
  });

  it('walks a teacher to the dashboard with a pending document check', async () => {
    const teacher = await registerTeacher(t.app);
    await verifyEmailFromOutbox(teacher);
    await verifyPhoneFromOutbox(teacher);
    await addAddressByTyping(teacher, 'Koramangala');
    expect(await statusOf(teacher)).toBe('complete-profile');

    expect(
      (await uploadFiles(teacher, '/api/auth/profile-upload-avatar/', { avatar })).statusCode,
    ).toBe(200);
    expect(
      (
        await uploadFiles(teacher, '/api/auth/profile-upload-proof/', {
          id_proof: PDF,
          qualification_proof: avatar,
        })
      ).statusCode,
    ).toBe(200);
    const profilePath = `/api/auth/profile/${String(teacher.userId)}/`;
    const updated = await call(t.app, 'PATCH', profilePath, teacher.access, {
      bio: 'Chemistry tutor for classes 11 and 12.',
      gender: 'male',
      requirement: 'offline',
      interested_classes: ['Class 11', 'Class 12'],
      subjects: ['Chemistry'],
      boards: ['CBSE', 'ICSE'],
      languages_known: ['English', 'Kannada'],
    });
    expect(updated.json<Profile>().full_name).toBe(teacher.fullName);
    // the free plan's coins arrive with the completed profile, once
    expect((await call(t.app, 'GET', '/api/auth/user/coins/', teacher.access)).json()).toEqual({
      coins: 20,
    });
    expect(await statusOf(teacher)).toBe('dashboard');
    expect(await statusOf(teacher)).toBe('dashboard');
    expect((await call(t.app, 'GET', '/api/auth/user/coins/', teacher.access)).json()).toEqual({
      coins: 20,
    });

    const [profile] = (await call(t.app, 'GET', '/api/auth/profile/', teacher.access)).json<
      Profile[]
    >();
    expect(profile).toMatchObject({
      is_email_verified: true,
      is_phone_verified: true,
      is_doc_verified: false,
    });
  });
});
