import type { FeedWithFilters } from '@gurumatch/shared/schemas/enquiries';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildTestApp, startTwoInstances, type TestApp } from '../../../test/build-test-app.ts';
import {
  HSR,
  KORAMANGALA,
  newMatchingTutor,
  newPoster,
  postEnquiryAs,
  type Poster,
} from '../../../test/enquiry-fixtures.ts';
import { call, type RegisteredUser } from '../../../test/factories.ts';
import type { Queryable } from '../../db/connection.ts';

import { feedCacheOf, liveEnquiriesOf } from './feed-cache.ts';
import { LiveEnquiries, type LiveEnquiry, type TutorMarks } from './live-enquiries.ts';
import { selectFeed, type FeedCriteria, type FeedRow } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// a deterministic generator, so a failure can be run again
function randomFrom(start: number) {
  let seed = start;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[]): T[] => items.filter(() => next() < 0.5);
  return { next, pick, some };
}

/** The cards of the tutor's feed on `app`. */
async function feedOf(app: FastifyInstance, tutor: RegisteredUser) {
  const response = await call(app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access);
  return response.json<FeedWithFilters>().results.enquiries;
}

/** A request with no constraint but those given: every mode, no origin, page 1 of 10. */
function everyEnquiry(given: Partial<FeedCriteria> & Pick<FeedCriteria, 'tutorId' | 'now'>) {
  const criteria: FeedCriteria = {
    classes: [],
    subjects: [],
    modes: ['online', 'offline', 'both'],
    origin: null,
    radiusKm: 10,
    types: [],
    profile: { subjects: [], classes: [], boards: [], languages: [] },
    limit: 10,
    offset: 0,
    ...given,
  };
  return criteria;
}

const SUBJECTS = ['Mathematics', 'Physics', 'Chemistry'];
const CLASSES = ['Class 8', 'Class 9', 'Class 10'];
const DAY_MS = 86_400_000;

