/**
 * Recently answered enquiry list pages: tutors' ranked feed pages per
 * criteria, and students' own lists (decision 040). A tutor's page is kept
 * only when the database ranked it: ranking from the live enquiries in memory
 * costs less than keying and keeping the page (decision 058).
 *
 * Ranking a tutor's feed reads every candidate in their radius; a tutor
 * paging, filtering and coming back to the list asks for the same ranking
 * again and again, and a student's dashboard asks for their list on every
 * visit. A page is kept for FEED_CACHE_TTL_MS at most and dropped at once when
 * what it was built from changes:
 *
 * - any enquiry is posted, archived or contacted, or a poster is suspended or
 *   made premium (`invalidateFeeds`): every page goes;
 * - a tutor stars, views, reports or contacts, edits their profile or
 *   addresses, is suspended or signed out everywhere (`invalidateTutorFeed`):
 *   that tutor's pages go, and their kept inputs (`FeedReaders`) are read
 *   again.
 *
 * Invalidations travel over the pub/sub adapter, so every server instance
 * drops its pages too. Rows are kept, not answers: `time_ago`, `days_left`
 * and the coin discount are computed from the clock on every request.
 */
import { randomUUID } from 'node:crypto';

import type { PubSub } from '../../adapters/pubsub/index.ts';
import type { AppLogger } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { offerKeptSessions } from '../../lib/kept-sessions.ts';

import { FeedReaders, type FeedReader } from './feed-readers.ts';
import { LIVE_ENQUIRIES_RESYNC_MS, LiveEnquiries, type LiveChange } from './live-enquiries.ts';
import type { FeedRow } from './queries.ts';

export const FEED_CACHE_TTL_MS = 30_000;
const FEED_CACHE_MAX_ENTRIES = 5_000;
const CHANNEL = 'enquiries:feed-invalidate';
/** What changed: `e:<enquiry id>`, `p:<poster id>` or `t:<tutor id>` (their inputs). */
const LIVE_CHANNEL = 'enquiries:live-changed';
const EVERY_TUTOR = '*';

/** A page's rows and the list's total. */
export interface CachedPage<Row> {
  rows: Row[];
  count: number;
}

export type CachedFeedPage = CachedPage<FeedRow>;

interface Entry {
  storedAt: number;
  generation: number;
  tutorGeneration: number;
  page: CachedPage<unknown>;
}

/** A stamp taken before the query; a page built under an older stamp is not kept. */
export interface FeedStamp {
  generation: number;
  tutorGeneration: number;
}

