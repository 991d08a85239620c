import { MESSAGES } from '@gurumatch/shared/messages';
import type { TokenPair } from '@gurumatch/shared/schemas/auth';

import { adoptStoredTokens, getSession, replaceTokens, signOut } from './auth-session.ts';

/** Every failed call becomes one of these; the UI decides what to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /** The first field error, or the detail. */
  firstError(): string {
    const first = Object.values(this.fieldErrors)[0]?.[0];
    return first ?? this.detail;
  }

  /** The server's own sentence, if it sent one (not the client's placeholder). */
  serverSentence(): string | undefined {
    return this.detail && this.detail !== MESSAGES.requestFailed ? this.detail : undefined;
  }
}

/**
 * A refusal the server gave (4xx), as opposed to a call that broke (network, server
 * fault): the spec words the two differently.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  form?: FormData;
  /** Send the bearer token when signed in (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * On the server, route loaders reach the API in-process (set once by the
 * server entry); in the browser calls go through `fetch`.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${String(Date.now())}-${Math.random().toString(16).slice(2)}`;
}

async function parseError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  const body = (payload && typeof payload === 'object' ? payload : {}) as {
    detail?: unknown;
    error?: unknown;
    code?: unknown;
    errors?: unknown;
  };
  const detail =
    typeof body.detail === 'string'
      ? body.detail
      : typeof body.error === 'string'
        ? body.error
        : MESSAGES.requestFailed;
  const fieldErrors =
    body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : undefined,
    detail,
    fieldErrors,
  );
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Request-ID': newRequestId(),
  };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await transport(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error && error.message ? error.message : MESSAGES.networkError;
    throw new ApiError(0, 'network_error', message);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Refresh tokens are single use, so two tabs refreshing at once (say, after the
 * laptop wakes) would look like token theft and sign the user out. Tabs take
 * turns through a Web Lock where the browser has them.
 */
function withRefreshLock(work: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    // the lock resolves with the callback's promise; `then` unwraps it for the types
    return navigator.locks.request('gm-auth-refresh', work).then((done) => done);
  }
  return work();
}

/**
 * Trades the refresh token for a new pair, one call at a time. A refusal
 * (401 or token_not_valid) signs the user out everywhere.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    // Another tab may have rotated the pair while we waited for the lock.
    if (adoptStoredTokens()) return true;
    const session = getSession();
    if (!session) return false;
    const response = await send(
      '/api/auth/token/refresh/',
      { body: { refresh: session.tokens.refresh } },
      null,
    );
    if (!response.ok) {
      const error = await parseError(response);
      if (error.status === 401 || error.code === 'token_not_valid') signOut();
      return false;
    }
    replaceTokens((await response.json()) as TokenPair);
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The one way the web app calls the API. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const token = useAuth ? (getSession()?.tokens.access ?? null) : null;
  let response = await send(path, options, token);
  if (response.status === 401 && token) {
    const renewed = await refreshSession().catch(() => false);
    if (renewed) response = await send(path, options, getSession()?.tokens.access ?? null);
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
