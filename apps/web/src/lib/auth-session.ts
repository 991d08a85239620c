import { AUTH_BROADCAST_CHANNEL, ROLES } from '@gurumatch/shared/constants';
import type { AccessClaims, TokenPair } from '@gurumatch/shared/schemas/auth';

/**
 * The browser's sign-in session: the token pair in local storage, its decoded
 * claims, and the broadcast channel that keeps every open tab in step.
 */
const TOKENS_KEY = 'gm.auth';
const LAST_REFRESH_KEY = 'gm.lastRefresh';

export interface Session {
  tokens: TokenPair;
  user: AccessClaims;
}

export type SessionChange = { kind: 'signed-in' | 'refreshed' | 'signed-out'; remote: boolean };

type Listener = (change: SessionChange) => void;

type BroadcastMessage = { type: 'tokens'; tokens: TokenPair } | { type: 'logout' };

let current: Session | null = null;
let loaded = false;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of an access token without checking its signature (the server does that). */
export function decodeAccessToken(access: string): AccessClaims | null {
  try {
    const payload = access.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(decodeBase64Url(payload)) as Partial<AccessClaims>;
    if (
      claims.token_type !== 'access' ||
      typeof claims.user_id !== 'number' ||
      !(ROLES as readonly unknown[]).includes(claims.role) ||
      typeof claims.exp !== 'number'
    ) {
      return null;
    }
    return claims as AccessClaims;
  } catch {
    return null;
  }
}

function toSession(tokens: unknown): Session | null {
  if (!tokens || typeof tokens !== 'object') return null;
  const { access, refresh } = tokens as Partial<TokenPair>;
  if (typeof access !== 'string' || typeof refresh !== 'string') return null;
  const user = decodeAccessToken(access);
  return user ? { tokens: { access, refresh }, user } : null;
}

function markDocument(present: boolean): void {
  if (typeof document === 'undefined') return;
  if (present) document.documentElement.dataset.session = 'present';
  else delete document.documentElement.dataset.session;
}

function emit(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

function storeTokens(tokens: TokenPair | null): void {
  try {
    if (tokens) {
      localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
      localStorage.setItem(LAST_REFRESH_KEY, String(Date.now()));
    } else {
      localStorage.removeItem(TOKENS_KEY);
      localStorage.removeItem(LAST_REFRESH_KEY);
    }
  } catch {
    // storage may be unavailable (private mode); the session then lives in memory only
  }
}

/** Restores the stored session once; a stored value that cannot be read signs the user out. */
function load(): void {
  if (loaded || typeof window === 'undefined') return;
  loaded = true;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(TOKENS_KEY);
  } catch {
    raw = null;
  }
  if (raw === null) return;
  try {
    current = toSession(JSON.parse(raw));
  } catch {
    current = null;
  }
  if (!current) storeTokens(null);
  markDocument(current !== null);
}

export function getSession(): Session | null {
  load();
  return current;
}

/** Milliseconds since the tokens were last stored (sign-in or refresh). */
export function millisSinceRefresh(): number {
  try {
    const at = Number(localStorage.getItem(LAST_REFRESH_KEY) ?? 0);
    return Date.now() - at;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function broadcast(message: BroadcastMessage): void {
  channel?.postMessage(message);
}

function apply(tokens: TokenPair | null, kind: SessionChange['kind'], remote: boolean): void {
  load();
  current = tokens ? toSession(tokens) : null;
  if (!remote) storeTokens(current ? current.tokens : null);
  markDocument(current !== null);
  emit({ kind: current ? kind : 'signed-out', remote });
}

export function signIn(tokens: TokenPair): void {
  apply(tokens, 'signed-in', false);
  broadcast({ type: 'tokens', tokens });
}

export function replaceTokens(tokens: TokenPair): void {
  apply(tokens, 'refreshed', false);
  broadcast({ type: 'tokens', tokens });
}

/**
 * Takes the pair another tab stored, if it differs from ours (it refreshed
 * first). True when ours was replaced.
 */
export function adoptStoredTokens(): boolean {
  load();
  let stored: Session | null = null;
  try {
    const raw = localStorage.getItem(TOKENS_KEY);
    stored = raw === null ? null : toSession(JSON.parse(raw));
  } catch {
    stored = null;
  }
  if (!stored || !current || stored.tokens.refresh === current.tokens.refresh) return false;
  apply(stored.tokens, 'refreshed', true);
  return true;
}

export function signOut(): void {
  apply(null, 'signed-out', false);
  broadcast({ type: 'logout' });
}

/** Follows sign-ins, refreshes and sign-outs made in other tabs. Call once in the browser. */
export function startCrossTabSync(): () => void {
  if (typeof BroadcastChannel === 'undefined' || channel) return () => undefined;
  const own = new BroadcastChannel(AUTH_BROADCAST_CHANNEL);
  channel = own;
  own.onmessage = (event: MessageEvent<BroadcastMessage>) => {
    const message = event.data;
    if (message.type === 'logout') apply(null, 'signed-out', true);
    else apply(message.tokens, current ? 'refreshed' : 'signed-in', true);
  };
  return () => {
    own.close();
    channel = null;
  };
}
