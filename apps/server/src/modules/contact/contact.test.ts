import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

import { CONTACT_MESSAGES } from '@gurumatch/shared/messages/contact';
import { CONTACT_IMAGE_MAX_BYTES } from '@gurumatch/shared/schemas/contact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countRows, makeImage, rows, uniqueIp } from '../../../test/factories.ts';

import type { ContactRequestRow } from './queries.ts';
import {
  CONTACT_REQUESTS_PER_IP_LIMIT,
  CONTACT_REQUESTS_PER_IP_WINDOW_SECONDS,
} from './service.ts';

const URL = '/api/base/contact-requests/';
const FIELDS = ['full_name', 'email', 'contact_number', 'subject', 'message'] as const;

const PNG_BYTES = await makeImage('png', 48, 32);
const JPEG_BYTES = await makeImage('jpeg', 48, 32);
/** The PNG above cut short: its header is whole, its pixels are not. */
const TRUNCATED_PNG = PNG_BYTES.subarray(0, Math.floor(PNG_BYTES.length * 0.6));

/**
 * A PNG of a few hundred bytes whose header declares `width` × `height`: the
 * small PNG's IHDR rewritten, with its checksum, so a decoder believes it.
 */
function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_BYTES);
  // IHDR: length (8..11), type (12..15), width (16..19), height (20..23), …, CRC (29..32)
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

let t: TestApp;

function validForm(): Record<(typeof FIELDS)[number], string> {
  return {
    full_name: 'Priya Nair',
    email: 'priya.nair@example.in',
    contact_number: '+91 98450-12345',
    subject: 'payment_issue',
    message: 'I paid for the 6-month plan but my coins have not appeared yet.',
  };
}

type StoredRequest = Pick<
  ContactRequestRow,
  'id' | 'full_name' | 'email' | 'contact_number' | 'subject' | 'message' | 'image_key'
> & { ip: string };

function postJson(payload: unknown, ip: string = uniqueIp()) {
  return t.app.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress: ip });
}

async function postMultipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; filename: string; type: string },
  ip: string = uniqueIp(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.name, new Blob([file.bytes], { type: file.type }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
    remoteAddress: ip,
  });
}

/**
 * Every file under the local storage folder. Only a folder not made yet counts
 * as empty; any other failure fails the test, and the stored-image test checks
 * that a stored key shows up here, so a wrong folder cannot read as "nothing stored".
 */
