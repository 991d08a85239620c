/**
 * Every paged list, asked for a page far past its end: the highest page any
 * list accepts (PAGE_NUMBER_MAX) answers an empty page, and one more is a 400
 * with a string `detail`, never a 5xx (a page number whose offset no longer
 * fits the database's integer once answered 500).
 *
 * The lists come from the OpenAPI document, so a list added later is covered.
 */
import { PAGE_NUMBER_MAX } from '@gurumatch/shared/schemas/paging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, registerUser, signInNewAdministrator, uniqueIp } from './factories.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

const t: TestApp = await buildTestApp();
const doc = t.app.swagger() as unknown as OpenApiDocument;
const lists = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod)
    .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'query' && p.name === 'page'))
    .map(([method]) => ({ method: method.toUpperCase() as 'GET' | 'POST', path })),
);
const tokens: string[] = [];

beforeAll(async () => {
  const student = await registerUser(t.app);
  const teacher = await registerUser(t.app, { role: 'teacher' });
  const admin = await signInNewAdministrator(t.app, t.db);
  for (const user of [student, teacher]) {
    await t.db.query('UPDATE users SET is_email_verified = true WHERE id = $1', [user.userId]);
  }
  tokens.push(student.access, teacher.access, admin.access);
});

afterAll(async () => {
  await t.close();
});

async function ask(list: (typeof lists)[number], page: number, token: string) {
  const url = `${list.path.replace(/\{\w+\}/g, '1')}?page=${String(page)}`;
  return t.app.inject({
    method: list.method,
    url,
    headers: bearer(token),
    ...(list.method === 'POST' ? { payload: {} } : {}),
    remoteAddress: uniqueIp(),
  });
}

describe('paged lists past their end', () => {
  it('finds the paged lists', () => {
    expect(lists.length).toBeGreaterThan(10);
  });

  it.each(lists.map((list) => ({ ...list, name: `${list.method} ${list.path}` })))(
    '$name: the last accepted page is empty, the next one is a 400',
    async (list) => {
      const statuses: number[] = [];
      for (const token of tokens) {
        const last = await ask(list, PAGE_NUMBER_MAX, token);
        expect(last.statusCode, last.body).toBeLessThan(500);
        if (last.statusCode === 200) {
          // the tutor's feed carries its page in `results.enquiries`, every other list in `results`
          const { results } = last.json<{ results: unknown[] | { enquiries: unknown[] } }>();
          expect(Array.isArray(results) ? results : results.enquiries).toEqual([]);
        }
        const beyond = await ask(list, PAGE_NUMBER_MAX + 1, token);
        expect(beyond.statusCode, beyond.body).toBeLessThan(500);
        expect(typeof beyond.json<{ detail?: unknown }>().detail).toBe('string');
        statuses.push(beyond.statusCode);
        // the case the probe found: a 9-digit page
        const huge = await ask(list, 999_999_999, token);
        expect(huge.statusCode, huge.body).toBeLessThan(500);
      }
      expect(statuses).toContain(400);
    },
  );
});