describe('the live enquiries rank as the database does', () => {
  let tutor: RegisteredUser;
  let marks: TutorMarks;
  const random = randomFrom(7);

  beforeAll(async () => {
    tutor = await newMatchingTutor(t);
    const posters: Poster[] = [];
    for (let i = 0; i < 5; i += 1) posters.push(await newPoster(t));
    const [premium, suspended] = posters;
    if (!premium || !suspended) throw new Error('no posters');
    await t.db.query('UPDATE users SET is_premium = true WHERE id = $1', [premium.userId]);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [suspended.userId]);
    const now = t.clock.now().getTime();
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let i = 0; i < 400; i += 1) {
      const posted = new Date(now - Math.floor(random.next() * 40 * DAY_MS));
      const row = [
        random.pick(posters).userId,
        `Tuition ${String(i)}`,
        random.pick(['online', 'offline', 'both']),
        random.pick(['CBSE', 'ICSE', '']),
        random.pick(CLASSES),
        random.pick(SUBJECTS),
        random.pick(['English', 'Hindi']),
        HSR.latitude + (random.next() - 0.5) * 0.4,
        HSR.longitude + (random.next() - 0.5) * 0.4,
        random.next() < 0.15 ? 5 : Math.floor(random.next() * 5),
        random.next() < 0.1,
        posted,
        new Date(posted.getTime() + 30 * DAY_MS),
      ];
      const first = values.length;
      values.push(...row);
      tuples.push(
        `(${row.map((_, j) => `$${String(first + j + 1)}`).join(', ')}, 10, 400, 'immediately', 'Somewhere')`,
      );
    }
    const inserted = await t.db.query<{ id: number }>(
      `INSERT INTO enquiries (student_id, name, study_mode, board, class_level, subject, language,
                              latitude, longitude, responded_count, archived, posted_at, expires_at,
                              coins_required, user_budget, when_to_start, formatted_address)
       VALUES ${tuples.join(', ')} RETURNING id`,
      values,
    );
    const ids = inserted.map((row) => row.id);
    const chosen = (share: number) => ids.filter(() => random.next() < share);
    const contacted = chosen(0.05);
    const viewed = [...new Set([...contacted, ...chosen(0.2)])];
    const reported = chosen(0.05);
    const starred = chosen(0.1);
    for (const [table, list] of [
      ['enquiry_views', viewed],
      ['enquiry_reports', reported],
      ['enquiry_stars', starred],
    ] as const) {
      const extra = table === 'enquiry_reports' ? ", 'Other', now()" : '';
      const columns = table === 'enquiry_reports' ? ', reason, created_at' : '';
      for (const id of list) {
        await t.db.query(
          `INSERT INTO ${table} (enquiry_id, tutor_id${columns}) VALUES ($1, $2${extra})`,
          [id, tutor.userId],
        );
      }
    }
    for (const id of contacted) {
      await t.db.query(
        `WITH opened AS (
           INSERT INTO conversations (enquiry_id, tutor_id, student_id)
           SELECT id, $2, student_id FROM enquiries WHERE id = $1 RETURNING id
         )
         INSERT INTO enquiry_contacts (enquiry_id, tutor_id, conversation_id, spend_entry_id,
                                       coins_spent, price_quote, price_type, created_at)
         SELECT $1, $2, id, 0, 10, 500, 'Hourly', now() FROM opened`,
        [id, tutor.userId],
      );
    }
    marks = {
      contacted: new Set(contacted),
      viewed: new Set(viewed),
      reported: new Set(reported),
      starred: new Set(starred),
    };
  });

  it('the same rows, order, distances, marks and total for 60 kinds of request', async () => {
    const live = new LiveEnquiries();
    const now = t.clock.now();
    await live.loadAll(t.db, now);
    // the archived, the suspended poster's and the expired ones never come in
    expect(live.size).toBeGreaterThan(150);
    expect(live.size).toBeLessThan(330);
    const pick = randomFrom(11);
    let compared = 0;
    for (let i = 0; i < 60; i += 1) {
      const modes = pick.pick([
        ['online', 'both'],
        ['offline', 'both'],
        ['online', 'offline', 'both'],
      ]);
      const criteria: FeedCriteria = {
        tutorId: tutor.userId,
        now,
        classes: i % 5 === 0 ? [] : pick.some(CLASSES),
        subjects: i % 7 === 0 ? [] : pick.some(SUBJECTS),
        modes,
        origin: i % 9 === 0 ? null : pick.pick([HSR, KORAMANGALA]),
        radiusKm: pick.pick([5, 10, 20]),
        types: i % 4 === 0 ? pick.some(['responded', 'viewed', 'reported'] as const) : [],
        profile: {
          subjects: pick.some(SUBJECTS),
          classes: pick.some(CLASSES),
          boards: pick.some(['CBSE', 'ICSE']),
          languages: pick.some(['English', 'Hindi']),
        },
        limit: pick.pick([10, 20]),
        offset: pick.pick([0, 0, 10, 30]),
      };
      const expected = await selectFeed(t.db, criteria);
      const actual = live.rank(criteria, marks);
      const shape = (rows: FeedRow[]) =>
        rows.map((row) => ({
          ...row,
          posted_at: row.posted_at.getTime(),
          distance_km: row.distance_km === null ? null : Math.round(row.distance_km * 1e6),
        }));
      expect(shape(actual), JSON.stringify(criteria)).toEqual(shape(expected));
      if (expected.length > 0) compared += 1;
    }
    // most requests found rows: the comparison was not of empty pages
    expect(compared).toBeGreaterThan(40);
  });

  it('a later full load reads only the rows whose enquiry or poster changed', async () => {
    const live = new LiveEnquiries();
    const now = t.clock.now();
    await live.loadAll(t.db, now);
    const criteria = everyEnquiry({
      tutorId: tutor.userId,
      now,
      origin: HSR,
      radiusKm: 20,
      limit: 400,
    });
    const ids = live.rank(criteria, marks).map((row) => row.id);
    const [first, second] = ids.slice(-2);
    // behind the services' back: one enquiry is archived, another's poster made premium
    await t.db.query('UPDATE enquiries SET archived = true WHERE id = $1', [first]);
    const [poster] = await t.db.query<{ student_id: number; count: number }>(
      `UPDATE users SET is_premium = true
        WHERE id = (SELECT student_id FROM enquiries WHERE id = $1)
       RETURNING id AS student_id,
         (SELECT count(*)::int FROM enquiries e WHERE e.student_id = users.id
             AND NOT e.archived AND e.expires_at > $2) AS count`,
      [second, now],
    );
    expect(poster?.count).toBeGreaterThan(0);
    expect(await live.loadAll(t.db, now)).toEqual({ read: poster?.count });
    const ranked = live.rank(criteria, marks);
    expect(ranked.map((row) => row.id)).not.toContain(first);
    // it was near the end; premium now, it comes before every enquiry of the others
    expect(ranked.findIndex((row) => row.id === second)).toBeLessThan(ids.length / 2);
    expect(ranked).toEqual(await selectFeed(t.db, criteria));
  });
});

