import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDb } from '../../test/build-test-app.ts';

import type { Db } from './connection.ts';
import { defaultMigrationsDir, migrate, splitStatements } from './migrate.ts';

let db: Db;
let migrationVersions: string[];

beforeAll(async () => {
  db = await openTestDb();
  migrationVersions = (await fs.readdir(defaultMigrationsDir()))
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => name.replace(/\.sql$/, ''));
});

afterAll(async () => {
  await db.close();
});

/**
 * The same database, but every transaction works in an empty schema of its own:
 * a fresh database for `migrate` at the price of a CREATE SCHEMA.
 */
async function withEmptySchema(work: (scoped: Db, schema: string) => Promise<void>): Promise<void> {
  const schema = `migrate_test_${randomBytes(6).toString('hex')}`;
  await db.query(`CREATE SCHEMA ${schema}`);
  const scoped: Db = {
    kind: db.kind,
    query: () => Promise.reject(new Error('migrate must work inside its transaction')),
    script: () => Promise.reject(new Error('migrate must work inside its transaction')),
    transaction: (work) =>
      db.transaction(async (tx) => {
        await tx.query(`SET LOCAL search_path TO ${schema}`);
        return work(tx);
      }),
    close: () => Promise.resolve(),
  };
  try {
    await work(scoped, schema);
  } finally {
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
  }
}

async function tablesIn(schema: string): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
    [schema],
  );
  return rows.map((row) => row.table_name);
}

describe('migrate', () => {
  it('applies every migration on an empty database and nothing the second time', async () => {
    await withEmptySchema(async (scoped, schema) => {
      expect(await migrate(scoped)).toEqual(migrationVersions);
      expect(await migrate(scoped)).toEqual([]);

      expect(await tablesIn(schema)).toEqual(
        expect.arrayContaining(['refresh_tokens', 'schema_migrations', 'user_addresses', 'users']),
      );
      const recorded = await db.query<{ version: string }>(
        `SELECT version FROM ${schema}.schema_migrations ORDER BY version`,
      );
      expect(recorded.map((row) => row.version)).toEqual(migrationVersions);
    });
  });

  it('applies the migrations once when two servers start at the same moment', async () => {
    await withEmptySchema(async (scoped) => {
      const results = await Promise.all([migrate(scoped), migrate(scoped)]);
      expect(results.flat().sort()).toEqual(migrationVersions);
    });
  });

  it('finds nothing to apply on a test database (already migrated)', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a new migration file on top, and rolls back one that fails', async () => {
    await withEmptySchema(async (scoped, schema) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gurumatch-migrations-'));
      try {
        await fs.writeFile(
          path.join(dir, '0001_first.sql'),
          '-- a comment\nCREATE TABLE a (id int);\nCREATE TABLE b (id int);\n',
        );
        expect(await migrate(scoped, dir)).toEqual(['0001_first']);

        await fs.writeFile(
          path.join(dir, '0002_broken.sql'),
          'CREATE TABLE c (id int);\nSELECT * FROM missing;\n',
        );
        await expect(migrate(scoped, dir)).rejects.toThrow();
        expect(await tablesIn(schema)).toEqual(['a', 'b', 'schema_migrations']);

        await fs.writeFile(path.join(dir, '0002_broken.sql'), 'CREATE TABLE c (id int);\n');
        expect(await migrate(scoped, dir)).toEqual(['0002_broken']);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('splitStatements', () => {
  it('splits on semicolons that end a line and drops comment lines', () => {
    const sql = [
      '-- header comment',
      'CREATE TABLE a (',
      '  id int -- trailing comments stay inside the statement',
      ');',
      '',
      'INSERT INTO a VALUES (1); ',
      '  -- indented comment',
      'CREATE INDEX a_idx ON a (id);',
    ].join('\n');

    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE a (\n  id int -- trailing comments stay inside the statement\n)',
      'INSERT INTO a VALUES (1)',
      'CREATE INDEX a_idx ON a (id)',
    ]);
  });
});
