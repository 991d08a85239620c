import aws4 from 'aws4';

import type { S3Config } from '../../config.ts';
import { callProvider, ProviderError, type ProviderResponse } from '../provider-http.ts';

import type { FileStorage } from './index.ts';

const PROVIDER = 'S3';
export const S3_TIMEOUT_MS = 30_000;
const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** RFC 3986 encoding of each path segment, as SigV4 expects for S3. */
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

function errorCodeOf(response: ProviderResponse): string | undefined {
  return /<Code>([^<]*)<\/Code>/.exec(response.body.toString('utf8'))?.[1];
}

/** A 404 about the object itself (not, say, a bucket that does not exist). */
function isMissingObject(response: ProviderResponse): boolean {
  if (response.status !== 404) return false;
  const code = errorCodeOf(response);
  return code === undefined || code === 'NoSuchKey';
}

/** `<Code>` and `<Message>` of an S3 XML error answer. */
function describeS3Error(response: ProviderResponse): string {
  const xml = response.body.toString('utf8');
  const code = errorCodeOf(response);
  const message = /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
  const parts = [code, message].filter(Boolean);
  return `HTTP ${String(response.status)}${parts.length > 0 ? `: ${parts.join(' ')}` : ''}`;
}

/**
 * S3-compatible storage (AWS S3, MinIO, Cloudflare R2 ...) with path-style
 * addresses `{endpoint}/{bucket}/{key}` and SigV4-signed requests.
 */
export function createS3Storage(
  config: S3Config,
  { timeoutMs = S3_TIMEOUT_MS }: { timeoutMs?: number } = {},
): FileStorage {
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');

  async function send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
    contentType?: string,
  ): Promise<ProviderResponse> {
    if (!KEY_PATTERN.test(key) || key.includes('..')) {
      throw new ProviderError(PROVIDER, `bad storage key: ${key}`);
    }
    const path = `${basePath}/${encodeURIComponent(config.bucket)}/${encodeKey(key)}`;
    const headers: Record<string, string> = {};
    if (contentType) headers['Content-Type'] = contentType;
    const signed = aws4.sign(
      {
        host: endpoint.host,
        path,
        method,
        service: 's3',
        region: config.region,
        headers,
        ...(body ? { body } : {}),
      },
      { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    );
    const sent = new Headers();
    for (const [name, value] of Object.entries(signed.headers ?? {})) {
      // fetch sets Host (and Content-Length for a body) itself, to the same values that were signed.
      if (value === undefined || /^(host|content-length)$/i.test(name)) continue;
      sent.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    return callProvider(
      PROVIDER,
      `${endpoint.protocol}//${endpoint.host}${path}`,
      { method, headers: sent, ...(body ? { body: new Uint8Array(body) } : {}) },
      timeoutMs,
    );
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await send('PUT', key, body, contentType);
      if (response.status < 200 || response.status >= 300) {
        throw new ProviderError(
          PROVIDER,
          `storing ${key} failed: ${describeS3Error(response)}`,
          response.status,
        );
      }
    },
    async get(key) {
      const response = await send('GET', key);
      if (isMissingObject(response)) return null;
      if (response.status < 200 || response.status >= 300) {
        throw new ProviderError(
          PROVIDER,
          `reading ${key} failed: ${describeS3Error(response)}`,
          response.status,
        );
      }
      return {
        body: response.body,
        contentType: response.headers.get('content-type') ?? DEFAULT_CONTENT_TYPE,
      };
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (isMissingObject(response)) return;
      if (response.status < 200 || response.status >= 300) {
        throw new ProviderError(
          PROVIDER,
          `deleting ${key} failed: ${describeS3Error(response)}`,
          response.status,
        );
      }
    },
  };
}
