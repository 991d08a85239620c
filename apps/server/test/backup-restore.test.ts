/**
 * The backup and restore of docs/operations.md, as written there: `pg_dump`
 * in the custom format, `pg_restore` into a new, empty database, and the app
 * works on the copy (every migration applied, the same accounts sign in).
 * PostgreSQL only; here the dump is limited to this test's schemas.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDb, type Db } from '../src/db/connection.ts';
import { pendingMigrations } from '../src/db/migrate.ts';
import { jobSchemaFor } from '../src/jobs/queue.ts';

import { buildTestApp, type TestApp } from './build-test-app.ts';
import { registerUser, signIn } from './factories.ts';

const databaseUrl = process.env.DATABASE_URL;
const restoredName = `gm_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let dir = '';

let source: TestApp;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

beforeAll(async () => {
  if (!databaseUrl) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-backup-'));
  source = await buildTestApp();
});

afterAll(async () => {
  if (!databaseUrl) return;
  await source.close();
  await admin(`DROP DATABASE IF EXISTS ${restoredName}`);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!databaseUrl)('backup and restore of PostgreSQL', () => {
  it('restores a dump into a new database on which the app starts and the same accounts sign in', async () => {
    const user = await registerUser(source.app);
    const [row] = await source.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = row?.schema ?? '';
    const dump = path.join(dir, 'gurumatch.dump');

    // docs/operations.md, "Backups": the same flags (plus this test's schemas)
    execFileSync('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--schema=${schema}`,
      `--schema=${jobSchemaFor(schema)}`,
      `--file=${dump}`,
      databaseUrl ?? '',
    ]);
    await admin(`CREATE DATABASE ${restoredName}`);
    const restoredUrl = withDatabase(databaseUrl ?? '', restoredName);
    execFileSync('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${restoredUrl}`,
      dump,
    ]);

    const restored: Db = await openDb({ databaseUrl: restoredUrl, dataDir: dir, schema });
    const copy = await buildTestApp({ db: restored });
    try {
      expect(await pendingMigrations(restored)).toEqual([]);
      const ready = await copy.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      const signedIn = await signIn(copy.app, user.email, user.password);
      expect(signedIn.statusCode).toBe(200);
    } finally {
      await copy.close();
      await restored.close();
    }
  }, 120_000);
});
