import type { Role } from '@gurumatch/shared/constants';
import type { AccessClaims } from '@gurumatch/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { isValidElement, type ReactElement } from 'react';

import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { signIn, signOut } from '../lib/auth-session.ts';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  type RouteObject,
} from '../lib/router/index.ts';

/** The claims of a signed-in test user; anything left out gets a plausible default. */
export type TestSession = Partial<AccessClaims> & { role: Role };

export interface RenderOptions {
  /** Router history, the last entry being the current location (default `['/']`). */
  initialEntries?: string[];
  /** Sign this user in before rendering; `null` or absent renders as a visitor. */
  session?: TestSession | null;
}

export type MemoryRouter = ReturnType<typeof createMemoryRouter>;

function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped access token (`header.payload.sig`) carrying the given claims, unsigned. */
export function makeAccessToken(session: TestSession): string {
  const now = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = {
    token_type: 'access',
    exp: now + 3600,
    iat: now,
    jti: 'test-jti',
    user_id: 7,
    username: 'test-user',
    email: 'test.user@example.com',
    full_name: 'Test User',
    avatar: null,
    coins: 0,
    ...session,
  };
  const header = encodeBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${encodeBase64Url(JSON.stringify(claims))}.test-signature`;
}

/**
 * Puts the token pair in local storage under `gm.auth` (or removes it) through the session
 * module, exactly as a login or logout does. Writing storage directly would not reach the
 * module, which reads storage once and then keeps the session in memory.
 */
export function seedSession(session: TestSession | null | undefined): void {
  if (session) signIn({ access: makeAccessToken(session), refresh: 'test-refresh-token' });
  else signOut();
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * The app's providers around a memory router. A single element is shown at every path, so
 * links can be followed; a route list is used as it is. The auth provider sits inside the
 * router (it navigates), as in the root layout.
 */
export function createTestApp(
  uiOrRoutes: ReactElement | RouteObject[],
  { initialEntries = ['/'] }: Pick<RenderOptions, 'initialEntries'> = {},
) {
  const children: RouteObject[] = isValidElement(uiOrRoutes)
    ? [{ path: '*', element: uiOrRoutes }]
    : uiOrRoutes;
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children,
      },
    ],
    { initialEntries },
  );
  const queryClient = createTestQueryClient();
  const element = (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
  return { element, router, queryClient };
}

export interface RenderWithProvidersResult extends RenderResult {
  router: MemoryRouter;
  queryClient: QueryClient;
  user: UserEvent;
}

/** Renders a screen as the app would: signed in as `session` (or a visitor) at `initialEntries`. */
export function renderWithProviders(
  uiOrRoutes: ReactElement | RouteObject[],
  { initialEntries, session }: RenderOptions = {},
): RenderWithProvidersResult {
  seedSession(session);
  const user = userEvent.setup();
  const { element, router, queryClient } = createTestApp(uiOrRoutes, { initialEntries });
  return { ...render(element), router, queryClient, user };
}
