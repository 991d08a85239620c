import {
  Component,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ComponentProps,
  type ReactNode,
} from 'react';

import {
  createPath,
  isPending,
  resolveTo,
  type Location,
  type NavigateOptions,
  type Navigation,
  type Router,
  type RouterState,
} from './router.ts';
import type { Params, RouteMatch } from './routes.ts';

// Three contexts, so that a component re-renders only for what it reads: the
// router never changes, the location changes once per page, the state also
// while a navigation loads.
const RouterContext = createContext<Router | null>(null);
const LocationContext = createContext<Location | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The route being rendered and what its `<Outlet>` shows. */
const RouteContext = createContext<{ match: RouteMatch | null; outlet: ReactNode }>({
  match: null,
  outlet: null,
});
const RouteErrorContext = createContext<unknown>(undefined);

function required<Value>(value: Value | null): Value {
  if (value === null) throw new Error('Used outside <RouterProvider>');
  return value;
}

const useRouter = () => required(useContext(RouterContext));
const useRouterState = () => required(useContext(StateContext));

interface BoundaryProps {
  location: Location;
  errorElement: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  location: Location;
}

/** Shows the route's error element when its page fails to render; a new page clears it. */
class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <RouteErrorContext value={failure.error}>{this.props.errorElement}</RouteErrorContext>;
  }
}

/**
 * The page's routes, each inside its parent's `<Outlet>`: up to the route whose
 * loader failed (it shows its error element), or, before the first load is done,
 * up to the route still loading (it shows its fallback).
 */
function renderMatches(state: RouterState): ReactNode {
  const { errors, loaderData } = state;
  const errorAt = errors ? state.matches.findIndex(({ route }) => route.id in errors) : -1;
  const fallbackAt =
    errorAt < 0 && !state.initialized
      ? state.matches.findIndex(isPending({ loaderData, errors }, state.matches))
      : -1;
  const end = Math.max(errorAt, fallbackAt);
  const matches = end < 0 ? state.matches : state.matches.slice(0, end + 1);
  return matches.reduceRight<ReactNode>((outlet, match, index) => {
    const { route } = match;
    const content =
      index === errorAt ? (
        <RouteErrorContext value={errors?.[route.id]}>
          {route.errorElement ?? null}
        </RouteErrorContext>
      ) : index === fallbackAt ? (
        (route.hydrateFallbackElement ?? null)
      ) : route.element === undefined ? (
        outlet
      ) : (
        route.element
      );
    const rendered = <RouteContext value={{ match, outlet }}>{content}</RouteContext>;
    return route.errorElement === undefined || index === errorAt ? (
      rendered
    ) : (
      <RenderErrorBoundary location={state.location} errorElement={route.errorElement}>
        {rendered}
      </RenderErrorBoundary>
    );
  }, null);
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  return (
    <RouterContext value={router}>
      <LocationContext value={state.location}>
        <StateContext value={state}>{renderMatches(state)}</StateContext>
      </LocationContext>
    </RouterContext>
  );
}

/** Where a layout route shows its child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation(): Location {
  return required(useContext(LocationContext));
}

export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

export function useMatches(): RouteMatch[] {
  return useRouterState().matches;
}

export function useParams(): Params {
  return useContext(RouteContext).match?.params ?? {};
}

export type NavigateFunction = Router['navigate'];

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** What this route's loader returned (the caller names its type). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its loader's type
export function useLoaderData<Data>(): Data {
  const { loaderData } = useRouterState();
  const id = useContext(RouteContext).match?.route.id;
  return (id === undefined ? undefined : loaderData[id]) as Data;
}

/** In an error element: what the loader threw, or what broke the render. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export function useSearchParams(): [
  URLSearchParams,
  (params: Record<string, string>, options?: NavigateOptions) => void,
] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: Record<string, string>, options?: NavigateOptions) => {
    void router.navigate(`?${new URLSearchParams(next).toString()}`, options);
  };
  return [params, setParams];
}

/** Goes to `to` once rendered (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  /** A path, `?query` or `#hash` of this site, or a full URL elsewhere. */
  to: string;
  replace?: boolean;
  state?: unknown;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A real link: a plain click navigates in the app; a click with a modifier key, to
 * another window, a download or another site is left to the browser.
 */
export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const isExternal = EXTERNAL.test(to);
  const current = createPath(location);
  const href = isExternal ? to : createPath(resolveTo(to, location));
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey ||
          isExternal ||
          (rest.target !== undefined && rest.target !== '_self') ||
          rest.download !== undefined
        ) {
          return;
        }
        event.preventDefault();
        void router.navigate(href, { replace: replace ?? href === current, state });
      }}
    />
  );
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on the target itself, not on the pages below it. */
  end?: boolean;
  /** A string gains `active` on the active link; a function decides itself. */
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that says when it leads to the page shown (or, without `end`, one below it). */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const location = useLocation();
  const target = resolveTo(rest.to, location).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const isActive =
    current === target ||
    (!end && target !== '/' && current.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...rest}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive ? 'active' : ''].filter(Boolean).join(' ') || undefined
      }
      aria-current={isActive ? 'page' : undefined}
    />
  );
}
