// Compression behind nginx, measured both ways: the server compresses (the
// repository's configuration: nginx has `gzip off` and passes answers on) or
// nginx compresses (`gzip on`, the server asked for identity). One built
// instance behind each nginx, on the same database; the web app must be built.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node bench/compression.mjs
//
// For `/` (the server-rendered home page), the largest JavaScript chunk and a
// tutor's feed (an API list of 10 enquiries), with `Accept-Encoding: br, gzip`
// (what browsers send) and `gzip` alone: the bytes on the wire and the
// median and p99 time of BENCH_REQUESTS requests one after the other, then the
// requests per second of 10 at once for BENCH_SECONDS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

import { freePort, nginxConfigFor, startTopology } from '../deploy/topology.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const JWT_SECRET = 'compression-secret-at-least-16-characters';

const { signAccessToken } = await tsImport('../apps/server/src/lib/jwt.ts', import.meta.url);
const topology = await startTopology({
  instances: 1,
  env: { JWT_SECRET, LOG_LEVEL: 'warn' },
});

// the other way: nginx compresses what the server sends uncompressed
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-compression-'));
const nginxPort = await freePort();
const nginxFile = nginxConfigFor({
  port: nginxPort,
  upstreams: [`127.0.0.1:${String(topology.instances[0].port)}`],
  dir,
});
const site = path.join(dir, 'site.conf');
fs.writeFileSync(
  site,
  fs
    .readFileSync(site, 'utf8')
    .replace(
      /^\s*gzip off;\n/m,
      [
        '    gzip on;',
        '    gzip_comp_level 5;',
        '    gzip_min_length 1024;',
        '    gzip_proxied any;',
        '    gzip_vary on;',
        '    gzip_types text/css application/javascript application/json image/svg+xml;',
        '',
      ].join('\n'),
    )
    .replace(
      /^(\s*)proxy_set_header X-Request-Id[^\n]*\n/gm,
      (line, indent) => `${line}${indent}proxy_set_header Accept-Encoding "";\n`,
    ),
);
const nginx = spawn('nginx', ['-c', nginxFile, '-p', dir], { stdio: 'inherit' });
const viaNginx = `http://127.0.0.1:${String(nginxPort)}`;
for (let tries = 0; ; tries += 1) {
  const up = await fetch(`${viaNginx}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (up) break;
  if (tries > 100) throw new Error('the second nginx did not answer');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// a tutor whose feed holds enquiries
const db = new pg.Client({ connectionString: topology.databaseUrl });
await db.connect();
const {
  rows: [tutor],
} = await db.query(
  `INSERT INTO users (email, password_hash, full_name, role, is_email_verified)
   VALUES ('compression.tutor@example.in', 'not-a-password-hash', 'Compression Tutor', 'teacher', true)
   RETURNING id, email, full_name, role`,
);
await db.query(
  `INSERT INTO profiles (user_id, interested_classes, subjects, requirement, boards, languages_known)
   VALUES ($1, '{Class 10}', '{Mathematics}', 'online', '{CBSE}', '{English}')`,
  [tutor.id],
);
await db.query(
  `WITH student AS (
     INSERT INTO users (email, password_hash, full_name, role)
     VALUES ('compression.student@example.in', 'not-a-password-hash', 'Compression Student', 'student')
     RETURNING id)
   INSERT INTO enquiries (student_id, name, study_mode, class_level, subject, language, user_budget,
                          when_to_start, formatted_address, city, state, country, latitude,
                          longitude, coins_required, posted_at, expires_at)
   SELECT student.id, 'Maths tuition for Class 10, board exams ' || i, 'online', 'Class 10',
          'Mathematics', 'English', 500, 'immediately', 'Jayanagar, Bengaluru, Karnataka, India',
          'Bengaluru', 'Karnataka', 'India', 12.925, 77.5938, 20, now(), now() + interval '30 days'
     FROM student, generate_series(1, 60) AS i`,
);
await db.end();
const token = await signAccessToken(
  JWT_SECRET,
  {
    user_id: tutor.id,
    username: 'compression',
    email: tutor.email,
    full_name: tutor.full_name,
    avatar: null,
    role: tutor.role,
    coins: 0,
  },
  new Date(),
);

const home = await (await fetch(`${topology.url}/`)).text();
const chunks = [...home.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
const largest = chunks
  .map((chunk) => ({
    chunk,
    size: fs.statSync(path.join(import.meta.dirname, '../apps/web/dist/client', chunk)).size,
  }))
  .sort((a, b) => b.size - a.size)[0];
if (!largest) throw new Error('no script in the home page: is the web app built?');

/** One GET without decoding: its status, encoding, the bytes on the wire and the time. */
function get(base, url, headers) {
  const { hostname, port } = new URL(base);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: url, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes,
          ms: performance.now() - start,
        }),
      );
    });
    request.on('error', reject);
  });
}

const targets = [
  { name: '/', url: '/', headers: {} },
  { name: `JS chunk (${largest.chunk.split('/').pop()})`, url: largest.chunk, headers: {} },
  {
    name: 'tutor feed (API list)',
    url: '/api/enquiry/teacher/enquiry-filters/',
    headers: { authorization: `Bearer ${token}` },
  },
];
const ways = [
  { name: 'server compresses', base: topology.url },
  { name: 'nginx compresses', base: viaNginx },
];
const encodings = ['br, gzip', 'gzip'];
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const lines = [];
for (const target of targets) {
  const plain = await get(topology.url, target.url, { ...target.headers });
  lines.push(`${target.name}: ${String(plain.bytes)} bytes uncompressed`);
  for (const way of ways) {
    for (const acceptEncoding of encodings) {
      const headers = { ...target.headers, 'accept-encoding': acceptEncoding };
      const times = [];
      let last = null;
      for (let index = 0; index < REQUESTS; index += 1) {
        last = await get(way.base, target.url, headers);
        if (last.status !== 200) throw new Error(`${target.url}: ${String(last.status)}`);
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      // 10 at once for a few seconds: what the compression costs in throughput
      let done = 0;
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (performance.now() < until) {
            await get(way.base, target.url, headers);
            done += 1;
          }
        }),
      );
      lines.push(
        `  ${way.name.padEnd(18)} asked ${acceptEncoding.padEnd(8)} → ${last.encoding.padEnd(8)} ` +
          `${String(last.bytes).padStart(7)} bytes, median ${percentile(times, 0.5).toFixed(2)} ms, ` +
          `p99 ${percentile(times, 0.99).toFixed(2)} ms, ${(done / SECONDS).toFixed(0)} req/s at 10 at once`,
      );
    }
  }
}
process.stdout.write(`${lines.join('\n')}\n`);

nginx.kill('SIGQUIT');
await new Promise((resolve) => nginx.once('exit', resolve));
fs.rmSync(dir, { recursive: true, force: true });
await topology.close();
