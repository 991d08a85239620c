import { AsyncLocalStorage } from 'node:async_hooks';

import { renderToString } from 'react-dom/server';

import { AppProviders } from './app/providers.tsx';
import { routes, type RouteHandle } from './app/router.tsx';
import { setApiTransport } from './lib/api.ts';
import { createStaticHandler, RouterProvider, type DataRoute } from './lib/router/index.ts';

export type RenderedPage =
  | { kind: 'page'; status: number; head: string; html: string; modules: string[] }
  | { kind: 'redirect'; status: number; location: string };

/**
 * Which source modules each lazy route loaded (by route id), so the page can
 * preload their chunks. The server build makes every relative `import()` of the
 * app call `__gmModuleLoaded` (see `reportDynamicImports` in vite.config.ts).
 */
const modulesOfRoute = new Map<string, string[]>();
const loading = new AsyncLocalStorage<Set<string>>();
(globalThis as { __gmModuleLoaded?: (source: string) => void }).__gmModuleLoaded = (source) => {
  loading.getStore()?.add(source);
};

/** Wraps each lazy route of the table so that what it imports is recorded under the route's id. */
function recordLazyModules(list: DataRoute[]): void {
  for (const route of list) {
    const { id, lazy } = route;
    if (lazy) {
      route.lazy = async () => {
        const sources = new Set<string>();
        const loaded = await loading.run(sources, lazy);
        modulesOfRoute.set(id, [...sources]);
        return loaded;
      };
    }
    if (route.children) recordLazyModules(route.children);
  }
}

/** The run of head elements React hoists to the start of a render. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)*/;

const handler = createStaticHandler(routes);
recordLazyModules(handler.routes);

export interface RenderOptions {
  /** Calls the API in-process; route loaders use it through lib/api.ts. */
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
}

/** Renders one page on the server from the same routes the browser hydrates. */
export async function render(request: Request, { apiFetch }: RenderOptions): Promise<RenderedPage> {
  setApiTransport(apiFetch);
  const result = await handler.query(request);
  if (result.kind === 'redirect') return result;
  const origin = new URL(request.url).origin;
  const rendered = renderToString(
    <AppProviders origin={origin}>
      <RouterProvider router={result.router} />
    </AppProviders>,
  );
  // React writes the page's <title>, <meta> and <link> tags (PageMeta) ahead of
  // its markup; they belong in <head>.
  const head = leadingHeadTags.exec(rendered)?.[0] ?? '';
  const routeStatus = result.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.status)
    .find((status) => status !== undefined);
  return {
    kind: 'page',
    status: result.status !== 200 ? result.status : (routeStatus ?? 200),
    head,
    // The loaders' data follows the markup; hydration leaves it alone.
    html: rendered.slice(head.length) + result.hydrationScript,
    modules: result.matches.flatMap((match) => modulesOfRoute.get(match.route.id) ?? []),
  };
}