describe('reads that race', () => {
  /** A row as the database answers it, its version following its responses. */
  const row = (id: number, responded: number): LiveEnquiry & { version: string } => ({
    version: `${String(id)}:${String(responded)}`,
    id,
    student_id: 1,
    name: 'Tuition',
    class_level: 'Class 10',
    subject: 'Mathematics',
    study_mode: 'online',
    board: 'CBSE',
    language: 'English',
    coins_required: 15,
    female_tutor_preferred: false,
    responded_count: responded,
    total_responses: 5,
    posted_at: new Date('2026-11-20T10:00:00Z'),
    expires_at: new Date('2026-12-20T10:00:00Z'),
    city: 'Bengaluru',
    state: 'Karnataka',
    latitude: HSR.latitude,
    longitude: HSR.longitude,
    poster_avatar_url: null,
    poster_is_premium: false,
  });
  /** A database whose answers come when the test says. */
  function heldDb() {
    const held: { sql: string; answer: (rows: LiveEnquiry[]) => void }[] = [];
    const db: Queryable = {
      query<Row>(sql: string): Promise<Row[]> {
        return new Promise((resolve) => {
          held.push({ sql, answer: (rows) => resolve(rows as Row[]) });
        });
      },
    };
    /** Answers the oldest query still waiting, once one is asked. */
    const answerNext = async (rows: LiveEnquiry[]) => {
      await vi.waitFor(() => {
        expect(held.length).toBeGreaterThan(0);
      });
      held.shift()?.answer(rows);
    };
    return { db, held, answerNext };
  }
  const now = new Date('2026-11-25T10:00:00Z');
  const criteria = everyEnquiry({ tutorId: 1, now });
  const none: TutorMarks = {
    contacted: new Set(),
    viewed: new Set(),
    reported: new Set(),
    starred: new Set(),
  };
  const shown = (live: LiveEnquiries) =>
    live.rank(criteria, none).map((item) => [item.id, item.responded_count]);

  it('keeps the newer read of a row when an older one answers last', async () => {
    const live = new LiveEnquiries();
    const { db, held } = heldDb();
    const loading = live.loadAll(db, now);
    held.shift()?.answer([row(1, 0)]);
    await loading;
    const older = live.refresh(db, { enquiryId: 1 }, now);
    const newer = live.refresh(db, { enquiryId: 1 }, now);
    const [first, second] = held.splice(0);
    second?.answer([row(1, 2)]);
    await newer;
    first?.answer([row(1, 1)]);
    await older;
    expect(shown(live)).toEqual([[1, 2]]);
  });

  it('keeps a row removed after a full load began, and forgets the removal once a later load saw it', async () => {
    const live = new LiveEnquiries();
    const { db, held, answerNext } = heldDb();
    const first = live.loadAll(db, now);
    await answerNext([row(1, 0), row(2, 0)]);
    await first;
    // a full load starts, then enquiry 2 is archived and read again
    const load = live.loadAll(db, now);
    const archived = live.refresh(db, { enquiryId: 2 }, now);
    const [versionsQuery, refreshQuery] = held.splice(0);
    refreshQuery?.answer([]);
    await archived;
    // the load read its versions before the archive: 2 looks new to it, and is read
    versionsQuery?.answer([row(1, 0), row(2, 0)]);
    await answerNext([row(2, 0)]);
    expect(await load).toEqual({ read: 1 });
    expect(shown(live)).toEqual([[1, 0]]);
    // a load begun after the removal brings it back if the database says so
    const later = live.loadAll(db, now);
    await answerNext([row(1, 0), row(2, 0)]);
    await answerNext([row(2, 0)]);
    await later;
    expect(shown(live).map(([id]) => id)).toEqual([2, 1]);
  });

  it('is not trusted after a read fails, until a full load begun later succeeds', async () => {
    const live = new LiveEnquiries();
    const failing: Queryable = { query: () => Promise.reject(new Error('connection lost')) };
    const { db, held, answerNext } = heldDb();
    const loading = live.loadAll(db, now);
    held.shift()?.answer([row(1, 0)]);
    await loading;
    expect(live.readyAt(now.getTime())).toBe(true);
    await expect(live.refresh(failing, { enquiryId: 1 }, now)).rejects.toThrow('connection lost');
    expect(live.readyAt(now.getTime())).toBe(false);
    const again = live.loadAll(db, now);
    await answerNext([row(1, 1)]);
    await answerNext([row(1, 1)]);
    expect(await again).toEqual({ read: 1 });
    expect(shown(live)).toEqual([[1, 1]]);
    expect(live.readyAt(now.getTime())).toBe(true);
    // and a full load is trusted for a minute
    expect(live.readyAt(now.getTime() + 59_999)).toBe(true);
    expect(live.readyAt(now.getTime() + 60_000)).toBe(false);
  });
});

