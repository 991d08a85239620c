import { describe, expect, it } from 'vitest';

import { AddAddressBodySchema, findPlaceIdProblem } from './addresses.ts';

describe('findPlaceIdProblem', () => {
  it.each([
    { placeId: '', expected: 'Please select a valid address' },
    { placeId: '   ', expected: 'Please select a valid address' },
    { placeId: 'x'.repeat(513), expected: 'Please select a valid address' },
    { placeId: 'gz-in-ka-bengaluru-jayanagar', expected: null },
  ])('$placeId → $expected', ({ placeId, expected }) => {
    expect(findPlaceIdProblem(placeId)).toBe(expected);
  });

  it('reads a missing or null place id as empty', () => {
    expect(AddAddressBodySchema.parse({}).place_id).toBe('');
    expect(AddAddressBodySchema.parse({ place_id: null }).place_id).toBe('');
  });
});
