import { describe, expect, it } from 'vitest';

import { excerptOf, formatContentDate, parsePageParam, textOfHtml } from './utils.ts';

describe('formatContentDate', () => {
  it('prints day, short month and year in India time', () => {
    expect(formatContentDate('2025-08-10T06:30:00Z')).toBe('10 Aug 2025');
    // 20:00 UTC on 9 Sep is already 10 Sep in India.
    expect(formatContentDate('2025-09-09T20:00:00Z')).toBe('10 Sep 2025');
    expect(formatContentDate('not a date')).toBe('');
  });
});

describe('textOfHtml and excerptOf', () => {
  it('keeps words apart across blocks but not across inline tags, and decodes entities', () => {
    expect(
      textOfHtml('<h2>Tips</h2><p>Use <strong>past</strong> papers &amp; notes&nbsp;daily</p>'),
    ).toBe('Tips Use past papers & notes daily');
  });

  it('cuts at 100 characters with an ellipsis, and leaves short text whole', () => {
    const long = `<p>${'a'.repeat(150)}</p>`;
    expect(excerptOf(long)).toBe(`${'a'.repeat(100)}...`);
    expect(excerptOf('<p>Short.</p>')).toBe('Short.');
  });
});

describe('parsePageParam', () => {
  it('reads positive whole numbers and falls back to 1', () => {
    expect(parsePageParam('4')).toBe(4);
    for (const value of [null, '', '0', '-2', 'two', '1.5']) expect(parsePageParam(value)).toBe(1);
  });
});