async function listUploads(): Promise<string[]> {
  const root = path.join(t.ctx.config.dataDir, 'uploads');
  try {
    return (await fs.readdir(root, { recursive: true })).map(String);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/base/contact-requests/ (JSON)', () => {
  it('stores the request and answers 201 with the spec message', async () => {
    const ip = uniqueIp();
    const response = await postJson({ ...validForm(), full_name: '  Priya Nair  ' }, ip);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ success: boolean; message: string; id: number }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Form submitted successfully. We will resolve your query soon.',
    });
    const [stored] = await rows<StoredRequest>(
      t.db,
      'SELECT * FROM contact_requests WHERE id = $1',
      [body.id],
    );
    expect(stored).toMatchObject({
      ...validForm(),
      full_name: 'Priya Nair',
      image_key: null,
      ip,
    });
  });

  it.each(FIELDS)('refuses a request without %s, storing nothing', async (field) => {
    const before = await countRows(t.db, 'contact_requests');
    const { [field]: _missing, ...rest } = validForm();
    const response = await postJson(rest);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ detail: string; errors: Record<string, string[]> }>();
    expect(body.errors).toEqual({ [field]: [CONTACT_MESSAGES.fieldRequired] });
    expect(typeof body.detail).toBe('string');
    expect(await countRows(t.db, 'contact_requests')).toBe(before);
  });

  it('names every missing field at once', async () => {
    const response = await postJson({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual(
      [...FIELDS].sort(),
    );
  });

  it.each([
    { field: 'subject', value: 'refund_please', message: CONTACT_MESSAGES.invalidSubject },
    { field: 'email', value: 'priya.example.in', message: CONTACT_MESSAGES.invalidEmail },
    { field: 'contact_number', value: '12345', message: CONTACT_MESSAGES.invalidContactNumber },
    { field: 'contact_number', value: 'call me', message: CONTACT_MESSAGES.invalidContactNumber },
    { field: 'message', value: 'x'.repeat(2001), message: CONTACT_MESSAGES.messageTooLong },
    { field: 'full_name', value: '   ', message: CONTACT_MESSAGES.fieldRequired },
  ])('refuses $field "$value" with "$message"', async ({ field, value, message }) => {
    const before = await countRows(t.db, 'contact_requests');
    const response = await postJson({ ...validForm(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    expect(await countRows(t.db, 'contact_requests')).toBe(before);
  });

  it.each(['payment_issue', 'technical_support', 'general_inquiry', 'feedback', 'other'])(
    'accepts the subject %s',
    async (subject) => {
      const response = await postJson({ ...validForm(), subject });
      expect(response.statusCode).toBe(201);
    },
  );

  it('refuses malformed JSON with 400', async () => {
    const before = await countRows(t.db, 'contact_requests');
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json' },
      payload: '{"full_name": ',
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toEqual(expect.any(String));
    expect(await countRows(t.db, 'contact_requests')).toBe(before);
  });

  it('refuses a JSON array body with field errors', async () => {
    const response = await postJson([validForm()]);
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/base/contact-requests/ (multipart)', () => {
  it('stores the request without an image', async () => {
    const response = await postMultipart(validForm());
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [stored] = await rows<StoredRequest>(
      t.db,
      'SELECT * FROM contact_requests WHERE id = $1',
      [id],
    );
    expect(stored).toMatchObject({ ...validForm(), image_key: null });
  });

  it('treats an empty file input as no image', async () => {
    const response = await postMultipart(validForm(), {
      name: 'image',
      bytes: Buffer.alloc(0),
      filename: '',
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    { kind: 'PNG', bytes: PNG_BYTES, type: 'image/png', extension: 'png' },
    { kind: 'JPEG', bytes: JPEG_BYTES, type: 'image/jpeg', extension: 'jpg' },
  ])('stores a $kind image under contact/', async ({ bytes, type, extension }) => {
    const response = await postMultipart(validForm(), {
      name: 'image',
      bytes,
      filename: `screenshot.${extension}`,
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const [stored] = await rows<StoredRequest>(
      t.db,
      'SELECT * FROM contact_requests WHERE id = $1',
      [id],
    );
    expect(stored?.image_key).toMatch(
      new RegExp(`^contact/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.${extension}$`),
    );
    const file = await t.ctx.storage.get(stored?.image_key ?? '');
    expect(file?.contentType).toBe(type);
    expect(file?.body.equals(bytes)).toBe(true);
    // the folder the refusal tests watch is where stored images land
    expect(await listUploads()).toContain(stored?.image_key);
  });

  it('refuses an image over 2 MB, storing nothing', async () => {
    const beforeRows = await countRows(t.db, 'contact_requests');
    const beforeFiles = await listUploads();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(CONTACT_IMAGE_MAX_BYTES)]);
    const response = await postMultipart(validForm(), {
      name: 'image',
      bytes: big,
      filename: 'big.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      image: [CONTACT_MESSAGES.imageTooLarge],
    });
    expect(await countRows(t.db, 'contact_requests')).toBe(beforeRows);
    expect(await listUploads()).toEqual(beforeFiles);
  });

  it.each([
    { kind: 'a text file', bytes: Buffer.from('hello'), filename: 'note.png', type: 'image/png' },
    {
      kind: 'a GIF',
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00'),
      filename: 'anim.gif',
      type: 'image/gif',
    },
    {
      kind: 'an SVG',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      filename: 'x.svg',
      type: 'image/svg+xml',
    },
    { kind: 'a truncated PNG', bytes: TRUNCATED_PNG, filename: 'cut.png', type: 'image/png' },
  ])('refuses $kind as the image, storing nothing', async ({ bytes, filename, type }) => {
    const beforeRows = await countRows(t.db, 'contact_requests');
    const beforeFiles = await listUploads();
    const response = await postMultipart(validForm(), { name: 'image', bytes, filename, type });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      image: [CONTACT_MESSAGES.imageNotAllowed],
    });
    expect(await countRows(t.db, 'contact_requests')).toBe(beforeRows);
    expect(await listUploads()).toEqual(beforeFiles);
  });

  it('refuses a small PNG declaring 20000 × 20000 pixels from its header, storing nothing', async () => {
    const huge = pngDeclaring(20_000, 20_000);
    expect(huge.length).toBeLessThan(1024);
    const beforeRows = await countRows(t.db, 'contact_requests');
    const beforeFiles = await listUploads();
    const response = await postMultipart(validForm(), {
      name: 'image',
      bytes: huge,
      filename: 'huge.png',
      type: 'image/png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      image: [CONTACT_MESSAGES.imageTooManyPixels],
    });
    expect(await countRows(t.db, 'contact_requests')).toBe(beforeRows);
    expect(await listUploads()).toEqual(beforeFiles);
  });

  it('refuses bad fields with a good image, storing neither', async () => {
    const beforeFiles = await listUploads();
    const { subject: _subject, ...rest } = validForm();
    const response = await postMultipart(
      { ...rest, email: 'nope' },
      { name: 'image', bytes: PNG_BYTES, filename: 'ok.png', type: 'image/png' },
    );
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors).sort()).toEqual(['email', 'subject']);
    expect(await listUploads()).toEqual(beforeFiles);
  });

  it('refuses a plain-text body with 400 and an XML body with 415, storing nothing', async () => {
    const before = await countRows(t.db, 'contact_requests');
    const send = (type: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': type },
        payload,
        remoteAddress: uniqueIp(),
      });
    const text = await send('text/plain', 'hello');
    expect(text.statusCode).toBe(400);
    const xml = await send('application/xml', '<form/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json<{ detail: string }>().detail).toEqual(expect.any(String));
    expect(await countRows(t.db, 'contact_requests')).toBe(before);
  });
});

describe('rate limit', () => {
  it(`accepts ${String(CONTACT_REQUESTS_PER_IP_LIMIT)} requests per address in the window, then answers 429`, async () => {
    const ip = uniqueIp();
    for (let index = 0; index < CONTACT_REQUESTS_PER_IP_LIMIT; index += 1) {
      expect((await postJson(validForm(), ip)).statusCode).toBe(201);
    }
    const before = await countRows(t.db, 'contact_requests', 'ip = $1', [ip]);
    const refused = await postJson(validForm(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      detail: CONTACT_MESSAGES.tooManyRequests,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t.db, 'contact_requests', 'ip = $1', [ip])).toBe(before);

    expect((await postJson(validForm(), uniqueIp())).statusCode).toBe(201);
  });

  it('does not count refused (invalid) requests', async () => {
    const ip = uniqueIp();
    for (let index = 0; index < CONTACT_REQUESTS_PER_IP_LIMIT + 2; index += 1) {
      expect((await postJson({}, ip)).statusCode).toBe(400);
    }
    expect((await postJson(validForm(), ip)).statusCode).toBe(201);
  });

  it.skipIf(Boolean(process.env.REDIS_URL))('accepts requests again after the window', async () => {
    const ip = uniqueIp();
    for (let index = 0; index < CONTACT_REQUESTS_PER_IP_LIMIT; index += 1)
      await postJson(validForm(), ip);
    expect((await postJson(validForm(), ip)).statusCode).toBe(429);
    t.clock.advance(CONTACT_REQUESTS_PER_IP_WINDOW_SECONDS * 1000 + 1000);
    expect((await postJson(validForm(), ip)).statusCode).toBe(201);
  });
});
