import type { Review, ReviewList } from '@gurumatch/shared/schemas/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createConversation } from '../../../test/chat-fixtures.ts';
import {
  bearer,
  countRows,
  registerTeacher,
  registerUser,
  signInNewAdministrator,
  type RegisteredUser,
} from '../../../test/factories.ts';

let t: TestApp;
let tutor: RegisteredUser;
let student: RegisteredUser;

beforeAll(async () => {
  t = await buildTestApp();
  [tutor, student] = await Promise.all([
    registerTeacher(t.app, { full_name: 'Ravi Kumar' }),
    registerUser(t.app, { full_name: 'Asha Verma' }),
  ]);
  await createConversation(t.db, { tutorId: tutor.userId, studentId: student.userId });
});

afterAll(async () => {
  await t.close();
});

function post(user: RegisteredUser | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reviews/',
    payload: payload as Record<string, unknown>,
    ...(user ? { headers: bearer(user.access) } : {}),
  });
}

async function tutorProfile(viewer: RegisteredUser, tutorId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/auth/profile/${String(tutorId)}/`,
    headers: bearer(viewer.access),
  });
  return response.json<{ rating: number; review_count: number }>();
}

describe('POST /api/reviews/', () => {
  it('refuses without a token (401) and for tutors (403)', async () => {
    expect((await post(null, { tutor: tutor.userId, rating: 5 })).statusCode).toBe(401);
    const asTutor = await post(tutor, { tutor: tutor.userId, rating: 5 });
    expect(asTutor.statusCode).toBe(403);
    expect(await countRows(t.db, 'reviews')).toBe(0);
  });

  it('refuses a student without a conversation with that tutor (403), storing nothing', async () => {
    const stranger = await registerUser(t.app);
    const response = await post(stranger, { tutor: tutor.userId, rating: 4, review_text: 'Hm' });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('no_conversation');
    expect(await countRows(t.db, 'reviews')).toBe(0);
  });

  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a fractional rating', { rating: 4.5 }],
    ['a rating as text', { rating: '5' }],
    ['no rating', {}],
    ['1,001 characters of text', { rating: 5, review_text: 'x'.repeat(1001) }],
    ['a tutor that is not a number', { rating: 5, tutor: 'x' }],
    ['a student as tutor', { rating: 5, tutor: -1 }],
  ])('refuses %s with 400 and a detail', async (_name, change) => {
    const response = await post(student, { tutor: tutor.userId, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBeTruthy();
    expect(await countRows(t.db, 'reviews')).toBe(0);
  });

  it('refuses a review of someone who is not a tutor', async () => {
    const response = await post(student, { tutor: student.userId, rating: 5 });
    expect(response.statusCode).toBe(400);
  });

  it('stores a review, then replaces it on a second one; the profile follows', async () => {
    const first = await post(student, {
      tutor: tutor.userId,
      rating: 3,
      review_text: '  Good, but often late.  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Review>()).toMatchObject({
      tutor: tutor.userId,
      rating: 3,
      review_text: 'Good, but often late.',
      student: { id: student.userId, full_name: 'Asha Verma' },
    });
    expect(await tutorProfile(student, tutor.userId)).toMatchObject({ rating: 3, review_count: 1 });

    const second = await post(student, {
      tutor: tutor.userId,
      rating: 5,
      review_text: 'Great now!',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<Review>().id).toBe(first.json<Review>().id);
    expect(await countRows(t.db, 'reviews')).toBe(1);
    expect(await tutorProfile(student, tutor.userId)).toMatchObject({ rating: 5, review_count: 1 });

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/mine/?tutor=${String(tutor.userId)}`,
      headers: bearer(student.access),
    });
    expect(mine.json<{ review: Review | null }>().review).toMatchObject({ rating: 5 });
  });

  it('counts concurrent reviews of one tutor exactly', async () => {
    const busy = await registerTeacher(t.app, { full_name: 'Popular Tutor' });
    const students = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    for (const s of students) {
      await createConversation(t.db, { tutorId: busy.userId, studentId: s.userId });
    }
    const ratings = [5, 4, 4, 3, 5, 2];
    const answers = await Promise.all(
      students.map((s, i) => post(s, { tutor: busy.userId, rating: ratings[i] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ratings.map(() => 201));
    // the same student twice at once: one review
    const [studentZero] = students;
    if (!studentZero) throw new Error('unreachable');
    await Promise.all([
      post(studentZero, { tutor: busy.userId, rating: 1 }),
      post(studentZero, { tutor: busy.userId, rating: 1 }),
    ]);
    const expected = [1, 4, 4, 3, 5, 2];
    const profile = await tutorProfile(studentZero, busy.userId);
    expect(profile.review_count).toBe(6);
    expect(profile.rating).toBeCloseTo(expected.reduce((a, b) => a + b, 0) / 6, 2);
  });
});

describe('GET /api/reviews/', () => {
  it("pages a tutor's reviews newest first, publicly", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/reviews/?tutor=${String(tutor.userId)}`,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<ReviewList>();
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.results[0]).toMatchObject({ rating: 5, review_text: 'Great now!' });

    const everyone = await t.app.inject({ method: 'GET', url: '/api/reviews/?page_size=2' });
    const all = everyone.json<ReviewList>();
    expect(all.count).toBe(7);
    expect(all.results).toHaveLength(2);
    expect(all.next).toMatch(/page_size=2&page=2$/);

    const bad = await t.app.inject({ method: 'GET', url: '/api/reviews/?tutor=abc' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/reviews/mine/', () => {
  function mine(user: { access: string } | null, query: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/reviews/mine/?${query}`,
      ...(user ? { headers: bearer(user.access) } : {}),
    });
  }

  it('refuses without a token (401) and a malformed tutor (400)', async () => {
    expect((await mine(null, `tutor=${String(tutor.userId)}`)).statusCode).toBe(401);
    for (const query of ['', 'tutor=abc', 'tutor=0', 'tutor=-3', 'tutor=1.5']) {
      const response = await mine(student, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBeTruthy();
    }
  });

  it('lets a student who has a conversation with the tutor review them', async () => {
    const response = await mine(student, `tutor=${String(tutor.userId)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ can_review: true, review: { rating: 5 } });
  });

  it('tells a student without a conversation, a tutor, an administrator and anyone naming a non-tutor that they may not', async () => {
    const stranger = await registerUser(t.app);
    const other = await registerTeacher(t.app);
    const admin = await signInNewAdministrator(t.app, t.db);
    const cases: [{ access: string }, number][] = [
      [admin, tutor.userId],
      [stranger, tutor.userId],
      [tutor, tutor.userId],
      [other, tutor.userId],
      [student, student.userId],
      [student, 2_000_000_000],
    ];
    for (const [user, tutorId] of cases) {
      const response = await mine(user, `tutor=${String(tutorId)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ review: null, can_review: false });
    }
    // and the submit refuses what the answer said
    expect((await post(stranger, { tutor: tutor.userId, rating: 4 })).statusCode).toBe(403);
  });
});
