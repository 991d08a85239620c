/**
 * What an operator watches (docs/operations.md says what each means): requests
 * by route pattern (never the raw URL, whose ids would make a series per
 * enquiry), their latency, open sockets, the job queue, the database pool and
 * the live enquiries the feeds are ranked from.
 * Each app has a registry of its own (tests build several in one process); it
 * is read on a port of its own (`serveMetrics`), never on the public one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

import type { AppContext } from '../../context.ts';
import { liveEnquiriesStats, type LiveEnquiriesStats } from '../enquiries/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics, in Prometheus' text format through `metrics.metrics()`. */
    metrics: Registry;
  }
}

/** Job states that wait for a worker: together, the queue's depth. */
const WAITING_STATES = ['created', 'retry'] as const;

/** Latency buckets, in seconds: most answers take milliseconds; a minute is a stuck one. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const metricsPlugin = fp<{ ctx: AppContext }>((app, { ctx }, done) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'websockets_open',
    help: 'WebSockets open on this instance (chat and any other socket)',
    registers: [registry],
    collect() {
      this.set(app.websocketServer.clients.size);
    },
  });
  new Gauge({
    name: 'jobs',
    help: 'Jobs stored in the queue, by state (created and retry wait, active run, failed ran out of tries)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await ctx.jobs.countByState().catch(() => null);
      if (!counts) return;
      for (const state of [...WAITING_STATES, 'active', 'failed']) this.set({ state }, 0);
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'jobs_waiting',
    help: 'Jobs waiting for a worker (the queue depth)',
    registers: [registry],
    async collect() {
      const counts = await ctx.jobs.countByState().catch(() => null);
      if (!counts) return;
      this.set(WAITING_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0));
    },
  });
  new Gauge({
    name: 'feed_live_enquiries',
    help: 'Live enquiries this instance keeps in memory to rank tutor feeds from',
    registers: [registry],
    collect() {
      this.set(liveEnquiriesStats(ctx)?.rows ?? 0);
    },
  });
  new Gauge({
    name: 'feed_live_enquiries_load_age_seconds',
    help: 'Seconds since the last full load of the live enquiries that succeeded began',
    registers: [registry],
    collect() {
      const age = liveEnquiriesStats(ctx)?.loadAgeSeconds;
      if (age === null || age === undefined) this.reset();
      else this.set(age);
    },
  });
  /** A counter of feed work done from memory or by the database, read from the feed's stats. */
  const memoryOrDatabase = (
    name: string,
    help: string,
    label: string,
    read: (stats: LiveEnquiriesStats | null) => { memory: number; database: number },
  ) =>
    new Counter({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      collect() {
        const counts = read(liveEnquiriesStats(ctx));
        this.reset();
        this.inc({ [label]: 'memory' }, counts.memory);
        this.inc({ [label]: 'database' }, counts.database);
      },
    });
  memoryOrDatabase(
    'feed_rankings_total',
    'Feed pages ranked, by where (memory: the live enquiries; database: they were not trusted)',
    'by',
    (stats) => ({ memory: stats?.rankedInMemory ?? 0, database: stats?.rankedByDatabase ?? 0 }),
  );
  new Gauge({
    name: 'feed_readers',
    help: 'Tutors whose session state and feed inputs this instance keeps in memory',
    registers: [registry],
    collect() {
      this.set(liveEnquiriesStats(ctx)?.readers ?? 0);
    },
  });
  memoryOrDatabase(
    'feed_reader_lookups_total',
    'Feed requests whose tutor was read, by where (memory, or the database: not kept or not trusted)',
    'from',
    (stats) => ({
      memory: stats?.readersInMemory ?? 0,
      database: stats?.readersFromDatabase ?? 0,
    }),
  );
  const poolUse = ctx.db.poolUse?.bind(ctx.db);
  if (poolUse) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections to PostgreSQL this instance holds, by state (in use or idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a free connection to PostgreSQL',
      registers: [registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
    new Gauge({
      name: 'db_pool_max',
      help: 'Connections this instance may open to PostgreSQL at most',
      registers: [registry],
      collect() {
        this.set(poolUse().max);
      },
    });
  }

  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    // the pattern (`/api/enquiry/:id/`), or one series for every path no route matched
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    if (reply.statusCode >= 500) errors.inc({ method, route });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
  });
  done();
});

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` from `registry` on a port of its own (127.0.0.1 unless told otherwise). */
export async function serveMetrics(
  registry: Registry,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
