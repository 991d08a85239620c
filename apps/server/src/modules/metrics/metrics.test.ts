import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, unreachableDb, type TestApp } from '../../../test/build-test-app.ts';
import { newMatchingTutor, newPoster, postEnquiryAs } from '../../../test/enquiry-fixtures.ts';
import { call } from '../../../test/factories.ts';

import { serveMetrics, type MetricsServer } from './metrics.ts';

let t: TestApp;
let server: MetricsServer;

beforeAll(async () => {
  t = await buildTestApp();
  server = await serveMetrics(t.app.metrics, 0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  await t.close();
});

async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`http://127.0.0.1:${String(server.port)}/metrics`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The value of one series, or undefined when the text has no such line. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on the metrics port', () => {
  it('counts requests by route pattern, never by the raw URL', async () => {
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/api/health' });
    const enquiryId = 'a3f1c7e2-0000-4000-8000-000000000042';
    await t.app.inject({ method: 'GET', url: `/api/enquiry/${enquiryId}/check-contacted/` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });

    const { status, type, text } = await scrape();

    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(
      valueOf(text, 'http_requests_total{method="GET",route="/api/health",status="200"}'),
    ).toBe(3);
    expect(
      valueOf(
        text,
        'http_requests_total{method="GET",route="/api/enquiry/:id/check-contacted/",status="401"}',
      ),
    ).toBe(1);
    expect(valueOf(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(enquiryId);
    expect(text).not.toContain('12345');
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/health"}'),
    ).toBe(3);
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health"}',
      ),
    ).toBe(3);
  });

  it('reports open sockets, the queue and, on PostgreSQL, the pool', async () => {
    const { text } = await scrape();

    expect(valueOf(text, 'websockets_open')).toBe(0);
    expect(valueOf(text, 'jobs_waiting')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'jobs{state="failed"}')).toBe(0);
    if (t.db.kind === 'postgres') {
      expect(valueOf(text, 'db_pool_max')).toBe(10);
      expect(valueOf(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts answers with a 5xx status as errors', async () => {
    const down = await buildTestApp({ db: unreachableDb(t.db.kind), jobs: false });
    const downServer = await serveMetrics(down.app.metrics, 0, '127.0.0.1');
    try {
      await down.app.inject({ method: 'GET', url: '/api/health' });
      await down.app.inject({ method: 'GET', url: '/api/health' });
      const text = await (
        await fetch(`http://127.0.0.1:${String(downServer.port)}/metrics`)
      ).text();
      expect(valueOf(text, 'http_request_errors_total{method="GET",route="/api/health"}')).toBe(2);
      expect(
        valueOf(text, 'http_requests_total{method="GET",route="/api/health",status="503"}'),
      ).toBe(2);
    } finally {
      await downServer.close();
      await down.close();
    }
  });
});

describe('where the metrics are served', () => {
  it('is not on the public port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
  });

  it('answers nothing but GET /metrics on its own port', async () => {
    const other = await fetch(`http://127.0.0.1:${String(server.port)}/api/health`);
    expect(other.status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${String(server.port)}/metrics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

describe('the live enquiries (moves the clock; runs last)', () => {
  it('shows how many are kept, how old their load is, and where feed pages were ranked', async () => {
    const tutor = await newMatchingTutor(t);
    await postEnquiryAs(t.app, await newPoster(t));
    const readFeed = () =>
      call(t.app, 'GET', '/api/enquiry/teacher/enquiry-filters/', tutor.access);
    expect((await readFeed()).statusCode).toBe(200);
    let { text } = await scrape();
    expect(valueOf(text, 'feed_live_enquiries')).toBe(1);
    expect(valueOf(text, 'feed_live_enquiries_load_age_seconds')).toBeLessThan(60);
    expect(valueOf(text, 'feed_rankings_total{by="memory"}')).toBe(1);
    expect(valueOf(text, 'feed_rankings_total{by="database"}')).toBe(0);
    // the tutor was read again after the fixture wrote them: kept, and read from memory
    expect(valueOf(text, 'feed_readers')).toBeGreaterThan(0);
    expect(valueOf(text, 'feed_reader_lookups_total{from="memory"}')).toBe(1);
    expect(valueOf(text, 'feed_reader_lookups_total{from="database"}')).toBe(0);
    // a minute after the last full load, the database ranks the next page
    t.clock.advance(60_000);
    expect((await readFeed()).statusCode).toBe(200);
    ({ text } = await scrape());
    expect(valueOf(text, 'feed_rankings_total{by="database"}')).toBe(1);
    expect(valueOf(text, 'feed_reader_lookups_total{from="database"}')).toBe(1);
  });
});
