/**
 * Property: whatever arrives, the API answers without a 5xx, every error body
 * has a string `detail`, and a refused request stores nothing.
 *
 * The operations come from the OpenAPI document the app serves, so endpoints
 * added later are covered without touching this file. Each operation gets
 * generated malformed path parameters, queries and bodies (wrong types, missing
 * fields, NUL characters, over-long strings, junk JSON and multipart), sent with
 * a valid token of a student or a teacher. Runs are reproducible (fixed seed);
 * FUZZ_RUNS sets how many cases each operation gets (default 12).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, registerUser, uniqueIp, type RegisteredUser } from './factories.ts';

const SEED = 20_261_123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: string;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  bodySchema: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

// The document is read before the tests are collected, so each operation is a test of its own.
const t: TestApp = await buildTestApp();
const users: RegisteredUser[] = [];
const operations: Operation[] = readOperations(t.app.swagger() as unknown as OpenApiDocument);
let countSql = 'SELECT 1';

function readOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        bodySchema: op.requestBody?.content?.['application/json']?.schema ?? null,
      })),
  );
}

beforeAll(async () => {
  users.push(await registerUser(t.app), await registerUser(t.app, { role: 'teacher' }));
  // verified e-mails and existing profiles: a valid token alone must not store anything
  for (const user of users) {
    await t.db.query('UPDATE users SET is_email_verified = true WHERE id = $1', [user.userId]);
    await t.app.inject({ method: 'GET', url: '/api/auth/profile/', headers: bearer(user.access) });
  }
  // rows a first read may create on purpose (a wallet, a settings row) exist before counting
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    for (const user of users) {
      await t.app.inject({ method: 'GET', url: op.path, headers: bearer(user.access) });
    }
  }
  const tables = await t.db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`,
  );
  countSql = `SELECT ${tables
    .map(({ name }) => `(SELECT count(*)::int FROM "${name}") AS "${name}"`)
    .join(', ')}`;
});

afterAll(async () => {
  await t.close();
});

async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await t.db.query<Record<string, number>>(countSql);
  return row ?? {};
}

// ---------------------------------------------------------------------------
// generators

const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '%zz',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\uD800',
    '😀',
    'null',
    'NaN',
    '-1',
    '0',
    '2147483648',
    // a page number in range of the digits a list accepts, far past any list's end
    '999999999',
    '99999999999999999999',
    '1e309',
    '1.5',
    '１２３',
    'x'.repeat(150),
    'y'.repeat(5000),
  ),
  // plain small numbers could be real ids, and acting on a real object is not malformed input
  fc.string({ maxLength: 24 }).filter((text) => !/^\s*\+?\d{1,9}\s*$/.test(text)),
  fc.string({ maxLength: 12 }).map((text) => `${text}\u0000${text}`),
  fc.string({ minLength: 1, maxLength: 8 }).map((text) => text.repeat(400)),
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

const junkJson = fc.constantFrom(
  '{',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '1',
  '',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `{"a":${'['.repeat(2000)}`,
);

const junkMultipart = fc.record({
  contentType: fc.constantFrom(
    'multipart/form-data',
    'multipart/form-data; boundary=XX',
    'multipart/form-data; boundary=',
  ),
  body: fc.oneof(
    nastyString,
    fc.constantFrom(
      '--XX\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc',
      '--YY\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc\r\n--YY--',
      '--XX\r\nContent-Disposition: form-data; name="full_name"\r\n\r\na\u0000b\r\n--XX--\r\n',
    ),
  ),
});

interface GeneratedRequest {
  params: Record<string, string>;
  rawParams: boolean;
  query: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw-json'; text: string }
    | { kind: 'multipart'; contentType: string; body: string };
  user: number;
}

function requestFor(op: Operation): fc.Arbitrary<GeneratedRequest> {
  const pathNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const properties = Object.keys(op.bodySchema?.properties ?? {});
  const objectBody = fc.record(Object.fromEntries(properties.map((name) => [name, wrongValue])), {
    requiredKeys: [],
  });
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return fc.record({
    params: fc.record(Object.fromEntries(pathNames.map((name) => [name, nastyString]))),
    rawParams: fc.boolean(),
    query: fc.record(
      Object.fromEntries([...queryNames, 'page', 'q'].map((name) => [name, nastyString])),
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, string>>,
    body: hasBody
      ? fc.oneof(
          { weight: 3, arbitrary: objectBody.map((value) => ({ kind: 'json' as const, value })) },
          wrongValue.map((value) => ({ kind: 'json' as const, value })),
          junkJson.map((text) => ({ kind: 'raw-json' as const, text })),
          junkMultipart.map((part) => ({ kind: 'multipart' as const, ...part })),
        )
      : fc.constant({ kind: 'none' as const }),
    user: fc.integer({ min: 0, max: 1 }),
  });
}

function encodePart(value: string, raw: boolean): string {
  if (raw && !/[/?#\s]/.test(value)) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return 'x';
  }
}

function urlOf(op: Operation, request: GeneratedRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodePart(request.params[name] ?? '', request.rawParams),
  );
  const query = Object.entries(request.query)
    .map(([name, value]) => `${name}=${encodePart(value, false)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

async function send(op: Operation, request: GeneratedRequest): Promise<LightMyRequestResponse> {
  const token = users[request.user]?.access ?? '';
  const headers: Record<string, string> = bearer(token);
  let payload: string | undefined;
  if (request.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    // the generators never produce undefined, so this is always JSON text
    payload = JSON.stringify(request.body.value);
  } else if (request.body.kind === 'raw-json') {
    headers['content-type'] = 'application/json';
    payload = request.body.text;
  } else if (request.body.kind === 'multipart') {
    headers['content-type'] = request.body.contentType;
    payload = request.body.body;
  }
  return t.app.inject({
    method: op.method as 'GET',
    url: urlOf(op, request),
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: uniqueIp(),
  });
}

describe('every operation of the OpenAPI document, fed malformed input', () => {
  it('finds the operations to test', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations.map((op, index) => ({ ...op, index, name: `${op.method} ${op.path}` })))(
    '$name: no 5xx, a string detail on every error, nothing stored',
    async (op) => {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (request) => {
          const before = await rowCounts();
          const response = await send(op, request);
          const label = `${op.method} ${urlOf(op, request)} → ${String(response.statusCode)} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const body = response.json<{ detail?: unknown }>();
            expect(typeof body.detail, label).toBe('string');
          }
          expect(await rowCounts(), label).toEqual(before);
        }),
        { seed: SEED + op.index, numRuns: RUNS, endOnFailure: true },
      );
    },
    10_000 + RUNS * 1000,
  );
});
