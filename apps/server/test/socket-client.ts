/**
 * A small client for the app's sockets (chat, lead alerts): it keeps every
 * frame it receives and waits for the first that matches.
 */
import { WebSocket } from 'ws';

export interface SocketClient<Frame> {
  socket: WebSocket;
  frames: Frame[];
  /** Resolves with the first received frame (past or future) that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  send(frame: unknown): void;
  close(): Promise<void>;
}

/**
 * Opens `path` (with its query) on a listening server at `baseUrl`; resolves
 * once open (or closed). A frame `parse` answers null for is not kept.
 */
export function openSocket<Frame>(
  baseUrl: string,
  path: string,
  parse: (text: string) => Frame | null,
): Promise<SocketClient<Frame>> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data: Buffer) => {
    const frame = parse(data.toString('utf8'));
    if (frame !== null) frames.push(frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => {
    socket.on('close', (code) => {
      for (const wake of [...waiters]) wake();
      resolve(code);
    });
  });
  socket.on('error', () => undefined);
  const client: SocketClient<Frame> = {
    socket,
    frames,
    closed,
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = frames.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    send(frame) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close(1000);
      await closed;
    },
  };
  return new Promise((resolve) => {
    socket.once('open', () => resolve(client));
    socket.once('close', () => resolve(client));
  });
}
