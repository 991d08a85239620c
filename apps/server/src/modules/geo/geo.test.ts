import { AUTOCOMPLETE_MAX_RESULTS } from '@gurumatch/shared/constants';
import type { ErrorBody } from '@gurumatch/shared/errors';
import { MESSAGES } from '@gurumatch/shared/messages';
import { GEO_MESSAGES, type AutocompleteResponse, type Place } from '@gurumatch/shared/schemas/geo';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueIp } from '../../../test/factories.ts';
import { startGoogleMapsPeer, type GoogleMapsPeer } from '../../../test/peers/google-maps-peer.ts';

import { GEO_REQUESTS_PER_IP_LIMIT } from './service.ts';

const KORAMANGALA: Place = {
  place_id: 'gz-in-ka-bengaluru-koramangala',
  formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: 12.9352,
  longitude: 77.6245,
};

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function get(url: string, remoteAddress = uniqueIp()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, remoteAddress });
}

describe('GET /api/geo/autocomplete/', () => {
  it('suggests Koramangala first for "kora", without a token', async () => {
    const response = await get('/api/geo/autocomplete/?q=kora');
    expect(response.statusCode).toBe(200);
    const body = response.json<AutocompleteResponse>();
    expect(body.results[0]).toEqual({
      place_id: KORAMANGALA.place_id,
      description: KORAMANGALA.formatted_address,
    });
  });

  it(`answers at most ${String(AUTOCOMPLETE_MAX_RESULTS)} suggestions`, async () => {
    const response = await get('/api/geo/autocomplete/?q=a');
    expect(response.json<AutocompleteResponse>().results).toHaveLength(AUTOCOMPLETE_MAX_RESULTS);
  });

  it('trims the text and answers without the trailing slash too', async () => {
    const response = await get(`/api/geo/autocomplete?q=${encodeURIComponent('  hsr  ')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<AutocompleteResponse>().results[0]?.description).toBe(
      'HSR Layout, Bengaluru, Karnataka 560102, India',
    );
  });

  it('answers no suggestions for a blank or missing q', async () => {
    for (const url of [
      '/api/geo/autocomplete/?q=',
      '/api/geo/autocomplete/?q=%20%20',
      '/api/geo/autocomplete/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json<AutocompleteResponse>()).toEqual({ results: [] });
    }
  });

  it('refuses text longer than 100 characters with 400', async () => {
    const response = await get(`/api/geo/autocomplete/?q=${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('validation_error');
    expect(body.errors?.q).toEqual([GEO_MESSAGES.queryTooLong]);
  });
});

describe('GET /api/geo/place/{place_id}/', () => {
  it('answers the place with city, district, state, country and coordinates', async () => {
    const response = await get(`/api/geo/place/${KORAMANGALA.place_id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Place>()).toEqual(KORAMANGALA);
  });

  it('answers 404 not_found for an unknown place', async () => {
    const response = await get('/api/geo/place/gz-in-ka-bengaluru-atlantis/');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>()).toMatchObject({
      detail: GEO_MESSAGES.placeNotFound,
      code: 'not_found',
    });
  });

  it('answers 400 for a malformed place id', async () => {
    const response = await get(`/api/geo/place/${encodeURIComponent('<script>')}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('validation_error');
  });
});

describe('GET /api/geo/reverse/', () => {
  it("answers Koramangala for Koramangala's coordinates", async () => {
    const response = await get('/api/geo/reverse/?lat=12.9352&lng=77.6245');
    expect(response.statusCode).toBe(200);
    expect(response.json<Place>()).toEqual(KORAMANGALA);
  });

  it('refuses a position far from every listed place with 404 and asks to type the address', async () => {
    const response = await get('/api/geo/reverse/?lat=27.0&lng=71.0');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().detail).toBe(GEO_MESSAGES.noPlaceNearby);
  });

  it.each([
    ['lat=91&lng=77.6', 'lat', GEO_MESSAGES.latitudeInvalid],
    ['lat=-90.5&lng=77.6', 'lat', GEO_MESSAGES.latitudeInvalid],
    ['lat=abc&lng=77.6', 'lat', GEO_MESSAGES.latitudeInvalid],
    ['lng=77.6', 'lat', GEO_MESSAGES.latitudeInvalid],
    ['lat=12.9&lng=181', 'lng', GEO_MESSAGES.longitudeInvalid],
    ['lat=12.9&lng=', 'lng', GEO_MESSAGES.longitudeInvalid],
  ])('refuses %s with 400', async (query, field, message) => {
    const response = await get(`/api/geo/reverse/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.[field]).toEqual([message]);
  });
});

describe('geo rate limit', () => {
  it(`answers 429 with Retry-After after ${String(GEO_REQUESTS_PER_IP_LIMIT)} calls a minute from one address`, async () => {
    const ip = uniqueIp();
    for (let call = 0; call < GEO_REQUESTS_PER_IP_LIMIT; call += 1) {
      const response = await get('/api/geo/autocomplete/?q=kor', ip);
      expect(response.statusCode).toBe(200);
    }
    const limited = await get(`/api/geo/place/${KORAMANGALA.place_id}/`, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>()).toMatchObject({
      detail: MESSAGES.rateLimited,
      code: 'rate_limited',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    expect((await get('/api/geo/autocomplete/?q=kor')).statusCode).toBe(200);
  });
});

describe('geo calls backed by Google Maps', () => {
  let peer: GoogleMapsPeer;
  let google: TestApp;

  beforeAll(async () => {
    peer = await startGoogleMapsPeer();
    google = await buildTestApp({ env: peer.env, db: t.db });
  });

  afterAll(async () => {
    await google.close();
    await peer.close();
  });

  it('answers suggestions, details and reverse geocoding from Google, key kept on the server', async () => {
    const suggestions = await google.app.inject({
      method: 'GET',
      url: '/api/geo/autocomplete/?q=andheri',
      remoteAddress: uniqueIp(),
    });
    expect(suggestions.json<AutocompleteResponse>().results).toEqual([
      {
        place_id: 'ChIJwe1EZjDG5zsRaYxkjY_tpF0',
        description: 'Andheri West, Mumbai, Maharashtra, India',
      },
    ]);
    expect(suggestions.body).not.toContain(peer.env.GOOGLE_MAPS_API_KEY);

    const details = await google.app.inject({
      method: 'GET',
      url: '/api/geo/place/ChIJwe1EZjDG5zsRaYxkjY_tpF0/',
      remoteAddress: uniqueIp(),
    });
    expect(details.json<Place>()).toMatchObject({
      city: 'Mumbai',
      district: 'Mumbai Suburban',
      state: 'Maharashtra',
      country: 'India',
    });

    const reverse = await google.app.inject({
      method: 'GET',
      url: '/api/geo/reverse/?lat=12.9352&lng=77.6245',
      remoteAddress: uniqueIp(),
    });
    expect(reverse.json<Place>().city).toBe('Bengaluru');
  });

  it('answers 404 when Google knows no place there', async () => {
    const response = await google.app.inject({
      method: 'GET',
      url: '/api/geo/reverse/?lat=-45&lng=170',
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('not_found');
  });

  it('answers 503 JSON, without the provider details, when Google fails', async () => {
    peer.forcedStatus = 'OVER_QUERY_LIMIT';
    try {
      const response = await google.app.inject({
        method: 'GET',
        url: '/api/geo/autocomplete/?q=kora',
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>()).toMatchObject({
        detail: GEO_MESSAGES.mapsUnavailable,
        code: 'service_unavailable',
      });
    } finally {
      peer.forcedStatus = null;
    }
  });
});

describe('API docs', () => {
  it('describe the geo calls', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/geo/autocomplete/',
        '/api/geo/place/{place_id}/',
        '/api/geo/reverse/',
      ]),
    );
  });
});
