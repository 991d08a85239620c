import { ENQUIRY_ACTIVE_LIMIT } from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { FailureBody } from '@gurumatch/shared/schemas/account';
import type {
  CheckContacted,
  ContactDetails,
  EnquiryCardList,
  FeedWithFilters,
  SendMessageResult,
  StudentEnquiry,
  StudentEnquiryList,
  TotalEnquiries,
  TutorEnquiry,
} from '@gurumatch/shared/schemas/enquiries';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  addAddressAt as addAddressIn,
  enquiryBody as bodyOfEnquiry,
  type Place,
} from '../../../test/enquiry-fixtures.ts';
import {
  bearer,
  call,
  countRows,
  grantCoins,
  registerTeacher,
  registerUser,
  rows,
  signIn,
  verifyTutor,
  type RegisteredUser,
} from '../../../test/factories.ts';
import { getCoinBalance } from '../payments/service.ts';

import { queueDueGuarantees, refundContactsOfEnquiry } from './service.ts';

let t: TestApp;
const DAY_MS = 86_400_000;

/** Jayanagar, Bengaluru and places at known distances from it. */
const JAYANAGAR = { latitude: 12.925, longitude: 77.5938 };
const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 }; // about 3.5 km away
const MYSURU = { latitude: 12.2958, longitude: 76.6394 }; // about 125 km away

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const addAddressAt = (userId: number, where: Place, slot = 1): Promise<number> =>
  addAddressIn(t.db, userId, where, slot);

interface Student extends RegisteredUser {
  addressId: number;
  phone: string;
}

let phoneCounter = 0;

async function newStudent(where = JAYANAGAR): Promise<Student> {
  const user = await registerUser(t.app, { role: 'student' });
  phoneCounter += 1;
  const phone = `98${String(Date.now() % 100_000_000)
    .padStart(8, '0')
    .slice(0, 6)}${String(phoneCounter % 100).padStart(2, '0')}`;
  await t.db.query(
    `UPDATE users SET phone_country_code = '+91', phone_number = $2, is_phone_verified = true
      WHERE id = $1`,
    [user.userId, phone],
  );
  return { ...user, addressId: await addAddressAt(user.userId, where), phone };
}

interface Tutor extends RegisteredUser {
  addressId: number;
}

/** A tutor who may contact posters (documents approved, e-mail verified) unless `verified` is false. */
async function newTutor(
  profile: {
    classes?: string[];
    subjects?: string[];
    requirement?: 'online' | 'offline';
    verified?: boolean;
  } = {},
  coins = 0,
  where = JAYANAGAR,
): Promise<Tutor> {
  const user = await registerTeacher(t.app);
  await t.db.query(
    `INSERT INTO profiles (user_id, interested_classes, subjects, requirement, boards, languages_known)
     VALUES ($1, $2, $3, $4, '{CBSE}', '{English}')
     ON CONFLICT (user_id) DO UPDATE SET interested_classes = $2, subjects = $3, requirement = $4,
                                         boards = '{CBSE}', languages_known = '{English}'`,
    [
      user.userId,
      profile.classes ?? ['Class 10'],
      profile.subjects ?? ['Mathematics'],
      profile.requirement ?? 'offline',
    ],
  );
  if (profile.verified !== false) await verifyTutor(t.db, user.userId);
  if (coins > 0) await grantCoins(t.db, user.userId, coins, t.clock.now());
  return { ...user, addressId: await addAddressAt(user.userId, where) };
}

const enquiryBody = (student: Student, overrides: Record<string, unknown> = {}) =>
  bodyOfEnquiry(student.addressId, overrides);

async function postEnquiry(
  student: Student,
  overrides: Record<string, unknown> = {},
): Promise<StudentEnquiry> {
  const response = await call(
    t.app,
    'POST',
    '/api/enquiry/enquiries/',
    student.access,
    enquiryBody(student, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StudentEnquiry>();
}

function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  detail?: string,
): FailureBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<FailureBody>();
  expect(typeof body.detail).toBe('string');
  if (detail !== undefined) expect(body.detail).toContain(detail);
  return body;
}

const quote = { price_quote: 600, price_type: 'Hourly', message: 'I teach CBSE maths, 8 years.' };

function contact(tutor: Tutor, enquiryId: number, body: unknown = quote) {
  return call(t.app, 'POST', `/api/enquiry/${String(enquiryId)}/send-message/`, tutor.access, body);
}

