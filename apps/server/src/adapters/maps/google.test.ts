import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  GOOGLE_PEER_API_KEY,
  startGoogleMapsPeer,
  type GoogleMapsPeer,
} from '../../../test/peers/google-maps-peer.ts';
import { ProviderError } from '../provider-http.ts';

import { createGoogleMaps, mapAddressComponents } from './google.ts';

const KORAMANGALA_ID = 'ChIJLfyY2E4UrjsRVq4AjI7zgRY';
const MANIMAJRA_ID = 'ChIJ0wUvJ3LtDzkR6mVfJnHcN1s';

let peer: GoogleMapsPeer;

function maps(apiKey = GOOGLE_PEER_API_KEY, timeoutMs?: number) {
  return createGoogleMaps(
    { apiKey, baseUrl: peer.url },
    timeoutMs === undefined ? {} : { timeoutMs },
  );
}

beforeAll(async () => {
  peer = await startGoogleMapsPeer();
});

afterAll(async () => {
  await peer.close();
});

beforeEach(() => {
  peer.forcedStatus = null;
  peer.delayMs = 0;
});

describe('Google Maps autocomplete', () => {
  it('asks for places in India with the key and answers place ids and descriptions', async () => {
    const results = await maps().autocomplete('  koramangala ', 6);
    expect(results).toEqual([
      { place_id: KORAMANGALA_ID, description: 'Koramangala, Bengaluru, Karnataka 560034, India' },
    ]);
    const request = peer.requests.at(-1)!;
    expect(request.path).toBe('/maps/api/place/autocomplete/json');
    expect(request.query.get('input')).toBe('koramangala');
    expect(request.query.get('components')).toBe('country:in');
    expect(request.query.get('key')).toBe(GOOGLE_PEER_API_KEY);
  });

  it('honours the limit', async () => {
    expect(await maps().autocomplete('india', 2)).toHaveLength(2);
  });

  it('answers no suggestions for ZERO_RESULTS, and does not call Google for blank text', async () => {
    expect(await maps().autocomplete('zzzz', 6)).toEqual([]);
    const count = peer.requests.length;
    expect(await maps().autocomplete('   ', 6)).toEqual([]);
    expect(peer.requests).toHaveLength(count);
  });

  it("throws Google's error message when the key is refused", async () => {
    const failing = maps('wrong-key').autocomplete('kora', 6);
    await expect(failing).rejects.toThrow(ProviderError);
    await expect(maps('wrong-key').autocomplete('kora', 6)).rejects.toThrow(
      'Google Maps: REQUEST_DENIED: The provided API key is invalid.',
    );
  });

  it('throws when the quota is exhausted', async () => {
    peer.forcedStatus = 'OVER_QUERY_LIMIT';
    await expect(maps().autocomplete('kora', 6)).rejects.toThrow(/OVER_QUERY_LIMIT/);
  });

  it('gives up when Google does not answer within the time limit', async () => {
    peer.delayMs = 2_000;
    await expect(maps(GOOGLE_PEER_API_KEY, 200).autocomplete('kora', 6)).rejects.toThrow(
      /no answer within 200 ms/,
    );
  });
});

describe('Google Maps place details', () => {
  it('maps the address components: city, district, state, country and the location', async () => {
    expect(await maps().place(KORAMANGALA_ID)).toEqual({
      place_id: KORAMANGALA_ID,
      formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      city: 'Bengaluru',
      district: 'Bangalore Urban',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.9352,
      longitude: 77.6245,
    });
    const request = peer.requests.at(-1)!;
    expect(request.path).toBe('/maps/api/place/details/json');
    expect(request.query.get('place_id')).toBe(KORAMANGALA_ID);
    expect(request.query.get('fields')).toContain('address_components');
  });

  it('takes the district from administrative level 3 when level 2 is missing', async () => {
    expect(await maps().place(MANIMAJRA_ID)).toMatchObject({
      city: 'Chandigarh',
      district: 'Chandigarh Tehsil',
      state: 'Chandigarh',
      country: 'India',
    });
  });

  it('answers null for a place Google does not know', async () => {
    expect(await maps().place('ChIJunknownunknownunknown')).toBeNull();
  });
});

describe('Google Maps reverse geocoding', () => {
  it('answers the first result for the coordinates', async () => {
    const place = await maps().reverse(12.9355, 77.6241);
    expect(place).toMatchObject({ place_id: KORAMANGALA_ID, city: 'Bengaluru' });
    expect(peer.requests.at(-1)!.query.get('latlng')).toBe('12.9355,77.6241');
  });

  it('answers null for ZERO_RESULTS', async () => {
    expect(await maps().reverse(-45, 170)).toBeNull();
  });

  it('throws when the quota is exhausted', async () => {
    peer.forcedStatus = 'OVER_DAILY_LIMIT';
    await expect(maps().reverse(12.9, 77.6)).rejects.toThrow(/OVER_DAILY_LIMIT/);
  });
});

describe('mapAddressComponents', () => {
  const part = (long_name: string, ...types: string[]) => ({
    long_name,
    short_name: long_name,
    types,
  });

  it('leaves a part empty when Google has none', () => {
    expect(mapAddressComponents([part('India', 'country', 'political')])).toEqual({
      city: '',
      district: '',
      state: '',
      country: 'India',
    });
  });

  it('prefers administrative level 2 over level 3 for the district', () => {
    expect(
      mapAddressComponents([
        part('Anekal', 'administrative_area_level_3', 'political'),
        part('Bangalore Urban', 'administrative_area_level_2', 'political'),
      ]).district,
    ).toBe('Bangalore Urban');
  });
});
