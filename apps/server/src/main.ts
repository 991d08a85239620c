import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { pino } from 'pino';

import { assertProductionAdapters, createAdapters } from './adapters/index.ts';
import { createKv } from './adapters/kv/index.ts';
import { createPubSub } from './adapters/pubsub/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDb } from './db/connection.ts';
import { claimDataDir, DataDirInUseError } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { startJobs, worksAnyJob } from './jobs/kinds.ts';
import { openJobQueue } from './jobs/queue.ts';
import { stopServing, POOLED_CONNECTION_GRACE_MS } from './lib/graceful-stop.ts';
import { scopedLogger } from './lib/log-scope.ts';
import { requestForLog } from './lib/log-serializers.ts';
import { sanitizeStoredContent } from './modules/content/service.ts';
import { serveMetrics, type MetricsServer } from './modules/metrics/metrics.ts';
import { loadWebBuild } from './plugins/web-static.ts';
import { seedContentIfChanged } from './seed/content/seed-content.ts';
import { seedDocumentsIfChanged } from './seed/content/seed-documents.ts';
import { DEMO_ACCOUNTS, seedDemoData, seedDemoEnquiries } from './seed/demo.ts';

const SHUTDOWN_GRACE_MS = 10_000;
const LISTEN_BACKLOG = 4096;
/** Of the grace period, how long running jobs get to finish once requests are done. */
const JOBS_GRACE_MS = 4_000;

async function main(): Promise<void> {
  const config = loadConfig();
  assertProductionAdapters(config);
  // the embedded database belongs to one process at a time (admin:create checks this too)
  const releaseDataDir = config.databaseUrl ? null : claimDataDir(config.dataDir, 'server');
  process.on('exit', () => releaseDataDir?.());
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization'],
    serializers: { req: requestForLog },
  });
  // `npm start` shows these steps as progress lines (scripts/start.mjs)
  const fresh =
    !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  log.info(fresh ? 'creating the database' : 'opening the database');
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrate(db);
  // once per row: bodies stored before the current sanitiser (none after the first start)
  const cleaned = await sanitizeStoredContent({ db, now: () => new Date() });
  // the policies and area guides, from their files (an edited page is kept as edited)
  const documents = await seedDocumentsIfChanged(db);
  log.info('database ready');
  const kv = createKv(config.redisUrl, config.redisPrefix);
  const pubsub = createPubSub(config.redisUrl, config.redisPrefix);
  const jobs = await openJobQueue(db, {
    pollingIntervalSeconds: config.jobsPollSeconds,
    // instances that work jobs also keep the time of the sweeps (each is stored once)
    schedule: worksAnyJob(config.jobsWork),
    retryDelayScale: config.jobsRetryDelayScale,
    log,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const ctx: AppContext = {
    ...createAdapters(config, db),
    jobs,
    // the current request's or job's logger: every line carries its request id
    log: scopedLogger(log),
    config,
    db,
    kv,
    pubsub,
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const web = await loadWebBuild(config.webDistDir ?? path.resolve(here, '../../web/dist'));
  const app = await buildApp({
    ctx,
    web,
    logger: log,
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (cleaned > 0) app.log.info({ rows: cleaned }, 'stored content sanitized');
  if (documents) app.log.info({ documents }, 'policies and area guides stored');
  if (!web) app.log.warn('web app not built: serving the API only (run npm run build)');

  // the queue's tables, its queues, and (where this instance works jobs) its workers and the
  // sweeps' clock: the lead guarantee, reconciliation and coin expiry (jobs/kinds.ts)
  await startJobs(ctx);

  if (config.seedDemoData) {
    app.log.info('seeding demo data');
    await seedDemoData(db, ctx.storage);
    await seedDemoEnquiries(ctx);
    await seedContentIfChanged(db);
    app.log.info('demo data ready');
  }

  let metrics: MetricsServer | null = null;
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(
      () => process.exit(1),
      config.drainDelayMs + POOLED_CONNECTION_GRACE_MS + SHUTDOWN_GRACE_MS,
    );
    force.unref();
    // out of rotation, then no new connection, then every request taken is answered
    void stopServing(app, config.drainDelayMs)
      // requests are answered (their jobs stored); running jobs finish or go back to the queue
      .then(() => jobs.stop(JOBS_GRACE_MS))
      .then(() =>
        Promise.all([db.close(), kv.close(), pubsub.close(), metrics?.close(), ctx.mail.close?.()]),
      )
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // When an instance dies, its WebSockets all reconnect to the others within a second or
  // two: connections wait in the kernel's queue while the event loop takes them, and Node's
  // default queue (511) overflows, so the proxy's new connections time out. The kernel caps
  // this at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (config.metricsPort !== undefined) {
    metrics = await serveMetrics(app.metrics, config.metricsPort, config.metricsHost);
  }
  if (metrics) app.log.info({ port: metrics.port, host: config.metricsHost }, 'metrics served');
  const where = `http://localhost:${String(config.port)}`;
  const lines = [
    `GuruMatch is running on ${where}`,
    `  database: ${db.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}`,
    `  API docs: ${where}/api/docs`,
  ];
  if (config.seedDemoData) {
    lines.push('  demo accounts:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(8)} ${account.email}  password ${account.password}`);
    }
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
