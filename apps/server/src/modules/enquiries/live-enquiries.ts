/**
 * The live enquiries every tutor's feed is ranked from, kept in memory on each
 * server instance (decision 058).
 *
 * A tutor's feed reads every live enquiry of their classes and subjects; in a
 * city, thousands of tutors each read their own feed, so no per-tutor page is
 * warm when they come. What they share is the set of live enquiries: it is
 * loaded once, kept up to date row by row as enquiries are posted, contacted
 * and archived and as posters are suspended or made premium (the changes
 * travel over the pub/sub adapter, like the feed cache's drops), and loaded
 * again in full every LIVE_ENQUIRIES_RESYNC_MS. A full load older than
 * LIVE_ENQUIRIES_MAX_AGE_MS is not trusted (the database ranks the feed until
 * the next one), which bounds how long a change whose message was lost, or
 * that no service announced, can go unseen (`ReplicaBook` keeps that account
 * and orders racing reads). Each request then ranks in memory by exactly the
 * rules of `selectFeed` (docs/matching.md); the tests hold the two to the same
 * answers.
 */
import type { Queryable } from '../../db/connection.ts';
import { ReplicaBook } from '../../lib/replica-book.ts';

import { Bucket, rankFeed, type LiveEnquiry, type TutorMarks } from './feed-ranking.ts';
import type { FeedCriteria, FeedRow } from './queries.ts';

export type { LiveEnquiry, TutorMarks } from './feed-ranking.ts';

/** How long the live enquiries are trusted after a full load (then the database ranks). */
export const LIVE_ENQUIRIES_MAX_AGE_MS = 60_000;
/** How often they are loaded again in full: well within their age limit. */
export const LIVE_ENQUIRIES_RESYNC_MS = 30_000;

/** Which rows a change touched. */
export type LiveChange = { enquiryId: number } | { posterId: number };

/** A row's version: changes whenever the enquiry's row or its poster's row is written. */
const VERSION = "e.xmin::text || ':' || u.xmin::text AS version";
const LIVE_COLUMNS = `e.id, e.student_id, e.name, e.class_level, e.subject, e.study_mode,
  e.board, e.language, e.coins_required, e.female_tutor_preferred, e.responded_count,
  e.total_responses, e.posted_at, e.expires_at, e.city, e.state, e.latitude, e.longitude,
  u.avatar_url AS poster_avatar_url, u.is_premium AS poster_is_premium, ${VERSION}`;
const LIVE_FROM = `FROM enquiries e JOIN users u ON u.id = e.student_id AND u.is_active
  WHERE NOT e.archived AND e.expires_at > $1`;

interface Versioned {
  id: number;
  version: string;
}

interface Kept {
  row: LiveEnquiry;
  version: string;
  bucket: Bucket;
}

export class LiveEnquiries {
  private readonly items = new Map<number, Kept>();
  /** subject → class → rows. */
  private readonly buckets = new Map<string, Map<string, Bucket>>();
  private readonly book = new ReplicaBook(LIVE_ENQUIRIES_MAX_AGE_MS);

  /**
   * Whether the feed may be ranked from here at `nowMs`: loaded in full less
   * than LIVE_ENQUIRIES_MAX_AGE_MS ago, and no read failed since.
   */
  readyAt(nowMs: number): boolean {
    return this.book.readyAt(nowMs);
  }

  get size(): number {
    return this.items.size;
  }

  /** When the last full load that succeeded started (clock ms), null before one. */
  get lastLoadedAt(): number | null {
    return this.book.lastLoadedAt;
  }

