import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be sent to: the database or an open transaction. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<Row[]>;
}

export interface QueryOptions {
  /**
   * Parse and plan the statement once per connection, then only bind and run
   * it (PostgreSQL; the embedded database ignores it). Only for hot, simple
   * statements whose best plan never depends on the values: a primary-key
   * read, say. A statement whose plan should follow its values (ranges,
   * optional filters, arrays) must not set it (decision 040).
   */
  prepared?: boolean;
}

/** Open transactions → the database they belong to (see `rootOf`). */
/** Connections one instance opens to PostgreSQL at most. */
const POOL_MAX = 10;

const ROOTS = new WeakMap<Queryable, Queryable>();

/**
 * The database an open transaction belongs to, or `db` itself. Per-database
 * caches (lib/paging.ts) key on it, so a write inside a transaction clears
 * the same cache the reads fill.
 */
export function rootOf(db: Queryable): Queryable {
  return ROOTS.get(db) ?? db;
}

function registerTransaction(tx: Queryable, root: Queryable): Queryable {
  ROOTS.set(tx, root);
  return tx;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` inside BEGIN/COMMIT; any throw rolls back. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs one or more statements that take no parameters (a library's own
   * schema script, say) and answers the last one's rows.
   */
  script<Row>(sql: string): Promise<Row[]>;
  /** A pool's connections (PostgreSQL); the embedded database has none. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** How a connection pool is used right now, for the metrics. */
export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
  max: number;
}

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Postgres only: a schema to create and use (tests give each file its own). */
  schema?: string;
  /** Postgres only: drop `schema` when the connection closes (tests). */
  dropSchemaOnClose?: boolean;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.schema, options.dropSchemaOnClose === true);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Db> {
  const dir = path.join(dataDir, 'pglite');
  await fs.mkdir(dir, { recursive: true });
  if (!(await isInitialised(dir))) await initialisePgliteInChild(dir);
  const client = await PGlite.create(dir);
  return wrapPglite(client);
}

async function isInitialised(dir: string): Promise<boolean> {
  try {
    await fs.access(path.join(dir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the embedded database (initdb) in a child process. WebAssembly
 * memory never shrinks, so an initdb in this process would keep its peak
 * (about 880 MB RSS) for the life of the server; opening the folder it leaves
 * costs a fraction of that (docs/decisions/012-start-up-cost.md).
 */
async function initialisePgliteInChild(dir: string): Promise<void> {
  const script =
    'const { PGlite } = await import(process.argv[1]);' +
    'const db = await PGlite.create(process.argv[2]); await db.close();';
  const moduleUrl = import.meta.resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, moduleUrl, dir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`Creating the embedded database in ${dir} failed (exit ${String(code)})`));
    });
  });
}

export function wrapPglite(client: PGlite): Db {
  const run = async <Row>(
    target: Pick<PGlite, 'query'>,
    sql: string,
    params?: readonly unknown[],
  ): Promise<Row[]> => {
    const result = await target.query<Row>(sql, params ? [...params] : undefined);
    return result.rows;
  };
  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => run(client, sql, params),
    transaction: (work) =>
      client.transaction((tx) =>
        work(registerTransaction({ query: (sql, params) => run(tx, sql, params) }, db)),
      ),
    async script<Row>(sql: string) {
      const results = await client.exec(sql);
      return (results.at(-1)?.rows ?? []) as Row[];
    },
    close: () => client.close(),
  };
  return db;
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad schema name: ${name}`);
  return `"${name}"`;
}

const STATEMENT_NAMES = new Map<string, string>();

/** The same text always gets the same name, on every connection of every pool. */
function statementName(sql: string): string {
  let name = STATEMENT_NAMES.get(sql);
  if (!name) {
    name = `gm_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    STATEMENT_NAMES.set(sql, name);
  }
  return name;
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  dropSchema: boolean,
): Promise<Db> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => {
    // an idle client died; the pool replaces it on the next query
  });
  const run = async <Row>(
    target: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<Row[]> => {
    const result = options?.prepared
      ? await target.query({ name: statementName(sql), text: sql, values: [...(params ?? [])] })
      : await target.query(sql, params ? [...params] : undefined);
    return result.rows as Row[];
  };
  const db: Db = {
    kind: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(
          registerTransaction(
            { query: (sql, params, options) => run(client, sql, params, options) },
            db,
          ),
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async script<Row>(sql: string) {
      // no parameters: the simple protocol, which runs several statements and answers each
      const result = (await pool.query(sql)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return (last?.rows ?? []) as Row[];
    },
    async close() {
      if (schema && dropSchema)
        await pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await pool.end();
    },
  };
  return db;
}
