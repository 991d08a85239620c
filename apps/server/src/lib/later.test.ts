import { describe, expect, it } from 'vitest';

import { thenOf } from './later.ts';

describe('thenOf', () => {
  it('applies at once to a value, without a promise', () => {
    const doubled = thenOf(21, (value) => value * 2);
    expect(doubled).toBe(42);
  });

  it('applies when a promise settles, and chains values and promises alike', async () => {
    const later = thenOf(Promise.resolve(20), (value) => thenOf(value + 1, (next) => next * 2));
    expect(later).toBeInstanceOf(Promise);
    await expect(later).resolves.toBe(42);
  });

  it('throws at once on a value, and rejects on a promise', async () => {
    const fail = (): number => {
      throw new Error('no');
    };
    expect(() => thenOf(1, fail)).toThrow('no');
    await expect(thenOf(Promise.resolve(1), fail)).rejects.toThrow('no');
  });
});
