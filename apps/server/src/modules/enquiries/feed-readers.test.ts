import type { FeedWithFilters } from '@gurumatch/shared/schemas/enquiries';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, startTwoInstances, type TestApp } from '../../../test/build-test-app.ts';
import {
  MYSURU,
  addAddressAt,
  newMatchingTutor,
  newPoster,
  postEnquiryAs,
} from '../../../test/enquiry-fixtures.ts';
import {
  call,
  resetPasswordByMail,
  signInNewAdministrator,
  type RegisteredUser,
} from '../../../test/factories.ts';
import type { Queryable } from '../../db/connection.ts';

import { feedCacheOf, feedReaderOf, invalidateTutorFeed } from './feed-cache.ts';
import { FeedReaders, feedInputsOf } from './feed-readers.ts';
import { findFeedInputs, type FeedReaderRow } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const FEED = '/api/enquiry/teacher/enquiry-filters/';

function feedOf(app: FastifyInstance, tutor: RegisteredUser) {
  return call(app, 'GET', FEED, tutor.access);
}

async function cardsOf(app: FastifyInstance, tutor: RegisteredUser) {
  const response = await feedOf(app, tutor);
  expect(response.statusCode).toBe(200);
  return response.json<FeedWithFilters>().results.enquiries;
}

/** Waits until `check` holds (the other instance, or a read in flight, catches up). */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never came true');
}

/** Waits until the instance keeps the tutor (their read after a change has landed). */
function kept(app: TestApp, tutor: RegisteredUser): Promise<void> {
  return eventually(() => feedReaderOf(app.ctx, tutor.userId) !== null);
}

describe('FeedReaders', () => {
  const reader = (id: number, active = true, version = '1'): FeedReaderRow => ({
    id,
    version,
    is_active: active,
    sessions_revoked_at: null,
    profile: null,
    addresses: [],
    contacted: [],
    viewed: [],
    reported: [],
    starred: [id],
  });

  /** A database whose answers the test gives, one query at a time. */
  function heldDb() {
    const held: ((rows: unknown[]) => void)[] = [];
    const db = {
      query: () => new Promise((resolve) => held.push(resolve)),
    } as unknown as Queryable;
    /** Answers the next query once it is asked. */
    const answerNext = async (rows: unknown[]) => {
      await eventually(() => held.length > 0);
      held.shift()?.(rows);
    };
    return { db, held, answerNext };
  }

  it('keeps a tutor dropped during a full load out of it, and a read begun after the drop puts them back', async () => {
    const readers = new FeedReaders();
    const { db, held, answerNext } = heldDb();
    const first = readers.loadAll(db, 0);
    held.shift()?.([reader(1), reader(2)]);
    await first;
    expect(readers.readerAt(0, 1)?.session.is_active).toBe(true);
    // a full load reads the old state, tutor 1 is suspended meanwhile
    const load = readers.loadAll(db, 1000);
    readers.drop(1);
    expect(readers.readerAt(1000, 1)).toBeNull();
    // the versions: tutor 1 is not kept, so it is read (in the state before the suspension)
    await answerNext([
      { id: 1, version: '1' },
      { id: 2, version: '1' },
    ]);
    await answerNext([reader(1)]);
    expect(await load).toEqual({ read: 1 });
    expect(readers.readerAt(1000, 1)).toBeNull();
    expect(readers.readerAt(1000, 2)).not.toBeNull();
    const refresh = readers.refresh(db, 1);
    held.shift()?.([reader(1, false)]);
    await refresh;
    expect(readers.readerAt(1000, 1)?.session.is_active).toBe(false);
  });

  it('trusts nobody after a read fails, until a full load begun later succeeds, and a load for a minute', async () => {
    const readers = new FeedReaders();
    const { db, held, answerNext } = heldDb();
    const first = readers.loadAll(db, 0);
    held.shift()?.([reader(1)]);
    await first;
    const failing = { query: () => Promise.reject(new Error('connection lost')) };
    await expect(readers.refresh(failing as unknown as Queryable, 1)).rejects.toThrow();
    expect(readers.readerAt(0, 1)).toBeNull();
    const again = readers.loadAll(db, 10_000);
    // nothing changed: the versions alone are read
    await answerNext([{ id: 1, version: '1' }]);
    expect(await again).toEqual({ read: 0 });
    expect(readers.readerAt(10_000, 1)).not.toBeNull();
    expect(readers.readerAt(69_999, 1)).not.toBeNull();
    expect(readers.readerAt(70_000, 1)).toBeNull();
  });
});

