import { describe, expect, it } from 'vitest';

import type { Queryable } from '../db/connection.ts';

import {
  answerPage,
  buildPageLinks,
  invalidateList,
  ListCache,
  pageSizeLinks,
  readPageRequest,
  type KeysetSource,
  type SortKey,
} from './paging.ts';

const BASE = { baseUrl: 'https://x.test', path: '/api/items/' };

const label = (after: SortKey | null): string => (after === null ? '-' : String(Number(after[0])));

/** 23 rows with ids 23 … 1 (newest first); records what was asked. */
function fakeList(total = 23) {
  const ids = Array.from({ length: total }, (_, index) => total - index);
  const calls: string[] = [];
  const afterIndex = (after: SortKey | null): number =>
    after === null ? 0 : ids.indexOf(Number(after[0])) + 1;
  const source: KeysetSource<number> = {
    seek: (after, limit) => {
      calls.push(`seek ${label(after)} ${String(limit)}`);
      const start = afterIndex(after);
      return Promise.resolve(ids.slice(start, start + limit));
    },
    keyAt: (after, skip) => {
      calls.push(`keyAt ${label(after)} ${String(skip)}`);
      const id = ids[afterIndex(after) + skip];
      return Promise.resolve(id === undefined ? null : [id]);
    },
    keyOf: (row) => [row],
  };
  let counts = 0;
  const count = (): Promise<number> => {
    counts += 1;
    return Promise.resolve(ids.length);
  };
  return { ids, calls, source, count, counted: () => counts };
}

function page(db: Queryable, list: ReturnType<typeof fakeList>, pageNumber: number, size = 5) {
  return answerPage({
    db,
    list: 'items',
    filter: '',
    request: readPageRequest({ page: pageNumber, page_size: size }),
    links: { ...BASE, query: { page: pageNumber, page_size: size } },
    count: list.count,
    rows: list.source,
    toItem: (row) => ({ id: row }),
  });
}

const newDb = (): Queryable => ({ query: () => Promise.resolve([]) });

describe('answerPage with a keyset source', () => {
  it('answers each page like OFFSET would, seeking from the page before', async () => {
    const db = newDb();
    const list = fakeList();
    for (let number = 1; number <= 5; number += 1) {
      const answer = await page(db, list, number);
      expect(answer.results.map((item) => item.id)).toEqual(
        list.ids.slice((number - 1) * 5, number * 5),
      );
    }
    expect(list.calls).toEqual(['seek - 5', 'seek 19 5', 'seek 14 5', 'seek 9 5', 'seek 4 5']);
    expect(list.counted()).toBe(1);
  });

  it('jumps to a deep page with one index-only skip, then reuses the start', async () => {
    const db = newDb();
    const list = fakeList();
    const fourth = await page(db, list, 4);
    expect(fourth.results.map((item) => item.id)).toEqual([8, 7, 6, 5, 4]);
    expect(list.calls).toEqual(['keyAt - 14', 'seek 9 5']);
    list.calls.length = 0;
    await page(db, list, 4);
    await page(db, list, 5);
    expect(list.calls).toEqual(['seek 9 5', 'seek 4 5']);
  });

  it('answers no rows and no next link past the end, and links back to the last page', async () => {
    const answer = await page(newDb(), fakeList(), 9);
    expect(answer).toEqual({
      count: 23,
      next: null,
      previous: 'https://x.test/api/items/?page_size=5&page=5',
      results: [],
    });
  });

  it('counts again after the list is invalidated', async () => {
    const db = newDb();
    const list = fakeList();
    await page(db, list, 1);
    await page(db, list, 1);
    expect(list.counted()).toBe(1);
    invalidateList(db, 'items');
    await page(db, list, 1);
    expect(list.counted()).toBe(2);
  });
});

describe('ListCache', () => {
  it('forgets counts and page starts after its time to live', async () => {
    let now = 0;
    const cache = new ListCache(1_000, () => now);
    const load = (): Promise<number> => Promise.resolve(now);
    expect(await cache.count('a', '', load)).toBe(0);
    cache.rememberBoundary('a', '', 10, [1]);
    now = 999;
    expect(await cache.count('a', '', load)).toBe(0);
    expect(cache.nearestBoundary('a', '', 12)).toEqual({ offset: 10, after: [1] });
    now = 2_000;
    expect(await cache.count('a', '', load)).toBe(2_000);
    expect(cache.nearestBoundary('a', '', 12)).toEqual({ offset: 0, after: null });
  });

  it('keeps filters apart and clears every filter of a list at once', async () => {
    const cache = new ListCache();
    await cache.count('a', 'x', () => Promise.resolve(1));
    await cache.count('a', 'y', () => Promise.resolve(2));
    await cache.count('b', 'x', () => Promise.resolve(3));
    const generation = cache.generation('a');
    cache.invalidate('a');
    expect(cache.generation('a')).toBe(generation + 1);
    expect(await cache.count('a', 'x', () => Promise.resolve(10))).toBe(10);
    expect(await cache.count('a', 'y', () => Promise.resolve(20))).toBe(20);
    expect(await cache.count('b', 'x', () => Promise.resolve(30))).toBe(3);
  });
});

describe('buildPageLinks', () => {
  it('keeps the other parameters, drops empty ones and writes page 1 without page', () => {
    const links = buildPageLinks(
      { ...BASE, query: { page: 2, search: 'maths & science', category: '', page_size: 3 } },
      { page: 2, pageSize: 3, offset: 3 },
      10,
    );
    expect(links).toEqual({
      next: 'https://x.test/api/items/?search=maths+%26+science&page_size=3&page=3',
      previous: 'https://x.test/api/items/?search=maths+%26+science&page_size=3',
    });
  });
});

describe('readPageRequest and pageSizeLinks', () => {
  it("take the list's own default page size and name page_size only when it differs", () => {
    const byDefault = readPageRequest({ page: 2 }, 30);
    expect(byDefault).toEqual({ page: 2, pageSize: 30, offset: 30 });
    expect(pageSizeLinks(BASE.baseUrl, BASE.path, byDefault, 95, 30)).toEqual({
      next: 'https://x.test/api/items/?page=3',
      previous: 'https://x.test/api/items/',
    });
    const asked = readPageRequest({ page: 1, page_size: 10 }, 30);
    expect(pageSizeLinks(BASE.baseUrl, BASE.path, asked, 95, 30)).toEqual({
      next: 'https://x.test/api/items/?page_size=10&page=2',
      previous: null,
    });
  });
});
