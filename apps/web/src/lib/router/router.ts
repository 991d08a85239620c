import {
  createDataRoutes,
  loadLazyRoute,
  matchBranches,
  rankBranches,
  type DataRoute,
  type RouteMatch,
  type RouteObject,
} from './routes.ts';

export interface Location {
  pathname: string;
  /** `?…` or empty. */
  search: string;
  /** `#…` or empty. */
  hash: string;
  /** What the navigation that led here passed along (`navigate(to, { state })`). */
  state: unknown;
}

export type Navigation =
  { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };

export interface RouterState {
  location: Location;
  /** The routes the page shows, root first. */
  matches: RouteMatch[];
  /** What each route's loader returned, by route id. */
  loaderData: Record<string, unknown>;
  /** A failed loader's error, under the id of the route that shows it (its boundary). */
  errors: Record<string, unknown> | null;
  /** A navigation waiting for its routes and loaders; the page shown stays meanwhile. */
  navigation: Navigation;
  /** False until the first page's lazy routes and loaders have run. */
  initialized: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly state: RouterState;
  subscribe: (listener: () => void) => () => void;
  /** Goes to `to` (a path, `?query` or `#hash`), or that many steps through history. */
  navigate: (to: string | number, options?: NavigateOptions) => Promise<void>;
  /** Settles once the first page's lazy routes and loaders are done. */
  readonly ready: Promise<void>;
}

/** What the server's render hands to the browser, so it neither loads nor renders twice. */
export interface HydrationData {
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
}

/** A loader's way to end with an HTTP status (404, 502): the route's error boundary shows it. */
export class RouteErrorResponse extends Error {
  constructor(readonly status: number) {
    super(`Route answered ${String(status)}`);
  }
}

export function isRouteErrorResponse(error: unknown): error is RouteErrorResponse {
  return error instanceof RouteErrorResponse;
}

/** A loader returns or throws this to send the visitor elsewhere. */
export function redirect(to: string, status = 302): Response {
  return new Response(null, { status, headers: { Location: to } });
}

function redirectOf(value: unknown): { redirect: string; status: number } | null {
  if (!(value instanceof Response) || value.status < 300 || value.status > 399) return null;
  const location = value.headers.get('Location');
  return location === null ? null : { redirect: location, status: value.status };
}

export function createPath({ pathname, search, hash }: Omit<Location, 'state'>): string {
  return `${pathname}${search}${hash}`;
}

