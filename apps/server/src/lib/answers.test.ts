import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { builtAnswers, checkedAnswers } from './answers.ts';

const schema = z.object({
  count: z.number(),
  results: z.array(z.object({ id: z.number(), name: z.string() })),
});
const route = { schema, method: 'GET', url: '/list/', httpStatus: '200' };

describe('answers', () => {
  it('checked answers drop fields their schema does not name and refuse wrong ones', () => {
    const write = checkedAnswers(route);
    expect(write({ count: 1, results: [{ id: 1, name: 'a', phone: '98' }] })).toBe(
      '{"count":1,"results":[{"id":1,"name":"a"}]}',
    );
    expect(() => write({ count: '1', results: [] })).toThrow();
  });

  it('built answers are written as they are, whatever their key order', () => {
    const write = builtAnswers(false)(route);
    expect(write({ results: [{ name: 'a', id: 1 }], count: 1 })).toBe(
      '{"results":[{"name":"a","id":1}],"count":1}',
    );
  });

  it('under check, a built answer with a field too many or a wrong type fails instead', () => {
    const write = builtAnswers(true)(route);
    expect(write({ results: [{ name: 'a', id: 1 }], count: 1 })).toBe(
      '{"results":[{"name":"a","id":1}],"count":1}',
    );
    const extra = (): string => write({ count: 1, results: [{ id: 1, name: 'a', phone: '98' }] });
    expect(extra).toThrow("Response doesn't match the schema");
    try {
      extra();
    } catch (error) {
      const cause = (error as { cause?: { issues?: { message: string }[] } }).cause;
      expect(cause?.issues?.[0]?.message).toBe('the answer holds fields its schema does not name');
    }
    expect(() => write({ count: 1, results: [{ id: '1', name: 'a' }] })).toThrow();
  });
});
