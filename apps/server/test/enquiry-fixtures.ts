/**
 * Enquiries and the people around them, for the tests of the enquiries and
 * the lead alerts: addresses at known places, students, tutors the feed (and
 * so the alerts) would match, and posts made through the API.
 */
import { randomUUID } from 'node:crypto';

import type { StudentEnquiry } from '@gurumatch/shared/schemas/enquiries';
import type { FastifyInstance } from 'fastify';

import type { Queryable } from '../src/db/connection.ts';
import { invalidateTutorFeed } from '../src/modules/enquiries/service.ts';

import type { TestApp } from './build-test-app.ts';
import {
  call,
  registerTeacher,
  registerUser,
  rows,
  verifyTutor,
  type RegisteredUser,
} from './factories.ts';

export interface Place {
  latitude: number;
  longitude: number;
}

/** HSR Layout, Bengaluru, and places at known distances from it. */
export const HSR: Place = { latitude: 12.9116, longitude: 77.6474 };
export const KORAMANGALA: Place = { latitude: 12.9352, longitude: 77.6245 }; // ~3.6 km from HSR
export const MYSURU: Place = { latitude: 12.2958, longitude: 76.6394 }; // ~130 km away

/** An address at `where` (the primary one in slot 1); answers its id. */
export async function addAddressAt(
  db: Queryable,
  userId: number,
  where: Place,
  slot = 1,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO user_addresses (user_id, place_id, formatted_address, city, district, state,
                                 country, latitude, longitude, is_primary, slot)
     VALUES ($1, $2, 'Somewhere, Bengaluru, Karnataka, India', 'Bengaluru', 'Bengaluru Urban',
             'Karnataka', 'India', $3, $4, $5, $6) RETURNING id`,
    [userId, `test-${randomUUID()}`, where.latitude, where.longitude, slot === 1, slot],
  );
  if (!row) throw new Error('no address');
  return row.id;
}

/** The body of `POST /api/enquiry/enquiries/`: Maths, Class 10, offline, at the address. */
export function enquiryBody(addressId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maths tuition for my son',
    address: addressId,
    study_mode: 'offline',
    board: 'CBSE',
    class_level: 'Class 10',
    custom_class: '',
    subject: 'Mathematics',
    custom_subject: '',
    language: 'English',
    custom_language: '',
    user_budget: 400,
    when_to_start: 'immediately',
    female_tutor_preferred: false,
    ...overrides,
  };
}

/** Posts through the API and fails loudly unless it answers 201. */
export async function postEnquiryAs(
  app: FastifyInstance,
  poster: { access: string; addressId: number },
  overrides: Record<string, unknown> = {},
): Promise<StudentEnquiry> {
  const body = enquiryBody(poster.addressId, overrides);
  const response = await call(app, 'POST', '/api/enquiry/enquiries/', poster.access, body);
  if (response.statusCode !== 201) {
    throw new Error(
      `postEnquiry: expected 201, got ${String(response.statusCode)} ${response.body}`,
    );
  }
  return response.json<StudentEnquiry>();
}

export interface Poster extends RegisteredUser {
  addressId: number;
}

/** A student with an address at `where`. */
export async function newPoster(app: TestApp, where: Place = HSR): Promise<Poster> {
  const user = await registerUser(app.app);
  return { ...user, addressId: await addAddressAt(app.db, user.userId, where) };
}

export interface MatchingTutorOptions {
  subjects?: string[];
  classes?: string[];
  requirement?: 'online' | 'offline' | null;
  verified?: boolean;
  /** Where the tutor's address is (default Koramangala); null: no address. */
  where?: Place | null;
  /** A verified phone number (E.164 digits after +91), for WhatsApp. */
  phone?: string;
}

/** A verified tutor of Maths for Class 10, offline, near HSR Layout, unless told otherwise. */
export async function newMatchingTutor(
  app: TestApp,
  options: MatchingTutorOptions = {},
): Promise<RegisteredUser> {
  const user = await registerTeacher(app.app);
  await app.db.query(
    `INSERT INTO profiles (user_id, interested_classes, subjects, requirement)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET interested_classes = $2, subjects = $3, requirement = $4`,
    [
      user.userId,
      options.classes ?? ['Class 10'],
      options.subjects ?? ['Mathematics'],
      options.requirement === undefined ? 'offline' : options.requirement,
    ],
  );
  if (options.verified !== false) await verifyTutor(app.db, user.userId);
  if (options.where !== null) {
    await addAddressAt(app.db, user.userId, options.where ?? KORAMANGALA);
  }
  if (options.phone) {
    await app.db.query(
      `UPDATE users SET phone_country_code = '+91', phone_number = $2, is_phone_verified = true
        WHERE id = $1`,
      [user.userId, options.phone],
    );
  }
  // written behind the services: the instances read the tutor again, as a service would have them
  await invalidateTutorFeed(app.ctx, user.userId);
  return user;
}

export interface AlertRow {
  tutor_id: number;
  channel: string;
  status: string;
  reason: string;
}

/** The alerts of an enquiry to these tutors (tutors of other tests share the database). */
export function alertsOf(
  db: Queryable,
  enquiryId: number,
  tutors: readonly RegisteredUser[],
  channels: readonly string[] = ['app'],
): Promise<AlertRow[]> {
  return rows<AlertRow>(
    db,
    `SELECT tutor_id, channel, status, reason FROM lead_alert_records
      WHERE enquiry_id = $1 AND tutor_id = ANY($2::int[]) AND channel = ANY($3::text[])
      ORDER BY tutor_id, channel`,
    [enquiryId, tutors.map((tutor) => tutor.userId), channels],
  );
}