async function feedIds(tutor: Tutor, filters?: Record<string, unknown>): Promise<number[]> {
  if (!filters) {
    const response = await call(
      t.app,
      'GET',
      '/api/enquiry/teacher/enquiry-filters/?page_size=50',
      tutor.access,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FeedWithFilters>().results.enquiries.map((card) => card.id);
  }
  const response = await call(
    t.app,
    'POST',
    '/api/enquiry/teacher/enquiry-filters/?page_size=50',
    tutor.access,
    {
      filters,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EnquiryCardList>().results.map((card) => card.id);
}

describe('POST /api/enquiry/enquiries/', () => {
  it('refuses visitors (401) and tutors (403)', async () => {
    const student = await newStudent();
    const tutor = await newTutor();
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/enquiries/', undefined, enquiryBody(student)),
      401,
    );
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/enquiries/', tutor.access, enquiryBody(student)),
      403,
    );
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(0);
  });

  it('refuses a malformed form with the field and stores nothing', async () => {
    const student = await newStudent();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab' }, 'name'],
      [{ user_budget: 0 }, 'user_budget'],
      [{ study_mode: 'Offline' }, 'study_mode'],
      [{ class_level: 'Class 99' }, 'class_level'],
      [{ subject: 'Other', custom_subject: '' }, 'custom_subject'],
      [{ class_level: 'Other (Specify)', custom_class: ' ' }, 'custom_class'],
      [{ language: 'Other' }, 'custom_language'],
      [{ when_to_start: 'tomorrow' }, 'when_to_start'],
      [{ address: 'x' }, 'address'],
    ];
    for (const [overrides, field] of cases) {
      const body = expectFailure(
        await call(
          t.app,
          'POST',
          '/api/enquiry/enquiries/',
          student.access,
          enquiryBody(student, overrides),
        ),
        400,
      );
      expect(Object.keys(body.errors ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/enquiry/enquiries/',
        headers: { ...bearer(student.access), 'content-type': 'application/json' },
        payload: '{"name": ',
      }),
      400,
    );
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(0);
  });

  it("refuses another user's address", async () => {
    const student = await newStudent();
    const other = await newStudent();
    expectFailure(
      await call(
        t.app,
        'POST',
        '/api/enquiry/enquiries/',
        student.access,
        enquiryBody(student, { address: other.addressId }),
      ),
      400,
      M.addressInvalid,
    );
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(0);
  });

  it('stores the enquiry with a copy of the address and answers the poster view', async () => {
    const student = await newStudent();
    const created = await postEnquiry(student, {
      subject: 'Other',
      custom_subject: 'Vedic maths',
      female_tutor_preferred: true,
    });
    expect(created).toMatchObject({
      name: 'Maths tuition for my son',
      subject: 'Other',
      custom_subject: 'Vedic maths',
      responded_count: 0,
      total_responses: 5,
      days_left: 30,
      archived: false,
      female_tutor_preferred: true,
      user: { phone_number: `+91${student.phone}`, email: student.email },
    });
    expect(new Date(created.posted_at).toISOString()).toBe(created.posted_at);
    const [row] = await rows<{ latitude: number; coins_required: number; student_id: number }>(
      t.db,
      'SELECT latitude, coins_required, student_id FROM enquiries WHERE id = $1',
      [created.id],
    );
    expect(row).toEqual({
      latitude: JAYANAGAR.latitude,
      coins_required: 15,
      student_id: student.userId,
    });
  });

  it(`allows ${String(ENQUIRY_ACTIVE_LIMIT)} active enquiries, refuses the next, and counts again after an archive`, async () => {
    const student = await newStudent();
    const created = [];
    for (let i = 0; i < ENQUIRY_ACTIVE_LIMIT; i += 1) created.push(await postEnquiry(student));
    const total = await call(
      t.app,
      'GET',
      '/api/enquiry/enquiries/total_enquiries/',
      student.access,
    );
    expect(total.json<TotalEnquiries>()).toEqual({ total_enquiries: 3, can_create_more: false });
    expect(
      expectFailure(
        await call(t.app, 'POST', '/api/enquiry/enquiries/', student.access, enquiryBody(student)),
        400,
        M.activeLimitReached,
      ).code,
    ).toBe('enquiry_limit');
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(3);
    const first = created[0];
    if (!first) throw new Error('no enquiry');
    const archiveFirst = `/api/enquiry/enquiries/${String(first.id)}/archive/`;
    expect((await call(t.app, 'POST', archiveFirst, student.access)).statusCode).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/api/enquiry/enquiries/total_enquiries/', student.access)
      ).json<TotalEnquiries>(),
    ).toEqual({ total_enquiries: 2, can_create_more: true });
    await postEnquiry(student);
  });

  it('holds the limit when 8 creations race (a real race on PostgreSQL; the embedded database runs them one at a time)', async () => {
    const student = await newStudent();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', '/api/enquiry/enquiries/', student.access, enquiryBody(student)),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(
      ENQUIRY_ACTIVE_LIMIT,
    );
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(
      8 - ENQUIRY_ACTIVE_LIMIT,
    );
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(
      ENQUIRY_ACTIVE_LIMIT,
    );
  });

  it('gives premium students 10 active enquiries', async () => {
    const student = await newStudent();
    await t.db.query('UPDATE users SET is_premium = true WHERE id = $1', [student.userId]);
    for (let i = 0; i < 10; i += 1) await postEnquiry(student);
    const refused = expectFailure(
      await call(t.app, 'POST', '/api/enquiry/enquiries/', student.access, enquiryBody(student)),
      400,
      M.activeLimitReached,
    );
    expect(refused.code).toBe('enquiry_limit');
    expect(await countRows(t.db, 'enquiries', 'student_id = $1', [student.userId])).toBe(10);
  });
});

