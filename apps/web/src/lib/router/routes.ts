import { createElement, type ComponentType, type ReactNode } from 'react';

/** The `:name` (and `*`) parts of the matched path, decoded. */
export type Params = Record<string, string | undefined>;

export interface LoaderFunctionArgs {
  /** The page's URL; its signal aborts when the navigation is called off. */
  request: Request;
  params: Params;
}

export type LoaderFunction = (args: LoaderFunctionArgs) => unknown;

/** What a route shows and loads; a `lazy` route resolves these on first use. */
export interface RouteModule {
  Component?: ComponentType;
  element?: ReactNode;
  /** Shown instead of the route when its loader or its render failed (`useRouteError`). */
  ErrorBoundary?: ComponentType;
  errorElement?: ReactNode;
  /** Shown while the first page's loader runs in the browser (no server data). */
  HydrateFallback?: ComponentType;
  loader?: LoaderFunction;
}

export interface RouteObject extends RouteModule {
  id?: string;
  /** Relative to the parent: `blogs/:slug`, `*`; none for a layout route. */
  path?: string;
  index?: boolean;
  children?: RouteObject[];
  /** Anything the app reads through `useMatches()` (status, focus). */
  handle?: unknown;
  lazy?: () => Promise<RouteModule>;
}

/**
 * A route of the router's own copy of the table: ids are fixed, components are
 * made elements once (so a navigation does not re-create them), `lazy` resolves
 * in place.
 */
export interface DataRoute extends Omit<
  RouteObject,
  'Component' | 'ErrorBoundary' | 'HydrateFallback'
> {
  id: string;
  children?: DataRoute[];
  hydrateFallbackElement?: ReactNode;
}

function elementsOf<Module extends RouteModule>(module: Module) {
  const { Component, ErrorBoundary, HydrateFallback, ...rest } = module;
  return {
    ...rest,
    ...(Component ? { element: createElement(Component) } : {}),
    ...(ErrorBoundary ? { errorElement: createElement(ErrorBoundary) } : {}),
    ...(HydrateFallback ? { hydrateFallbackElement: createElement(HydrateFallback) } : {}),
  };
}

export interface RouteMatch {
  route: DataRoute;
  /** Every parameter of the whole path. */
  params: Params;
  /** The part of the URL's path this route and its parents matched. */
  pathname: string;
}

/**
 * A copy of the route table with ids: the route's own, else its place in the tree
 * (`0-2-1`), so the server and the browser name the same route alike.
 */
export function createDataRoutes(routes: RouteObject[], parentPath: number[] = []): DataRoute[] {
  return routes.map((route, index) => {
    const treePath = [...parentPath, index];
    return {
      ...elementsOf(route),
      id: route.id ?? treePath.join('-'),
      children: route.children && createDataRoutes(route.children, treePath),
    };
  });
}

interface Branch {
  routes: DataRoute[];
  score: number;
}

/**
 * How specific a full path is, as React Router ranks it: a static segment counts
 * more than a parameter, which counts more than nothing; a splat costs, an index
 * route gains.
 */
function scorePath(path: string, index: boolean): number {
  const segments = path.split('/');
  return segments.reduce(
    (score, segment) =>
      score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
    segments.length + (index ? 2 : 0),
  );
}

function flatten(routes: DataRoute[], parents: DataRoute[], parentPath: string, out: Branch[]) {
  for (const route of routes) {
    const path = `${parentPath}/${route.path ?? ''}`.replace(/\/\/+/g, '/');
    const chain = [...parents, route];
    if (route.children) flatten(route.children, chain, path, out);
    if (route.path !== undefined || route.index) {
      out.push({ routes: chain, score: scorePath(path, route.index === true) });
    }
  }
  return out;
}

/** Every route that can end a match, most specific first (the sort is stable). */
export function rankBranches(routes: DataRoute[]): Branch[] {
  return flatten(routes, [], '', []).sort((a, b) => b.score - a.score);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchBranch(branch: Branch, segments: string[]): RouteMatch[] | null {
  const params: Params = {};
  const matches: RouteMatch[] = [];
  let at = 0;
  for (const route of branch.routes) {
    for (const part of route.path?.split('/').filter(Boolean) ?? []) {
      const segment = segments[at];
      if (part === '*') {
        params['*'] = segments.slice(at).join('/');
        at = segments.length;
        continue;
      }
      if (segment === undefined) return null;
      if (part.startsWith(':')) params[part.slice(1)] = segment;
      else if (part.toLowerCase() !== segment.toLowerCase()) return null;
      at += 1;
    }
    matches.push({ route, params, pathname: `/${segments.slice(0, at).join('/')}` });
  }
  return at === segments.length ? matches : null;
}

/**
 * The routes from the root to the page that `pathname` shows, or null. Case and
 * trailing slashes do not matter.
 */
export function matchBranches(branches: Branch[], pathname: string): RouteMatch[] | null {
  const segments = pathname.split('/').filter(Boolean).map(decode);
  for (const branch of branches) {
    const matches = matchBranch(branch, segments);
    if (matches) return matches;
  }
  return null;
}

const lazyLoads = new WeakMap<DataRoute, Promise<void>>();

/** Resolves a `lazy` route once: what it returns becomes part of the route. */
export function loadLazyRoute(route: DataRoute): Promise<void> | undefined {
  const { lazy } = route;
  if (!lazy) return undefined;
  let loading = lazyLoads.get(route);
  if (!loading) {
    loading = lazy().then(
      (module) => {
        Object.assign(route, elementsOf(module));
        delete route.lazy;
      },
      (error: unknown) => {
        lazyLoads.delete(route); // a later navigation tries again
        throw error;
      },
    );
    lazyLoads.set(route, loading);
  }
  return loading;
}
