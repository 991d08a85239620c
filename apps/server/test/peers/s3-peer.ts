/**
 * A local S3-compatible server (path-style: /{bucket}/{key}) that verifies
 * every request's AWS Signature Version 4 on its own, as S3 does, and keeps
 * objects in memory. Errors are S3's XML error documents.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import {
  startHttpPeer,
  type HttpPeer,
  type PeerAnswer,
  type PeerRequest,
} from './json-http-peer.ts';

/** The bucket, region and keys the peer accepts, named as the S3 storage settings name them. */
export const S3_PEER = {
  bucket: 'gurumatch-test',
  region: 'ap-south-1',
  accessKeyId: 'AKIAPEERTEST00000000',
  secretAccessKey: 'peer-secret-key/0123456789abcdefghijklmnop',
} as const;

const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION_PATTERN =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface S3Peer extends HttpPeer {
  /** Objects by key (in the peer's bucket). */
  readonly objects: Map<string, StoredObject>;
  /** Every Authorization header received, in order. */
  readonly authorizations: string[];
  readonly env: Record<string, string>;
}

function xmlError(status: number, code: string, message: string): PeerAnswer {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>peer</RequestId></Error>`,
  };
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(query: URLSearchParams): string {
  return [...query.entries()]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function headerValue(request: PeerRequest, name: string): string | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

/** Checks the SigV4 Authorization header; answers the S3 error to send, or null when valid. */
function verifySignature(request: PeerRequest, secret: string, now: Date): PeerAnswer | null {
  const authorization = headerValue(request, 'authorization');
  if (!authorization) return xmlError(403, 'AccessDenied', 'Access Denied');
  const match = AUTHORIZATION_PATTERN.exec(authorization);
  if (!match) {
    return xmlError(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [, accessKeyId = '', scopeDate = '', region = '', signedHeaderList = '', signature = ''] =
    match;
  if (accessKeyId !== S3_PEER.accessKeyId) {
    return xmlError(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (region !== S3_PEER.region) {
    return xmlError(
      400,
      'AuthorizationHeaderMalformed',
      `the region '${region}' is wrong; expecting '${S3_PEER.region}'`,
    );
  }
  const amzDate = headerValue(request, 'x-amz-date') ?? '';
  const dateMatch = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!dateMatch || amzDate.slice(0, 8) !== scopeDate) {
    return xmlError(
      403,
      'AccessDenied',
      'X-Amz-Date is missing or does not match the credential scope.',
    );
  }
  const [, y, mo, d, h, mi, s] = dateMatch.map(Number);
  const signedAt = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  if (Math.abs(now.getTime() - signedAt) > MAX_CLOCK_SKEW_MS) {
    return xmlError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }
  const signedHeaders = signedHeaderList.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) {
      return xmlError(403, 'AccessDenied', `${required} must be signed.`);
    }
  }
  const payloadHash = headerValue(request, 'x-amz-content-sha256') ?? '';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(request.body)) {
    return xmlError(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${headerValue(request, name) ?? ''}\n`)
    .join('');
  const rawPath = request.rawUrl.split('?')[0] ?? '/';
  const canonicalRequest = [
    request.method,
    canonicalUri(rawPath),
    canonicalQuery(request.query),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${secret}`, scopeDate), region), 's3'),
    'aws4_request',
  );
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return xmlError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return null;
}

export async function startS3Peer(): Promise<S3Peer> {
  const objects = new Map<string, StoredObject>();
  const authorizations: string[] = [];

  const peer = await startHttpPeer((request): PeerAnswer => {
    authorizations.push(headerValue(request, 'authorization') ?? '');
    const refusal = verifySignature(request, S3_PEER.secretAccessKey, new Date());
    if (refusal) return refusal;
    const [, bucket = '', ...keyParts] = request.path.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    if (bucket !== S3_PEER.bucket) {
      return xmlError(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (!key) return xmlError(400, 'InvalidRequest', 'A key is required.');
    switch (request.method) {
      case 'PUT': {
        const contentType = headerValue(request, 'content-type') ?? 'binary/octet-stream';
        objects.set(key, { body: request.body, contentType });
        return {
          status: 200,
          headers: { etag: `"${createHash('md5').update(request.body).digest('hex')}"` },
        };
      }
      case 'GET': {
        const object = objects.get(key);
        if (!object) return xmlError(404, 'NoSuchKey', 'The specified key does not exist.');
        return {
          status: 200,
          headers: {
            'content-type': object.contentType,
            'content-length': String(object.body.length),
          },
          body: object.body,
        };
      }
      case 'DELETE':
        objects.delete(key);
        return { status: 204 };
      default:
        return xmlError(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  });

  return Object.assign(peer, {
    objects,
    authorizations,
    env: {
      S3_BUCKET: S3_PEER.bucket,
      S3_REGION: S3_PEER.region,
      S3_ENDPOINT: peer.url,
      S3_ACCESS_KEY_ID: S3_PEER.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_PEER.secretAccessKey,
    },
  });
}
