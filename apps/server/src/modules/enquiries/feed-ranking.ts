/**
 * The feed's matching and order (docs/matching.md) over the live enquiries in
 * memory, by exactly the rules of `selectFeed`.
 *
 * The enquiries are kept in buckets of one subject and one class. A tutor's
 * request visits only the buckets of their subjects and classes, and in each
 * the online rows and the others whose latitude is within the radius (they
 * are kept sorted by latitude). The fields the loop reads are copied into
 * typed arrays per bucket, rebuilt when the bucket changes, so a request
 * reads contiguous memory rather than one object per row: most tutors' feeds
 * are read cold, and a city's enquiries do not fit in the processor's caches.
 */
import {
  EARTH_RADIUS_KM,
  KM_PER_DEGREE_LATITUDE,
  type CardRow,
  type FeedCriteria,
  type FeedRow,
} from './queries.ts';

const FRESHNESS_WINDOW_S = 30 * 86_400;

/** One live enquiry: its card, and what matching and the order read besides. */
export interface LiveEnquiry extends Omit<CardRow, 'is_starred' | 'viewed' | 'distance_km'> {
  student_id: number;
  board: string;
  language: string;
  latitude: number;
  longitude: number;
  poster_is_premium: boolean;
}

/** What one tutor did to enquiries: the feed's filters and marks. */
export interface TutorMarks {
  contacted: ReadonlySet<number>;
  viewed: ReadonlySet<number>;
  reported: ReadonlySet<number>;
  starred: ReadonlySet<number>;
}

/** Small numbers for boards and languages, so a row's are compared without its strings. */
class Codes {
  private readonly codes = new Map<string, number>();
  of(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(value, code);
    }
    return code;
  }
  /** A table: code → 1 when the value is one of `values`. */
  hits(values: readonly string[]): Uint8Array {
    const table = new Uint8Array(this.codes.size + 1);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) table[code] = 1;
    }
    return table;
  }
}
const BOARDS = new Codes();
const LANGUAGES = new Codes();

const RADIANS = Math.PI / 180;
const MODE_ONLINE = 0;
const MODES = { online: MODE_ONLINE, offline: 1, both: 2 } as const;

/** A bucket's rows as the loop reads them: online rows first, then the others by latitude. */
interface Columns {
  rows: LiveEnquiry[];
  firstLocal: number;
  id: Int32Array;
  mode: Uint8Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** cos(latitude), which every distance from this row needs. */
  cosLatitude: Float64Array;
  postedMs: Float64Array;
  expiresMs: Float64Array;
  responded: Int32Array;
  total: Int32Array;
  premium: Uint8Array;
  board: Int32Array;
  language: Int32Array;
}

