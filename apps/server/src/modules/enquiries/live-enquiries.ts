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
 * that no service announced, can go unseen. Each request then reads only the
 * tutor's own inputs from the database and ranks in memory by exactly the
 * rules of `selectFeed` (docs/matching.md); the tests hold the two to the same
 * answers.
 *
 * Writes race: a row read for an older change may arrive after one read for a
 * newer change. Every read takes a sequence number when it starts and a row is
 * only replaced by a read that started later, so the newest read wins; a
 * removed row leaves its sequence behind until a full load that started after
 * it has finished.
 */
import type { Queryable } from '../../db/connection.ts';

import {
  EARTH_RADIUS_KM,
  KM_PER_DEGREE_LATITUDE,
  type FeedCriteria,
  type FeedRow,
} from './queries.ts';

/** How long the live enquiries are trusted after a full load (then the database ranks). */
export const LIVE_ENQUIRIES_MAX_AGE_MS = 60_000;
/** How often they are loaded again in full: well within their age limit. */
export const LIVE_ENQUIRIES_RESYNC_MS = 30_000;
const FRESHNESS_WINDOW_S = 30 * 86_400;

/** One live enquiry with what its poster adds to the card and the order. */
export interface LiveEnquiry {
  id: number;
  student_id: number;
  name: string;
  class_level: string;
  subject: string;
  study_mode: 'online' | 'offline' | 'both';
  board: string;
  language: string;
  coins_required: number;
  female_tutor_preferred: boolean;
  responded_count: number;
  total_responses: number;
  posted_at: Date;
  expires_at: Date;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  poster_avatar_url: string | null;
  poster_is_premium: boolean;
}

/** What one tutor did to enquiries: the feed's filters and marks. */
export interface TutorMarks {
  contacted: ReadonlySet<number>;
  viewed: ReadonlySet<number>;
  reported: ReadonlySet<number>;
  starred: ReadonlySet<number>;
}

/** Which rows a change touched. */
export type LiveChange = { enquiryId: number } | { posterId: number };

const LIVE_COLUMNS = `e.id, e.student_id, e.name, e.class_level, e.subject, e.study_mode,
  e.board, e.language, e.coins_required, e.female_tutor_preferred, e.responded_count,
  e.total_responses, e.posted_at, e.expires_at, e.city, e.state, e.latitude, e.longitude,
  u.avatar_url AS poster_avatar_url, u.is_premium AS poster_is_premium`;
const LIVE_FROM = `FROM enquiries e JOIN users u ON u.id = e.student_id AND u.is_active
  WHERE NOT e.archived AND e.expires_at > $1`;

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) *
      Math.cos(lat2 * radians) *
      Math.sin(((lng2 - lng1) * radians) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, a)));
}

interface Ranked {
  row: LiveEnquiry;
  premium: boolean;
  score: number;
  distance: number | null;
}

/** a before b in the feed: premium first, then score, newer, higher id. */
function before(a: Ranked, b: Ranked): boolean {
  if (a.premium !== b.premium) return a.premium;
  if (a.score !== b.score) return a.score > b.score;
  const posted = a.row.posted_at.getTime() - b.row.posted_at.getTime();
  if (posted !== 0) return posted > 0;
  return a.row.id > b.row.id;
}

/** The first `size` items in feed order, kept sorted as candidates come. */
class TopList {
  readonly items: Ranked[] = [];
  constructor(private readonly size: number) {}

  offer(item: Ranked): void {
    const { items, size } = this;
    if (size === 0) return;
    const last = items[items.length - 1];
    if (items.length === size && last && !before(item, last)) return;
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = items[middle];
      if (other && before(other, item)) low = middle + 1;
      else high = middle;
    }
    items.splice(low, 0, item);
    if (items.length > size) items.pop();
  }
}