describe('the feed from the live enquiries', () => {
  it('ranks from memory once loaded: a post and an archive show on the next read', async () => {
    const tutor = await newMatchingTutor(t, { subjects: ['Sanskrit'], classes: ['Class 6'] });
    const poster = await newPoster(t);
    expect(liveEnquiriesOf(t.ctx)).not.toBeNull();
    const enquiry = await postEnquiryAs(t.app, poster, {
      subject: 'Sanskrit',
      class_level: 'Class 6',
    });
    const feed = () => feedOf(t.app, tutor);
    expect((await feed()).map((card) => card.id)).toEqual([enquiry.id]);
    // a change written behind the services' back is not in memory: with no page cached,
    // what shows came from there
    await t.db.query("UPDATE enquiries SET name = 'Changed behind' WHERE id = $1", [enquiry.id]);
    feedCacheOf(t.ctx)?.dropAll();
    expect((await feed())[0]?.name).toBe(enquiry.name);
    const archive = `/api/enquiry/enquiries/${String(enquiry.id)}/archive/`;
    expect((await call(t.app, 'POST', archive, poster.access)).statusCode).toBe(200);
    expect(await feed()).toEqual([]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two instances through Redis', () => {
  it('a post and an archive on one reach the other’s memory', async () => {
    const { one, two, close } = await startTwoInstances(t.db, 'live');
    try {
      const tutor = await newMatchingTutor(one, { subjects: ['Urdu'], classes: ['Class 7'] });
      const poster = await newPoster(one);
      const enquiry = await postEnquiryAs(one.app, poster, {
        subject: 'Urdu',
        class_level: 'Class 7',
      });
      const feedOnTwo = () => feedOf(two.app, tutor);
      const eventually = async (check: (ids: number[]) => boolean) => {
        for (let i = 0; i < 50; i += 1) {
          const ids = (await feedOnTwo()).map((card) => card.id);
          if (check(ids)) return ids;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the other instance never saw the change');
      };
      expect(liveEnquiriesOf(two.ctx)).not.toBeNull();
      await eventually((ids) => ids.includes(enquiry.id));
      const archive = `/api/enquiry/enquiries/${String(enquiry.id)}/archive/`;
      expect((await call(one.app, 'POST', archive, poster.access)).statusCode).toBe(200);
      await eventually((ids) => !ids.includes(enquiry.id));
    } finally {
      await close();
    }
  });
});
