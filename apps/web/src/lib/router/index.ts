/**
 * The app's router: nested, lazily loaded routes with loaders, rendered on the
 * server and hydrated in the browser (decision 049).
 */
export {
  Link,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
  type LinkProps,
  type NavigateFunction,
} from './components.tsx';
export { readHydrationData } from './hydration.ts';
export type { DataRoute, LoaderFunctionArgs, Params, RouteMatch, RouteObject } from './routes.ts';
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  RouteErrorResponse,
  type Location,
  type Navigation,
  type Router,
  type RouterState,
} from './router.ts';
export { createStaticHandler, type StaticResult } from './static.ts';