describe('student list, detail and archive', () => {
  it("lists only the student's own, paged, and hides other students' enquiries (404)", async () => {
    const student = await newStudent();
    const other = await newStudent();
    const mine = await postEnquiry(student);
    const theirs = await postEnquiry(other);
    const list = await call(t.app, 'GET', '/api/enquiry/enquiries/?page_size=1', student.access);
    expect(list.statusCode).toBe(200);
    const body = list.json<StudentEnquiryList>();
    expect(body.count).toBe(1);
    expect(body.results.map((item) => item.id)).toEqual([mine.id]);
    expect(body.results[0]?.title).toBe('Mathematics – Class 10');
    expectFailure(
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(theirs.id)}/`, student.access),
      404,
      M.notFound,
    );
    expectFailure(
      await call(
        t.app,
        'POST',
        `/api/enquiry/enquiries/${String(theirs.id)}/archive/`,
        student.access,
      ),
      404,
    );
    expect(
      (await call(t.app, 'GET', `/api/enquiry/enquiries/${String(theirs.id)}/`, other.access))
        .statusCode,
    ).toBe(200);
    const tutor = await newTutor();
    expectFailure(await call(t.app, 'GET', '/api/enquiry/enquiries/', tutor.access), 403);
    expectFailure(
      await call(
        t.app,
        'PATCH',
        `/api/enquiry/enquiries/${String(mine.id)}/archive/`,
        tutor.access,
      ),
      403,
    );
    expectFailure(await call(t.app, 'GET', '/api/enquiry/enquiries/?page=0', student.access), 400);
  });

  it('archives once (POST or PATCH) and the enquiry leaves the feed and cannot be contacted', async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 100);
    const enquiry = await postEnquiry(student);
    expect(await feedIds(tutor)).toContain(enquiry.id);
    const archived = await call(
      t.app,
      'PATCH',
      `/api/enquiry/enquiries/${String(enquiry.id)}/archive/`,
      student.access,
    );
    expect(archived.json()).toEqual({ success: true, message: M.archived });
    expectFailure(
      await call(
        t.app,
        'POST',
        `/api/enquiry/enquiries/${String(enquiry.id)}/archive/`,
        student.access,
      ),
      400,
    );
    expect(await feedIds(tutor)).not.toContain(enquiry.id);
    expectFailure(await contact(tutor, enquiry.id), 404, M.notExistsOrArchived);
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(100);
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(0);
  });
});

describe('tutor view before and after paying', () => {
  /** A home about 350 m from the centre of Jayanagar (a gazetteer locality). */
  const HOME_IN_JAYANAGAR = { latitude: 12.9271, longitude: 77.5961 };

  it('before the contact keeps the keys but shows only the last 2 digits, no e-mail, no last login, the first name and the locality', async () => {
    const student = await newStudent(HOME_IN_JAYANAGAR);
    await t.db.query(
      "UPDATE users SET full_name = 'Ananya Lakshmi Rao', last_login = $2 WHERE id = $1",
      [student.userId, new Date('2026-01-02T03:04:05Z')],
    );
    const tutor = await newTutor({}, 100);
    const enquiry = await postEnquiry(student);
    const surfaces = [
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, tutor.access),
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access),
      await call(t.app, 'POST', '/api/enquiry/teacher/enquiry-filters/', tutor.access, {
        filters: {},
      }),
      await call(t.app, 'POST', `/api/enquiry/${String(enquiry.id)}/star/`, tutor.access),
      await call(t.app, 'GET', '/api/enquiry/starred/', tutor.access),
      await call(t.app, 'GET', `/api/enquiry/${String(enquiry.id)}/check-contacted/`, tutor.access),
    ];
    const localPart = student.email.split('@')[0] ?? '';
    for (const response of surfaces) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(student.phone.slice(0, 4));
      expect(response.body).not.toContain(localPart);
      expect(response.body).not.toContain('Lakshmi');
      expect(response.body).not.toContain('2026-01-02');
      expect(response.body).not.toContain(String(HOME_IN_JAYANAGAR.latitude));
    }
    expectFailure(
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, undefined),
      401,
    );
    const before = surfaces[0]?.json<TutorEnquiry>();
    expect(before?.user).toEqual({
      phone_number: `XXXXXXXX${student.phone.slice(-2)}`,
      full_name: 'Ananya',
      email: '',
      profile_avatar: null,
      last_login: null,
    });
    // the centre of the locality, not the home
    expect(before?.address).toEqual({
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      latitude: JAYANAGAR.latitude,
      longitude: JAYANAGAR.longitude,
    });
    expect(before?.viewed).toBe(true);
    expect(before?.is_contacted).toBe(false);
    expect(before).toMatchObject({ can_contact: true, contact_pending: [] });
    expect(
      await countRows(t.db, 'enquiry_views', 'enquiry_id = $1 AND tutor_id = $2', [
        enquiry.id,
        tutor.userId,
      ]),
    ).toBe(1);

    expect((await contact(tutor, enquiry.id)).statusCode).toBe(200);
    const after = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, tutor.access)
    ).json<TutorEnquiry>();
    expect(after.user).toEqual({
      phone_number: `+91${student.phone}`,
      full_name: 'Ananya Lakshmi Rao',
      email: student.email,
      profile_avatar: null,
      last_login: '2026-01-02T03:04:05.000Z',
    });
    expect(after.address).toMatchObject(HOME_IN_JAYANAGAR);

    // another tutor still sees it masked
    const stranger = await newTutor();
    const masked = await call(
      t.app,
      'GET',
      `/api/enquiry/enquiries/${String(enquiry.id)}/`,
      stranger.access,
    );
    expect(masked.body).not.toContain(student.phone.slice(0, 4));
    expect(masked.body).not.toContain(localPart);
    expect(masked.json<TutorEnquiry>().user.full_name).toBe('Ananya');
  });

  it('far from every known locality shows the position rounded to a tenth of a degree', async () => {
    const student = await newStudent({ latitude: 21.2467, longitude: 79.0391 });
    const tutor = await newTutor({ requirement: 'online' });
    const enquiry = await postEnquiry(student, { study_mode: 'online' });
    const view = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, tutor.access)
    ).json<TutorEnquiry>();
    expect(view.address).toMatchObject({ latitude: 21.2, longitude: 79 });
  });
});

describe('contacting before the tutor is verified', () => {
  async function unverifiedTutor(standing: {
    email: boolean;
    documents: 'none' | 'pending' | 'rejected' | 'approved';
  }): Promise<Tutor> {
    const tutor = await newTutor({ verified: false }, 100);
    await t.db.query('UPDATE users SET is_email_verified = $2 WHERE id = $1', [
      tutor.userId,
      standing.email,
    ]);
    await t.db.query(
      'UPDATE profiles SET is_doc_verified = $2, verification_status = $3 WHERE user_id = $1',
      [tutor.userId, standing.documents === 'approved', standing.documents],
    );
    return tutor;
  }

  const cases: [
    string,
    { email: boolean; documents: 'none' | 'pending' | 'rejected' | 'approved' },
    string[],
    string[],
  ][] = [
    [
      'documents awaiting approval and e-mail not verified',
      { email: false, documents: 'pending' },
      ['documents_pending', 'email_unverified'],
      [M.contactPendingDocumentsPending, M.contactPendingEmailUnverified],
    ],
    [
      'documents approved, e-mail not verified',
      { email: false, documents: 'approved' },
      ['email_unverified'],
      [M.contactPendingEmailUnverified],
    ],
    [
      'e-mail verified, documents awaiting approval',
      { email: true, documents: 'pending' },
      ['documents_pending'],
      [M.contactPendingDocumentsPending],
    ],
    [
      'e-mail verified, no documents on file',
      { email: true, documents: 'none' },
      ['documents_missing'],
      [M.contactPendingDocumentsMissing],
    ],
    [
      'e-mail verified, documents refused',
      { email: true, documents: 'rejected' },
      ['documents_rejected'],
      [M.contactPendingDocumentsRejected],
    ],
  ];

  for (const [title, standing, pending, messages] of cases) {
    it(`${title}: reads the enquiry, is refused with 403 saying what is pending, pays nothing`, async () => {
      const student = await newStudent();
      const enquiry = await postEnquiry(student);
      const tutor = await unverifiedTutor(standing);

      const view = await call(
        t.app,
        'GET',
        `/api/enquiry/enquiries/${String(enquiry.id)}/`,
        tutor.access,
      );
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json<TutorEnquiry>()).toMatchObject({
        can_contact: false,
        contact_pending: pending,
        is_contacted: false,
        user: { email: '', phone_number: `XXXXXXXX${student.phone.slice(-2)}` },
      });
      expect(await feedIds(tutor)).toContain(enquiry.id);

      const answer = await contact(tutor, enquiry.id);
      const refused = expectFailure(answer, 403, M.contactClosedDetail);
      expect(refused.code).toBe('contact_not_allowed');
      for (const message of messages) expect(refused.detail).toContain(message);
      expect(refused.detail).toContain(M.contactNoCoinsTaken);
      expect(answer.body).not.toContain(student.phone.slice(-4));

      expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(100);
      expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(0);
      expect(await countRows(t.db, 'conversations', 'enquiry_id = $1', [enquiry.id])).toBe(0);
      expect(
        await countRows(t.db, 'coin_ledger', "user_id = $1 AND kind <> 'credit'", [tutor.userId]),
      ).toBe(0);
      const check = await call(
        t.app,
        'GET',
        `/api/enquiry/${String(enquiry.id)}/check-contacted/`,
        tutor.access,
      );
      expect(check.json()).toEqual({ exists: false, contact_details: null });
      const mine = (
        await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, student.access)
      ).json<StudentEnquiry>();
      expect(mine.responded_count).toBe(0);
    });
  }

  it('contacts once the documents are approved and the e-mail verified', async () => {
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const tutor = await unverifiedTutor({ email: false, documents: 'pending' });
    expectFailure(await contact(tutor, enquiry.id), 403);
    await verifyTutor(t.db, tutor.userId);
    const view = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, tutor.access)
    ).json<TutorEnquiry>();
    expect(view).toMatchObject({ can_contact: true, contact_pending: [] });
    const response = await contact(tutor, enquiry.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ContactDetails>().contact_number).toBe(`+91${student.phone}`);
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(
      100 - enquiry.coins_required,
    );
  });
});

describe("the poster's view lists who responded", () => {
  function getAs(access: string | undefined, enquiryId: number | string) {
    return call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiryId)}/`, access);
  }

  it('lists each responding tutor with what their public profile shows and a link to the chat', async () => {
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    expect(enquiry.responses).toEqual([]);
    const first = await newTutor({}, 100);
    const second = await newTutor({}, 100);
    await t.db.query(
      `UPDATE profiles SET is_doc_verified = true, rating = 4.5, review_count = 12
        WHERE user_id = $1`,
      [first.userId],
    );
    await t.db.query(`UPDATE users SET avatar_url = '/media/avatars/first.webp' WHERE id = $1`, [
      first.userId,
    ]);
    const firstContact = (await contact(first, enquiry.id)).json<ContactDetails>();
    t.clock.advance(60_000);
    const secondContact = (
      await contact(second, enquiry.id, { ...quote, price_quote: 5000, price_type: 'Monthly' })
    ).json<ContactDetails>();

    const response = await getAs(student.access, enquiry.id);
    expect(response.statusCode, response.body).toBe(200);
    const mine = response.json<StudentEnquiry>();
    expect(mine.responded_count).toBe(2);
    expect(mine.responses).toEqual([
      {
        id: expect.any(Number) as number,
        conversation_id: firstContact.conversation_id,
        price_quote: 600,
        price_type: 'Hourly',
        responded_at: expect.any(String) as string,
        tutor: {
          id: first.userId,
          full_name: first.fullName,
          avatar: `${t.ctx.config.publicUrl}/media/avatars/first.webp`,
          is_doc_verified: true,
          rating: 4.5,
          review_count: 12,
        },
      },
      {
        id: expect.any(Number) as number,
        conversation_id: secondContact.conversation_id,
        price_quote: 5000,
        price_type: 'Monthly',
        responded_at: expect.any(String) as string,
        tutor: {
          id: second.userId,
          full_name: second.fullName,
          avatar: null,
          // only verified tutors can respond
          is_doc_verified: true,
          rating: 0,
          review_count: 0,
        },
      },
    ]);
    const [firstAt, secondAt] = mine.responses.map((item) => Date.parse(item.responded_at));
    expect((secondAt ?? 0) - (firstAt ?? 0)).toBe(60_000);
    // nothing private of the tutors
    expect(response.body).not.toContain(first.email);
    expect(response.body).not.toContain(second.email);

    // a suspended tutor's response leaves the list
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [second.userId]);
    const later = (await getAs(student.access, enquiry.id)).json<StudentEnquiry>();
    expect(later.responses.map((item) => item.tutor.id)).toEqual([first.userId]);
  });

  it('refuses visitors (401), other students (404) and bad ids (400); tutors never see the list', async () => {
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const tutor = await newTutor({}, 100);
    expect((await contact(tutor, enquiry.id)).statusCode).toBe(200);

    expectFailure(await getAs(undefined, enquiry.id), 401);
    const other = await newStudent();
    const theirs = await getAs(other.access, enquiry.id);
    expectFailure(theirs, 404, M.notFound);
    expect(theirs.body).not.toContain(tutor.fullName);
    expectFailure(await getAs(student.access, 'abc'), 400);

    for (const viewer of [tutor, await newTutor()]) {
      const view = await getAs(viewer.access, enquiry.id);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json<Record<string, unknown>>()).not.toHaveProperty('responses');
    }
  });
});

