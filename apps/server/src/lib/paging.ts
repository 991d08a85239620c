/**
 * The one way a paged list is answered: `page`/`page_size` on the wire
 * (`PageQuerySchema` in packages/shared), `{count, next, previous, results}`
 * back. Under the hood (decision 010):
 *
 * - Rows come by keyset ("seek") through the list's index: the sort key of the
 *   row before each page start already reached is cached, so the next page is
 *   one index range scan of `page_size` rows. A page with no cached start is
 *   reached from the nearest cached one by an index-only skip that reads sort
 *   keys only, never whole rows, and never sorts.
 * - Counts are cached per list and filter. Writes through a module's service
 *   clear its list (`invalidateList`); entries also expire after
 *   LIST_CACHE_TTL_MS, which bounds how stale a count or a page start may be
 *   when another instance wrote.
 *
 * See docs/architecture.md "Paged lists" for how a module uses it.
 */
import { PAGE_SIZE } from '@gurumatch/shared/constants';
import type { PagedList, PageQuery } from '@gurumatch/shared/schemas/paging';

import { rootOf, type Queryable } from '../db/connection.ts';

/** How long a cached count or page start is trusted, in ms. */
export const LIST_CACHE_TTL_MS = 30_000;
/** Lists (list + filter) kept per database; the least recently used goes first. */
const LIST_CACHE_MAX_ENTRIES = 1_000;
/** Page starts kept per list + filter. */
const BOUNDARIES_MAX = 256;

/** A row's sort key, in the list's ORDER BY order (values as the query answers them). */
export type SortKey = readonly unknown[];

export interface PageRequest {
  page: number;
  pageSize: number;
  /** Rows before this page. */
  offset: number;
}

/** `defaultSize`: the list's page size when the query names none (PAGE_SIZE for most lists). */
export function readPageRequest(query: PageQuery, defaultSize: number = PAGE_SIZE): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export interface PageLinkBase {
  /** Absolute origin, e.g. config.publicUrl. */
  baseUrl: string;
  /** The list's path, e.g. `/api/blog/blogs/`. */
  path: string;
  /** The parsed query; every set parameter but `page` is kept in the links. */
  query: Readonly<Record<string, string | number | boolean | null | undefined>>;
}

/**
 * `next` and `previous` as absolute URLs that keep the other parameters; page 1
 * is written without `page`. Past the end, `previous` points at the last page.
 */
export function buildPageLinks(
  base: PageLinkBase,
  { page, pageSize }: PageRequest,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const linkTo = (target: number): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(base.query)) {
      if (name === 'page' || value === undefined || value === null || value === '') continue;
      params.set(name, String(value));
    }
    if (target > 1) params.set('page', String(target));
    const search = params.toString();
    return `${base.baseUrl}${base.path}${search ? `?${search}` : ''}`;
  };
  return {
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(Math.min(page - 1, lastPage)) : null,
  };
}

/**
 * Links of a list whose only parameter besides `page` is `page_size`: kept
 * when it is not the list's default, so the default's links stay short.
 */
export function pageSizeLinks(
  baseUrl: string,
  path: string,
  request: PageRequest,
  count: number,
  defaultSize: number = PAGE_SIZE,
): { next: string | null; previous: string | null } {
  const pageSize = request.pageSize === defaultSize ? undefined : request.pageSize;
  return buildPageLinks({ baseUrl, path, query: { page_size: pageSize } }, request, count);
}

interface ListEntry {
  expiresAt: number;
  count: number | null;
  /** offset of a page start → sort key of the row just before it. */
  boundaries: Map<number, SortKey>;
}