function columnsOf(online: readonly LiveEnquiry[], local: readonly LiveEnquiry[]): Columns {
  const rows = [...online, ...local];
  const n = rows.length;
  const columns: Columns = {
    rows,
    firstLocal: online.length,
    id: new Int32Array(n),
    mode: new Uint8Array(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    cosLatitude: new Float64Array(n),
    postedMs: new Float64Array(n),
    expiresMs: new Float64Array(n),
    responded: new Int32Array(n),
    total: new Int32Array(n),
    premium: new Uint8Array(n),
    board: new Int32Array(n),
    language: new Int32Array(n),
  };
  rows.forEach((row, i) => {
    columns.id[i] = row.id;
    columns.mode[i] = MODES[row.study_mode];
    columns.latitude[i] = row.latitude;
    columns.longitude[i] = row.longitude;
    columns.cosLatitude[i] = Math.cos(row.latitude * RADIANS);
    columns.postedMs[i] = row.posted_at.getTime();
    columns.expiresMs[i] = row.expires_at.getTime();
    columns.responded[i] = row.responded_count;
    columns.total[i] = row.total_responses;
    columns.premium[i] = row.poster_is_premium ? 1 : 0;
    columns.board[i] = BOARDS.of(row.board);
    columns.language[i] = LANGUAGES.of(row.language);
  });
  return columns;
}

/**
 * The first index in [from, to) of a sorted list where `goesBefore` stops
 * holding (binary search): where to insert, or where a range starts.
 */
function firstIndexNotBefore(from: number, to: number, goesBefore: (index: number) => boolean) {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (goesBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The live enquiries of one subject and one class. */
export class Bucket {
  private readonly online: LiveEnquiry[] = [];
  /** Offline and 'both' rows, by latitude. */
  private readonly local: LiveEnquiry[] = [];
  private built: Columns | null = null;

  constructor(
    readonly subject: string,
    readonly classLevel: string,
  ) {}

  add(row: LiveEnquiry): void {
    if (row.study_mode === 'online') this.online.push(row);
    else {
      const { local } = this;
      const at = firstIndexNotBefore(
        0,
        local.length,
        (index) => (local[index]?.latitude ?? Infinity) < row.latitude,
      );
      local.splice(at, 0, row);
    }
    this.built = null;
  }

  remove(row: LiveEnquiry): void {
    const list = row.study_mode === 'online' ? this.online : this.local;
    const at = list.indexOf(row);
    if (at >= 0) list.splice(at, 1);
    this.built = null;
  }

  columns(): Columns {
    this.built ??= columnsOf(this.online, this.local);
    return this.built;
  }
}

/** The haversine distance, given each point's cos(latitude) (computed once per point). */
function haversineKm(
  lat1: number,
  lng1: number,
  cosLat1: number,
  lat2: number,
  lng2: number,
  cosLat2: number,
): number {
  const a =
    Math.sin(((lat2 - lat1) * RADIANS) / 2) ** 2 +
    cosLat1 * cosLat2 * Math.sin(((lng2 - lng1) * RADIANS) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, a)));
}

interface Ranked {
  premium: number;
  score: number;
  postedMs: number;
  id: number;
  row: LiveEnquiry;
  distance: number | null;
}

/** a before b in the feed: premium first, then score, newer, higher id. */
function before(a: Ranked, b: Ranked): boolean {
  if (a.premium !== b.premium) return a.premium > b.premium;
  if (a.score !== b.score) return a.score > b.score;
  if (a.postedMs !== b.postedMs) return a.postedMs > b.postedMs;
  return a.id > b.id;
}

/** The first `size` candidates in feed order, kept sorted as they come. */
class TopList {
  readonly items: Ranked[] = [];
  constructor(private readonly size: number) {}

  /**
   * Whether a candidate would be kept: asked before one is made, since most
   * candidates are not (and making each one costs).
   */
  admits(premium: number, score: number, postedMs: number, id: number): boolean {
    const { items, size } = this;
    if (size === 0) return false;
    const last = items[items.length - 1];
    if (items.length < size || !last) return true;
    if (premium !== last.premium) return premium > last.premium;
    if (score !== last.score) return score > last.score;
    if (postedMs !== last.postedMs) return postedMs > last.postedMs;
    return id > last.id;
  }

  /** Keeps a candidate `admits` let in, in order. */
  offer(item: Ranked): void {
    const { items, size } = this;
    // the search written out: this runs for most candidates, and a closure per call costs
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

/** One page of the feed and the total from these buckets, by `selectFeed`'s rules. */
export function rankFeed(
  buckets: readonly Bucket[],
  criteria: FeedCriteria,
  marks: TutorMarks,
): FeedRow[] {
  const now = criteria.now.getTime();
  const { profile, types } = criteria;
  const subjects = new Set(profile.subjects);
  const classes = new Set(profile.classes);
  // built first: building one may give a board or language its code
  const columns = buckets.map((bucket) => ({ bucket, c: bucket.columns() }));
  // the database's rule: an enquiry without a board scores none for it
  const boardHits = BOARDS.hits(profile.boards.filter((board) => board !== ''));
  const languageHits = LANGUAGES.hits(profile.languages);
  const online = criteria.modes.includes('online');
  const localModes = new Uint8Array(3);
  if (criteria.modes.includes('offline')) localModes[MODES.offline] = 1;
  if (criteria.modes.includes('both')) localModes[MODES.both] = 1;
  const origin = localModes.includes(1) ? criteria.origin : null;
  const radius = criteria.radiusKm;
  const showReported = types.includes('reported');
  const top = new TopList(criteria.offset + criteria.limit);
  let count = 0;
  const hasContacted = marks.contacted.size > 0;
  const hasReported = marks.reported.size > 0;

  let originCos = 1;
  let south = 0;
  let north = 0;
  let west = 0;
  let east = 0;
  if (origin) {
    const dLat = radius / KM_PER_DEGREE_LATITUDE;
    const cosLat = Math.max(Math.cos((origin.latitude * Math.PI) / 180), 0.01);
    const dLng = Math.min(180, radius / (KM_PER_DEGREE_LATITUDE * cosLat));
    originCos = Math.cos(origin.latitude * RADIANS);
    south = origin.latitude - dLat;
    north = origin.latitude + dLat;
    west = origin.longitude - dLng;
    east = origin.longitude + dLng;
  }

  for (const { bucket, c } of columns) {
    const fixedPoints =
      (subjects.has(bucket.subject) ? 30 : 0) + (classes.has(bucket.classLevel) ? 20 : 0);
    const consider = (i: number, distance: number | null) => {
      const id = c.id[i] ?? 0;
      if ((c.expiresMs[i] ?? 0) <= now) return;
      const responded = c.responded[i] ?? 0;
      const total = c.total[i] ?? 1;
      const contacted = hasContacted && marks.contacted.has(id);
      if (responded >= total && !contacted) return;
      const reported = hasReported && marks.reported.has(id);
      if (types.length > 0) {
        const wanted = types.some((type) =>
          type === 'responded' ? contacted : type === 'viewed' ? marks.viewed.has(id) : reported,
        );
        if (!wanted) return;
      }
      if (reported && !showReported) return;
      count += 1;
      const postedMs = c.postedMs[i] ?? 0;
      const age = (now - postedMs) / 1000;
      const score =
        fixedPoints +
        (boardHits[c.board[i] ?? 0] ? 10 : 0) +
        (languageHits[c.language[i] ?? 0] ? 10 : 0) +
        (distance === null ? 10 : 20 * (1 - distance / radius)) +
        20 * Math.max(0, 1 - age / FRESHNESS_WINDOW_S) +
        10 * (1 - responded / total);
      const premium = c.premium[i] ?? 0;
      if (!top.admits(premium, score, postedMs, id)) return;
      const row = c.rows[i];
      if (row) top.offer({ premium, score, postedMs, id, row, distance });
    };
    if (online) for (let i = 0; i < c.firstLocal; i += 1) consider(i, null);
    if (!origin) continue;
    const end = c.rows.length;
    const first = firstIndexNotBefore(
      c.firstLocal,
      end,
      (index) => (c.latitude[index] ?? Infinity) < south,
    );
    for (let i = first; i < end; i += 1) {
      const latitude = c.latitude[i] ?? 0;
      if (latitude > north) break;
      const longitude = c.longitude[i] ?? 0;
      if (longitude < west || longitude > east || !localModes[c.mode[i] ?? MODE_ONLINE]) continue;
      const distance = haversineKm(
        origin.latitude,
        origin.longitude,
        originCos,
        latitude,
        longitude,
        c.cosLatitude[i] ?? 1,
      );
      if (distance <= radius) consider(i, distance);
    }
  }

  // every field written out: a rest pattern or a spread of the row here made the ranking
  // 3 times slower (measured over 2,000 tutors)
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