/** Where `to` leads from `from`: `?query` and `#hash` keep the rest of `from`. */
export function resolveTo(to: string, from: Omit<Location, 'state'>): Omit<Location, 'state'> {
  const hashAt = to.indexOf('#');
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = beforeHash.indexOf('?');
  const pathname = searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt);
  const search = searchAt < 0 ? (pathname ? '' : from.search) : beforeHash.slice(searchAt);
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  return {
    pathname: pathname || from.pathname,
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

/** Where the router keeps its entries: the browser's history, or a list in tests. */
export interface History {
  readonly location: Location;
  readonly origin: string;
  write(location: Location, replace: boolean): void;
  go(delta: number): Promise<void>;
  /** `onPop` runs when the current entry changes by Back, Forward or `go`. */
  listen(onPop: (location: Location) => Promise<void>): void;
}

export function createBrowserHistory(): History {
  const read = (): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
  });
  return {
    get location() {
      return read();
    },
    origin: window.location.origin,
    write(location, replace) {
      const entry = { usr: location.state };
      if (replace) window.history.replaceState(entry, '', createPath(location));
      else window.history.pushState(entry, '', createPath(location));
    },
    go(delta) {
      window.history.go(delta);
      return Promise.resolve();
    },
    listen(onPop) {
      window.addEventListener('popstate', () => void onPop(read()));
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const root = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = initialEntries.map((entry) => ({
    ...resolveTo(entry, root),
    state: null,
  }));
  let index = entries.length - 1;
  let onPop: (location: Location) => Promise<void> = () => Promise.resolve();
  return {
    get location() {
      return entries[index] ?? { ...root, state: null };
    },
    origin: 'http://localhost',
    write(location, replace) {
      if (!replace) index += 1;
      entries.splice(index, replace ? 1 : entries.length, location);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      const location = entries[next];
      if (next === index || !location) return Promise.resolve();
      index = next;
      return onPop(location);
    },
    listen(listener) {
      onPop = listener;
    },
  };
}

/** The closest route at or above `index` that can show an error (else the root). */
function boundaryOf(matches: RouteMatch[], index: number): DataRoute | undefined {
  const withBoundary = matches
    .slice(0, index + 1)
    .findLast(({ route }) => route.errorElement !== undefined);
  return (withBoundary ?? matches[0])?.route;
}

export type LoadResult =
  | { redirect: string; status: number }
  | {
      redirect?: undefined;
      loaderData: Record<string, unknown>;
      errors: Record<string, unknown> | null;
    };

/**
 * Resolves the matched lazy routes and runs the loaders `shouldLoad` picks, all at
 * once. A redirect (returned or thrown) wins; an error lands on its boundary.
 */
export async function loadMatches(
  matches: RouteMatch[],
  request: Request,
  shouldLoad: (match: RouteMatch, index: number) => boolean,
): Promise<LoadResult> {
  const results = await Promise.all(
    matches.map(async (match, index) => {
      try {
        await loadLazyRoute(match.route);
        const { loader } = match.route;
        if (!loader || !shouldLoad(match, index)) return null;
        return { value: await loader({ request, params: match.params }) };
      } catch (error) {
        return { error };
      }
    }),
  );
  const loaderData: Record<string, unknown> = {};
  let errors: Record<string, unknown> | null = null;
  for (const [index, result] of results.entries()) {
    if (!result) continue;
    const outcome = 'error' in result ? result.error : result.value;
    const redirected = redirectOf(outcome);
    if (redirected) return redirected;
    const { id } = matches[index]?.route ?? {};
    if (id === undefined) continue;
    if ('error' in result) {
      const boundary = boundaryOf(matches, index)?.id ?? id;
      errors = { [boundary]: result.error, ...(errors ?? {}) };
    } else {
      loaderData[id] = result.value;
    }
  }
  return { loaderData, errors };
}

/** The routes `pathname` shows; no route at all is a 404 shown by the root. */
export function matchOrNotFound(
  branches: ReturnType<typeof rankBranches>,
  routes: DataRoute[],
  pathname: string,
): { matches: RouteMatch[]; errors: Record<string, unknown> | null } {
  const matches = matchBranches(branches, pathname);
  if (matches) return { matches, errors: null };
  const [root] = routes;
  if (!root) return { matches: [], errors: null };
  return {
    matches: [{ route: root, params: {}, pathname: '/' }],
    errors: { [root.id]: new RouteErrorResponse(404) },
  };
}

/** Whether a route is still to load: its module, or (without an error above it) its data. */
export function isPending(
  state: Pick<RouterState, 'loaderData' | 'errors'>,
  matches: RouteMatch[],
) {
  const { errors, loaderData } = state;
  const failedAt = matches.findIndex(({ route }) => errors && route.id in errors);
  return ({ route }: RouteMatch, index: number) =>
    (failedAt < 0 || index <= failedAt) &&
    (route.lazy !== undefined ||
      (route.loader !== undefined && !(route.id in loaderData) && !(errors && route.id in errors)));
}

const IDLE: Navigation = { state: 'idle' };

/**
 * A data router: each navigation resolves the new page's lazy routes and runs its
 * loaders while the old page stays (navigation state 'loading'), then writes
 * history and shows the new page. A newer navigation calls off the older one.
 */
export function createRouter(
  routeObjects: RouteObject[],
  history: History,
  hydrationData?: HydrationData,
): Router {
  const routes = createDataRoutes(routeObjects);
  const branches = rankBranches(routes);
  const listeners = new Set<() => void>();
  let pending: AbortController | null = null;

  const first = matchOrNotFound(branches, routes, history.location.pathname);
  const firstData = {
    loaderData: hydrationData?.loaderData ?? {},
    errors: first.errors ?? hydrationData?.errors ?? null,
  };
  const isFirstPending = isPending(firstData, first.matches);
  let state: RouterState = {
    location: history.location,
    matches: first.matches,
    ...firstData,
    navigation: IDLE,
    initialized: !first.matches.some(isFirstPending),
  };

  function setState(next: RouterState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function requestFor(location: Location, signal: AbortSignal): Request {
    return new Request(new URL(createPath(location), history.origin), { signal });
  }

  async function load(
    location: Location,
    action: 'PUSH' | 'REPLACE' | 'POP' | 'INITIAL',
  ): Promise<void> {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const { matches, errors: notFound } = matchOrNotFound(branches, routes, location.pathname);
    const from = state.location;
    const isHashOnly =
      action !== 'INITIAL' &&
      location.pathname === from.pathname &&
      location.search === from.search &&
      location.hash !== '';
    const isSameUrl = location.pathname === from.pathname && location.search === from.search;
    const shouldLoad =
      action === 'INITIAL'
        ? isFirstPending
        : (match: RouteMatch, index: number) => {
            const before = state.matches[index];
            return (
              isSameUrl ||
              location.search !== from.search ||
              before?.route !== match.route ||
              before.pathname !== match.pathname ||
              !(match.route.id in state.loaderData)
            );
          };
    const kept = (loaderData: Record<string, unknown>) =>
      Object.fromEntries(
        matches.flatMap(({ route }) =>
          route.id in loaderData ? [[route.id, loaderData[route.id]]] : [],
        ),
      );
    const commit = (loaderData: Record<string, unknown>, errors: RouterState['errors']) => {
      if (pending === controller) pending = null;
      if (action === 'PUSH' || action === 'REPLACE') history.write(location, action === 'REPLACE');
      setState({ location, matches, loaderData, errors, navigation: IDLE, initialized: true });
    };

    if (notFound || isHashOnly) {
      commit(notFound ? {} : state.loaderData, notFound ?? state.errors);
      return;
    }
    const hasWork = matches.some(
      (match, index) =>
        match.route.lazy !== undefined ||
        (match.route.loader !== undefined && shouldLoad(match, index)),
    );
    if (!hasWork) {
      commit(kept(state.loaderData), null);
      return;
    }
    if (action !== 'INITIAL') setState({ ...state, navigation: { state: 'loading', location } });
    const result = await loadMatches(matches, requestFor(location, controller.signal), shouldLoad);
    if (controller.signal.aborted) return;
    if (result.redirect !== undefined) {
      pending = null;
      const target = { ...resolveTo(result.redirect, location), state: null };
      await load(target, action === 'PUSH' ? 'PUSH' : 'REPLACE');
      return;
    }
    commit(
      { ...kept(state.loaderData), ...result.loaderData },
      action === 'INITIAL' ? (result.errors ?? state.errors) : result.errors,
    );
  }

  history.listen((location) => load(location, 'POP'));
  const ready = state.initialized ? Promise.resolve() : load(state.location, 'INITIAL');

  return {
    get state() {
      return state;
    },
    ready,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    navigate: (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const location = { ...resolveTo(to, state.location), state: options.state ?? null };
      return load(location, options.replace ? 'REPLACE' : 'PUSH');
    },
  };
}

export function createBrowserRouter(
  routes: RouteObject[],
  { hydrationData }: { hydrationData?: HydrationData } = {},
): Router {
  return createRouter(routes, createBrowserHistory(), hydrationData);
}

export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries }: { initialEntries?: string[] } = {},
): Router {
  return createRouter(routes, createMemoryHistory(initialEntries), undefined);
}