/** Counts and page starts of one database's lists. */
export class ListCache {
  private readonly entries = new Map<string, ListEntry>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ttlMs: number = LIST_CACHE_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  private entry(list: string, filter: string): ListEntry {
    const key = `${list}\u0000${filter}`;
    const now = this.clock();
    const found = this.entries.get(key);
    if (found && found.expiresAt > now) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const fresh: ListEntry = { expiresAt: now + this.ttlMs, count: null, boundaries: new Map() };
    this.entries.delete(key);
    this.entries.set(key, fresh);
    if (this.entries.size > LIST_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return fresh;
  }

  async count(list: string, filter: string, load: () => Promise<number>): Promise<number> {
    const entry = this.entry(list, filter);
    if (entry.count !== null) return entry.count;
    const count = await load();
    entry.count = count;
    return count;
  }

  /** The cached page start at or before `offset` that is nearest to it. */
  nearestBoundary(
    list: string,
    filter: string,
    offset: number,
  ): { offset: number; after: SortKey | null } {
    let best: { offset: number; after: SortKey | null } = { offset: 0, after: null };
    for (const [start, after] of this.entry(list, filter).boundaries) {
      if (start <= offset && start > best.offset) best = { offset: start, after };
    }
    return best;
  }

  rememberBoundary(list: string, filter: string, offset: number, after: SortKey): void {
    if (offset <= 0) return;
    const { boundaries } = this.entry(list, filter);
    boundaries.delete(offset);
    boundaries.set(offset, after);
    if (boundaries.size > BOUNDARIES_MAX) {
      const oldest = boundaries.keys().next().value;
      if (oldest !== undefined) boundaries.delete(oldest);
    }
  }

  /** How many times `list` was invalidated: caches built from a list compare it. */
  generation(list: string): number {
    return this.generations.get(list) ?? 0;
  }

  private readonly listeners = new Set<(list: string) => void>();

  /** Calls `listener` after every invalidation; returns the function that stops it. */
  onInvalidate(listener: (list: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets every filter of `list`. */
  invalidate(list: string): void {
    for (const listener of this.listeners) listener(list);
    this.generations.set(list, this.generation(list) + 1);
    const prefix = `${list}\u0000`;
    for (const key of [...this.entries.keys()])
      if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

const CACHES = new WeakMap<Queryable, ListCache>();

/** The list cache of the database `db` belongs to (a transaction shares its database's). */
export function listCacheOf(db: Queryable): ListCache {
  const root = rootOf(db);
  let cache = CACHES.get(root);
  if (!cache) {
    cache = new ListCache();
    CACHES.set(root, cache);
  }
  return cache;
}

/** Call after any write that changes what `list` shows or counts. */
export function invalidateList(db: Queryable, list: string): void {
  listCacheOf(db).invalidate(list);
}

/** Changes whenever `list` is invalidated in this process (for caches derived from a list). */
export function listGeneration(db: Queryable, list: string): number {
  return listCacheOf(db).generation(list);
}

/** How a list reads its rows by keyset; the module's queries.ts implements it. */
export interface KeysetSource<Row> {
  /**
   * At most `limit` rows after the sort key `after` (null: from the first), in
   * list order. `count` (the list's count) lets a source pick its plan, e.g.
   * gather a few search matches from their own index rather than walk the
   * list's index past rows that do not match.
   */
  seek: (after: SortKey | null, limit: number, count: number) => Promise<Row[]>;
  /**
   * The sort key of the row `skip` rows after `after` (skip 0: the first row
   * after it), read from the index only; null when there is no such row.
   */
  keyAt: (after: SortKey | null, skip: number, count: number) => Promise<SortKey | null>;
  keyOf: (row: Row) => SortKey;
}

/** For a list that is not (yet) ordered by an index of its own: LIMIT/OFFSET. */
export type OffsetSource<Row> = (limit: number, offset: number) => Promise<Row[]>;

export interface AnswerPageOptions<Row, Item> {
  /** The database (or transaction) the rows come from; picks the cache. */
  db: Queryable;
  /** The list's name for the cache, cleared by `invalidateList(db, list)`. */
  list: string;
  /** Everything that selects the rows besides paging, as one string (e.g. JSON of the filters). */
  filter: string;
  request: PageRequest;
  links: PageLinkBase;
  /** Counts the rows of the list and filter (index-backed: it is cached, not made cheap). */
  count: () => Promise<number>;
  rows: KeysetSource<Row> | OffsetSource<Row>;
  toItem: (row: Row) => Item;
}

async function readKeysetPage<Row>(
  cache: ListCache,
  list: string,
  filter: string,
  source: KeysetSource<Row>,
  { offset, pageSize }: PageRequest,
  count: number,
): Promise<Row[]> {
  const start = cache.nearestBoundary(list, filter, offset);
  let after = start.after;
  if (start.offset < offset) {
    after = await source.keyAt(start.after, offset - start.offset - 1, count);
    if (after === null) return [];
    cache.rememberBoundary(list, filter, offset, after);
  }
  const rows = await source.seek(after, pageSize, count);
  const last = rows.at(-1);
  if (last !== undefined && rows.length === pageSize)
    cache.rememberBoundary(list, filter, offset + pageSize, source.keyOf(last));
  return rows;
}

/** Counts (cached), reads the page (keyset or offset) and answers `{count, next, previous, results}`. */
export async function answerPage<Row, Item>(
  options: AnswerPageOptions<Row, Item>,
): Promise<PagedList<Item>> {
  const { db, list, filter, request, rows: source } = options;
  const cache = listCacheOf(db);
  const count = await cache.count(list, filter, options.count);
  let rows: Row[] = [];
  if (request.offset < count) {
    rows =
      typeof source === 'function'
        ? await source(request.pageSize, request.offset)
        : await readKeysetPage(cache, list, filter, source, request, count);
  }
  return {
    count,
    ...buildPageLinks(options.links, request, count),
    results: rows.map(options.toItem),
  };
}