describe('POST /api/enquiry/{id}/send-message/', () => {
  it('refuses visitors, students and malformed bodies without charging', async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 100);
    const enquiry = await postEnquiry(student);
    expectFailure(
      await call(
        t.app,
        'POST',
        `/api/enquiry/${String(enquiry.id)}/send-message/`,
        undefined,
        quote,
      ),
      401,
    );
    expectFailure(
      await call(
        t.app,
        'POST',
        `/api/enquiry/${String(enquiry.id)}/send-message/`,
        student.access,
        quote,
      ),
      403,
    );
    expectFailure(
      await contact(tutor, enquiry.id, { ...quote, price_quote: 0 }),
      400,
      M.priceQuoteInvalid,
    );
    expectFailure(
      await contact(tutor, enquiry.id, { ...quote, message: '   ' }),
      400,
      M.messageRequired,
    );
    expectFailure(await contact(tutor, enquiry.id, { ...quote, price_type: 'Daily' }), 400);
    expectFailure(await contact(tutor, 2_000_000_000), 404);
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(100);
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(0);
  });

  it("answers 402 'Insufficient coins' and stores nothing when the balance is short", async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 5);
    const enquiry = await postEnquiry(student);
    expectFailure(await contact(tutor, enquiry.id), 402, 'Insufficient coins');
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(5);
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(0);
    expect(await countRows(t.db, 'conversations', 'enquiry_id = $1', [enquiry.id])).toBe(0);
  });

  it('charges, records the contact, opens the conversation with the quote and tells the student', async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 100);
    const enquiry = await postEnquiry(student);
    const response = await contact(tutor, enquiry.id);
    expect(response.statusCode, response.body).toBe(200);
    const { coins_spent, coins_left, ...details } = response.json<SendMessageResult>();
    expect(details).toMatchObject({
      contact_number: `+91${student.phone}`,
      when_to_start: 'immediately',
      price_quote: 600,
      price_type: 'Hourly',
    });
    // the answer says what the contact cost and what is left, as the ledger has it
    expect(coins_spent).toBe(enquiry.coins_required);
    expect(coins_left).toBe(100 - enquiry.coins_required);
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(coins_left);
    const [message] = await rows<{ content: string; sender_id: number }>(
      t.db,
      'SELECT content, sender_id FROM messages WHERE conversation_id = $1',
      [details.conversation_id],
    );
    expect(message?.sender_id).toBe(tutor.userId);
    expect(message?.content).toContain('I teach CBSE maths');
    expect(message?.content).toContain('₹600 (Hourly)');
    const check = (
      await call(t.app, 'GET', `/api/enquiry/${String(enquiry.id)}/check-contacted/`, tutor.access)
    ).json<CheckContacted>();
    expect(check).toEqual({ exists: true, contact_details: details });
    const mine = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, student.access)
    ).json<StudentEnquiry>();
    expect(mine.responded_count).toBe(1);
    const contacted = (
      await call(t.app, 'GET', '/api/enquiry/contacted/', tutor.access)
    ).json<EnquiryCardList>();
    expect(contacted.results.map((card) => card.id)).toEqual([enquiry.id]);

    const outbox = t.ctx.outbox;
    if (!outbox) throw new Error('no outbox');
    // the notices leave through the job queue, shortly after the answer
    await expect
      .poll(async () => (await outbox.list(10, student.email))[0]?.subject)
      .toBe(M.responseEmailSubject);
    await expect.poll(async () => (await outbox.list(10, `+91${student.phone}`)).length).toBe(1);
    const mail = await outbox.list(10, student.email);
    expect(mail).toHaveLength(2);
    expect(mail[0]?.body).toContain(tutor.fullName);
    expect(mail[0]?.body).toContain('₹600 per hour');
    expect(mail[0]?.links).toContain(
      `${t.ctx.config.publicUrl}/chat/${String(details.conversation_id)}`,
    );
    const phoneMessages = await outbox.list(10, `+91${student.phone}`);
    expect(phoneMessages[0]?.channel).toBe('whatsapp');
    expect(phoneMessages[0]?.body).toContain(`/chat/${String(details.conversation_id)}`);
  });

  it('20 concurrent contacts by one tutor: one success, charged once (a real race on PostgreSQL; the embedded database runs them one at a time)', async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 100);
    const enquiry = await postEnquiry(student);
    const answers = await Promise.all(Array.from({ length: 20 }, () => contact(tutor, enquiry.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.statusCode !== 200)) {
      expectFailure(answer, 409, M.alreadyContacted);
    }
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(
      100 - enquiry.coins_required,
    );
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(1);
    expect(await countRows(t.db, 'conversations', 'enquiry_id = $1', [enquiry.id])).toBe(1);
  });

  it('10 tutors racing for 5 slots: exactly 5 succeed, the others pay nothing (a real race on PostgreSQL; the embedded database runs them one at a time)', async () => {
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const tutors = await Promise.all(Array.from({ length: 10 }, () => newTutor({}, 50)));
    const answers = await Promise.all(tutors.map((tutor) => contact(tutor, enquiry.id)));
    const winners = tutors.filter((_, index) => answers[index]?.statusCode === 200);
    expect(winners).toHaveLength(5);
    for (const [index, tutor] of tutors.entries()) {
      const answer = answers[index];
      if (!answer) throw new Error('no answer');
      const balance = await getCoinBalance(t.db, tutor.userId, t.clock.now());
      if (answer.statusCode === 200) expect(balance).toBe(50 - enquiry.coins_required);
      else {
        expectFailure(answer, 409, M.responsesFull);
        expect(balance).toBe(50);
      }
    }
    const mine = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, student.access)
    ).json<StudentEnquiry>();
    expect(mine.responded_count).toBe(5);
    // a full enquiry leaves the feed of tutors who did not contact it
    const late = await newTutor({}, 50);
    expect(await feedIds(late)).not.toContain(enquiry.id);
  });
});

