import { describe, expect, it } from 'vitest';

import { decodeHtmlEntities } from './html-entities.ts';

describe('decodeHtmlEntities', () => {
  it.each([
    ['Maths &amp; Science', 'Maths & Science'],
    ['&lt;b&gt; is bold', '<b> is bold'],
    ['Rs&nbsp;500', 'Rs 500'],
    ['it&#39;s', "it's"],
    ['&#x20B9; 2,500', '₹ 2,500'],
    ['&rsquo;quoted&rsquo;', '\u2019quoted\u2019'],
    ['&unknown; stays', '&unknown; stays'],
    ['&#99999999; stays', '&#99999999; stays'],
  ])('%s → %s', (input, expected) => {
    expect(decodeHtmlEntities(input)).toBe(expected);
  });
});
