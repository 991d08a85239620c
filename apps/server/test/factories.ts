/**
 * Rows for tests, made through the API wherever the API can make them, so the
 * rows look exactly like the ones real users create.
 */
import { randomBytes } from 'node:crypto';

import type { Role } from '@gurumatch/shared/constants';
import {
  AccessClaimsSchema,
  type AccessClaims,
  type RegisterBody,
  type TokenPair,
} from '@gurumatch/shared/schemas/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import sharp from 'sharp';

import type { DevOutbox } from '../src/adapters/outbox/dev-outbox.ts';
import type { Db, Queryable } from '../src/db/connection.ts';
import { jobSchemaFor } from '../src/jobs/queue.ts';
import { createAdministrator } from '../src/modules/admin/service.ts';
import { creditCoins } from '../src/modules/payments/service.ts';

/** Meets every rule of spec part 1 §5 (length, lower, upper, digit, special). */
export const strongPassword = 'Str0ng!Passw0rd';

let emailCounter = 0;

/** An e-mail no other test (in this file or any other) has used. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}.${String(emailCounter)}.${randomBytes(4).toString('hex')}@example.in`;
}

let ipCounter = 0;

/**
 * A client address of its own, for `inject({ remoteAddress })`. Sign-in
 * throttling counts failures per address, so tests that fail sign-ins on purpose
 * must not share one with other tests.
 */
export function uniqueIp(): string {
  ipCounter += 1;
  const low = ipCounter % 250;
  const mid = Math.floor(ipCounter / 250) % 250;
  return `10.${String(randomBytes(1)[0] ?? 0)}.${String(mid)}.${String(low + 1)}`;
}

export function registrationBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    full_name: 'Asha Verma',
    email: uniqueEmail(),
    password: strongPassword,
    confirm_password: overrides.password ?? strongPassword,
    role: 'student',
    ...overrides,
  };
}

export interface RegisteredUser extends TokenPair {
  userId: number;
  email: string;
  password: string;
  fullName: string;
  role: Role;
  claims: AccessClaims;
}

/** Registers through `POST /api/auth/register/` and fails loudly unless it answers 201. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisteredUser> {
  const body = registrationBody(overrides);
  // each test account comes from its own address, clear of the per-address sign-up limit
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: body,
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 201) {
    throw new Error(
      `registerUser: expected 201, got ${String(response.statusCode)} ${response.body}`,
    );
  }
  const tokens = response.json<TokenPair>();
  const claims = decodeAccess(tokens.access);
  return {
    ...tokens,
    userId: claims.user_id,
    email: body.email.trim().toLowerCase(),
    password: body.password,
    fullName: body.full_name,
    role: claims.role,
    claims,
  };
}

export function registerTeacher(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisteredUser> {
  return registerUser(app, { role: 'teacher', ...overrides });
}

/** `POST /api/auth/token/` from `ip` (default: an address of its own). */
export function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  ip: string = uniqueIp(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { username, password },
    remoteAddress: ip,
  });
}

/** The claims of an access token, checked against the shared shape (no signature check). */
/**
 * Resets a password the way its owner does: asks for the link, finds it in
 * the outbox and sets `password` with it. Answers the reset's status code.
 */
export async function resetPasswordByMail(
  app: FastifyInstance,
  outbox: DevOutbox | null,
  email: string,
  password = 'N3w!Password',
  beforeReset: () => void = () => undefined,
): Promise<number> {
  const forgot = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password/',
    payload: { email },
  });
  if (forgot.statusCode !== 200) return forgot.statusCode;
  const mail = (await outbox?.list(1000))?.find(
    (entry) => entry.to === email && entry.links.some((link) => link.includes('/reset-password/')),
  );
  const link = mail?.links.find((candidate) => candidate.includes('/reset-password/')) ?? '';
  const [uid, token] = link.split('/reset-password/')[1]?.split('/') ?? [];
  beforeReset();
  const reset = await app.inject({
    method: 'POST',
    url: `/api/auth/reset-password/${uid ?? ''}/${token ?? ''}/`,
    payload: { password, confirm_password: password },
  });
  return reset.statusCode;
}

export function decodeAccess(token: string): AccessClaims {
  return AccessClaimsSchema.parse(decodeJwt(token));
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request to the API: with a bearer token when `token` is given, and with
 * `payload` as the JSON body unless it is `undefined`.
 */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Rows straight from the database, to check what an answer stored (or did not). */
/** Delivers a signed Razorpay webhook (a peer's event, or a body signed by the sandbox). */
export function deliverWebhook(
  app: FastifyInstance,
  event: { body: string; signature: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook/',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': event.signature },
    payload: event.body,
  });
}

export function rows<Row>(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return db.query<Row>(sql, params);
}

