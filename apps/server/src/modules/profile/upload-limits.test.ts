/** Avatars are checked from their header before decoding, and uploads are limited per user. */
import { randomBytes } from 'node:crypto';

import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, countRows, registerUser, type RegisteredUser } from '../../../test/factories.ts';

const UPLOAD_LIMIT = 4;
let t: TestApp;
let small: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOADS_PER_USER_PER_HOUR: String(UPLOAD_LIMIT) } });
  small = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 20 } },
  })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t.close();
});

function uploadAvatar(user: RegisteredUser, data: Buffer): Promise<LightMyRequestResponse> {
  const boundary = `----gm${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/profile-upload-avatar/',
    payload,
    headers: {
      ...bearer(user.access),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

describe('avatar pixel size', () => {
  it('refuses a small file declaring 6000 × 6000 pixels, from its header, and stores nothing', async () => {
    const user = await registerUser(t.app);
    const huge = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);

    const started = Date.now();
    const response = await uploadAvatar(user, huge);

    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(PROFILE_MESSAGES.avatarTooManyPixels);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(
      await countRows(t.db, 'users', 'id = $1 AND avatar_url IS NOT NULL', [user.userId]),
    ).toBe(0);
  });

  it('accepts an ordinary photo', async () => {
    const user = await registerUser(t.app);
    expect((await uploadAvatar(user, small)).statusCode).toBe(200);
  });
});

describe('uploads per user per hour', () => {
  it(`refuses the upload after ${String(UPLOAD_LIMIT)} in the hour with 429, another user still uploads`, async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: UPLOAD_LIMIT + 3 }, () => uploadAvatar(user, small)),
    );
    const accepted = answers.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBe(UPLOAD_LIMIT);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json<{ detail: string }>().detail).toBe(PROFILE_MESSAGES.tooManyUploads);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    const other = await registerUser(t.app);
    expect((await uploadAvatar(other, small)).statusCode).toBe(200);
  });
});
