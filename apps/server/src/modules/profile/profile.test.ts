import { randomBytes, randomInt } from 'node:crypto';

import { OTHER_CLASS_OPTION } from '@gurumatch/shared/catalogues/classes';
import { AVATAR_MAX_BYTES, PROOF_MAX_BYTES } from '@gurumatch/shared/constants';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { FailureBody } from '@gurumatch/shared/schemas/account';
import type { TokenPair, UserStatus } from '@gurumatch/shared/schemas/auth';
import type {
  AvatarUploadResult,
  Profile,
  ProfileUpdateResult,
  ProofUploadResult,
  PublicProfile,
} from '@gurumatch/shared/schemas/profile';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  countRows,
  decodeAccess,
  insertAddress,
  makeImage,
  multipartBody,
  registerTeacher,
  registerUser,
  rows,
  type FilePart,
  type RegisteredUser,
  TINY_PDF,
} from '../../../test/factories.ts';

let t: TestApp;
let jpegWithExif: Buffer;
let png: Buffer;
let webp: Buffer;

const PDF = TINY_PDF;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The first bytes of a Linux executable, then filler: what a renamed program looks like. */
const EXECUTABLE = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  randomBytes(4096),
]);

beforeAll(async () => {
  t = await buildTestApp();
  jpegWithExif = await makeImage('jpeg', 1200, 800);
  png = await makeImage('png', 64, 64);
  webp = await makeImage('webp', 300, 600);
});

afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------
// helpers

