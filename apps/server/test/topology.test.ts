/**
 * The reference topology (deploy/topology.mjs) as it runs in production: nginx
 * with the repository's configuration in front of two built instances on one
 * PostgreSQL and one Redis. Needs both (DATABASE_URL and REDIS_URL); skipped
 * on the embedded database.
 */
import fs from 'node:fs';
import http from 'node:http';

import type { TokenPair } from '@gurumatch/shared/schemas/auth';
import type { ChatMessageList } from '@gurumatch/shared/schemas/chat';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTopology, type Topology, type TopologyInstance } from '../../../deploy/topology.mjs';
import type { Queryable } from '../src/db/connection.ts';

import { createConversation, openChat, type ChatClient } from './chat-fixtures.ts';
import { enquiryPostBody, insertAddress, registrationBody } from './factories.ts';

const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
/** How long a stopping instance fails readiness before it stops listening. */
const DRAIN_DELAY_MS = 1500;
/** `fail_timeout` of the upstream's servers, read from the configuration nginx runs with. */
const NGINX_FAIL_TIMEOUT_MS =
  1000 *
  Number(
    /fail_timeout=(\d+)s/.exec(
      fs.readFileSync(new URL('../../../deploy/nginx/gurumatch.conf', import.meta.url), 'utf8'),
    )?.[1],
  );
if (!(NGINX_FAIL_TIMEOUT_MS > 0)) throw new Error('no fail_timeout in the nginx configuration');

let topology: Topology;
/** Set once the topology is up: a failed start has nothing to close. */
let started = false;

beforeAll(async () => {
  if (!enabled) return;
  topology = await startTopology({
    env: {
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    },
  });
  started = true;
}, 240_000);

afterAll(async () => {
  if (started) await topology.close();
}, 60_000);

/** A request to nginx from a loopback address of our choosing (Linux answers all of 127/8). */
function requestFrom(
  localAddress: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const { port } = new URL(topology.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, localAddress, headers },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

interface LogLine {
  msg?: string;
  req?: { remoteAddress?: string };
  job?: { id: string; name: string };
}

/** The JSON lines every instance logged for one request id. */
function logLinesOf(requestId: string): LogLine[] {
  return topology.instances
    .flatMap((instance) => fs.readFileSync(instance.log, 'utf8').split('\n'))
    .filter((line) => line.includes(`"reqId":"${requestId}"`))
    .map((line) => JSON.parse(line) as LogLine);
}

async function register(role: 'student' | 'teacher'): Promise<{ token: string; userId: number }> {
  const response = await fetch(`${topology.url}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registrationBody({ role })),
  });
  expect(response.status).toBe(201);
  const tokens = (await response.json()) as TokenPair;
  return { token: tokens.access, userId: Number(decodeJwt(tokens.access).user_id) };
}

async function openSockets(instance: TopologyInstance): Promise<number> {
  const text = await (
    await fetch(`http://127.0.0.1:${String(instance.metricsPort)}/metrics`)
  ).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('websockets_open '));
  return Number(line?.split(' ')[1] ?? 'NaN');
}

/** The processes of nginx (its master and workers). */
function nginxPids(): number[] {
  const master = Number(fs.readFileSync(`${topology.dir}/nginx.pid`, 'utf8').trim());
  const workers = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // "pid (name) state ppid …"
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
  return [master, ...workers];
}

