import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

import {
  inlineStylesheets,
  modulePreloadTags,
  type BuildManifest,
  type PageRenderer,
} from './web-static.ts';

const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-e1.js', imports: ['_vendor-v1.js'] },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  'src/features/content/components/blog-list-page.tsx': {
    file: 'assets/blog-list-page-b1.js',
    imports: ['_vendor-v1.js', '_card-c1.js'],
  },
  '_card-c1.js': { file: 'assets/card-c1.js', css: ['assets/card.css'] },
};

const TEMPLATE_HEAD =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-v1.js"><script>inline()</script>';

/** A page long enough to be worth compressing. */
const BODY = `<main>${'<p>Home tutors in Jayanagar for every board and class.</p>'.repeat(80)}</main>`;

/** How many times each path was rendered. */
const renders = new Map<string, number>();

const renderer: PageRenderer = {
  render(request) {
    const url = new URL(request.url);
    renders.set(url.pathname, (renders.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/old') {
      return Promise.resolve({ kind: 'redirect', status: 301, location: '/blogs' });
    }
    return Promise.resolve({
      kind: 'page',
      status: url.pathname.startsWith('/blogs') ? 200 : 404,
      head: '<title>Blogs</title>',
      html: `${BODY}<script>window.__data = 1;</script>`,
      modules:
        url.pathname === '/blogs' ? ['src/features/content/components/blog-list-page.tsx'] : [],
    });
  },
};

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-web-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-e1.js'), 'console.log(1);'.repeat(200));
  t = await buildTestApp({
    web: {
      clientDir,
      template: {
        beforeHead: TEMPLATE_HEAD,
        beforeApp: '</head><body><div id="root">',
        afterApp: '</div></body></html>',
      },
      renderer,
      manifest: MANIFEST,
    },
  });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('compresses a page with brotli or gzip as the client accepts', async () => {
    const br = await t.app.inject({ url: '/blogs', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(BODY.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(BODY);

    const gzip = await t.app.inject({ url: '/blogs', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(BODY);

    const plain = await t.app.inject({ url: '/blogs', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers).not.toHaveProperty('content-encoding');
    expect(plain.body).toContain(BODY);
  });

  it('compresses the not-found page too, with its 404 status', async () => {
    const response = await t.app.inject({
      url: '/no-such-page',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('follows a redirect of the routes', async () => {
    const response = await t.app.inject({ url: '/old' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/blogs');
  });

  it('answers unknown API paths with 404 JSON, not a page', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json<{ code: string }>().code).toBe('not_found');
  });

  it('allows exactly its own inline scripts, by their hashes', async () => {
    const response = await t.app.inject({ url: '/blogs' });
    const policy = String(response.headers['content-security-policy']);
    const hashOf = (text: string) =>
      `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources).toContain(hashOf('inline()'));
    expect(scriptSources).toContain(hashOf('window.__data = 1;'));
    expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(policy).not.toContain('nonce-');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Images come by absolute URLs built from PUBLIC_URL (http://localhost:3000 here).
    expect(policy).toMatch(/img-src [^;]*http:\/\/localhost:3000/);
  });

  it('renders a page once, then sends it stored, until a write or 10 s later', async () => {
    const url = '/blogs/stored';
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const again = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ url, headers: { 'accept-encoding': 'br' } })),
    );
    expect(renders.get(url)).toBe(1);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(response.headers['content-security-policy']).toBe(
        first.headers['content-security-policy'],
      );
      expect(response.headers.vary).toContain('accept-encoding');
    }
    // a successful write anywhere drops every stored page
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        full_name: 'Asha Verma',
        email: `asha.${String(Date.now())}@example.in`,
        password: 'Str0ng@Passw0rd',
        confirm_password: 'Str0ng@Passw0rd',
        role: 'student',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await t.app.inject({ url });
    expect(renders.get(url)).toBe(2);
    // a refused write drops nothing
    await t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: {} });
    await t.app.inject({ url });
    expect(renders.get(url)).toBe(2);
    t.clock.advance(10_000);
    await t.app.inject({ url });
    expect(renders.get(url)).toBe(3);
  });

  it('renders a not-found page every time (only 200 pages are stored)', async () => {
    await t.app.inject({ url: '/missing-twice' });
    await t.app.inject({ url: '/missing-twice' });
    expect(renders.get('/missing-twice')).toBe(2);
  });

  it("preloads the route's chunks the template does not already load, at low priority", async () => {
    const response = await t.app.inject({ url: '/blogs' });
    expect(response.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/blog-list-page-b1.js">',
    );
    expect(response.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card-c1.js">',
    );
    expect(response.body.match(/vendor-v1\.js/g)).toHaveLength(1);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain('blog-list-page-b1.js');
    // the title comes before the route chunks, which close the head
    expect(head.indexOf('<title>')).toBeLessThan(head.indexOf('blog-list-page-b1.js'));
  });
});

describe('static assets', () => {
  it('serve with slim headers: no nonce, no document-only headers', async () => {
    const response = await t.app.inject({ url: '/assets/index-e1.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers).not.toHaveProperty('x-frame-options');
    expect(response.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(response.headers).not.toHaveProperty('referrer-policy');
  });
});

describe('inlineStylesheets', () => {
  it('writes the built stylesheet into the head, so the first paint needs no second request', () => {
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-s1.css'), 'body{margin:0}');
    const template =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-s1.css"><link rel="stylesheet" href="/assets/gone.css"></head>';
    expect(inlineStylesheets(template, clientDir)).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" href="/assets/gone.css"></head>',
    );
  });
});

describe('modulePreloadTags', () => {
  it('follows imports once, skips files the template loads and non-scripts', () => {
    expect(
      modulePreloadTags(
        MANIFEST,
        ['src/features/content/components/blog-list-page.tsx', 'src/unknown.tsx'],
        TEMPLATE_HEAD,
      ),
    ).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/blog-list-page-b1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card-c1.js">',
    );
    expect(modulePreloadTags(MANIFEST, [], TEMPLATE_HEAD)).toBe('');
  });
});
