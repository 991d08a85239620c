import { describe, expect, it } from 'vitest';

import { requestForLog, withoutTokens } from './log-serializers.ts';

describe('requests in the log', () => {
  it('never carry a token from the query string', () => {
    expect(withoutTokens('/ws/chat/12/?token=eyJhbGciOi.x.y')).toBe(
      '/ws/chat/12/?token=[redacted]',
    );
    expect(withoutTokens('/a/?page=2&token=abc&x=1')).toBe('/a/?page=2&token=[redacted]&x=1');
    expect(withoutTokens('/a/?refresh=abc')).toBe('/a/?refresh=[redacted]');
    expect(withoutTokens('/api/blog/blogs/?search=token')).toBe('/api/blog/blogs/?search=token');
  });

  it('keep what Fastify logs of a request', () => {
    expect(
      requestForLog({
        method: 'GET',
        url: '/ws/chat/1/?token=secret',
        host: 'localhost:3000',
        ip: '127.0.0.1',
        socket: { remotePort: 50_000 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/ws/chat/1/?token=[redacted]',
      host: 'localhost:3000',
      remoteAddress: '127.0.0.1',
      remotePort: 50_000,
    });
  });
});