function upload(
  url: string,
  files: FilePart[],
  token?: string,
  fields?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

function uploadAvatar(
  user: RegisteredUser,
  data: Buffer,
  filename = 'me.jpg',
): Promise<LightMyRequestResponse> {
  return upload(
    '/api/auth/profile-upload-avatar/',
    [{ field: 'avatar', data, filename, contentType: 'image/jpeg' }],
    user.access,
  );
}

function uploadProofs(user: RegisteredUser, files: FilePart[]): Promise<LightMyRequestResponse> {
  return upload('/api/auth/profile-upload-proof/', files, user.access);
}

function get(url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

function update(
  user: RegisteredUser,
  payload: unknown,
  method: 'PATCH' | 'PUT' = 'PATCH',
  userId: number = user.userId,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/auth/profile/${String(userId)}/`,
    headers: bearer(user.access),
    payload: payload as Record<string, unknown>,
  });
}

async function ownProfile(user: RegisteredUser): Promise<Profile> {
  const response = await get('/api/auth/profile/', user.access);
  expect(response.statusCode).toBe(200);
  const [profile] = response.json<Profile[]>();
  if (!profile) throw new Error('no profile in the list');
  return profile;
}

function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  message: string,
): FailureBody {
  expect(response.statusCode).toBe(status);
  const body = response.json<FailureBody>();
  expect(body).toMatchObject({ success: false, message, detail: message });
  return body;
}

async function statusOf(access: string): Promise<UserStatus['redirect_to']> {
  const response = await get('/api/auth/user/status/', access);
  expect(response.statusCode).toBe(200);
  return response.json<UserStatus>().redirect_to;
}

/** Phone verified and an address added, as the earlier onboarding steps leave a user. */
async function throughAddressStep(user: RegisteredUser): Promise<void> {
  await rows(
    t.db,
    'UPDATE users SET is_phone_verified = true, phone_country_code = $2, phone_number = $3 WHERE id = $1',
    [user.userId, '+91', `8${String(randomInt(100_000_000, 999_999_999))}`],
  );
  await insertAddress(t.db, user.userId);
}

const teacherDetails = {
  bio: 'I teach mathematics and physics for board exams, with ten years of classroom experience.',
  gender: 'female',
  requirement: 'online',
  interested_classes: ['Class 10', 'Class 12'],
  custom_class: '',
  subjects: ['Mathematics', 'Physics'],
  boards: ['CBSE'],
  languages_known: ['English', 'Hindi'],
};

async function storedAvatarKey(userId: number): Promise<string | null> {
  const [row] = await rows<{ avatar_key: string | null }>(
    t.db,
    'SELECT avatar_key FROM profiles WHERE user_id = $1',
    [userId],
  );
  return row?.avatar_key ?? null;
}

// ---------------------------------------------------------------------------

describe('GET /api/auth/profile/', () => {
  it("answers a list holding the caller's profile with its defaults", async () => {
    const user = await registerUser(t.app);
    const profile = await ownProfile(user);
    expect(profile).toMatchObject({
      user_id: user.userId,
      role: 'student',
      full_name: user.fullName,
      email: user.email,
      is_email_verified: false,
      is_phone_verified: false,
      phone_number: null,
      avatar: null,
      bio: '',
      gender: null,
      requirement: null,
      interested_classes: [],
      subjects: [],
      boards: [],
      languages_known: [],
      id_proof: null,
      qualification_proof: null,
      is_doc_verified: false,
      rating: 0,
      review_count: 0,
      is_active: true,
      is_profile_complete: false,
    });
    expect(Number.isNaN(Date.parse(profile.created_at))).toBe(false);
  });

  it('refuses a request without a token with 401', async () => {
    const response = await get('/api/auth/profile/');
    expect(response.statusCode).toBe(401);
    expect(response.json<FailureBody>().success).toBe(false);
  });
});

describe('GET /api/auth/profile/{userId}/', () => {
  it('answers the own profile in full', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await get(`/api/auth/profile/${String(teacher.userId)}/`, teacher.access);
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      user_id: teacher.userId,
      email: teacher.email,
    });
  });

  it("shows a teacher's public profile to a student, without contact details or documents", async () => {
    const teacher = await registerTeacher(t.app);
    await update(teacher, teacherDetails);
    await uploadProofs(teacher, [{ field: 'id_proof', data: PDF }]);
    const student = await registerUser(t.app);

    const response = await get(`/api/auth/profile/${String(teacher.userId)}/`, student.access);
    expect(response.statusCode).toBe(200);
    const body = response.json<PublicProfile & Record<string, unknown>>();
    expect(body).toMatchObject({
      user_id: teacher.userId,
      bio: teacherDetails.bio,
      subjects: teacherDetails.subjects,
    });
    for (const field of [
      'email',
      'phone_number',
      'full_phone',
      'id_proof',
      'qualification_proof',
      'is_phone_verified',
    ]) {
      expect(body).not.toHaveProperty(field);
    }
  });

  it("answers 404 for a student's profile asked by someone else, an unknown user, and 400 for a bad id", async () => {
    const student = await registerUser(t.app);
    const teacher = await registerTeacher(t.app);
    expect(
      (await get(`/api/auth/profile/${String(student.userId)}/`, teacher.access)).statusCode,
    ).toBe(404);
    expect((await get('/api/auth/profile/99999999/', teacher.access)).statusCode).toBe(404);
    expect((await get('/api/auth/profile/abc/', teacher.access)).statusCode).toBe(400);
  });

  it('refuses a request without a token with 401', async () => {
    const teacher = await registerTeacher(t.app);
    expect((await get(`/api/auth/profile/${String(teacher.userId)}/`)).statusCode).toBe(401);
  });
});

describe('PATCH and PUT /api/auth/profile/{user_id}/', () => {
  it('stores the teacher details and answers the profile with full_name', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await update(teacher, teacherDetails);

    expect(response.statusCode).toBe(200);
    const body = response.json<ProfileUpdateResult>();
    expect(body).toMatchObject({
      success: true,
      message: PROFILE_MESSAGES.updated,
      full_name: teacher.fullName,
      ...teacherDetails,
    });
    const [stored] = await rows<Record<string, unknown>>(
      t.db,
      'SELECT bio, gender, requirement, interested_classes, subjects, boards, languages_known FROM profiles WHERE user_id = $1',
      [teacher.userId],
    );
    expect(stored).toEqual({
      bio: teacherDetails.bio,
      gender: 'female',
      requirement: 'online',
      interested_classes: teacherDetails.interested_classes,
      subjects: teacherDetails.subjects,
      boards: teacherDetails.boards,
      languages_known: teacherDetails.languages_known,
    });
  });

  it('changes only the fields sent, also through PUT, and drops repeated choices', async () => {
    const teacher = await registerTeacher(t.app);
    await update(teacher, teacherDetails);
    const response = await update(
      teacher,
      { subjects: ['Chemistry', 'Chemistry'], gender: 'male' },
      'PUT',
    );
    expect(response.statusCode).toBe(200);
    const profile = await ownProfile(teacher);
    expect(profile.subjects).toEqual(['Chemistry']);
    expect(profile.gender).toBe('male');
    expect(profile.bio).toBe(teacherDetails.bio);
    expect(profile.boards).toEqual(teacherDetails.boards);
  });

  it('accepts a custom course or topic with Other (Specify)', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await update(teacher, {
      interested_classes: ['Class 5', OTHER_CLASS_OPTION],
      custom_class: 'Vedic Maths',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      interested_classes: ['Class 5', OTHER_CLASS_OPTION],
      custom_class: 'Vedic Maths',
    });
  });

  it.each([
    { field: 'bio', value: 'x'.repeat(901), message: PROFILE_MESSAGES.bioTooLong },
    { field: 'gender', value: 'other', message: PROFILE_MESSAGES.invalidGender },
    { field: 'requirement', value: 'both', message: PROFILE_MESSAGES.invalidRequirement },
    { field: 'interested_classes', value: ['Class 99'], message: PROFILE_MESSAGES.invalidClasses },
    { field: 'subjects', value: ['Alchemy'], message: PROFILE_MESSAGES.invalidSubjects },
    { field: 'boards', value: ['Hogwarts'], message: PROFILE_MESSAGES.invalidBoards },
    { field: 'languages_known', value: ['Klingon'], message: PROFILE_MESSAGES.invalidLanguages },
    { field: 'custom_class', value: 'y'.repeat(101), message: PROFILE_MESSAGES.customClassTooLong },
  ])(
    'refuses $field = $value with the clear message and changes nothing',
    async ({ field, value, message }) => {
      const teacher = await registerTeacher(t.app);
      await update(teacher, teacherDetails);
      const body = expectFailure(
        await update(teacher, { ...teacherDetails, bio: 'changed', [field]: value }),
        400,
        message,
      );
      expect(body.errors?.[field]).toEqual([message]);
      expect((await ownProfile(teacher)).bio).toBe(teacherDetails.bio);
    },
  );

  it('refuses a body that is not JSON, or of the wrong shape, with 400', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/profile/${String(teacher.userId)}/`,
      headers: { ...bearer(teacher.access), 'content-type': 'application/json' },
      payload: '{"bio": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<FailureBody>().success).toBe(false);
    expect((await update(teacher, { subjects: { a: 1 } })).statusCode).toBe(400);
    expect((await ownProfile(teacher)).subjects).toEqual([]);
  });

  it("refuses to change someone else's profile with 403", async () => {
    const teacher = await registerTeacher(t.app);
    const other = await registerTeacher(t.app);
    expectFailure(
      await update(other, { bio: 'hijacked' }, 'PATCH', teacher.userId),
      403,
      PROFILE_MESSAGES.ownProfileOnly,
    );
    expectFailure(
      await update(other, { bio: 'hijacked' }, 'PUT', teacher.userId),
      403,
      PROFILE_MESSAGES.ownProfileOnly,
    );
    expect((await ownProfile(teacher)).bio).toBe('');
  });

  it('refuses a request without a token with 401', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/profile/${String(teacher.userId)}/`,
      payload: { bio: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/profile-upload-avatar/', () => {
  it('stores a re-encoded WebP of at most 512 px without metadata and serves it publicly', async () => {
    const user = await registerUser(t.app);
    const response = await uploadAvatar(user, jpegWithExif);

    expect(response.statusCode).toBe(200);
    const body = response.json<AvatarUploadResult>();
    expect(body).toMatchObject({ success: true, message: PROFILE_MESSAGES.avatarUploaded });
    // Absolute, from PUBLIC_URL: a client served from another origin loads it from us.
    expect(body.avatar).toMatch(
      /^http:\/\/localhost:3000\/media\/avatars\/\d+-[a-f0-9]{32}\.webp$/,
    );
    const avatarPath = new URL(body.avatar).pathname;

    const served = await get(avatarPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(Math.max(metadata.width, metadata.height)).toBe(512);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const [stored] = await rows<{ avatar_url: string }>(
      t.db,
      'SELECT avatar_url FROM users WHERE id = $1',
      [user.userId],
    );
    expect(stored?.avatar_url).toBe(avatarPath);
    expect((await ownProfile(user)).avatar).toBe(body.avatar);
  });

  it('puts the new avatar into the next access token', async () => {
    const user = await registerUser(t.app);
    const { avatar } = (await uploadAvatar(user, png, 'me.png')).json<AvatarUploadResult>();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: { refresh: user.refresh },
    });
    expect(decodeAccess(refreshed.json<TokenPair>().access).avatar).toBe(avatar);
  });

  it('accepts PNG and WebP, keeps small images at their size and removes the replaced file', async () => {
    const user = await registerUser(t.app);
    const first = (await uploadAvatar(user, png, 'a.png')).json<AvatarUploadResult>().avatar;
    const secondResponse = await uploadAvatar(user, webp, 'b.webp');
    expect(secondResponse.statusCode).toBe(200);
    const second = secondResponse.json<AvatarUploadResult>().avatar;

    expect(second).not.toBe(first);
    expect((await get(first)).statusCode).toBe(404);
    const metadata = await sharp((await get(second)).rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([256, 512]);
    const small = await sharp(
      (await get((await uploadAvatar(user, png, 'c.png')).json<AvatarUploadResult>().avatar))
        .rawPayload,
    ).metadata();
    expect([small.width, small.height]).toEqual([64, 64]);
  });

  it.each([
    { name: 'a renamed executable sent as a PNG', data: EXECUTABLE, filename: 'photo.png' },
    {
      name: 'PNG magic followed by garbage',
      data: Buffer.concat([PNG_SIGNATURE, randomBytes(2048)]),
      filename: 'x.png',
    },
    { name: 'a PDF', data: PDF, filename: 'avatar.jpg' },
    { name: 'an empty file', data: Buffer.alloc(0), filename: 'empty.png' },
  ])('refuses $name with 400 and stores nothing', async ({ data, filename }) => {
    const user = await registerUser(t.app);
    const body = expectFailure(
      await uploadAvatar(user, data, filename),
      400,
      PROFILE_MESSAGES.avatarWrongType,
    );
    expect(body.code).toBe('unsupported_file');
    expect(await storedAvatarKey(user.userId)).toBeNull();
    expect(
      await countRows(t.db, 'users', 'id = $1 AND avatar_url IS NOT NULL', [user.userId]),
    ).toBe(0);
  });

  it('refuses a file over 2 MB with 400 and stores nothing', async () => {
    const user = await registerUser(t.app);
    const oversize = Buffer.concat([png.subarray(0, 8), randomBytes(AVATAR_MAX_BYTES)]);
    const body = expectFailure(
      await uploadAvatar(user, oversize),
      400,
      PROFILE_MESSAGES.avatarTooLarge,
    );
    expect(body.code).toBe('file_too_large');
    expect(await storedAvatarKey(user.userId)).toBeNull();
  });

  it('asks for a file when none is sent, refuses other file fields and non-multipart bodies', async () => {
    const user = await registerUser(t.app);
    expectFailure(
      await upload('/api/auth/profile-upload-avatar/', [], user.access, { note: 'hello' }),
      400,
      PROFILE_MESSAGES.avatarRequired,
    );
    expectFailure(
      await upload(
        '/api/auth/profile-upload-avatar/',
        [{ field: 'photo', data: png }],
        user.access,
      ),
      400,
      PROFILE_MESSAGES.unexpectedUploadField,
    );
    expectFailure(
      await upload(
        '/api/auth/profile-upload-avatar/',
        [
          { field: 'avatar', data: png },
          { field: 'avatar', data: png },
        ],
        user.access,
      ),
      400,
      PROFILE_MESSAGES.unexpectedUploadField,
    );
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile-upload-avatar/',
      headers: bearer(user.access),
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expectFailure(json, 400, PROFILE_MESSAGES.notMultipart);
    expect(await storedAvatarKey(user.userId)).toBeNull();
  });

  it('reads a refused upload to its end over a real connection, which then serves the next request', async () => {
    const user = await registerUser(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = bearer(user.access);
    const refusals = [
      [
        { field: 'photo', data: randomBytes(1024 * 1024) },
        { field: 'avatar', data: png },
      ],
      [
        {
          field: 'avatar',
          data: Buffer.concat([PNG_SIGNATURE, randomBytes(AVATAR_MAX_BYTES + 1024)]),
        },
      ],
    ];
    for (const files of refusals) {
      const form = new FormData();
      for (const file of files) form.append(file.field, new Blob([file.data]), 'upload.png');
      const refused = await fetch(`${base}/api/auth/profile-upload-avatar/`, {
        method: 'POST',
        body: form,
        headers: auth,
      });
      expect(refused.status).toBe(400);
      await refused.arrayBuffer();
      const next = await fetch(`${base}/api/auth/user/status/`, { headers: auth });
      expect(next.status).toBe(200);
    }
    expect(await storedAvatarKey(user.userId)).toBeNull();
  });

  it('refuses a request without a token with 401', async () => {
    const response = await upload('/api/auth/profile-upload-avatar/', [
      { field: 'avatar', data: png },
    ]);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/auth/profile-upload-proof/', () => {
  it('stores the documents as sent, privately, for the owner to fetch', async () => {
    const teacher = await registerTeacher(t.app);
    const response = await uploadProofs(teacher, [
      { field: 'id_proof', data: PDF, filename: 'aadhaar.pdf', contentType: 'application/pdf' },
      { field: 'qualification_proof', data: png, filename: 'degree.png', contentType: 'image/png' },
    ]);

    expect(response.statusCode).toBe(200);
    const body = response.json<ProofUploadResult>();
    expect(body).toEqual({
      success: true,
      message: PROFILE_MESSAGES.proofsUploaded,
      id_proof: `/api/auth/profile/${String(teacher.userId)}/proofs/id_proof`,
      qualification_proof: `/api/auth/profile/${String(teacher.userId)}/proofs/qualification_proof`,
    });

    const idProof = await get(body.id_proof!, teacher.access);
    expect(idProof.statusCode).toBe(200);
    expect(idProof.headers['content-type']).toBe('application/pdf');
    expect(idProof.headers['cache-control']).toBe('private, no-store');
    expect(idProof.rawPayload.equals(PDF)).toBe(true);
    const qualification = await get(body.qualification_proof!, teacher.access);
    expect(qualification.headers['content-type']).toBe('image/png');
    expect(qualification.rawPayload.equals(png)).toBe(true);

    const profile = await ownProfile(teacher);
    expect(profile.id_proof).toBe(body.id_proof);
    expect(profile.is_doc_verified).toBe(false);
  });

  it('accepts a 4 MB PDF, replaces one document at a time and asks for verification again', async () => {
    const teacher = await registerTeacher(t.app);
    await uploadProofs(teacher, [
      { field: 'id_proof', data: PDF },
      { field: 'qualification_proof', data: PDF },
    ]);
    await rows(t.db, 'UPDATE profiles SET is_doc_verified = true WHERE user_id = $1', [
      teacher.userId,
    ]);
    const [before] = await rows<{ id_proof_key: string; qualification_proof_key: string }>(
      t.db,
      'SELECT id_proof_key, qualification_proof_key FROM profiles WHERE user_id = $1',
      [teacher.userId],
    );

    const bigPdf = Buffer.concat([
      PDF.subarray(0, PDF.length - 6),
      Buffer.alloc(4 * 1024 * 1024, 0x20),
      Buffer.from('%%EOF\n'),
    ]);
    const response = await uploadProofs(teacher, [{ field: 'qualification_proof', data: bigPdf }]);
    expect(response.statusCode).toBe(200);

    const [after] = await rows<{
      id_proof_key: string;
      qualification_proof_key: string;
      is_doc_verified: boolean;
    }>(
      t.db,
      'SELECT id_proof_key, qualification_proof_key, is_doc_verified FROM profiles WHERE user_id = $1',
      [teacher.userId],
    );
    expect(after?.id_proof_key).toBe(before?.id_proof_key);
    expect(after?.qualification_proof_key).not.toBe(before?.qualification_proof_key);
    expect(after?.is_doc_verified).toBe(false);
    expect(await t.ctx.storage.get(before!.qualification_proof_key)).toBeNull();
    const fetched = await get(
      `/api/auth/profile/${String(teacher.userId)}/proofs/qualification_proof`,
      teacher.access,
    );
    expect(fetched.rawPayload.length).toBe(bigPdf.length);
  });

  it('refuses a renamed executable, even next to a valid document, and stores neither', async () => {
    const teacher = await registerTeacher(t.app);
    const body = expectFailure(
      await uploadProofs(teacher, [
        { field: 'id_proof', data: PDF },
        {
          field: 'qualification_proof',
          data: EXECUTABLE,
          filename: 'degree.png',
          contentType: 'image/png',
        },
      ]),
      400,
      PROFILE_MESSAGES.proofWrongType,
    );
    expect(body.errors?.qualification_proof).toEqual([PROFILE_MESSAGES.proofWrongType]);
    const profile = await ownProfile(teacher);
    expect([profile.id_proof, profile.qualification_proof]).toEqual([null, null]);
  });

  it('refuses a PDF header without a PDF behind it and an image that does not decode', async () => {
    const teacher = await registerTeacher(t.app);
    for (const data of [
      Buffer.from('%PDF-1.4\nnot really a pdf'),
      // the PDF markers front and back, nothing a reader can open between them
      Buffer.from('%PDF-1.4\nnot really a pdf\n%%EOF\n'),
      // a PDF cut in the middle, its end marker put back
      Buffer.concat([PDF.subarray(0, 120), Buffer.from('\n%%EOF\n')]),
      Buffer.concat([png.subarray(0, 16), randomBytes(512)]),
      // a whole header, pixels cut short
      png.subarray(0, Math.floor(png.length * 0.6)),
    ]) {
      expectFailure(
        await uploadProofs(teacher, [{ field: 'id_proof', data }]),
        400,
        PROFILE_MESSAGES.proofWrongType,
      );
    }
    expect((await ownProfile(teacher)).id_proof).toBeNull();
  });

  it('refuses a document over 5 MB with 400 and stores nothing', async () => {
    const teacher = await registerTeacher(t.app);
    const oversize = Buffer.concat([PDF, Buffer.alloc(PROOF_MAX_BYTES, 0x20)]);
    const body = expectFailure(
      await uploadProofs(teacher, [{ field: 'id_proof', data: oversize }]),
      400,
      PROFILE_MESSAGES.proofTooLarge,
    );
    expect(body.code).toBe('file_too_large');
    expect((await ownProfile(teacher)).id_proof).toBeNull();
  });

  it('asks for a document when none is sent and refuses other fields', async () => {
    const teacher = await registerTeacher(t.app);
    expectFailure(await uploadProofs(teacher, []), 400, PROFILE_MESSAGES.idProofRequired);
    expectFailure(
      await uploadProofs(teacher, [{ field: 'passport', data: PDF }]),
      400,
      PROFILE_MESSAGES.unexpectedUploadField,
    );
  });

  it('refuses a student with 403 and stores nothing', async () => {
    const student = await registerUser(t.app);
    const response = await uploadProofs(student, [{ field: 'id_proof', data: PDF }]);
    expect(response.statusCode).toBe(403);
    expect(response.json<FailureBody>().code).toBe('permission_denied');
    expect(
      await countRows(t.db, 'profiles', 'user_id = $1 AND id_proof_key IS NOT NULL', [
        student.userId,
      ]),
    ).toBe(0);
  });

  it('refuses a request without a token with 401', async () => {
    expect(
      (await upload('/api/auth/profile-upload-proof/', [{ field: 'id_proof', data: PDF }]))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/auth/profile/{userId}/proofs/{kind}', () => {
  it("refuses a student or another teacher fetching a teacher's documents with 403", async () => {
    const teacher = await registerTeacher(t.app);
    await uploadProofs(teacher, [{ field: 'id_proof', data: PDF }]);
    const student = await registerUser(t.app);
    const otherTeacher = await registerTeacher(t.app);
    const url = `/api/auth/profile/${String(teacher.userId)}/proofs/id_proof`;

    const refused = await get(url, student.access);
    expectFailure(refused, 403, PROFILE_MESSAGES.ownProofsOnly);
    expect(refused.rawPayload.includes(PDF.subarray(0, 8))).toBe(false);
    expect((await get(url, otherTeacher.access)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);

    // The owner's own document stays same-origin (only public images are cross-origin).
    const own = await get(url, teacher.access);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers 404 for a document not uploaded and 400 for an unknown kind', async () => {
    const teacher = await registerTeacher(t.app);
    expectFailure(
      await get(`/api/auth/profile/${String(teacher.userId)}/proofs/id_proof`, teacher.access),
      404,
      PROFILE_MESSAGES.proofNotFound,
    );
    expect(
      (await get(`/api/auth/profile/${String(teacher.userId)}/proofs/avatar`, teacher.access))
        .statusCode,
    ).toBe(400);
  });

  it('never serves documents under /media', async () => {
    const teacher = await registerTeacher(t.app);
    await uploadProofs(teacher, [{ field: 'id_proof', data: PDF }]);
    const [row] = await rows<{ id_proof_key: string }>(
      t.db,
      'SELECT id_proof_key FROM profiles WHERE user_id = $1',
      [teacher.userId],
    );
    const key = row!.id_proof_key;
    const name = key.slice(key.lastIndexOf('/') + 1);
    for (const url of [
      `/media/${key}`,
      `/media/avatars/${name}`,
      `/media/avatars/..%2F${key.replace(/\//g, '%2F')}`,
    ]) {
      const response = await get(url, teacher.access);
      expect(response.statusCode).toBe(404);
      expect(response.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });
});

