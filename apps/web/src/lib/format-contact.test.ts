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

  it('writes a number typed without the country code, or with spaces and dashes, the same way', () => {
    for (const typed of [
      '9833243110',
      '09833243110',
      '98332 43110',
      '98332-43110',
      '919833243110',
      ' +91 98332-43110 ',
    ]) {
      expect(formatPhone(typed), typed).toBe('+91 98332 43110');
    }
  });

  it('leaves anything else as it is, masked numbers included', () => {
    expect(formatPhone('not a number')).toBe('not a number');
    expect(formatPhone('XXXXXXXX02')).toBe('XXXXXXXX02');
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('emailBreakParts', () => {
  it('splits after the @ and before dots, losing nothing', () => {
    const parts = emailBreakParts('ravi.kumar@mail.example.in');
    expect(parts).toEqual(['ravi', '.kumar@', 'mail', '.example', '.in']);
    expect(parts.join('')).toBe('ravi.kumar@mail.example.in');
  });
});