export class LiveEnquiries {
  private readonly rows = new Map<number, LiveEnquiry>();
  /** subject → class → rows. */
  private readonly buckets = new Map<string, Map<string, Map<number, LiveEnquiry>>>();
  /** The sequence of the read that last wrote each row (removed rows too). */
  private readonly written = new Map<number, number>();
  private sequence = 0;
  /** When the last full load that succeeded started (clock ms), null before one. */
  private loadedAt: number | null = null;
  /** The sequence of the last read that failed and no full load has covered since (0: none). */
  private failedAt = 0;

  /**
   * Whether the feed may be ranked from here at `nowMs`: loaded in full less
   * than LIVE_ENQUIRIES_MAX_AGE_MS ago, and no read failed since.
   */
  readyAt(nowMs: number): boolean {
    return (
      this.loadedAt !== null &&
      nowMs - this.loadedAt < LIVE_ENQUIRIES_MAX_AGE_MS &&
      this.failedAt === 0
    );
  }

  get size(): number {
    return this.rows.size;
  }

  /** Loads every live enquiry again; rows changed by newer reads stay. */
  async loadAll(db: Queryable, now: Date): Promise<void> {
    const started = this.next();
    const startedAt = now.getTime();
    const rows = await db.query<LiveEnquiry>(`SELECT ${LIVE_COLUMNS} ${LIVE_FROM}`, [now]);
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      this.write(row.id, row, started);
    }
    for (const id of [...this.rows.keys()]) if (!seen.has(id)) this.write(id, null, started);
    // a removal older than this load is now in it
    for (const [id, sequence] of this.written) {
      if (sequence <= started && !this.rows.has(id)) this.written.delete(id);
    }
    this.loadedAt = startedAt;
    if (started > this.failedAt) this.failedAt = 0;
  }

  /** Reads again the rows a change touched (an enquiry, or every enquiry of a poster). */
  async refresh(db: Queryable, change: LiveChange, now: Date): Promise<void> {
    const started = this.next();
    try {
      if ('enquiryId' in change) {
        const rows = await db.query<LiveEnquiry>(
          `SELECT ${LIVE_COLUMNS} ${LIVE_FROM} AND e.id = $2`,
          [now, change.enquiryId],
        );
        this.write(change.enquiryId, rows[0] ?? null, started);
        return;
      }
      const rows = await db.query<LiveEnquiry>(
        `SELECT ${LIVE_COLUMNS} ${LIVE_FROM} AND e.student_id = $2`,
        [now, change.posterId],
      );
      const kept = new Set(rows.map((row) => row.id));
      for (const row of rows) this.write(row.id, row, started);
      for (const row of [...this.rows.values()]) {
        if (row.student_id === change.posterId && !kept.has(row.id))
          this.write(row.id, null, started);
      }
    } catch (error) {
      // until a full load succeeds, the feed is ranked by the database
      this.failedAt = Math.max(this.failedAt, started);
      throw error;
    }
  }

  /** One page of the feed and the total, by `selectFeed`'s rules. */
  rank(criteria: FeedCriteria, marks: TutorMarks): FeedRow[] {
    const now = criteria.now.getTime();
    const subjects = new Set(criteria.profile.subjects);
    const classes = new Set(criteria.profile.classes);
    const boards = new Set(criteria.profile.boards);
    const languages = new Set(criteria.profile.languages);
    const online = criteria.modes.includes('online');
    const localModes = new Set(criteria.modes.filter((mode) => mode !== 'online'));
    const origin = localModes.size > 0 ? criteria.origin : null;
    const radius = criteria.radiusKm;
    let box = { south: 0, north: 0, west: 0, east: 0 };
    if (origin) {
      const dLat = radius / KM_PER_DEGREE_LATITUDE;
      const cosLat = Math.max(Math.cos((origin.latitude * Math.PI) / 180), 0.01);
      const dLng = Math.min(180, radius / (KM_PER_DEGREE_LATITUDE * cosLat));
      box = {
        south: origin.latitude - dLat,
        north: origin.latitude + dLat,
        west: origin.longitude - dLng,
        east: origin.longitude + dLng,
      };
    }
    const types = criteria.types;
    const showReported = types.includes('reported');
    const top = new TopList(criteria.offset + criteria.limit);
    let count = 0;

    for (const list of this.lists(criteria.subjects, criteria.classes)) {
      for (const row of list.values()) {
        if (row.expires_at.getTime() <= now) continue;
        let distance: number | null = null;
        if (row.study_mode === 'online') {
          if (!online) continue;
        } else {
          if (!origin || !localModes.has(row.study_mode)) continue;
          if (row.latitude < box.south || row.latitude > box.north) continue;
          if (row.longitude < box.west || row.longitude > box.east) continue;
          distance = haversineKm(origin.latitude, origin.longitude, row.latitude, row.longitude);
          if (distance > radius) continue;
        }
        const contacted = marks.contacted.has(row.id);
        if (row.responded_count >= row.total_responses && !contacted) continue;
        const reported = marks.reported.has(row.id);
        if (types.length > 0) {
          const wanted = types.some((type) =>
            type === 'responded'
              ? contacted
              : type === 'viewed'
                ? marks.viewed.has(row.id)
                : reported,
          );
          if (!wanted) continue;
        }
        if (reported && !showReported) continue;
        count += 1;
        const age = (now - row.posted_at.getTime()) / 1000;
        const score =
          (subjects.has(row.subject) ? 30 : 0) +
          (classes.has(row.class_level) ? 20 : 0) +
          (row.board !== '' && boards.has(row.board) ? 10 : 0) +
          (languages.has(row.language) ? 10 : 0) +
          (distance === null ? 10 : 20 * (1 - distance / radius)) +
          20 * Math.max(0, 1 - age / FRESHNESS_WINDOW_S) +
          10 * (1 - row.responded_count / row.total_responses);
        top.offer({ row, premium: row.poster_is_premium, score, distance });
      }
    }

    return top.items.slice(criteria.offset).map(({ row, distance }) => ({
      id: row.id,
      name: row.name,
      class_level: row.class_level,
      subject: row.subject,
      study_mode: row.study_mode,
      coins_required: row.coins_required,
      female_tutor_preferred: row.female_tutor_preferred,
      responded_count: row.responded_count,
      total_responses: row.total_responses,
      posted_at: row.posted_at,
      expires_at: row.expires_at,
      city: row.city,
      state: row.state,
      poster_avatar_url: row.poster_avatar_url,
      is_starred: marks.starred.has(row.id),
      viewed: marks.viewed.has(row.id),
      distance_km: distance,
      total_count: count,
    }));
  }

  /** The rows of these subjects and classes (every one where a list is empty), by bucket. */
  private lists(
    subjects: readonly string[],
    classes: readonly string[],
  ): Map<number, LiveEnquiry>[] {
    const bySubject =
      subjects.length > 0
        ? [...new Set(subjects)].map((subject) => this.buckets.get(subject))
        : [...this.buckets.values()];
    const lists: Map<number, LiveEnquiry>[] = [];
    for (const byClass of bySubject) {
      if (!byClass) continue;
      for (const list of classes.length > 0
        ? [...new Set(classes)].map((classLevel) => byClass.get(classLevel))
        : byClass.values()) {
        if (list) lists.push(list);
      }
    }
    return lists;
  }

  private next(): number {
    this.sequence += 1;
    return this.sequence;
  }

  /** Puts (or, with null, removes) a row, unless a newer read already wrote it. */
  private write(id: number, row: LiveEnquiry | null, sequence: number): void {
    if ((this.written.get(id) ?? 0) > sequence) return;
    this.written.set(id, sequence);
    const old = this.rows.get(id);
    if (old) {
      this.buckets.get(old.subject)?.get(old.class_level)?.delete(id);
      this.rows.delete(id);
    }
    if (!row) return;
    this.rows.set(id, row);
    let byClass = this.buckets.get(row.subject);
    if (!byClass) {
      byClass = new Map();
      this.buckets.set(row.subject, byClass);
    }
    let list = byClass.get(row.class_level);
    if (!list) {
      list = new Map();
      byClass.set(row.class_level, list);
    }
    list.set(id, row);
  }
}
