import { describe, expect, it } from 'vitest';

import { toPublicFileUrl } from './public-url.ts';

describe('toPublicFileUrl', () => {
  it('puts PUBLIC_URL before a root-relative path and leaves the rest alone', () => {
    const base = 'https://www.gurumatch.in';
    expect(toPublicFileUrl(base, '/media/avatars/2-demo.webp')).toBe(
      'https://www.gurumatch.in/media/avatars/2-demo.webp',
    );
    expect(toPublicFileUrl(base, 'https://cdn.example.com/a.png')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(toPublicFileUrl(base, '//evil.example/a.png')).toBe('//evil.example/a.png');
    expect(toPublicFileUrl(base, null)).toBeNull();
  });
});