describe('the feed', () => {
  it('matches class, subject and mode; offline only within the radius; premium first', async () => {
    const tutor = await newTutor({
      classes: ['Class 9'],
      subjects: ['Physics'],
      requirement: 'offline',
    });
    const near = await newStudent(KORAMANGALA);
    const far = await newStudent(MYSURU);
    const premium = await newStudent(KORAMANGALA);
    await t.db.query('UPDATE users SET is_premium = true WHERE id = $1', [premium.userId]);
    const match = { class_level: 'Class 9', subject: 'Physics' };
    const nearOffline = await postEnquiry(near, match);
    const farOffline = await postEnquiry(far, match);
    const farOnline = await postEnquiry(far, { ...match, study_mode: 'online' });
    const nearBoth = await postEnquiry(near, { ...match, study_mode: 'both' });
    const otherSubject = await postEnquiry(near, { ...match, subject: 'Chemistry' });
    const premiumOne = await postEnquiry(premium, match);

    const ids = await feedIds(tutor);
    expect(ids).toEqual(expect.arrayContaining([nearOffline.id, nearBoth.id, premiumOne.id]));
    expect(ids[0]).toBe(premiumOne.id);
    // 'offline' tutors: no online-only enquiries; nothing out of range or off-profile
    expect(ids).not.toContain(farOnline.id);
    expect(ids).not.toContain(farOffline.id);
    expect(ids).not.toContain(otherSubject.id);

    const online = await feedIds(tutor, {
      requirements: ['online'],
      classes: ['Class 9'],
      subjects: ['Physics'],
    });
    expect(online).toContain(farOnline.id);
    expect(online).not.toContain(nearOffline.id);

    const wide = await feedIds(tutor, {
      classes: ['Class 9'],
      subjects: ['Physics'],
      radius_km: 100,
    });
    expect(wide).not.toContain(farOffline.id);
    const wider = await feedIds(tutor, {
      classes: ['Class 9'],
      subjects: ['Physics'],
      requirements: ['offline'],
    });
    expect(wider).not.toContain(farOffline.id);

    const bySubject = await feedIds(tutor, { subjects: ['Chemistry'] });
    expect(bySubject).toContain(otherSubject.id);
    expect(bySubject).not.toContain(nearOffline.id);

    const byClass = await feedIds(tutor, { classes: ['Class 10'] });
    expect(byClass).not.toContain(nearOffline.id);

    const feed = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access)
    ).json<FeedWithFilters>();
    expect(feed.results.filters).toMatchObject({
      classes: ['Class 9'],
      subjects: ['Physics'],
      requirements: ['offline'],
    });
    expect(feed.results.filters.addresses[0]?.id).toBe(tutor.addressId);
    const card = feed.results.enquiries.find((item) => item.id === nearOffline.id);
    expect(card).toMatchObject({
      coins_reduced: 0,
      is_starred: false,
      viewed: false,
      time_ago: 'just now',
    });
    // about 3.5 km, shown in whole kilometres
    expect(card?.distance_km).toBe(4);
  });

  it('uses the selected address as origin and refuses an address not the tutor’s', async () => {
    const tutor = await newTutor({ classes: ['Class 8'], subjects: ['Hindi'] });
    const mysuruAddress = await addAddressAt(tutor.userId, MYSURU, 2);
    const far = await newStudent(MYSURU);
    const enquiry = await postEnquiry(far, { class_level: 'Class 8', subject: 'Hindi' });
    expect(await feedIds(tutor, { classes: ['Class 8'] })).not.toContain(enquiry.id);
    expect(
      await feedIds(tutor, { classes: ['Class 8'], selected_address_id: mysuruAddress }),
    ).toContain(enquiry.id);
    const other = await newTutor();
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/teacher/enquiry-filters/', tutor.access, {
        filters: { selected_address_id: other.addressId },
      }),
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/teacher/enquiry-filters/', tutor.access, {
        filters: { requirements: ['sometimes'] },
      }),
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/teacher/enquiry-filters/', tutor.access, {
        filters: { enquiry_types: ['paid'] },
      }),
      400,
    );
    const student = await newStudent();
    expectFailure(
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', student.access),
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/teacher/enquiry-filters/', undefined, {
        filters: {},
      }),
      401,
    );
  });

  it('enquiry_types: responded, viewed and reported', async () => {
    const tutor = await newTutor({ classes: ['Class 7'], subjects: ['English'] }, 100);
    const student = await newStudent();
    const base = { class_level: 'Class 7', subject: 'English' };
    const responded = await postEnquiry(student, base);
    const viewed = await postEnquiry(student, base);
    const reported = await postEnquiry(student, base);
    expect((await contact(tutor, responded.id)).statusCode).toBe(200);
    await call(t.app, 'GET', `/api/enquiry/enquiries/${String(viewed.id)}/`, tutor.access);
    const report = await call(t.app, 'POST', '/api/enquiry/report/', tutor.access, {
      enquiry: reported.id,
      reason: 'Fake information',
      message: 'The number belongs to an agency.',
    });
    expect(report.statusCode, report.body).toBe(201);

    const filters = { classes: ['Class 7'], subjects: ['English'] };
    expect((await feedIds(tutor, { ...filters, enquiry_types: ['responded'] })).sort()).toEqual([
      responded.id,
    ]);
    expect((await feedIds(tutor, { ...filters, enquiry_types: ['viewed'] })).sort()).toEqual(
      [responded.id, viewed.id].sort((a, b) => a - b),
    );
    expect(await feedIds(tutor, { ...filters, enquiry_types: ['reported'] })).toEqual([
      reported.id,
    ]);
    // reported enquiries leave the tutor's ordinary feed
    expect(await feedIds(tutor, filters)).not.toContain(reported.id);
  });

  it('pages with ?page= and counts every match', async () => {
    const tutor = await newTutor({ classes: ['Class 6'], subjects: ['Geography'] });
    const students = await Promise.all([newStudent(), newStudent(), newStudent(), newStudent()]);
    for (const student of students) {
      for (let i = 0; i < 3; i += 1)
        await postEnquiry(student, { class_level: 'Class 6', subject: 'Geography' });
    }
    const first = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access)
    ).json<FeedWithFilters>();
    expect(first.count).toBe(12);
    expect(first.results.enquiries).toHaveLength(10);
    expect(first.next).toContain('page=2');
    const second = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/?page=2', tutor.access)
    ).json<FeedWithFilters>();
    expect(second.results.enquiries).toHaveLength(2);
    expect(second.count).toBe(12);
    const beyond = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/?page=9', tutor.access)
    ).json<FeedWithFilters>();
    expect(beyond.results.enquiries).toHaveLength(0);
    expect(beyond.count).toBe(12);
  });
});