/** How many open TCP connections nginx holds to `port` (read from /proc, Linux only). */
function nginxConnectionsTo(port: number): number {
  const inodes = new Set<string>();
  for (const pid of nginxPids()) {
    for (const fd of fs.readdirSync(`/proc/${String(pid)}/fd`)) {
      try {
        const target = fs.readlinkSync(`/proc/${String(pid)}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match?.[1]) inodes.add(match[1]);
      } catch {
        // closed meanwhile
      }
    }
  }
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => fs.readFileSync(table, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter(
      // remote address, state (01: established), inode
      ([, , remote, state, , , , , , inode]) =>
        remote?.endsWith(`:${hexPort}`) === true && state === '01' && inodes.has(inode ?? ''),
    ).length;
}

/** Runs `work` on the topology's database, through a connection of its own. */
async function withDb<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: topology.databaseUrl });
  await client.connect();
  try {
    return await work({
      query: async <Row>(sql: string, params?: readonly unknown[]) =>
        (await client.query(sql, params ? [...params] : undefined)).rows as Row[],
    });
  } finally {
    await client.end();
  }
}

async function conversationBetween(studentId: number, tutorId: number): Promise<number> {
  return withDb(
    async (db) => (await createConversation(db, { studentId, tutorId })).conversationId,
  );
}

describe.skipIf(!enabled)('nginx in front of two instances', () => {
  it('passes requests and the request id through', async () => {
    const response = await fetch(`${topology.url}/api/health/ready`, {
      headers: { 'x-request-id': 'topology-probe-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('topology-probe-1');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('gives the app the real client address, whatever X-Forwarded-For the client sent', async () => {
    const requestId = `topology-address-${String(Date.now())}`;
    const response = await requestFrom('127.0.0.2', '/api/no-such-thing/', {
      'x-request-id': requestId,
      'x-forwarded-for': '203.0.113.9',
    });
    expect(response.status).toBe(404);
    await expect.poll(() => logLinesOf(requestId).length, { timeout: 5000 }).toBeGreaterThan(0);
    const addresses = logLinesOf(requestId)
      .map((line) => line.req?.remoteAddress)
      .filter(Boolean);
    expect(addresses).toEqual(['127.0.0.2']);
  });

  it('carries the request id from nginx to the log lines of the job the request stored', async () => {
    const student = await register('student');
    const addressId = await withDb(async (db) => {
      await insertAddress(db, student.userId);
      const [address] = await db.query<{ id: number }>(
        'SELECT id FROM user_addresses WHERE user_id = $1',
        [student.userId],
      );
      return address?.id ?? 0;
    });
    const requestId = `topology-job-${String(Date.now())}`;
    const response = await fetch(`${topology.url}/api/enquiry/enquiries/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${student.token}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
      },
      body: JSON.stringify(enquiryPostBody(addressId)),
    });
    expect(response.status).toBe(201);
    // the lead-alerts job, run by whichever instance fetched it
    await expect
      .poll(() => logLinesOf(requestId).find((line) => line.job && line.msg === 'job done'), {
        timeout: 15_000,
      })
      .toMatchObject({ job: { name: 'lead-alerts' } });
    expect(fs.readFileSync(`${topology.dir}/access.log`, 'utf8')).toContain(
      `"request_id":"${requestId}"`,
    );
  });

  it('restarts an instance while a chat socket is open on it without losing an acknowledged message', async () => {
    const student = await register('student');
    const tutor = await register('teacher');
    const conversationId = await conversationBetween(student.userId, tutor.userId);
    const sockets: ChatClient[] = [];
    try {
      const studentSocket = await openChat(topology.url, conversationId, student.token);
      sockets.push(studentSocket);
      const counts = await Promise.all(topology.instances.map(openSockets));
      const holder = topology.instances[counts.indexOf(1)];
      const other = topology.instances.find((instance) => instance !== holder);
      if (!holder || !other) throw new Error(`no instance holds the socket: ${String(counts)}`);

      studentSocket.send({ type: 'chat_message', message: 'before the restart', temp_id: 'a' });
      await studentSocket.next((frame) => frame.type === 'chat_message' && frame.temp_id === 'a');

      const exited = holder.stop('SIGTERM');
      // out of rotation at once, still listening while the balancer notices
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${String(holder.port)}/api/health/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: DRAIN_DELAY_MS, interval: 50 },
        )
        .toBe(503);
      expect(await studentSocket.closed).toBe(1001);
      expect(await exited).toBe(0);

      // the tutor writes meanwhile, through nginx, to the instance still running
      const tutorSocket = await openChat(topology.url, conversationId, tutor.token);
      sockets.push(tutorSocket);
      tutorSocket.send({ type: 'chat_message', message: 'while you were away', temp_id: 'b' });
      await tutorSocket.next((frame) => frame.type === 'chat_message' && frame.temp_id === 'b');

      // the student reconnects (nginx sends it to the other instance) and catches up
      const again = await openChat(topology.url, conversationId, student.token);
      sockets.push(again);
      expect(again.socket.readyState).toBe(again.socket.OPEN);
      expect(await openSockets(other)).toBe(2);
      const page = await fetch(
        `${topology.url}/api/chat/conversations/${String(conversationId)}/messages/`,
        { headers: { authorization: `Bearer ${student.token}` } },
      );
      expect(page.status).toBe(200);
      const contents = ((await page.json()) as ChatMessageList).results.map((m) => m.content);
      expect(contents.sort()).toEqual(['before the restart', 'while you were away']);

      // the restarted instance takes traffic again
      await holder.start();
      expect((await fetch(`http://127.0.0.1:${String(holder.port)}/api/health/ready`)).status).toBe(
        200,
      );
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  }, 120_000);
  it('holds no idle connection to an instance when it stops listening, so none is closed under a request', async () => {
    const [instance] = topology.instances;
    if (!instance) throw new Error('no instance');
    // nginx pools connections to every instance
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => fetch(`${topology.url}/api/health`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(nginxConnectionsTo(instance.port)).toBeGreaterThan(0);

    const exited = instance.stop('SIGTERM');
    // nginx lets its idle connections go within its upstream keepalive_timeout…
    await expect
      .poll(() => nginxConnectionsTo(instance.port), { timeout: DRAIN_DELAY_MS, interval: 50 })
      .toBe(0);
    // …while the instance still listens (draining: not ready)
    expect((await fetch(`http://127.0.0.1:${String(instance.port)}/api/health/ready`)).status).toBe(
      503,
    );
    expect(await exited).toBe(0);
    await instance.start();
    expect((await fetch(`${topology.url}/api/health/ready`)).status).toBe(200);
  }, 60_000);
  it('stops sending to a stopping instance once a read met it there, so no write is on its way when it stops listening', async () => {
    const [stopping, other] = topology.instances;
    if (!stopping || !other) throw new Error('two instances expected');
    // as a rolling deploy does: the instance restarted before (by the tests above) has taken
    // traffic through nginx since, past nginx's fail_timeout, so nginx counts no failure
    // against it any more (until then nginx sends one request at a time to it, and a read the
    // stopping instance refuses could find no instance to go to)
    await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS));
    for (let index = 0; index < 4; index += 1) {
      expect((await fetch(`${topology.url}/api/health`)).status).toBe(200);
    }
    const stamp = String(Date.now());
    const exited = stopping.stop('SIGTERM');
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${String(stopping.port)}/api/health/ready`).then((r) => r.status),
      )
      .toBe(503);
    // reads are answered, by the other instance when they meet the stopping one
    const reads = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        fetch(`${topology.url}/api/blog/blogs/`, {
          headers: { 'x-request-id': `drain-read-${stamp}-${String(index)}` },
        }),
      ),
    );
    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    // writes all go to the other instance
    for (let index = 0; index < 6; index += 1) {
      const write = await fetch(`${topology.url}/api/auth/token/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': `drain-write-${stamp}-${String(index)}`,
        },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      });
      expect(write.status).not.toBe(502);
      expect(write.status).toBeLessThan(500);
    }
    const upstreams = fs
      .readFileSync(`${topology.dir}/access.log`, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"request_id":"drain-`) && line.includes(stamp))
      .map((line) => JSON.parse(line) as { request_id: string; upstream: string });
    const reachedStopping = (upstream: string) => upstream.includes(`:${String(stopping.port)}`);
    // at least one read met the stopping instance (and was answered by the other)…
    expect(
      upstreams.some(
        (line) => line.request_id.startsWith('drain-read') && reachedStopping(line.upstream),
      ),
    ).toBe(true);
    // …and from then on no write went there
    const writes = upstreams.filter((line) => line.request_id.startsWith('drain-write'));
    expect(writes).toHaveLength(6);
    expect(writes.filter((line) => reachedStopping(line.upstream))).toEqual([]);

    expect(await exited).toBe(0);
    await stopping.start();
    expect((await fetch(`${topology.url}/api/health/ready`)).status).toBe(200);
  }, 60_000);
});
