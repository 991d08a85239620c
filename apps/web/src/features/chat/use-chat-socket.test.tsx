import type { ClientFrame } from '@gurumatch/shared/chat-events';
import {
  CHAT_SOCKET_CLOSE_TOO_MANY,
  CHAT_SOCKET_CLOSE_UNAUTHORIZED,
} from '@gurumatch/shared/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setApiTransport } from '../../lib/api.ts';
import { getSession, signIn } from '../../lib/auth-session.ts';
import { makeAccessToken } from '../../testing/render.tsx';

import { useChatSocket, type ChatConnection, type ChatSocketHandlers } from './use-chat-socket.ts';

/** A browser WebSocket the test opens and closes as the server would. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: ClientFrame[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  get token(): string {
    return new URL(this.url).searchParams.get('token') ?? '';
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientFrame);
  }

  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }

  /** The server accepts the socket. */
  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  /** The server closes the socket with `code`. */
  closeFromServer(code: number): void {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
}

const START = new Date('2026-11-25T10:00:00Z');
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

let issued = 0;

/** A new access token that expires `lifetimeSeconds` from now. */
function tokenFor(lifetimeSeconds: number): string {
  const now = seconds(new Date());
  issued += 1;
  return makeAccessToken({
    role: 'student',
    iat: now,
    exp: now + lifetimeSeconds,
    jti: `jti-${String(issued)}`,
  });
}

let refreshCalls: number;
let refreshAnswer: () => Response;

function renewedPair(): Response {
  return new Response(JSON.stringify({ access: tokenFor(300), refresh: 'refresh-2' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  refreshCalls = 0;
  refreshAnswer = renewedPair;
  setApiTransport((path) => {
    if (path !== '/api/auth/token/refresh/') throw new Error(`unexpected call to ${path}`);
    refreshCalls += 1;
    return Promise.resolve(refreshAnswer());
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setApiTransport((path, init) => fetch(path, init));
});

/** Every status the screen has shown, in order. */
function renderSocket(): { shown: ChatConnection[]; handlers: ChatSocketHandlers } {
  const shown: ChatConnection[] = [];
  const handlers: ChatSocketHandlers = {
    onFrame: vi.fn(),
    onOpen: vi.fn(),
    onUnauthorized: vi.fn(),
    onForbidden: vi.fn(),
  };
  function Probe() {
    const { status } = useChatSocket(5, handlers);
    if (shown.at(-1) !== status) shown.push(status);
    return <p data-testid="status">{status}</p>;
  }
  render(<Probe />);
  return { shown, handlers };
}

/** Lets pending promises and effects run. */
async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function latestSocket(): FakeSocket {
  const socket = FakeSocket.made.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

describe('useChatSocket: the access token runs out while the chat is open', () => {
  it('sends the open socket a refreshed token before its own expires, without reconnecting', async () => {
    signIn({ access: tokenFor(60), refresh: 'refresh-1' });
    const { shown, handlers } = renderSocket();
    await settle();
    const socket = latestSocket();
    act(() => socket.accept());
    expect(screen.getByTestId('status')).toHaveTextContent('online');

    // 30 s before the expiry
    await settle(29_000);
    expect(refreshCalls).toBe(0);
    expect(socket.sent).toEqual([]);
    await settle(1_000);
    expect(refreshCalls).toBe(1);
    const renewed = getSession()?.tokens.access;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(socket.token);
    expect(socket.sent).toEqual([{ type: 'auth', token: renewed }]);

    // and again before the renewed token expires
    await settle(270_000);
    expect(refreshCalls).toBe(2);
    expect(socket.sent).toHaveLength(2);
    expect(socket.sent[1]).toEqual({ type: 'auth', token: getSession()?.tokens.access });

    expect(FakeSocket.made).toHaveLength(1);
    expect(shown).toEqual(['connecting', 'online']);
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('after a 4001 refreshes the token and opens again at once, never showing a disconnect', async () => {
    signIn({ access: tokenFor(300), refresh: 'refresh-1' });
    const { shown, handlers } = renderSocket();
    await settle();
    const first = latestSocket();
    act(() => first.accept());

    act(() => first.closeFromServer(CHAT_SOCKET_CLOSE_UNAUTHORIZED));
    await settle();
    expect(refreshCalls).toBe(1);
    expect(FakeSocket.made).toHaveLength(2);
    const second = latestSocket();
    expect(second.token).toBe(getSession()?.tokens.access);
    expect(second.token).not.toBe(first.token);
    act(() => second.accept());

    expect(shown).toEqual(['connecting', 'online']);
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();

    // the count starts again after the open: a later expiry is renewed the same way
    act(() => second.closeFromServer(CHAT_SOCKET_CLOSE_UNAUTHORIZED));
    await settle();
    expect(FakeSocket.made).toHaveLength(3);
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh after a 4001 is refused (a suspension, a reset)', async () => {
    signIn({ access: tokenFor(300), refresh: 'refresh-1' });
    refreshAnswer = () =>
      new Response(JSON.stringify({ code: 'token_not_valid', detail: 'Token is invalid' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const { handlers } = renderSocket();
    await settle();
    act(() => latestSocket().accept());

    act(() => latestSocket().closeFromServer(CHAT_SOCKET_CLOSE_UNAUTHORIZED));
    await settle(10_000);
    expect(refreshCalls).toBe(1);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(screen.getByTestId('status')).toHaveTextContent('offline');
  });

  it('does not loop when the socket opened with a refreshed token is refused again', async () => {
    signIn({ access: tokenFor(300), refresh: 'refresh-1' });
    const { handlers } = renderSocket();
    await settle();
    act(() => latestSocket().closeFromServer(CHAT_SOCKET_CLOSE_UNAUTHORIZED));
    await settle();
    expect(FakeSocket.made).toHaveLength(2);
    act(() => latestSocket().closeFromServer(CHAT_SOCKET_CLOSE_UNAUTHORIZED));
    await settle(10_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(refreshCalls).toBe(1);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('useChatSocket: too many open chats', () => {
  it('does not reopen a socket closed with 4008 (it would close another window’s)', async () => {
    signIn({ access: tokenFor(300), refresh: 'refresh-1' });
    const { handlers } = renderSocket();
    await settle();
    act(() => latestSocket().accept());
    act(() => latestSocket().closeFromServer(CHAT_SOCKET_CLOSE_TOO_MANY));
    await settle(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(screen.getByTestId('status')).toHaveTextContent('offline');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('still reconnects after an unexpected close', async () => {
    signIn({ access: tokenFor(300), refresh: 'refresh-1' });
    renderSocket();
    await settle();
    act(() => latestSocket().accept());
    act(() => latestSocket().closeFromServer(1006));
    await settle(3_000);
    expect(FakeSocket.made).toHaveLength(2);
    expect(refreshCalls).toBe(0);
  });
});
