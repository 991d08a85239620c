import { hydrationScript } from './hydration.ts';
import {
  isRouteErrorResponse,
  loadMatches,
  matchOrNotFound,
  type Router,
  type RouterState,
} from './router.ts';
import {
  createDataRoutes,
  rankBranches,
  type DataRoute,
  type RouteMatch,
  type RouteObject,
} from './routes.ts';

export type StaticResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** 200, the status a loader ended with, or 500 for a loader that failed. */
      status: number;
      matches: RouteMatch[];
      /** The page as it is, for `<RouterProvider>`; it does not navigate. */
      router: Router;
      /** The `<script>` that hands the loaders' data to the browser. */
      hydrationScript: string;
    };

function staticRouter(state: RouterState): Router {
  return {
    state,
    ready: Promise.resolve(),
    subscribe: () => () => undefined,
    navigate: () => Promise.resolve(),
  };
}

/**
 * The server's router: for one request, matches the routes, resolves the lazy ones,
 * runs the loaders, and says what to answer.
 */
export function createStaticHandler(routeObjects: RouteObject[]) {
  const routes: DataRoute[] = createDataRoutes(routeObjects);
  const branches = rankBranches(routes);
  return {
    routes,
    async query(request: Request): Promise<StaticResult> {
      const url = new URL(request.url);
      const { matches, errors: notFound } = matchOrNotFound(branches, routes, url.pathname);
      const result = notFound
        ? { loaderData: {}, errors: notFound }
        : await loadMatches(matches, request, () => true);
      if (result.redirect !== undefined) {
        return { kind: 'redirect', status: result.status, location: result.redirect };
      }
      const { loaderData, errors } = result;
      const [firstError] = Object.values(errors ?? {});
      const status = !errors ? 200 : isRouteErrorResponse(firstError) ? firstError.status : 500;
      const state: RouterState = {
        location: { pathname: url.pathname, search: url.search, hash: '', state: null },
        matches,
        loaderData,
        errors,
        navigation: { state: 'idle' },
        initialized: true,
      };
      return {
        kind: 'page',
        status,
        matches,
        router: staticRouter(state),
        hydrationScript: hydrationScript({ loaderData, errors }),
      };
    },
  };
}