  /**
   * Loads every live enquiry again; rows changed by newer reads stay. After
   * the first load only the versions are read in full, and the rows whose
   * version changed.
   */
  async loadAll(db: Queryable, now: Date): Promise<{ read: number }> {
    const started = this.book.begin();
    const startedAt = now.getTime();
    let rows: (LiveEnquiry & Versioned)[];
    if (this.items.size === 0) {
      rows = await db.query(`SELECT ${LIVE_COLUMNS} ${LIVE_FROM}`, [now]);
    } else {
      const versions = await db.query<Versioned>(`SELECT e.id, ${VERSION} ${LIVE_FROM}`, [now]);
      const changed = versions
        .filter(({ id, version }) => this.items.get(id)?.version !== version)
        .map(({ id }) => id);
      rows =
        changed.length === 0
          ? []
          : await db.query(`SELECT ${LIVE_COLUMNS} ${LIVE_FROM} AND e.id = ANY($2::int[])`, [
              now,
              changed,
            ]);
      const live = new Set(versions.map(({ id }) => id));
      for (const id of [...this.items.keys()]) if (!live.has(id)) this.write(id, null, started);
    }
    for (const row of rows) this.write(row.id, row, started);
    this.book.loaded(started, startedAt, (id) => this.items.has(id));
    return { read: rows.length };
  }

  /** Reads again the rows a change touched (an enquiry, or every enquiry of a poster). */
  async refresh(db: Queryable, change: LiveChange, now: Date): Promise<void> {
    const started = this.book.begin();
    try {
      if ('enquiryId' in change) {
        const rows = await db.query<LiveEnquiry & Versioned>(
          `SELECT ${LIVE_COLUMNS} ${LIVE_FROM} AND e.id = $2`,
          [now, change.enquiryId],
          // one row by its key, on every instance for every change
          { prepared: true },
        );
        this.write(change.enquiryId, rows[0] ?? null, started);
        return;
      }
      const rows = await db.query<LiveEnquiry & Versioned>(
        `SELECT ${LIVE_COLUMNS} ${LIVE_FROM} AND e.student_id = $2`,
        [now, change.posterId],
      );
      const kept = new Set(rows.map((row) => row.id));
      for (const row of rows) this.write(row.id, row, started);
      for (const { row } of [...this.items.values()]) {
        if (row.student_id === change.posterId && !kept.has(row.id))
          this.write(row.id, null, started);
      }
    } catch (error) {
      // until a full load succeeds, the feed is ranked by the database
      this.book.failed(started);
      throw error;
    }
  }

  /** One page of the feed and the total, by `selectFeed`'s rules. */
  rank(criteria: FeedCriteria, marks: TutorMarks): FeedRow[] {
    return rankFeed(this.bucketsOf(criteria.subjects, criteria.classes), criteria, marks);
  }

  /** The buckets of these subjects and classes (every one where a list is empty). */
  private bucketsOf(subjects: readonly string[], classes: readonly string[]): Bucket[] {
    const bySubject =
      subjects.length > 0
        ? [...new Set(subjects)].map((subject) => this.buckets.get(subject))
        : [...this.buckets.values()];
    const found: Bucket[] = [];
    for (const byClass of bySubject) {
      if (!byClass) continue;
      for (const bucket of classes.length > 0
        ? [...new Set(classes)].map((classLevel) => byClass.get(classLevel))
        : byClass.values()) {
        if (bucket) found.push(bucket);
      }
    }
    return found;
  }

  /** Puts (or, with null, removes) a row, unless a newer read already wrote it. */
  private write(id: number, row: (LiveEnquiry & Versioned) | null, sequence: number): void {
    if (!this.book.claim(id, sequence)) return;
    const old = this.items.get(id);
    if (old) {
      old.bucket.remove(old.row);
      this.items.delete(id);
    }
    if (!row) return;
    const { version, ...live } = row;
    let byClass = this.buckets.get(live.subject);
    if (!byClass) {
      byClass = new Map();
      this.buckets.set(live.subject, byClass);
    }
    let bucket = byClass.get(live.class_level);
    if (!bucket) {
      bucket = new Bucket(live.subject, live.class_level);
      byClass.set(live.class_level, bucket);
    }
    bucket.add(live);
    this.items.set(id, { row: live, version, bucket });
  }
}
