import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProviders } from './app/providers.tsx';
import { routes, type RouteHandle } from './app/router.tsx';
import { setApiTransport } from './lib/api.ts';

export type RenderedPage =
  | { kind: 'page'; status: number; head: string; html: string }
  | { kind: 'redirect'; status: number; location: string };

const handler = createStaticHandler(routes);

/** React puts <title>, <meta>, <link> first in its output; they belong in <head>. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

export interface RenderOptions {
  nonce: string;
  /** Calls the API in-process; route loaders use it through lib/api.ts. */
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
}

/** Renders one page on the server from the same routes the browser hydrates. */
export async function render(
  request: Request,
  { nonce, apiFetch }: RenderOptions,
): Promise<RenderedPage> {
  setApiTransport(apiFetch);
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const origin = new URL(request.url).origin;
  const markup = renderToString(
    <AppProviders origin={origin}>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </AppProviders>,
  );
  const head = LEADING_HEAD_TAGS.exec(markup)?.[0] ?? '';
  const routeStatus = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.status)
    .find((status) => status !== undefined);
  return {
    kind: 'page',
    status: context.statusCode !== 200 ? context.statusCode : (routeStatus ?? 200),
    head,
    html: markup.slice(head.length),
  };
}
