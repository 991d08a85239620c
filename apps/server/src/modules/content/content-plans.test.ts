/**
 * The list and search queries read through their indexes at 100k posts
 * (EXPLAIN on PostgreSQL; skipped on the embedded database, whose planner
 * statistics are not what production sees).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { Queryable } from '../../db/connection.ts';

import {
  countPublishedBlogPosts,
  keyOfPublishedBlogPostAt,
  seekArticles,
  seekPublishedBlogPosts,
} from './queries.ts';
import { toSearchQuery } from './service.ts';

const POSTS = 100_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

let t: TestApp;

/** The plan of the one statement `run` sends, with its real parameters. */
async function planOf(run: (db: Queryable) => Promise<unknown>): Promise<PlanNode[]> {
  const sent: { sql: string; params: readonly unknown[] }[] = [];
  await run({
    query: <Row>(sql: string, params?: readonly unknown[]): Promise<Row[]> => {
      sent.push({ sql, params: params ?? [] });
      return Promise.resolve([]);
    },
  });
  expect(sent).toHaveLength(1);
  const [statement] = sent;
  const [row] = await t.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (FORMAT JSON) ${statement?.sql ?? ''}`,
    statement?.params,
  );
  const plan = row?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('no plan');
  return flatten(plan);
}

function scansOf(nodes: PlanNode[], relation: string): string[] {
  return nodes
    .filter(
      (node) => node['Relation Name'] === relation || node['Index Name']?.startsWith(relation),
    )
    .map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
}

describe.skipIf(!process.env.DATABASE_URL)(
  `list and search plans at ${String(POSTS)} posts`,
  () => {
    beforeAll(async () => {
      t = await buildTestApp();
      await t.db.query(
        `INSERT INTO blog_posts (slug, title, content, content_text, excerpt, created_at, updated_at,
                               sanitized_version, is_published)
       SELECT 'generated-' || i,
              'Home tuition note ' || i || ' on ' || w.a,
              '<p>Notes on ' || w.a || ' and ' || w.b || ' for class ' || (i % 12 + 1) || '</p>',
              'Notes on ' || w.a || ' and ' || w.b || ' for class ' || (i % 12 + 1) || ' marker' || i,
              'Notes on ' || w.a,
              timestamptz '2020-01-01' + i * interval '7 minutes',
              timestamptz '2020-01-01' + i * interval '7 minutes',
              1,
              i % 50 <> 0
         FROM generate_series(1, $1::int) AS i,
              LATERAL (SELECT (ARRAY['maths','physics','chemistry','biology','english','hindi',
                                     'kannada','history','geography','economics'])[1 + i % 10] AS a,
                              (ARRAY['board','exams','revision','homework','practice','olympiad',
                                     'grammar','notes'])[1 + (i * 7) % 8] AS b) AS w`,
        [POSTS],
      );
      await t.db.query(
        `INSERT INTO articles (slug, title, content, content_text, excerpt, category, created_at,
                               updated_at, sanitized_version)
         SELECT 'generated-faq-' || i, 'Question ' || i || ' about coins', '<p>Answer</p>',
                'Answer', 'Answer', CASE WHEN i % 2 = 0 THEN 'student' ELSE 'teacher' END,
                timestamptz '2020-01-01' + i * interval '1 hour',
                timestamptz '2020-01-01' + i * interval '1 hour', 1
           FROM generate_series(1, $1::int) AS i`,
        [POSTS / 5],
      );
      await t.db.query('VACUUM ANALYZE blog_posts');
      await t.db.query('VACUUM ANALYZE articles');
    }, 120_000);

    afterAll(async () => {
      await t.close();
    });

    it('reads the first page, a later page and a deep page start through the list index', async () => {
      const first = await planOf((db) => seekPublishedBlogPosts(db, null, null, 10));
      expect(scansOf(first, 'blog_posts')).toEqual(['Index Scan blog_posts_published_created_idx']);

      const later = await planOf((db) =>
        seekPublishedBlogPosts(db, null, ['2021-06-01 00:00:00+00', 55_000], 10),
      );
      expect(scansOf(later, 'blog_posts')).toEqual(['Index Scan blog_posts_published_created_idx']);

      const deep = await planOf((db) => keyOfPublishedBlogPostAt(db, null, null, 49_990));
      expect(scansOf(deep, 'blog_posts')).toEqual([
        'Index Only Scan blog_posts_published_created_idx',
      ]);
    });

    it('searches and counts matches through the full-text index, with or without a match', async () => {
      for (const search of ['kannada grammar', 'marker54326', 'zeppelin']) {
        const query = toSearchQuery(search);
        const count = await planOf((db) => countPublishedBlogPosts(db, query));
        expect(scansOf(count, 'blog_posts')).toContain('Bitmap Index Scan blog_posts_search_idx');
        expect(scansOf(count, 'blog_posts')).not.toContain('Seq Scan');
      }
      for (const search of ['marker54326', 'kannada grammar']) {
        const few = await planOf((db) =>
          seekPublishedBlogPosts(db, toSearchQuery(search), null, 10, 'matches'),
        );
        expect(scansOf(few, 'blog_posts')).toContain('Bitmap Index Scan blog_posts_search_idx');
        expect(scansOf(few, 'blog_posts')).not.toContain('Seq Scan');
      }
      const many = await planOf((db) =>
        seekPublishedBlogPosts(db, toSearchQuery('maths'), null, 10, 'index'),
      );
      expect(scansOf(many, 'blog_posts')).toEqual(['Index Scan blog_posts_published_created_idx']);
    });

    it('finds a generated post by two words in reverse order, and answers a miss, fast', async () => {
      const started = performance.now();
      const miss = await t.app.inject({ url: '/api/blog/blogs/?search=marker54321%20kannada' });
      expect(miss.json()).toMatchObject({ count: 0, results: [] });
      const hit = await t.app.inject({ url: '/api/blog/blogs/?search=kannada%20marker54326' });
      expect(hit.json()).toMatchObject({ count: 1, results: [{ slug: 'generated-54326' }] });
      const none = await t.app.inject({ url: '/api/blog/blogs/?search=zeppelin' });
      expect(none.json()).toMatchObject({ count: 0, results: [] });
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('keeps the FAQ list on its index', async () => {
      const plan = await planOf((db) => seekArticles(db, null, 'student', null, 10));
      // half the rows match: either index serves the order without sorting
      expect(scansOf(plan, 'articles')).toHaveLength(1);
      expect(scansOf(plan, 'articles')[0]).toMatch(/^Index Scan articles_(category_)?created_idx$/);
      const all = await planOf((db) => seekArticles(db, null, null, null, 10));
      expect(scansOf(all, 'articles')).toEqual(['Index Scan articles_created_idx']);
    });
  },
);