describe('stars and reports', () => {
  it('says on every card whether the poster prefers a female tutor', async () => {
    const tutor = await newTutor({}, 100);
    const student = await newStudent();
    const preferred = await postEnquiry(student, { female_tutor_preferred: true });
    const open = await postEnquiry(student);
    const flags = (cards: { id: number; female_tutor_preferred: boolean }[]) =>
      cards
        .filter((card) => card.id === preferred.id || card.id === open.id)
        .map((card) => [card.id, card.female_tutor_preferred]);

    const feed = await call(
      t.app,
      'GET',
      '/api/enquiry/teacher/enquiry-filters/?page_size=50',
      tutor.access,
    );
    expect(flags(feed.json<FeedWithFilters>().results.enquiries)).toEqual(
      expect.arrayContaining([
        [preferred.id, true],
        [open.id, false],
      ]),
    );
    await call(t.app, 'POST', `/api/enquiry/${String(preferred.id)}/star/`, tutor.access);
    const starred = await call(t.app, 'GET', '/api/enquiry/starred/', tutor.access);
    expect(flags(starred.json<EnquiryCardList>().results)).toEqual([[preferred.id, true]]);
    expect((await contact(tutor, preferred.id)).statusCode).toBe(200);
    const contacted = await call(t.app, 'GET', '/api/enquiry/contacted/', tutor.access);
    expect(flags(contacted.json<EnquiryCardList>().results)).toEqual([[preferred.id, true]]);
    const detail = await call(
      t.app,
      'GET',
      `/api/enquiry/enquiries/${String(open.id)}/`,
      tutor.access,
    );
    expect(detail.json<TutorEnquiry>().female_tutor_preferred).toBe(false);
  });

  it('toggles a star and lists starred enquiries', async () => {
    const tutor = await newTutor();
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const star = (): Promise<LightMyRequestResponse> =>
      call(t.app, 'POST', `/api/enquiry/${String(enquiry.id)}/star/`, tutor.access);
    expect((await star()).json()).toEqual({ status: 'starred' });
    const starred = (
      await call(t.app, 'GET', '/api/enquiry/starred/', tutor.access)
    ).json<EnquiryCardList>();
    expect(starred.results.map((card) => card.id)).toEqual([enquiry.id]);
    expect(starred.results[0]?.is_starred).toBe(true);
    expect((await star()).json()).toEqual({ status: 'unstarred' });
    expect(
      (await call(t.app, 'GET', '/api/enquiry/starred/', tutor.access)).json<EnquiryCardList>()
        .count,
    ).toBe(0);
    expectFailure(
      await call(t.app, 'POST', `/api/enquiry/${String(enquiry.id)}/star/`, student.access),
      403,
    );
    expectFailure(await call(t.app, 'POST', '/api/enquiry/2000000000/star/', tutor.access), 404);
  });

  it('reports with the shared reasons and limits, once', async () => {
    const tutor = await newTutor();
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const report = (body: unknown): Promise<LightMyRequestResponse> =>
      call(t.app, 'POST', '/api/enquiry/report/', tutor.access, body);
    expectFailure(
      await report({ enquiry: enquiry.id, reason: 'Boring', message: '' }),
      400,
      M.reasonRequired,
    );
    expectFailure(
      await report({ enquiry: enquiry.id, reason: 'Other', message: 'x'.repeat(501) }),
      400,
      M.reportMessageTooLong,
    );
    expectFailure(
      await call(t.app, 'POST', '/api/enquiry/report/', student.access, {
        enquiry: enquiry.id,
        reason: 'Other',
      }),
      403,
    );
    expect(await countRows(t.db, 'enquiry_reports', 'enquiry_id = $1', [enquiry.id])).toBe(0);
    const check = (): Promise<LightMyRequestResponse> =>
      call(t.app, 'GET', `/api/enquiry/${String(enquiry.id)}/check-reported/`, tutor.access);
    expect((await check()).json()).toEqual({ is_reported: false });
    const created = await report({
      enquiry: enquiry.id,
      reason: 'Spam or misleading',
      message: 'x'.repeat(500),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, message: M.reported });
    expect((await check()).json()).toEqual({ is_reported: true });
    expectFailure(
      await report({ enquiry: enquiry.id, reason: 'Other' }),
      409,
      M.alreadyReportedError,
    );
    expect(await countRows(t.db, 'enquiry_reports', 'enquiry_id = $1', [enquiry.id])).toBe(1);
  });

  it('refundContactsOfEnquiry gives every paying tutor their coins back, once', async () => {
    const student = await newStudent();
    const enquiry = await postEnquiry(student);
    const tutors = [await newTutor({}, 40), await newTutor({}, 40)];
    for (const tutor of tutors) expect((await contact(tutor, enquiry.id)).statusCode).toBe(200);
    expect(await refundContactsOfEnquiry(t.ctx, enquiry.id, 'Confirmed fake')).toEqual({
      refunded: 2,
      coins: 2 * enquiry.coins_required,
    });
    for (const tutor of tutors)
      expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(40);
    expect(await refundContactsOfEnquiry(t.ctx, enquiry.id, 'Confirmed fake')).toEqual({
      refunded: 0,
      coins: 0,
    });
  });
});

