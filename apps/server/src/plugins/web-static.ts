import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { SingleFlight } from '../lib/single-flight.ts';

import { publicCacheKey, sendStoredAnswer, unstoredAnswer } from './public-cache.ts';

/** What the web app's server entry (`entry-server.tsx`) exports. */
export interface PageRenderer {
  render(
    request: Request,
    options: { apiFetch: (path: string, init: RequestInit) => Promise<Response> },
  ): Promise<RenderedPage>;
}

type RenderedDocument =
  | { kind: 'document'; status: number; headers: Record<string, string>; body: Buffer }
  | { kind: 'redirect'; status: number; location: string };

export type RenderedPage =
  | { kind: 'page'; status: number; head: string; html: string; modules: string[] }
  | { kind: 'redirect'; status: number; location: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a non-API GET with the server-rendered page (set by the web plugin). */
    renderPage: ((page: PageRequest, reply: FastifyReply) => Promise<FastifyReply>) | null;
  }
}

/** What rendering needs of the incoming request. */
export type PageRequest = Pick<FastifyRequest, 'url' | 'headers'>;

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export interface WebBuild {
  clientDir: string;
  template: { beforeHead: string; beforeApp: string; afterApp: string };
  renderer: PageRenderer;
  manifest: BuildManifest;
}

export async function loadWebBuild(distDir: string): Promise<WebBuild | null> {
  const clientDir = path.join(distDir, 'client');
  const templatePath = path.join(clientDir, 'index.html');
  const entryPath = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(templatePath) || !fs.existsSync(entryPath)) return null;
  const html = inlineStylesheets(fs.readFileSync(templatePath, 'utf8'), clientDir);
  const [beforeHead = '', rest = ''] = html.split('<!--app-head-->');
  const [beforeApp = '', afterApp = ''] = rest.split('<!--app-html-->');
  const renderer = (await import(pathToFileURL(entryPath).href)) as PageRenderer;
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BuildManifest)
    : {};
  return { clientDir, template: { beforeHead, beforeApp, afterApp }, renderer, manifest };
}

/**
 * The template with its built stylesheet written into a `<style>` block: the
 * first paint then waits for the document alone, not for a second request that
 * shares the connection with the page's scripts (decision 047). The document's
 * policy allows the block by its hash.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag: string, file: string) => {
      const css = path.join(clientDir, file);
      return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8')}</style>` : tag;
    },
  );
}

/**
 * `<link rel="modulepreload">` tags for the chunks of the source modules a page's
 * routes loaded, with their imports, so the browser fetches them with the entry
 * script instead of a round trip later, at low priority like the entry's own
 * preloads (the first paint needs none of them). Files the template already loads
 * are left out.
 */
export function modulePreloadTags(
  manifest: BuildManifest,
  modules: readonly string[],
  template: string,
): string {
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const id of modules) visit(id);
  return [...files]
    .filter((file) => file.endsWith('.js') && !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('');
}

function toWebRequest(request: PageRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url, origin), { method: 'GET', headers });
}

type InjectMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A `fetch` for route loaders on the server: the request goes through the app in-process. */
async function injectFetch(
  app: FastifyInstance,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const result = await app.inject({
    method: (init.method ?? 'GET').toUpperCase() as InjectMethod,
    url: path,
    headers,
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(result.headers)) {
    if (typeof value === 'string') responseHeaders.set(name, value);
    else if (typeof value === 'number') responseHeaders.set(name, String(value));
  }
  return new Response(result.statusCode === 204 ? null : result.rawPayload, {
    status: result.statusCode,
    headers: responseHeaders,
  });
}

/**
 * Serves the built web app: hashed assets with long caching, and every other
 * non-API GET rendered on the server from the same React routes, then hydrated.
 */
export const webStaticPlugin = fp<{ build: WebBuild | null; publicUrl: string }>(
  async (app: FastifyInstance, { build, publicUrl }) => {
    if (!build) {
      app.decorate('renderPage', null);
      return;
    }
    await app.register(fastifyStatic, {
      root: path.join(build.clientDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      preCompressed: true,
    });
    const contentDir = path.join(build.clientDir, 'content');
    if (fs.existsSync(contentDir)) {
      // Illustrations of the seeded articles (public/content in the web app).
      await app.register(fastifyStatic, {
        root: contentDir,
        prefix: '/content/',
        decorateReply: false,
        maxAge: '1d',
        index: false,
        preCompressed: false,
        // Public illustrations: clients on other origins may show them (blog featured images).
        setHeaders: (reply) => {
          void reply.header('cross-origin-resource-policy', 'cross-origin');
        },
      });
    }
    const topLevelFiles = fs
      .readdirSync(build.clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'index.html')
      .map((entry) => entry.name);
    for (const name of topLevelFiles) {
      app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').sendFile(name, build.clientDir),
      );
    }
    const templateText = Object.values(build.template).join('');
    // Every visitor of a URL gets the same page (pages render anonymously; the
    // signed-in parts are filled in by the browser), so a page is rendered once
    // per URL and then sent from the public answer cache. Concurrent first
    // requests of one URL share one render.
    const renders = new SingleFlight<string, RenderedDocument>();
    const renderDocument = async (request: PageRequest): Promise<RenderedDocument> => {
      const page = await build.renderer.render(toWebRequest(request, publicUrl), {
        apiFetch: (path, init) => injectFetch(app, path, init),
      });
      if (page.kind === 'redirect') return page;
      const { beforeHead, beforeApp, afterApp } = build.template;
      const preloads = modulePreloadTags(build.manifest, page.modules, templateText);
      // The page's title and meta tags first; its route chunks are preloaded last in
      // the head, after the style and the entry script.
      const headEnd = Math.max(0, beforeApp.indexOf('</head>'));
      const html = `${beforeHead}${page.head}${beforeApp.slice(0, headEnd)}${preloads}${beforeApp.slice(headEnd)}${page.html}${afterApp}`;
      return {
        kind: 'document',
        status: page.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          ...app.documentHeaders(html),
        },
        body: Buffer.from(html),
      };
    };
    const renderPage = async (request: PageRequest, reply: FastifyReply) => {
      const cache = app.publicAnswers;
      const key = publicCacheKey(request);
      const stored = cache.get(key);
      if (stored) return sendStoredAnswer(cache, reply.request, reply, stored);
      const generation = cache.generation;
      const document = await renders.run(key, () => renderDocument(request));
      if (document.kind === 'redirect') return reply.redirect(document.location, document.status);
      const answer = { status: document.status, headers: document.headers, body: document.body };
      const entry =
        (document.status === 200 ? cache.set(key, generation, answer) : null) ??
        unstoredAnswer(answer);
      return sendStoredAnswer(cache, reply.request, reply, entry);
    };
    app.decorate('renderPage', renderPage);
    // Pages are a route of their own (not the not-found handler), so answers go
    // through the compression hook like every other route.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (/^\/api(\/|$)/.test(pathname)) {
        reply.callNotFound();
        return reply;
      }
      return renderPage({ url: request.url, headers: request.headers }, reply);
    });
  },
  { name: 'web-static' },
);
