import { describe, expect, it } from 'vitest';

import { emailBreakParts, formatPhone } from './format-contact.ts';

describe('formatPhone', () => {
  it('groups an Indian mobile number as 5 + 5 digits', () => {
    expect(formatPhone('+919833243110')).toBe('+91 98332 43110');
    expect(formatPhone('+919833243110', '9833243110')).toBe('+91 98332 43110');
  });

  it('separates another country code when the national number is known', () => {
    expect(formatPhone('+14155550123', '4155550123')).toBe('+1 4155550123');
  });

  it('leaves anything else as it is', () => {
    expect(formatPhone('not a number')).toBe('not a number');
  });
});

describe('emailBreakParts', () => {
  it('splits after the @ and before dots, losing nothing', () => {
    const parts = emailBreakParts('ravi.kumar@mail.example.in');
    expect(parts).toEqual(['ravi', '.kumar@', 'mail', '.example', '.in']);
    expect(parts.join('')).toBe('ravi.kumar@mail.example.in');
  });
});