describe('a full load after the first', () => {
  it('reads again only the tutors whose rows were written since, and forgets those gone', async () => {
    const tutor = await newMatchingTutor(t, { subjects: ['Odia'], classes: ['Class 3'] });
    const other = await newMatchingTutor(t, { subjects: ['Odia'], classes: ['Class 3'] });
    const poster = await newPoster(t);
    const enquiry = await postEnquiryAs(t.app, poster, { subject: 'Odia', class_level: 'Class 3' });
    const readers = new FeedReaders();
    const first = await readers.loadAll(t.db, Date.now());
    expect(first.read).toBeGreaterThanOrEqual(2);
    expect(await readers.loadAll(t.db, Date.now())).toEqual({ read: 0 });
    // a star, an address and a suspension written behind the services
    await t.db.query(
      'INSERT INTO enquiry_stars (enquiry_id, tutor_id, created_at) VALUES ($1, $2, now())',
      [enquiry.id, tutor.userId],
    );
    await addAddressAt(t.db, other.userId, MYSURU, 2);
    expect(await readers.loadAll(t.db, Date.now())).toEqual({ read: 2 });
    expect(readers.readerAt(Date.now(), tutor.userId)?.inputs.marks.starred.has(enquiry.id)).toBe(
      true,
    );
    expect(readers.readerAt(Date.now(), other.userId)?.inputs.addresses).toHaveLength(2);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [tutor.userId]);
    await t.db.query('DELETE FROM enquiry_stars WHERE tutor_id = $1', [tutor.userId]);
    expect(await readers.loadAll(t.db, Date.now())).toEqual({ read: 1 });
    const suspended = readers.readerAt(Date.now(), tutor.userId);
    expect(suspended?.session.is_active).toBe(false);
    expect(suspended?.inputs.marks.starred.size).toBe(0);
    await t.db.query('UPDATE users SET is_active = true WHERE id = $1', [tutor.userId]);
    // one tutor read again computes their version the way the full load does
    await readers.refresh(t.db, tutor.userId);
    await readers.refresh(t.db, other.userId);
    expect(await readers.loadAll(t.db, Date.now())).toEqual({ read: 0 });
  });
});

