/**
 * Recently answered enquiry list pages: tutors' ranked feed pages per
 * criteria, and students' own lists (decision 040).
 *
 * Ranking a tutor's feed reads every candidate in their radius; a tutor
 * paging, filtering and coming back to the list asks for the same ranking
 * again and again, and a student's dashboard asks for their list on every
 * visit. A page is kept for FEED_CACHE_TTL_MS at most and dropped at once when
 * what it was built from changes:
 *
 * - any enquiry is posted, archived or contacted, or a poster is suspended or
 *   made premium (`invalidateFeeds`): every page goes;
 * - a tutor stars, views, reports or contacts (`invalidateTutorFeed`): that
 *   tutor's pages go.
 *
 * Invalidations travel over the pub/sub adapter, so every server instance
 * drops its pages too. Rows are kept, not answers: `time_ago`, `days_left`
 * and the coin discount are computed from the clock on every request.
 */
import type { PubSub } from '../../adapters/pubsub/index.ts';

import type { FeedRow } from './queries.ts';

export const FEED_CACHE_TTL_MS = 30_000;
const FEED_CACHE_MAX_ENTRIES = 5_000;
const CHANNEL = 'enquiries:feed-invalidate';
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
  pubsub: PubSub;
}

const REGISTRATIONS = new WeakMap<object, Registration>();

/**
 * The feed cache of one running app (keyed on its context), listening for
 * invalidations from every instance. Returns the function that stops listening.
 */
export async function startFeedCache(
  owner: object,
  pubsub: PubSub,
  clock: () => number,
): Promise<() => Promise<void>> {
  const cache = new FeedCache(clock);
  REGISTRATIONS.set(owner, { cache, pubsub });
  const stop = await pubsub.subscribe(CHANNEL, (message) => {
    if (message === EVERY_TUTOR) cache.dropAll();
    else if (/^\d+$/.test(message)) cache.dropTutor(Number(message));
  });
  return async () => {
    REGISTRATIONS.delete(owner);
    await stop();
  };
}

/** The app's feed cache, or null when none was started (nothing is cached then). */
export function feedCacheOf(owner: object): FeedCache | null {
  return REGISTRATIONS.get(owner)?.cache ?? null;
}

async function announce(owner: object, message: string, dropLocally: (cache: FeedCache) => void) {
  const registration = REGISTRATIONS.get(owner);
  if (!registration) return;
  // at once here, and on every other instance when the message arrives
  dropLocally(registration.cache);
  await registration.pubsub.publish(CHANNEL, message);
}

/** Every tutor's pages: enquiries themselves changed. */
export function invalidateFeeds(owner: object): Promise<void> {
  return announce(owner, EVERY_TUTOR, (cache) => cache.dropAll());
}

/** One tutor's pages: their stars, views, reports or contacts changed. */
export function invalidateTutorFeed(owner: object, tutorId: number): Promise<void> {
  return announce(owner, String(tutorId), (cache) => cache.dropTutor(tutorId));
}
