import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { S3_PEER, startS3Peer, type S3Peer } from '../../../test/peers/s3-peer.ts';
import type { S3Config } from '../../config.ts';
import { ProviderError } from '../provider-http.ts';

import { createS3Storage } from './s3.ts';

const SIGV4_HEADER =
  /^AWS4-HMAC-SHA256 Credential=AKIAPEERTEST00000000\/\d{8}\/ap-south-1\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, ?Signature=[0-9a-f]{64}$/;

let peer: S3Peer;

function configFor(overrides: Partial<S3Config> = {}): S3Config {
  return { ...S3_PEER, endpoint: peer.url, ...overrides };
}

beforeAll(async () => {
  peer = await startS3Peer();
});

afterAll(async () => {
  await peer.close();
});

describe('S3 storage', () => {
  it('stores, reads back and deletes an object with signed path-style requests', async () => {
    const storage = createS3Storage(configFor());
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

    await storage.put('avatars/12/a1b2c3.png', png, 'image/png');
    expect(peer.objects.get('avatars/12/a1b2c3.png')).toEqual({
      body: png,
      contentType: 'image/png',
    });
    const put = peer.requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/${S3_PEER.bucket}/avatars/12/a1b2c3.png`);
    expect(put.headers.authorization).toMatch(SIGV4_HEADER);
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);

    expect(await storage.get('avatars/12/a1b2c3.png')).toEqual({
      body: png,
      contentType: 'image/png',
    });

    await storage.delete('avatars/12/a1b2c3.png');
    expect(peer.objects.has('avatars/12/a1b2c3.png')).toBe(false);
    expect(await storage.get('avatars/12/a1b2c3.png')).toBeNull();
    expect(peer.authorizations.every((header) => SIGV4_HEADER.test(header))).toBe(true);
  });

  it('answers null for a missing object and deletes a missing object quietly', async () => {
    const storage = createS3Storage(configFor());
    expect(await storage.get('proofs/99/missing.pdf')).toBeNull();
    await expect(storage.delete('proofs/99/missing.pdf')).resolves.toBeUndefined();
  });

  it('throws the S3 error code when the signature does not match', async () => {
    const storage = createS3Storage(configFor({ secretAccessKey: 'a-wrong-secret' }));
    const putting = storage.put('avatars/1/x.png', Buffer.from('x'), 'image/png');
    await expect(putting).rejects.toThrow(ProviderError);
    await expect(storage.put('avatars/1/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
    expect(peer.objects.has('avatars/1/x.png')).toBe(false);
  });

  it('throws the S3 error code for a bucket that does not exist', async () => {
    const storage = createS3Storage(configFor({ bucket: 'another-bucket' }));
    await expect(storage.get('avatars/1/x.png')).rejects.toThrow(/NoSuchBucket/);
  });

  it('refuses a key that could escape its folder', async () => {
    const storage = createS3Storage(configFor());
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /bad storage key/,
    );
  });
});