describe('profile completion and the onboarding status', () => {
  it('sends a student to the dashboard once an avatar is uploaded', async () => {
    const student = await registerUser(t.app);
    await throughAddressStep(student);
    expect(await statusOf(student.access)).toBe('complete-profile');

    await uploadAvatar(student, png, 'me.png');
    expect(await statusOf(student.access)).toBe('dashboard');
    expect((await ownProfile(student)).is_profile_complete).toBe(true);
  });

  it('sends a teacher to the dashboard only once details, avatar and both documents are there', async () => {
    const teacher = await registerTeacher(t.app);
    await throughAddressStep(teacher);

    await update(teacher, teacherDetails);
    expect(await statusOf(teacher.access)).toBe('complete-profile');
    await uploadAvatar(teacher, png, 'me.png');
    expect(await statusOf(teacher.access)).toBe('complete-profile');
    await uploadProofs(teacher, [{ field: 'id_proof', data: PDF }]);
    expect(await statusOf(teacher.access)).toBe('complete-profile');
    expect((await ownProfile(teacher)).is_profile_complete).toBe(false);

    await uploadProofs(teacher, [{ field: 'qualification_proof', data: PDF }]);
    expect(await statusOf(teacher.access)).toBe('dashboard');
    expect((await ownProfile(teacher)).is_profile_complete).toBe(true);
  });

  it('keeps a teacher who chose Other (Specify) on the profile step until the course is named', async () => {
    const teacher = await registerTeacher(t.app);
    await throughAddressStep(teacher);
    await uploadAvatar(teacher, png, 'me.png');
    await uploadProofs(teacher, [
      { field: 'id_proof', data: PDF },
      { field: 'qualification_proof', data: PDF },
    ]);
    await update(teacher, {
      ...teacherDetails,
      interested_classes: [OTHER_CLASS_OPTION],
      custom_class: '',
    });
    expect(await statusOf(teacher.access)).toBe('complete-profile');

    await update(teacher, { custom_class: 'Spoken Sanskrit' });
    expect(await statusOf(teacher.access)).toBe('dashboard');
  });
});
