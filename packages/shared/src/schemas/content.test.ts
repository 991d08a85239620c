import { describe, expect, it } from 'vitest';

import { PAGE_SIZE_MAX } from '../constants.ts';
import { CONTENT_MESSAGES, YOUTUBE_VIDEO_ID_PATTERN } from '../messages/content.ts';

import { ArticleListQuerySchema, BlogListQuerySchema } from './content.ts';

describe('BlogListQuerySchema', () => {
  it('reads page and page_size as numbers', () => {
    expect(BlogListQuerySchema.parse({ page: '2', page_size: '3', search: 'cbse' })).toEqual({
      page: 2,
      page_size: 3,
      search: 'cbse',
    });
  });

  it('caps page_size at the maximum instead of refusing it', () => {
    expect(BlogListQuerySchema.parse({ page_size: '500' }).page_size).toBe(PAGE_SIZE_MAX);
  });

  it.each(['0', '-1', 'two', '1.5', ''])('refuses page=%s with "Invalid page."', (page) => {
    const result = BlogListQuerySchema.safeParse({ page });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTENT_MESSAGES.invalidPage);
  });

  it('refuses a search text over 200 characters', () => {
    const result = BlogListQuerySchema.safeParse({ search: 'a'.repeat(201) });
    expect(result.error?.issues[0]?.message).toBe(CONTENT_MESSAGES.searchTooLong);
  });
});

describe('ArticleListQuerySchema', () => {
  it.each(['student', 'teacher', ''])('accepts category=%s', (category) => {
    expect(ArticleListQuerySchema.safeParse({ category }).success).toBe(true);
  });

  it('refuses an unknown category', () => {
    const result = ArticleListQuerySchema.safeParse({ category: 'tutor' });
    expect(result.error?.issues[0]?.message).toBe(CONTENT_MESSAGES.invalidCategory);
  });
});

describe('YOUTUBE_VIDEO_ID_PATTERN', () => {
  it.each([
    ['dQw4w9WgXcQ', true],
    ['a_b-c1234XY', true],
    ['short', false],
    ['dQw4w9WgXcQ1', false],
    ['javascript:', false],
  ])('%s → %s', (value, expected) => {
    expect(YOUTUBE_VIDEO_ID_PATTERN.test(value)).toBe(expected);
  });
});