describe('avatars in enquiry answers', () => {
  it('gives the poster avatar as an absolute URL in every list and view, as the token does', async () => {
    const student = await newStudent();
    const tutor = await newTutor({}, 0);
    await t.db.query('UPDATE users SET avatar_url = $2 WHERE id = $1', [
      student.userId,
      `/media/avatars/${String(student.userId)}.webp`,
    ]);
    const enquiry = await postEnquiry(student);
    const url = `${t.ctx.config.publicUrl}/media/avatars/${String(student.userId)}.webp`;
    expect(url).toMatch(/^https?:\/\//);

    const own = (await call(t.app, 'GET', '/api/enquiry/enquiries/', student.access)).json<{
      results: { id: number; profile_image: string | null }[];
    }>();
    expect(own.results.find((item) => item.id === enquiry.id)?.profile_image).toBe(url);

    const view = (
      await call(t.app, 'GET', `/api/enquiry/enquiries/${String(enquiry.id)}/`, tutor.access)
    ).json<{ user: { profile_avatar: string | null }; image: string | null }>();
    expect(view.user.profile_avatar).toBe(url);
    expect(view.image).toBe(url);

    const feed = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/?page_size=50', tutor.access)
    ).json<FeedWithFilters>();
    const card = feed.results.enquiries.find((item) => item.id === enquiry.id);
    expect(card?.user.profile_avatar).toBe(url);

    await call(t.app, 'POST', `/api/enquiry/${String(enquiry.id)}/star/`, tutor.access);
    const starred = (
      await call(t.app, 'GET', '/api/enquiry/starred/', tutor.access)
    ).json<EnquiryCardList>();
    expect(starred.results.find((item) => item.id === enquiry.id)?.image).toBe(url);
  });
});

