/** An outside service failed or answered with an error; `message` carries the provider's words. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * One HTTP call to an outside service with a time limit. Network failures and
 * timeouts become a ProviderError; any HTTP status is returned for the caller to judge.
 */
export async function callProvider(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderResponse> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ProviderError(provider, `no answer within ${String(timeoutMs)} ms`);
    }
    const cause = error instanceof Error ? (describeCause(error) ?? error.message) : String(error);
    throw new ProviderError(provider, `request failed: ${cause}`);
  }
}

function describeCause(error: Error): string | undefined {
  const cause = error.cause;
  return cause instanceof Error ? cause.message : undefined;
}

/** Parses a JSON answer, or throws a ProviderError quoting the start of what came back. */
export function parseProviderJson(provider: string, response: ProviderResponse): unknown {
  const text = response.body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(
      provider,
      `HTTP ${String(response.status)} with a body that is not JSON: ${text.slice(0, 200)}`,
      response.status,
    );
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A provider's error field as text, whatever its shape (string, list, object). */
export function describeProviderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(describeProviderValue).filter(Boolean).join('; ');
  return JSON.stringify(value);
}