describe('the feed reads its tutor from memory', () => {
  it('keeps exactly what the database answers for the tutor', async () => {
    const tutor = await newMatchingTutor(t, { subjects: ['Tamil'], classes: ['Class 4'] });
    const poster = await newPoster(t);
    const enquiry = await postEnquiryAs(t.app, poster, {
      subject: 'Tamil',
      class_level: 'Class 4',
    });
    const star = `/api/enquiry/${String(enquiry.id)}/star/`;
    expect((await call(t.app, 'POST', star, tutor.access)).statusCode).toBe(200);
    await addAddressAt(t.db, tutor.userId, MYSURU, 2);
    await invalidateTutorFeed(t.ctx, tutor.userId);
    await kept(t, tutor);
    const fromDatabase = feedInputsOf(await findFeedInputs(t.db, tutor.userId));
    expect(feedReaderOf(t.ctx, tutor.userId)?.inputs).toEqual(fromDatabase);
    expect(fromDatabase.marks.starred.has(enquiry.id)).toBe(true);
    expect(fromDatabase.addresses).toHaveLength(2);
  });

  it('shows a star, a profile edit and a new primary address made through the services on the next read', async () => {
    const tutor = await newMatchingTutor(t, { subjects: ['Kannada'], classes: ['Class 5'] });
    const poster = await newPoster(t);
    const enquiry = await postEnquiryAs(t.app, poster, {
      subject: 'Kannada',
      class_level: 'Class 5',
    });
    await kept(t, tutor);
    // a star written behind the services is not in memory: with no page cached, the
    // card comes from what the instance keeps
    await t.db.query(
      'INSERT INTO enquiry_stars (enquiry_id, tutor_id, created_at) VALUES ($1, $2, now())',
      [enquiry.id, tutor.userId],
    );
    feedCacheOf(t.ctx)?.dropAll();
    expect((await cardsOf(t.app, tutor))[0]?.is_starred).toBe(false);
    await t.db.query('DELETE FROM enquiry_stars WHERE tutor_id = $1', [tutor.userId]);
    // through the API, the very next read shows it
    const star = `/api/enquiry/${String(enquiry.id)}/star/`;
    expect((await call(t.app, 'POST', star, tutor.access)).statusCode).toBe(200);
    expect((await cardsOf(t.app, tutor))[0]?.is_starred).toBe(true);
    // a new primary address far away: the enquiry is out of reach
    const far = await addAddressAt(t.db, tutor.userId, MYSURU, 2);
    const primary = `/api/auth/user/addresses/${String(far)}/set_primary/`;
    expect((await call(t.app, 'PATCH', primary, tutor.access)).statusCode).toBe(200);
    expect(await cardsOf(t.app, tutor)).toEqual([]);
    // the subject changed in the profile
    const profile = `/api/auth/profile/${String(tutor.userId)}/`;
    const edit = await call(t.app, 'PATCH', profile, tutor.access, { subjects: ['Hindi'] });
    expect(edit.statusCode).toBe(200);
    const feed = (await feedOf(t.app, tutor)).json<FeedWithFilters>();
    expect(feed.results.filters.subjects).toEqual(['Hindi']);
  });

  it('refuses the next feed read after a suspension or a password reset', async () => {
    const admin = await signInNewAdministrator(t.app, t.db);
    const suspended = await newMatchingTutor(t);
    await kept(t, suspended);
    expect((await feedOf(t.app, suspended)).statusCode).toBe(200);
    const suspend = `/api/admin/users/${String(suspended.userId)}/suspend/`;
    const response = await call(t.app, 'POST', suspend, admin.access, { reason: 'Fake profile' });
    expect(response.statusCode).toBe(200);
    expect((await feedOf(t.app, suspended)).statusCode).toBe(401);

    const reset = await newMatchingTutor(t);
    await kept(t, reset);
    const status = await resetPasswordByMail(t.app, t.ctx.outbox, reset.email, undefined, () => {
      t.clock.advance(2000);
    });
    expect(status).toBe(200);
    expect((await feedOf(t.app, reset)).statusCode).toBe(401);
  });

  it('trusts the kept session state on the feed alone, and a minute after a full load at most', async () => {
    const tutor = await newMatchingTutor(t);
    await kept(t, tutor);
    t.clock.advance(2000);
    // sessions ended behind the services: the feed's check reads memory, the others the database
    await t.db.query('UPDATE users SET sessions_revoked_at = $2 WHERE id = $1', [
      tutor.userId,
      t.clock.now(),
    ]);
    expect((await feedOf(t.app, tutor)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/enquiry/contacted/', tutor.access)).statusCode).toBe(
      401,
    );
    // a minute after the last full load, the feed asks the database too
    t.clock.advance(60_000);
    expect((await feedOf(t.app, tutor)).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two instances through Redis', () => {
  it('a suspension and a star on one reach the other’s kept tutor', async () => {
    const { one, two, close } = await startTwoInstances(t.db, 'readers');
    try {
      const admin = await signInNewAdministrator(one.app, one.db);
      const tutor = await newMatchingTutor(one, { subjects: ['Telugu'], classes: ['Class 8'] });
      const poster = await newPoster(one);
      const enquiry = await postEnquiryAs(one.app, poster, {
        subject: 'Telugu',
        class_level: 'Class 8',
      });
      await kept(two, tutor);
      // the post reaches the other instance's live enquiries by its own message
      await eventually(async () => (await cardsOf(two.app, tutor))[0]?.id === enquiry.id);
      expect((await cardsOf(two.app, tutor))[0]?.is_starred).toBe(false);
      const star = `/api/enquiry/${String(enquiry.id)}/star/`;
      expect((await call(one.app, 'POST', star, tutor.access)).statusCode).toBe(200);
      await eventually(async () => (await cardsOf(two.app, tutor))[0]?.is_starred === true);
      const suspend = `/api/admin/users/${String(tutor.userId)}/suspend/`;
      const response = await call(one.app, 'POST', suspend, admin.access, { reason: 'Spam' });
      expect(response.statusCode).toBe(200);
      await eventually(async () => (await feedOf(two.app, tutor)).statusCode === 401);
    } finally {
      await close();
    }
  });
});
