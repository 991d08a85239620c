/**
 * How a request is written to the log: Fastify's own fields, with any access
 * token in the query string (the chat socket's `?token=`) replaced, so the
 * log never holds a credential someone could replay.
 */
export interface LoggedRequest {
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

const TOKEN_IN_QUERY = /([?&](?:token|access|refresh)=)[^&#]*/gi;

export function withoutTokens(url: string): string {
  return url.replace(TOKEN_IN_QUERY, '$1[redacted]');
}

export function requestForLog(request: RequestLike): LoggedRequest {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
