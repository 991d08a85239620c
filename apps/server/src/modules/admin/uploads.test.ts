/** Image uploads for blogs and FAQs: `POST /api/admin/uploads/` and `/media/content/…`. */
import { randomBytes } from 'node:crypto';

import { CONTENT_IMAGE_MAX_BYTES } from '@gurumatch/shared/constants';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import type { AdminBlog, AdminUploadResult } from '@gurumatch/shared/schemas/admin';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  makeImage,
  multipartBody,
  registerTeacher,
  registerUser,
  signInNewAdministrator,
  type FilePart,
} from '../../../test/factories.ts';

let t: TestApp;
let adminToken: string;
let png: Buffer;
let jpegWithExif: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await signInNewAdministrator(t.app, t.db)).access;
  png = await makeImage('png', 64, 48);
  jpegWithExif = await makeImage('jpeg', 3000, 1000);
});

afterAll(async () => {
  await t.close();
});

function upload(files: FilePart[], token?: string): Promise<LightMyRequestResponse> {
  const body = multipartBody(
    files.map((file) => ({ filename: 'image.png', contentType: 'image/png', ...file })),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads/',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

const countUploads = () => countRows(t.db, 'admin_audit_log', "action = 'content.image_upload'");

describe('uploading an image for blogs and FAQs', () => {
  it('refuses visitors (401), students and tutors (403), storing nothing', async () => {
    const student = await registerUser(t.app);
    const tutor = await registerTeacher(t.app);
    const before = await countUploads();
    expect((await upload([{ field: 'image', data: png }])).statusCode).toBe(401);
    expect((await upload([{ field: 'image', data: png }], student.access)).statusCode).toBe(403);
    expect((await upload([{ field: 'image', data: png }], tutor.access)).statusCode).toBe(403);
    expect(await countUploads()).toBe(before);
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, whatever its name and type say', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), randomBytes(64)]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const fakePng = Buffer.concat([png.subarray(0, 8), randomBytes(200)]);
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    // a whole header, pixels cut short: once a 500 from the decoder
    const truncatedPng = png.subarray(0, Math.floor(png.length * 0.6));
    for (const data of [gif, pdf, fakePng, script, truncatedPng]) {
      const response = await upload([{ field: 'image', data, filename: 'photo.png' }], adminToken);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'unsupported_file',
        detail: ADMIN_MESSAGES.imageWrongType,
      });
    }
  });

  it('refuses a missing image, another field, and a file over the limit', async () => {
    const missing = await upload([], adminToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error' });
    const otherField = await upload([{ field: 'avatar', data: png }], adminToken);
    expect(otherField.statusCode).toBe(400);

    const oversize = Buffer.concat([png.subarray(0, 8), randomBytes(CONTENT_IMAGE_MAX_BYTES)]);
    const tooBig = await upload([{ field: 'image', data: oversize }], adminToken);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      code: 'file_too_large',
      detail: ADMIN_MESSAGES.imageTooLarge,
    });
    // far over: refused by the body limit before the file is read
    const huge = Buffer.concat([png.subarray(0, 8), randomBytes(CONTENT_IMAGE_MAX_BYTES * 2)]);
    const farTooBig = await upload([{ field: 'image', data: huge }], adminToken);
    expect(farTooBig.statusCode).toBe(413);
    expect(farTooBig.json<{ detail: string }>().detail.length).toBeGreaterThan(0);
  });

  it('stores a public image, serves it, records the upload, and content keeps it', async () => {
    const before = await countUploads();
    const response = await upload([{ field: 'image', data: png }], adminToken);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<AdminUploadResult>();
    expect(result.path).toMatch(/^\/media\/content\/[a-f0-9]{32}\.png$/);
    expect(result.url).toBe(`${t.ctx.config.publicUrl}${result.path}`);
    expect(result.content_type).toBe('image/png');
    expect(await countUploads()).toBe(before + 1);

    const served = await t.app.inject({ method: 'GET', url: result.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    // only names the upload gives are served
    for (const url of ['/media/content/..%2Fproofs%2Fx.pdf', '/media/content/abc.png']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const blog = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs/',
      headers: bearer(adminToken),
      payload: {
        title: 'Uploaded pictures',
        content: `<p>Look:</p><img src="${result.path}" alt="A diagram">`,
        featured_image: result.path,
        published: false,
      },
    });
    expect(blog.statusCode, blog.body).toBe(201);
    const saved = blog.json<AdminBlog>();
    expect(saved.featured_image).toBe(result.path);
    expect(saved.content).toContain(`src="${result.path}"`);
  });

  it('drops camera metadata and scales very wide images down', async () => {
    const response = await upload(
      [{ field: 'image', data: jpegWithExif, filename: 'IMG_0001.JPG', contentType: 'image/jpeg' }],
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<AdminUploadResult>();
    expect(result.path).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: result.path });
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.width).toBe(2400);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
  });
});