export class FeedCache {
  private generation = 0;
  private readonly tutorGenerations = new Map<number, number>();
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMs: number = FEED_CACHE_TTL_MS,
  ) {}

  stamp(tutorId: number): FeedStamp {
    return {
      generation: this.generation,
      tutorGeneration: this.tutorGenerations.get(tutorId) ?? 0,
    };
  }

  get<Row>(tutorId: number, key: string): CachedPage<Row> | null {
    const entryKey = `${String(tutorId)}\u0000${key}`;
    const entry = this.entries.get(entryKey);
    if (!entry) return null;
    const current = this.stamp(tutorId);
    if (
      entry.generation !== current.generation ||
      entry.tutorGeneration !== current.tutorGeneration ||
      this.clock() - entry.storedAt >= this.ttlMs
    ) {
      this.entries.delete(entryKey);
      return null;
    }
    return entry.page as CachedPage<Row>;
  }

  set<Row>(tutorId: number, key: string, stamp: FeedStamp, page: CachedPage<Row>): void {
    const current = this.stamp(tutorId);
    // something changed while the page was being ranked: it may already be stale
    if (
      stamp.generation !== current.generation ||
      stamp.tutorGeneration !== current.tutorGeneration
    )
      return;
    const entryKey = `${String(tutorId)}\u0000${key}`;
    this.entries.delete(entryKey);
    this.entries.set(entryKey, { storedAt: this.clock(), ...stamp, page });
    if (this.entries.size > FEED_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  dropTutor(tutorId: number): void {
    this.tutorGenerations.set(tutorId, (this.tutorGenerations.get(tutorId) ?? 0) + 1);
  }
}

interface Registration {
  cache: FeedCache;
  live: LiveEnquiries;
  readers: FeedReaders;
  pubsub: PubSub;
  db: Queryable;
  log: AppLogger;
  clock: () => number;
  /** Tags this instance's change messages, which it has applied already. */
  origin: string;
  /** The full load in flight, if any. */
  loading: Promise<void> | null;
  /** Feed pages ranked in memory and by the database since the start. */
  ranked: { memory: number; database: number };
  /** Feed requests whose tutor was read from memory and from the database since the start. */
  readerLookups: { memory: number; database: number };
}

const REGISTRATIONS = new WeakMap<object, Registration>();

/** What `startFeedCache` needs of the running app. */
export interface FeedCacheDeps {
  pubsub: PubSub;
  db: Queryable;
  log: AppLogger;
  clock: () => number;
}

/** A change to live enquiries, or to one tutor's inputs. */
type KeptChange = LiveChange | { tutorId: number };

/** `e:<enquiry id> <origin>`, `p:<poster id> <origin>` or `t:<tutor id> <origin>`. */
function changeMessage(change: KeptChange, origin: string): string {
  const kind =
    'enquiryId' in change
      ? `e:${String(change.enquiryId)}`
      : 'posterId' in change
        ? `p:${String(change.posterId)}`
        : `t:${String(change.tutorId)}`;
  return `${kind} ${origin}`;
}

function parseChange(message: string): { change: KeptChange; origin: string } | null {
  const match = /^([ept]):(\d+) (\S+)$/.exec(message);
  if (!match?.[2] || !match[3]) return null;
  const id = Number(match[2]);
  const change =
    match[1] === 'e' ? { enquiryId: id } : match[1] === 'p' ? { posterId: id } : { tutorId: id };
  return { change, origin: match[3] };
}

/**
 * Loads every live enquiry and every tutor's inputs again (one load at a
 * time), then drops the pages ranked before.
 */
function loadAllLive(registration: Registration): Promise<void> {
  const { live, readers, db, clock, cache, log } = registration;
  const startedAt = clock();
  registration.loading ??= Promise.all([
    live
      .loadAll(db, new Date(startedAt))
      .then(() => {
        cache.dropAll();
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'live enquiries: the full load failed');
      }),
    readers.loadAll(db, startedAt).catch((error: unknown) => {
      log.error({ err: error }, 'feed readers: the full load failed');
    }),
  ]).then(() => {
    registration.loading = null;
  });
  return registration.loading;
}

/** Drops one tutor's pages and kept inputs, then reads their inputs again (never throws). */
async function applyTutorChange(registration: Registration, tutorId: number): Promise<void> {
  const { readers, db, cache, log } = registration;
  cache.dropTutor(tutorId);
  readers.drop(tutorId);
  try {
    await readers.refresh(db, tutorId);
  } catch (error) {
    log.error({ err: error, tutorId }, 'feed readers: a tutor could not be read');
  }
}

/** Reads the rows a change touched, then drops the pages ranked before it. */
async function applyChange(registration: Registration, change: LiveChange): Promise<void> {
  const { live, db, clock, cache } = registration;
  try {
    await live.refresh(db, change, new Date(clock()));
  } finally {
    cache.dropAll();
  }
}

/**
 * The feed cache and the live enquiries of one running app (keyed on its
 * context), loaded, then listening for changes from every instance and loaded
 * again in full every LIVE_ENQUIRIES_RESYNC_MS. Returns the function that stops.
 */
export async function startFeedCache(
  owner: object,
  deps: FeedCacheDeps,
): Promise<() => Promise<void>> {
  const registration: Registration = {
    ...deps,
    cache: new FeedCache(deps.clock),
    live: new LiveEnquiries(),
    readers: new FeedReaders(),
    origin: randomUUID(),
    loading: null,
    ranked: { memory: 0, database: 0 },
    readerLookups: { memory: 0, database: 0 },
  };
  const { cache, pubsub, log } = registration;
  REGISTRATIONS.set(owner, registration);
  const stopDrops = await pubsub.subscribe(CHANNEL, (message) => {
    if (message === EVERY_TUTOR) cache.dropAll();
    else if (/^\d+$/.test(message)) cache.dropTutor(Number(message));
  });
  const stopChanges = await pubsub.subscribe(LIVE_CHANNEL, (message) => {
    const parsed = parseChange(message);
    if (!parsed || parsed.origin === registration.origin) return;
    const { change } = parsed;
    if ('tutorId' in change) {
      void applyTutorChange(registration, change.tutorId);
      return;
    }
    applyChange(registration, change).catch((error: unknown) => {
      log.error({ err: error, change }, 'live enquiries: a change could not be read');
    });
  });
  const withdrawSessions = offerKeptSessions(
    owner,
    (userId) => registration.readers.readerAt(registration.clock(), userId)?.session ?? null,
  );
  await loadAllLive(registration);
  const timer = setInterval(() => {
    void loadAllLive(registration);
  }, LIVE_ENQUIRIES_RESYNC_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    withdrawSessions();
    REGISTRATIONS.delete(owner);
    await registration.loading;
    await stopDrops();
    await stopChanges();
  };
}

