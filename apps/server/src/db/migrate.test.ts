import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDb } from '../../test/build-test-app.ts';

import type { Db, Queryable } from './connection.ts';
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

/**
 * An empty schema migrated up to, not including, migration `number` ('0026'):
 * `work` stores the rows written before it, then `apply` runs that migration alone.
 */
async function beforeMigration(
  number: string,
  work: (scoped: Db, apply: () => Promise<string[]>) => Promise<void>,
): Promise<void> {
  await withEmptySchema(async (scoped) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gurumatch-migrations-'));
    const copy = (version: string) =>
      fs.copyFile(
        path.join(defaultMigrationsDir(), `${version}.sql`),
        path.join(dir, `${version}.sql`),
      );
    try {
      await Promise.all(migrationVersions.filter((version) => version < number).map(copy));
      await migrate(scoped, dir);
      await work(scoped, async () => {
        await copy(migrationVersions.find((version) => version.startsWith(number)) ?? '');
        return migrate(scoped, dir);
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
}

describe('migration 0026: the in-app alerts of an enquiry in one row', () => {
  it("moves each enquiry's in-app rows into one, keeps who saw it, and shows every alert as before", async () => {
    await beforeMigration('0026', async (scoped, apply) => {
      const seenAt = new Date('2031-01-05T10:00:00Z');
      await scoped.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO lead_alerts (tutor_id, enquiry_id, channel, status, reason, distance_km, delivered_at)
             VALUES (10, 1, 'app', 'sent', '', 1.5, $1), (11, 1, 'app', 'sent', '', 2.5, NULL),
                    (12, 1, 'app', 'sent', '', NULL, $1), (10, 1, 'whatsapp', 'skipped', 'off', 1.5, NULL),
                    (10, 2, 'app', 'sent', '', 3, NULL), (13, 2, 'app', 'skipped', 'archived', 4, NULL)`,
          [seenAt],
        );
      });
      expect(await apply()).toHaveLength(1);

      await scoped.transaction(async (tx) => {
        const inApp = await tx.query(
          `SELECT enquiry_id, status, reason, tutor_ids, distances_km FROM lead_alerts_in_app
              ORDER BY enquiry_id`,
        );
        expect(inApp).toEqual([
          {
            enquiry_id: 1,
            status: 'sent',
            reason: '',
            tutor_ids: [10, 11, 12],
            distances_km: [1.5, 2.5, null],
          },
          // a retry's tutors recorded skipped beside the sent ones: the sent ones are kept
          { enquiry_id: 2, status: 'sent', reason: '', tutor_ids: [10], distances_km: [3] },
        ]);
        const seen = await tx.query(`SELECT enquiry_id, tutor_ids, seen_at FROM lead_alerts_seen`);
        expect(seen).toEqual([{ enquiry_id: 1, tutor_ids: [10, 12], seen_at: seenAt }]);
        const records = await tx.query(
          `SELECT tutor_id, enquiry_id, channel, status, reason, distance_km, seen_at
               FROM lead_alert_records ORDER BY enquiry_id, tutor_id, channel`,
        );
        expect(records).toEqual([
          {
            tutor_id: 10,
            enquiry_id: 1,
            channel: 'app',
            status: 'sent',
            reason: '',
            distance_km: 1.5,
            seen_at: seenAt,
          },
          {
            tutor_id: 10,
            enquiry_id: 1,
            channel: 'whatsapp',
            status: 'skipped',
            reason: 'off',
            distance_km: 1.5,
            seen_at: null,
          },
          {
            tutor_id: 11,
            enquiry_id: 1,
            channel: 'app',
            status: 'sent',
            reason: '',
            distance_km: 2.5,
            seen_at: null,
          },
          {
            tutor_id: 12,
            enquiry_id: 1,
            channel: 'app',
            status: 'sent',
            reason: '',
            distance_km: null,
            seen_at: seenAt,
          },
          {
            tutor_id: 10,
            enquiry_id: 2,
            channel: 'app',
            status: 'sent',
            reason: '',
            distance_km: 3,
            seen_at: null,
          },
        ]);
      });
      // in-app alerts are no longer stored a row each
      await expect(
        scoped.transaction((tx) =>
          tx.query(
            `INSERT INTO lead_alerts (tutor_id, enquiry_id, channel, status) VALUES (14, 3, 'app', 'sent')`,
          ),
        ),
      ).rejects.toThrow(/lead_alerts_channel_check/);
    });
  });
});

describe('migration 0028: the tutors’ addresses marked, and indexed alone', () => {
  it('marks the addresses tutors already have, and each one stored later, whoever stores it', async () => {
    await beforeMigration('0028', async (scoped, apply) => {
      const addAddress = (tx: Queryable, userId: number, slot: number) =>
        tx.query(
          `INSERT INTO user_addresses (user_id, place_id, formatted_address, latitude, longitude, slot)
           VALUES ($1, 'place', 'HSR Layout', 12.91, 77.64, $2)`,
          [userId, slot],
        );
      const marks = (tx: Queryable) =>
        tx.query<{ user_id: number; slot: number; of_tutor: boolean }>(
          'SELECT user_id, slot, of_tutor FROM user_addresses ORDER BY user_id, slot',
        );
      let tutor = 0;
      let student = 0;
      await scoped.transaction(async (tx) => {
        const users = await tx.query<{ id: number }>(
          `INSERT INTO users (email, password_hash, full_name, role)
             VALUES ('tutor@example.in', 'x', 'Asha Rao', 'teacher'),
                    ('student@example.in', 'x', 'Ravi Kumar', 'student')
             RETURNING id`,
        );
        tutor = users[0]?.id ?? 0;
        student = users[1]?.id ?? 0;
        await addAddress(tx, tutor, 1);
        await addAddress(tx, student, 1);
      });
      expect(await apply()).toHaveLength(1);

      await scoped.transaction(async (tx) => {
        expect(await marks(tx)).toEqual([
          { user_id: tutor, slot: 1, of_tutor: true },
          { user_id: student, slot: 1, of_tutor: false },
        ]);
        // a second address each, stored after it, without naming the mark
        await addAddress(tx, tutor, 2);
        await addAddress(tx, student, 2);
        // nor can a statement mark a student's address a tutor's
        await tx.query('UPDATE user_addresses SET of_tutor = true WHERE user_id = $1', [student]);
        expect(await marks(tx)).toEqual([
          { user_id: tutor, slot: 1, of_tutor: true },
          { user_id: tutor, slot: 2, of_tutor: true },
          { user_id: student, slot: 1, of_tutor: false },
          { user_id: student, slot: 2, of_tutor: false },
        ]);
      });
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
