// The reference topology on one machine, for tests and benchmarks: nginx (with
// the repository's configuration, TLS left out) in front of instances of the
// built server, all on one PostgreSQL and one Redis. Each run uses a schema and
// a Redis prefix of its own, so runs never see each other's data.
//
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node deploy/topology.mjs
//
// prints the address and keeps running until Ctrl-C. Tests and benchmarks
// import `startTopology`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { newestMtime } from '../scripts/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX_CONF = path.join(root, 'deploy/nginx/gurumatch.conf');
const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');
const READY_TIMEOUT_MS = 90_000;

/** Debian's nginx: installed with apt when missing and we are root, else a clear error. */
export function ensureNginx() {
  const found = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  if (found.status === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error('nginx is missing: install it with `sudo apt-get install nginx`.');
  }
  process.stdout.write('Installing nginx (apt-get install nginx)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('Installing nginx with apt-get failed.');
}

/** The server bundle, built when missing or older than its sources. */
export function ensureServerBuilt() {
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/server/src')),
    newestMtime(path.join(root, 'packages/shared/src')),
  );
  if (fs.existsSync(SERVER_MAIN) && fs.statSync(SERVER_MAIN).mtimeMs > sources) return;
  execFileSync('node', [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
}

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

async function waitFor(url, status, timeoutMs, { gaveUp = () => null } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = gaveUp();
    if (why) throw new Error(why);
    const got = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (got === status) return;
    if (Date.now() > deadline) {
      throw new Error(`${url} answered ${String(got)}, not ${String(status)}, in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The last lines of a log file, for an error message. */
function tailOf(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * The repository's nginx configuration for this machine: the instances as its
 * upstream, plain HTTP on `port` instead of TLS, logs and temporary files in `dir`.
 */
export function nginxConfigFor({ port, upstreams, dir }) {
  const site = fs
    .readFileSync(NGINX_CONF, 'utf8')
    // the redirect to TLS
    .replace(/server \{\s*listen 80;[^}]*\}\n/, '')
    .replace(/^\s*listen 443[^\n]*\n/m, `    listen 127.0.0.1:${String(port)};\n`)
    .replace(/^\s*ssl_[^\n]*\n/gm, '')
    .replace(/^\s*server_name[^\n]*\n/gm, '')
    .replace(/\/var\/log\/nginx\/gurumatch\.access\.log/, path.join(dir, 'access.log'))
    .replace(
      /(upstream gurumatch \{\n)(?:\s*(?:#[^\n]*|server [^\n]*)\n)+/,
      (_match, head) =>
        `${head}${upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;\n`).join('')}`,
    );
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const main = [
    ...(isRoot ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  client_body_temp_path ${path.join(dir, 'body')};`,
    `  proxy_temp_path ${path.join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${path.join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${path.join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${path.join(dir, 'scgi')};`,
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, `${main}\n`);
  return file;
}

function exited(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts `instances` servers and nginx in front of them. `env` is added to
 * every instance's environment. Resolves once every instance is ready and
 * nginx answers; `close()` stops everything and drops the schema and keys.
 */
export async function startTopology({
  databaseUrl = process.env.DATABASE_URL,
  redisUrl = process.env.REDIS_URL,
  instances = 2,
  env = {},
} = {}) {
  if (!databaseUrl || !redisUrl) {
    throw new Error('The topology needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis).');
  }
  ensureNginx();
  ensureServerBuilt();
  const name = `gm_topology_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-topology-'));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);

  const nginxPort = await freePort();
  const base = `http://127.0.0.1:${String(nginxPort)}`;
  const servers = [];
  for (let index = 0; index < instances; index += 1) {
    const port = await freePort();
    const metricsPort = await freePort();
    const log = path.join(dir, `instance-${String(index)}.log`);
    const server = {
      name: String.fromCharCode(65 + index),
      port,
      metricsPort,
      log,
      process: null,
      /** Whether it has been ready once (nginx knows its port from then on). */
      started: false,
      /**
       * Starts (or starts again) this instance; resolves once it is ready. Its
       * first start moves to another port when someone took this one after
       * `freePort` found it free.
       */
      async start() {
        for (let attempt = 1; ; attempt += 1) {
          const logged = fs.existsSync(log) ? fs.statSync(log).size : 0;
          const child = spawnInstance();
          try {
            await waitFor(
              `http://127.0.0.1:${String(server.port)}/api/health/ready`,
              200,
              READY_TIMEOUT_MS,
              {
                gaveUp: () =>
                  child.exitCode === null && child.signalCode === null
                    ? null
                    : `instance ${server.name} exited (${String(child.exitCode ?? child.signalCode)}) before it was ready`,
              },
            );
            server.started = true;
            return;
          } catch (error) {
            const own = fs.readFileSync(log, 'utf8').slice(logged);
            if (!server.started && attempt < 3 && own.includes('EADDRINUSE')) {
              server.port = await freePort();
              server.metricsPort = await freePort();
              continue;
            }
            await server.stop('SIGKILL');
            throw new Error(
              `${error instanceof Error ? error.message : String(error)}\n${tailOf(log)}`,
            );
          }
        }
      },
      /** Sends `signal` and resolves with the exit code once the process is gone. */
      async stop(signal = 'SIGTERM') {
        const child = server.process;
        if (!child || child.exitCode !== null || child.signalCode !== null) return null;
        child.kill(signal);
        return exited(child);
      },
    };
    const spawnInstance = () => {
      const out = fs.openSync(log, 'a');
      server.process = spawn('node', [SERVER_MAIN], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: String(server.port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(server.metricsPort),
          DATABASE_URL: url.toString(),
          REDIS_URL: redisUrl,
          REDIS_PREFIX: `${name}:`,
          TRUST_PROXY: '127.0.0.1',
          // nginx retries a read answered 503 elsewhere (docs/operations.md)
          DRAIN_REFUSE_READS: 'true',
          JWT_SECRET: 'topology-secret-at-least-16-characters',
          PUBLIC_URL: base,
          SEED_DEMO_DATA: 'false',
          DATA_DIR: path.join(dir, `data-${String(index)}`),
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      return server.process;
    };
    servers.push(server);
  }
  /** Drops the run's schemas and Redis keys and its directory. */
  const removeRun = async () => {
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await cleanup.query(`DROP SCHEMA IF EXISTS ${name}_jobs CASCADE`);
    await cleanup.end();
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${name}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // one after the other: the first applies the migrations, the others find them done
  try {
    for (const server of servers) await server.start();
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await removeRun();
    throw error;
  }

  const nginxFile = nginxConfigFor({
    port: nginxPort,
    upstreams: servers.map((server) => `127.0.0.1:${String(server.port)}`),
    dir,
  });
  const nginx = spawn('nginx', ['-c', nginxFile, '-p', dir], { stdio: 'ignore' });
  try {
    await waitFor(`${base}/api/health`, 200, 20_000, {
      gaveUp: () => (nginx.exitCode === null ? null : `nginx exited (${String(nginx.exitCode)})`),
    });
  } catch (error) {
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    const log = tailOf(path.join(dir, 'error.log'));
    await removeRun();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`);
  }

  return {
    url: base,
    wsUrl: base.replace(/^http/, 'ws'),
    schema: name,
    /** The instances' DATABASE_URL: the run's schema first on the search path. */
    databaseUrl: url.toString(),
    instances: servers,
    dir,
    async close() {
      nginx.kill('SIGQUIT');
      await Promise.all([exited(nginx), ...servers.map((server) => server.stop('SIGKILL'))]);
      await removeRun();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const topology = await startTopology();
  process.stdout.write(
    `GuruMatch behind nginx on ${topology.url}\n` +
      topology.instances
        .map(
          (server) =>
            `  instance ${server.name}: 127.0.0.1:${String(server.port)} (metrics :${String(server.metricsPort)}, log ${server.log})\n`,
        )
        .join(''),
  );
  const stop = () => void topology.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