/** The id of a seeded plan, by its name (0 when there is none). */
export async function findPlanId(db: Queryable, name: string): Promise<number> {
  const [plan] = await rows<{ id: number }>(db, 'SELECT id FROM plans WHERE name = $1', [name]);
  return plan?.id ?? 0;
}

/** The schema the job queue keeps its tables in beside this test database's schema. */
export async function findJobSchema(db: Queryable): Promise<string> {
  const [row] = await rows<{ schema: string }>(db, 'SELECT current_schema() AS schema');
  return jobSchemaFor(row?.schema ?? 'public');
}

export async function countRows(
  db: Queryable,
  table: string,
  where = 'true',
  params: readonly unknown[] = [],
): Promise<number> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Bad table name: ${table}`);
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${table} WHERE ${where}`,
    params,
  );
  return row?.count ?? 0;
}

export interface StoredUser {
  id: number;
  email: string;
  password_hash: string;
  full_name: string;
  role: Role;
  is_phone_verified: boolean;
  profile_completed_at: Date | null;
  last_login: Date | null;
}

export async function findStoredUser(
  db: Queryable,
  email: string,
): Promise<StoredUser | undefined> {
  const [row] = await db.query<StoredUser>('SELECT * FROM users WHERE email = $1', [
    email.trim().toLowerCase(),
  ]);
  return row;
}

/** Adds a primary home address row, as the onboarding address step would. */
export async function insertAddress(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, district, state, country,
                                 latitude, longitude, is_primary, slot)
     VALUES ($1, 'test-place', 'Jayanagar, Bengaluru, Karnataka, India', 'Bengaluru', 'Bengaluru Urban',
             'Karnataka', 'India', 12.925, 77.5938, true, 1)`,
    [userId],
  );
}

/** An enquiry post at one of the poster's addresses: the fields it needs, the others left to their defaults. */
export function enquiryPostBody(addressId: number): Record<string, unknown> {
  return {
    subject: 'Science',
    class_level: 'Class 8',
    study_mode: 'online',
    language: 'Hindi',
    when_to_start: 'one_week',
    user_budget: 300,
    address: addressId,
    name: 'Science for Class 8',
  };
}

/**
 * Makes a tutor one who may contact posters: e-mail verified and documents
 * approved (as the mailed link and an administrator's approval would).
 */
export async function verifyTutor(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET is_email_verified = true WHERE id = $1', [userId]);
  await db.query(
    `INSERT INTO profiles (user_id, id_proof_key, qualification_proof_key, is_doc_verified,
                           verification_status)
     VALUES ($1, 'test/id-proof.pdf', 'test/qualification.pdf', true, 'approved')
     ON CONFLICT (user_id) DO UPDATE
       SET id_proof_key = 'test/id-proof.pdf', qualification_proof_key = 'test/qualification.pdf',
           is_doc_verified = true, verification_status = 'approved'`,
    [userId],
  );
}

/** Grants a tutor coins in a lot of their own (as an administrator's grant would). */
export async function grantCoins(
  db: Db,
  userId: number,
  coins: number,
  now: Date = new Date(),
  validDays = 90,
): Promise<{ entryId: number; lotId: number; balanceAfter: number }> {
  return db.transaction((tx) =>
    creditCoins(tx, {
      userId,
      coins,
      reason: 'Test grant',
      expiresAt: new Date(now.getTime() + validDays * 24 * 60 * 60 * 1000),
      now,
    }),
  );
}

export interface SignedInAdministrator {
  userId: number;
  email: string;
  access: string;
}

/** A new administrator (as `npm run admin:create` makes one), signed in through the API. */
export async function signInNewAdministrator(
  app: FastifyInstance,
  db: Queryable,
): Promise<SignedInAdministrator> {
  const email = uniqueEmail('admin');
  const created = await createAdministrator(db, {
    email,
    password: strongPassword,
    fullName: 'Asha Admin',
  });
  const response = await signIn(app, email, strongPassword);
  if (response.statusCode !== 200) {
    throw new Error(`signIn: expected 200, got ${String(response.statusCode)} ${response.body}`);
  }
  return { userId: created.id, email, access: response.json<TokenPair>().access };
}

/**
 * A picture made in memory: a PNG with an alpha channel, a JPEG carrying EXIF that
 * must not survive (a copyright and a description), or a WebP.
 */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
): Promise<Buffer> {
  if (format === 'png') {
    return sharp({
      create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
  }
  if (format === 'jpeg') {
    return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'taken at home' } })
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .webp()
    .toBuffer();
}

/** A tiny but complete PDF of one blank page: it parses as a document uploads accept. */
export const TINY_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

export interface FilePart {
  field: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A `multipart/form-data` body: the text fields first, then the files. */
export function multipartBody(
  files: FilePart[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename ?? 'file.bin'}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