describe('cached feed pages and student lists', () => {
  async function feedPage(tutor: Tutor): Promise<FeedWithFilters> {
    const response = await call(
      t.app,
      'GET',
      '/api/enquiry/teacher/enquiry-filters/',
      tutor.access,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FeedWithFilters>();
  }

  it('shows a new, archived, starred or contacted enquiry on the very next request', async () => {
    const tutor = await newTutor({ classes: ['Class 3'], subjects: ['Sanskrit'] }, 100);
    const other = await newTutor({ classes: ['Class 3'], subjects: ['Sanskrit'] }, 100);
    const student = await newStudent();
    const first = await postEnquiry(student, { class_level: 'Class 3', subject: 'Sanskrit' });
    expect((await feedPage(tutor)).count).toBe(1);

    const second = await postEnquiry(student, { class_level: 'Class 3', subject: 'Sanskrit' });
    let page = await feedPage(tutor);
    expect(page.count).toBe(2);
    expect(page.results.enquiries.map((card) => card.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    expect(
      (await call(t.app, 'POST', `/api/enquiry/${String(first.id)}/star/`, tutor.access))
        .statusCode,
    ).toBe(200);
    page = await feedPage(tutor);
    expect(page.results.enquiries.find((card) => card.id === first.id)?.is_starred).toBe(true);
    // another tutor's star is theirs alone
    expect((await feedPage(other)).results.enquiries.every((card) => !card.is_starred)).toBe(true);

    const list = await call(t.app, 'GET', '/api/enquiry/enquiries/', student.access);
    expect(
      list.json<StudentEnquiryList>().results.every((item) => item.responded_count === 0),
    ).toBe(true);
    expect((await contact(other, first.id)).statusCode).toBe(200);
    page = await feedPage(tutor);
    expect(page.results.enquiries.find((card) => card.id === first.id)?.responded_count).toBe(1);
    const after = await call(t.app, 'GET', '/api/enquiry/enquiries/', student.access);
    expect(
      after.json<StudentEnquiryList>().results.find((item) => item.id === first.id)
        ?.responded_count,
    ).toBe(1);

    const archiveSecond = `/api/enquiry/enquiries/${String(second.id)}/archive/`;
    expect((await call(t.app, 'POST', archiveSecond, student.access)).statusCode).toBe(200);
    page = await feedPage(tutor);
    expect(page.results.enquiries.map((card) => card.id)).toEqual([first.id]);
  });

  it('trusts a page for 30 s and the live enquiries for 60 s at most, whatever changed behind the service', async () => {
    const tutor = await newTutor({ classes: ['Class 4'], subjects: ['Sanskrit'] });
    const student = await newStudent();
    const enquiry = await postEnquiry(student, { class_level: 'Class 4', subject: 'Sanskrit' });
    expect((await feedPage(tutor)).count).toBe(1);
    // a change no service announced (another tool writing to the database)
    await t.db.query('UPDATE enquiries SET archived = true WHERE id = $1', [enquiry.id]);
    expect((await feedPage(tutor)).count).toBe(1);
    // the page is gone, and the live enquiries it was ranked from are older than their limit
    t.clock.advance(30_000);
    expect((await feedPage(tutor)).count).toBe(1);
    t.clock.advance(30_000);
    expect((await feedPage(tutor)).count).toBe(0);
  });
});

describe.skipIf(!process.env.REDIS_URL)('cached feed pages on two instances through Redis', () => {
  it('an enquiry posted on one instance shows at once in a feed cached on the other', async () => {
    const prefix = `feed-${String(Date.now())}:`;
    const one = await buildTestApp({ db: t.db, pubsubPrefix: prefix });
    const two = await buildTestApp({ db: t.db, pubsubPrefix: prefix });
    try {
      const tutor = await newTutor({ classes: ['Class 5'], subjects: ['Sanskrit'] });
      const student = await newStudent();
      const feedOnOne = async () => {
        const response = await one.app.inject({
          method: 'GET',
          url: '/api/enquiry/teacher/enquiry-filters/',
          headers: bearer(tutor.access),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<FeedWithFilters>().count;
      };
      expect(await feedOnOne()).toBe(0);
      const posted = await two.app.inject({
        method: 'POST',
        url: '/api/enquiry/enquiries/',
        headers: bearer(student.access),
        payload: enquiryBody(student, { class_level: 'Class 5', subject: 'Sanskrit' }),
      });
      expect(posted.statusCode, posted.body).toBe(201);
      // the invalidation crosses Redis; allow it the time a message takes
      await expect.poll(feedOnOne, { timeout: 2_000, interval: 20 }).toBe(1);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('time: the lead guarantee and expiry (moves the clock; runs last)', () => {
  it('refunds after 7 days without an answer from the poster, not when the poster answered', async () => {
    const student = await newStudent();
    const silent = await postEnquiry(student);
    const answered = await postEnquiry(student);
    const tutor = await newTutor({}, 100);
    const first = (await contact(tutor, silent.id)).json<ContactDetails>();
    const second = (await contact(tutor, answered.id)).json<ContactDetails>();
    await t.db.query(
      `INSERT INTO messages (conversation_id, sender_id, content, created_at) VALUES ($1, $2, 'Hello, call me', $3)`,
      [second.conversation_id, student.userId, new Date(t.clock.now().getTime() + DAY_MS)],
    );
    const spent = silent.coins_required + answered.coins_required;
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(100 - spent);

    t.clock.advance(6 * DAY_MS);
    await queueDueGuarantees(t.ctx);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(100 - spent);

    t.clock.advance(DAY_MS + 60_000);
    // one job per due contact, worked by the queue
    expect(await queueDueGuarantees(t.ctx)).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => getCoinBalance(t.db, tutor.userId, t.clock.now()), { timeout: 15_000 })
      .toBe(100 - answered.coins_required);
    const [refunded] = await rows<{ refunded_at: Date | null }>(
      t.db,
      'SELECT refunded_at FROM enquiry_contacts WHERE id = $1',
      [first.id],
    );
    expect(refunded?.refunded_at).not.toBeNull();
    const [kept] = await rows<{ refunded_at: Date | null; guarantee_settled_at: Date | null }>(
      t.db,
      'SELECT refunded_at, guarantee_settled_at FROM enquiry_contacts WHERE id = $1',
      [second.id],
    );
    expect(kept).toMatchObject({ refunded_at: null });
    await expect
      .poll(
        async () =>
          (
            await rows<{ settled: boolean }>(
              t.db,
              'SELECT guarantee_settled_at IS NOT NULL AS settled FROM enquiry_contacts WHERE id = $1',
              [second.id],
            )
          )[0]?.settled,
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect
      .poll(async () => (await t.ctx.outbox?.list(10, tutor.email))?.[0]?.subject, {
        timeout: 15_000,
      })
      .toBe(M.refundEmailSubject);
    expect(
      await countRows(t.db, 'coin_ledger', "user_id = $1 AND kind = 'refund'", [tutor.userId]),
    ).toBe(1);

    // a second sweep changes nothing
    await queueDueGuarantees(t.ctx);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await getCoinBalance(t.db, tutor.userId, t.clock.now())).toBe(
      100 - answered.coins_required,
    );
  });

  it('expires enquiries 30 days after posting: out of the feed, not contactable, discounted after 7 days', async () => {
    const studentUser = await newStudent();
    const tutorUser = await newTutor({ classes: ['Class 3'], subjects: ['Science'] }, 100);
    const base = { class_level: 'Class 3', subject: 'Science' };
    const enquiry = await postEnquiry(studentUser, base);
    const discounted = await postEnquiry(studentUser, base);
    // Class 3 at ₹400/hour: 10 coins, 6 once the 40 % discount applies
    expect(enquiry.coins_required).toBe(10);
    t.clock.advance(8 * DAY_MS);
    const tutorToken = (await signIn(t.app, tutorUser.email, tutorUser.password)).json<{
      access: string;
    }>().access;
    const tutor = { ...tutorUser, access: tutorToken };
    const feed = (
      await call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access)
    ).json<FeedWithFilters>();
    const card = feed.results.enquiries.find((item) => item.id === enquiry.id);
    expect(card?.coins_reduced).toBe(6);
    expect(card?.days_left).toBe(22);
    // the discounted price is what a contact takes
    expect((await contact(tutor, discounted.id)).statusCode).toBe(200);
    expect(await getCoinBalance(t.db, tutorUser.userId, t.clock.now())).toBe(94);
    const [spend] = await rows<{ coins: number }>(
      t.db,
      "SELECT coins FROM coin_ledger WHERE user_id = $1 AND kind = 'spend'",
      [tutorUser.userId],
    );
    expect(spend?.coins).toBe(-6);

    t.clock.advance(23 * DAY_MS);
    const later = (await signIn(t.app, tutorUser.email, tutorUser.password)).json<{
      access: string;
    }>().access;
    expect(await feedIds({ ...tutorUser, access: later })).not.toContain(enquiry.id);
    expectFailure(
      await contact({ ...tutorUser, access: later }, enquiry.id),
      404,
      M.notExistsOrArchived,
    );
    // the expired enquiry took nothing
    expect(await getCoinBalance(t.db, tutorUser.userId, t.clock.now())).toBe(94);
    expect(await countRows(t.db, 'enquiry_contacts', 'enquiry_id = $1', [enquiry.id])).toBe(0);
  });
});
