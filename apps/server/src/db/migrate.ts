import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Db } from './connection.ts';

/** Where the committed SQL files live: beside this file in source, copied beside main.js in dist. */
export function defaultMigrationsDir(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

const MIGRATION_LOCK_KEY = 727_100_001;

/**
 * Applies every `NNNN_name.sql` not yet recorded in `schema_migrations`, in order,
 * all in one transaction (all or nothing). An advisory lock keeps two starting
 * servers apart.
 */
export async function migrate(db: Db, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      const sql = await fs.readFile(path.join(dir, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}

/** Migrations in `dir` the database has not recorded (none once `migrate` ran with this code). */
export async function pendingMigrations(db: Db, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name)).sort();
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
      (row) => row.version,
    ),
  );
  return files.map((file) => file.replace(/\.sql$/, '')).filter((version) => !done.has(version));
}

/** Splits a migration on semicolons that end a line (a procedural body is written on one line). */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