/** The app's feed cache, or null when none was started (nothing is cached then). */
export function feedCacheOf(owner: object): FeedCache | null {
  return REGISTRATIONS.get(owner)?.cache ?? null;
}

/**
 * The app's live enquiries when they may rank the feed, else null (the
 * database ranks it); a load too old to trust starts the next one.
 */
export function liveEnquiriesOf(owner: object): LiveEnquiries | null {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return null;
  if (registration.live.readyAt(registration.clock())) {
    registration.ranked.memory += 1;
    return registration.live;
  }
  registration.ranked.database += 1;
  void loadAllLive(registration);
  return null;
}

/**
 * A tutor as this instance keeps them, when it may be trusted now; null when
 * the database is to be asked.
 */
export function feedReaderOf(owner: object, tutorId: number): FeedReader | null {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return null;
  const reader = registration.readers.readerAt(registration.clock(), tutorId);
  if (reader) registration.readerLookups.memory += 1;
  else registration.readerLookups.database += 1;
  return reader;
}

/** What the metrics show of the live enquiries: null when the app keeps none. */
export interface LiveEnquiriesStats {
  rows: number;
  /** Seconds since the last full load that succeeded started; null before one. */
  loadAgeSeconds: number | null;
  rankedInMemory: number;
  rankedByDatabase: number;
  /** Tutors kept with their inputs. */
  readers: number;
  readersInMemory: number;
  readersFromDatabase: number;
}

export function liveEnquiriesStats(owner: object): LiveEnquiriesStats | null {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return null;
  const { live, readers, clock, ranked, readerLookups } = registration;
  const loadedAt = live.lastLoadedAt;
  return {
    rows: live.size,
    loadAgeSeconds: loadedAt === null ? null : (clock() - loadedAt) / 1000,
    rankedInMemory: ranked.memory,
    rankedByDatabase: ranked.database,
    readers: readers.size,
    readersInMemory: readerLookups.memory,
    readersFromDatabase: readerLookups.database,
  };
}

/**
 * Tells every other instance of a change: the pages to drop (`drop`: every
 * tutor's, or one tutor's id), which is all the instances of the previous
 * release listen for, and the rows to read again.
 */
async function announce(registration: Registration, drop: string, change: KeptChange) {
  await Promise.all([
    registration.pubsub.publish(CHANNEL, drop),
    registration.pubsub.publish(LIVE_CHANNEL, changeMessage(change, registration.origin)),
  ]);
}

/**
 * Enquiries changed (one, or every one of a poster): the rows are read again
 * here before this returns, so the acting user sees their change, and on
 * every other instance when the message arrives; every cached page goes.
 */
export async function invalidateFeeds(owner: object, change: LiveChange): Promise<void> {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return;
  const applied = applyChange(registration, change).catch((error: unknown) => {
    registration.log.error({ err: error, change }, 'live enquiries: a change could not be read');
  });
  // read here and told to the others at once
  await Promise.all([applied, announce(registration, EVERY_TUTOR, change)]);
}

/**
 * One tutor changed (their stars, views, reports, contacts, profile,
 * addresses or session state): their pages and kept inputs go, and are read
 * again, here before this returns and on every other instance when the
 * message arrives. Call it once the change is committed.
 */
export async function invalidateTutorFeed(owner: object, tutorId: number): Promise<void> {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return;
  // read again before this returns, so the acting tutor's next request is answered from memory,
  // and told to the others at once
  await Promise.all([
    applyTutorChange(registration, tutorId),
    announce(registration, String(tutorId), { tutorId }),
  ]);
}
