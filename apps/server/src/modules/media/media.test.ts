import { randomBytes } from 'node:crypto';

import type { ErrorBody } from '@gurumatch/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function avatarName(): string {
  return `42-${randomBytes(16).toString('hex')}.webp`;
}

describe('GET /media/avatars/{name}', () => {
  it('serves a stored avatar with its type and a year-long immutable cache', async () => {
    const name = avatarName();
    const body = Buffer.from('RIFF....WEBPVP8 fake-but-stored');
    await t.ctx.storage.put(`avatars/${name}`, body, 'image/webp');

    const response = await t.app.inject({ method: 'GET', url: `/media/avatars/${name}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(body)).toBe(true);

    const head = await t.app.inject({ method: 'HEAD', url: `/media/avatars/${name}` });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 JSON for an unknown avatar', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/avatars/${avatarName()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('not_found');
  });

  it('answers 404 for names it never gives out, even when such a file exists', async () => {
    await t.ctx.storage.put('avatars/notes.txt', Buffer.from('secret'), 'text/plain');
    await t.ctx.storage.put(
      'proofs/42/id_proof-abc.pdf',
      Buffer.from('%PDF-1.4 secret'),
      'application/pdf',
    );
    for (const url of [
      '/media/avatars/notes.txt',
      '/media/avatars/..%2Fproofs%2F42%2Fid_proof-abc.pdf',
      '/media/avatars/%2E%2E/proofs/42/id_proof-abc.pdf',
      '/media/proofs/42/id_proof-abc.pdf',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
    }
  });
});
