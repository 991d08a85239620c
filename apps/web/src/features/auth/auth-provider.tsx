import {
  TOKEN_REFRESH_AFTER_MS,
  TOKEN_REFRESH_CHECK_INTERVAL_MS,
} from '@gurumatch/shared/constants';
import type { AccessClaims, TokenPair } from '@gurumatch/shared/schemas/auth';
import {
  createContext,
  useContext,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { refreshSession } from '../../lib/api.ts';
import {
  getSession,
  millisSinceRefresh,
  signIn,
  signOut,
  startCrossTabSync,
  subscribeSession,
  type Session,
} from '../../lib/auth-session.ts';
import { paths } from '../../lib/paths.ts';
import { useNavigate } from '../../lib/router/index.ts';

/** `unknown` while the page is rendered on the server or hydrating; then known. */
export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

interface AuthContextValue {
  status: AuthStatus;
  user: AccessClaims | null;
  /** Stores a fresh token pair (after sign-in or registration) and announces it to other tabs. */
  acceptTokens: (tokens: TokenPair) => void;
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const subscribe = (onChange: () => void) => subscribeSession(onChange);
const UNKNOWN = Symbol('unknown');
const getServerSnapshot = (): typeof UNKNOWN => UNKNOWN;
const getClientSnapshot = (): Session | null => getSession();

export function AuthProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore<Session | null | typeof UNKNOWN>(
    subscribe,
    getClientSnapshot,
    getServerSnapshot,
  );
  const navigate = useNavigate();

  useEffect(() => startCrossTabSync(), []);

  // Another tab signed out: follow it to the login page.
  useEffect(
    () =>
      subscribeSession((change) => {
        if (change.kind === 'signed-out' && change.remote) void navigate(paths.login);
      }),
    [navigate],
  );

  const signedIn = snapshot !== UNKNOWN && snapshot !== null;

  // Keep the access token fresh: check every 4 minutes, refresh when older than 3.5.
  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      if (millisSinceRefresh() > TOKEN_REFRESH_AFTER_MS) void refreshSession();
    };
    check();
    const timer = window.setInterval(check, TOKEN_REFRESH_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [signedIn]);

  const logout = useCallback(() => {
    signOut();
    void navigate(paths.login);
  }, [navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: snapshot === UNKNOWN ? 'unknown' : snapshot ? 'signed-in' : 'signed-out',
      user: snapshot === UNKNOWN || snapshot === null ? null : snapshot.user,
      acceptTokens: signIn,
      logout,
    }),
    [snapshot, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider>');
  return value;
}
