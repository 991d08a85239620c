/**
 * Runs once per `vitest run`, before any server test file.
 *
 * Embedded mode (no DATABASE_URL): builds ONE migrated PGlite database in memory,
 * dumps its data folder to an uncompressed tarball and hands the tarball's path
 * to the test files (`inject('pgliteTemplatePath')`). Each test file then loads
 * its own copy with `PGlite.create({ loadDataDir })`.
 *
 * Measured on the 2-core machine (PGlite 0.5.16, one migration):
 *   fresh in-memory database + migrate        1.3-3.0 s, ~850 MB RSS in the process
 *   copy the data folder + PGlite.create(dir) 0.6-1.0 s (0.4 s of that is the copy)
 *   loadDataDir from an uncompressed tarball  0.4-0.6 s   <- used
 *   loadDataDir from a gzip tarball           0.6 s
 * Loading also leaves nothing on disk to clean up per file.
 *
 * PostgreSQL mode (DATABASE_URL set): nothing to build; each test file creates,
 * migrates and finally drops its own schema. Here we only fail early, with a
 * clear message, when the server or Redis is not reachable.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { wrapPglite } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Uncompressed tarball of a migrated PGlite data folder; '' in PostgreSQL mode. */
    pgliteTemplatePath: string;
  }
}

async function buildPgliteTemplate(dir: string): Promise<string> {
  const client = await PGlite.create();
  try {
    await migrate(wrapPglite(client));
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'template.tar');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}

async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `DATABASE_URL is set but PostgreSQL does not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `REDIS_URL is set but Redis does not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    redis.disconnect();
  }
}

let templateDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) await checkRedis(redisUrl);

  if (databaseUrl) {
    await checkPostgres(databaseUrl);
    project.provide('pgliteTemplatePath', '');
    return;
  }

  templateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gurumatch-server-tests-'));
  try {
    project.provide('pgliteTemplatePath', await buildPgliteTemplate(templateDir));
  } catch (error) {
    await teardown();
    throw error;
  }
}

export async function teardown(): Promise<void> {
  if (templateDir) await fs.rm(templateDir, { recursive: true, force: true });
  templateDir = undefined;
}
