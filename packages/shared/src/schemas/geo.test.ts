import { describe, expect, it } from 'vitest';

import {
  AutocompleteQuerySchema,
  GEO_MESSAGES,
  PlaceParamsSchema,
  PlaceSchema,
  ReverseQuerySchema,
} from './geo.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('AutocompleteQuerySchema', () => {
  it.each([
    [{ q: 'kora' }, 'kora'],
    [{ q: '  HSR Layout  ' }, 'HSR Layout'],
    [{ q: '' }, ''],
    [{ q: '   ' }, ''],
    [{}, ''],
    [{ q: 'x'.repeat(100) }, 'x'.repeat(100)],
  ])('accepts %j as q=%j', (input, q) => {
    expect(AutocompleteQuerySchema.parse(input)).toEqual({ q });
  });

  it('refuses more than 100 characters with the message', () => {
    const result = AutocompleteQuerySchema.safeParse({ q: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(GEO_MESSAGES.queryTooLong);
    expect(GEO_MESSAGES.queryTooLong).toBe('Search text must be at most 100 characters.');
  });
});

describe('PlaceParamsSchema', () => {
  it.each(['gz-in-ka-bengaluru-koramangala', 'ChIJLfyY2E4UrjsRVq4AjI7zgRY'])('accepts %s', (id) => {
    expect(PlaceParamsSchema.parse({ place_id: id })).toEqual({ place_id: id });
  });

  it.each(['', 'has space', '../etc/passwd', 'a'.repeat(513), '<script>'])('refuses %j', (id) => {
    const result = PlaceParamsSchema.safeParse({ place_id: id });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(GEO_MESSAGES.placeIdInvalid);
  });
});

describe('ReverseQuerySchema', () => {
  it.each([
    [
      { lat: '12.9352', lng: '77.6245' },
      { lat: 12.9352, lng: 77.6245 },
    ],
    [
      { lat: '-90', lng: '180' },
      { lat: -90, lng: 180 },
    ],
    [
      { lat: '+45.5', lng: '-.5' },
      { lat: 45.5, lng: -0.5 },
    ],
    [
      { lat: ' 0 ', lng: '0' },
      { lat: 0, lng: 0 },
    ],
  ])('accepts %j', (input, expected) => {
    expect(ReverseQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ lat: '90.1', lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lat: 'abc', lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lat: '', lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lat: 'NaN', lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lat: '1e2', lng: '0' }, GEO_MESSAGES.latitudeInvalid],
    [{ lat: '0', lng: '-180.5' }, GEO_MESSAGES.longitudeInvalid],
    [{ lat: '0', lng: 'Infinity' }, GEO_MESSAGES.longitudeInvalid],
  ])('refuses %j with the message', (input, message) => {
    const result = ReverseQuerySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });
});

describe('PlaceSchema', () => {
  it('holds the address parts and coordinates', () => {
    const place = {
      place_id: 'gz-in-ka-bengaluru-koramangala',
      formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.9352,
      longitude: 77.6245,
    };
    expect(PlaceSchema.parse(place)).toEqual(place);
    expect(PlaceSchema.safeParse({ ...place, latitude: '12.9' }).success).toBe(false);
  });
});
