/**
 * A local server answering as Google Maps Platform's web services do: Places
 * Autocomplete, Place Details and reverse Geocoding, JSON with a `status`
 * (HTTP 200 even for REQUEST_DENIED, as Google answers). A few fixed places.
 */
import { jsonAnswer, startHttpPeer, type HttpPeer, type PeerAnswer } from './json-http-peer.ts';

export const GOOGLE_PEER_API_KEY = 'peer-maps-key-0123456789';

interface Component {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface GooglePeerPlace {
  place_id: string;
  name: string;
  formatted_address: string;
  address_components: Component[];
  lat: number;
  lng: number;
}

const component = (name: string, ...types: string[]): Component => ({
  long_name: name,
  short_name: name,
  types,
});

/** Koramangala and Andheri West have every level; Manimajra has no administrative_area_level_2. */
export const GOOGLE_PEER_PLACES: readonly GooglePeerPlace[] = [
  {
    place_id: 'ChIJLfyY2E4UrjsRVq4AjI7zgRY',
    name: 'Koramangala',
    formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
    address_components: [
      component('Koramangala', 'political', 'sublocality', 'sublocality_level_1'),
      component('Bengaluru', 'locality', 'political'),
      component('Bangalore Urban', 'administrative_area_level_2', 'political'),
      component('Karnataka', 'administrative_area_level_1', 'political'),
      component('India', 'country', 'political'),
      component('560034', 'postal_code'),
    ],
    lat: 12.9352,
    lng: 77.6245,
  },
  {
    place_id: 'ChIJwe1EZjDG5zsRaYxkjY_tpF0',
    name: 'Andheri West',
    formatted_address: 'Andheri West, Mumbai, Maharashtra, India',
    address_components: [
      component('Andheri West', 'political', 'sublocality', 'sublocality_level_1'),
      component('Mumbai', 'locality', 'political'),
      component('Mumbai Suburban', 'administrative_area_level_2', 'political'),
      component('Maharashtra', 'administrative_area_level_1', 'political'),
      component('India', 'country', 'political'),
    ],
    lat: 19.1364,
    lng: 72.8296,
  },
  {
    place_id: 'ChIJ0wUvJ3LtDzkR6mVfJnHcN1s',
    name: 'Manimajra',
    formatted_address: 'Manimajra, Chandigarh, 160101, India',
    address_components: [
      component('Manimajra', 'political', 'sublocality', 'sublocality_level_1'),
      component('Chandigarh', 'locality', 'political'),
      component('Chandigarh Tehsil', 'administrative_area_level_3', 'political'),
      component('Chandigarh', 'administrative_area_level_1', 'political'),
      component('India', 'country', 'political'),
      component('160101', 'postal_code'),
    ],
    lat: 30.716,
    lng: 76.835,
  },
];

/** Farther than this from every place, reverse geocoding answers ZERO_RESULTS. */
const REVERSE_RADIUS_DEGREES = 0.5;

export interface GoogleMapsPeer extends HttpPeer {
  /** When set, every call answers this status (e.g. OVER_QUERY_LIMIT). */
  forcedStatus: string | null;
  readonly env: Record<string, string>;
}

function toResult(place: GooglePeerPlace): Record<string, unknown> {
  return {
    place_id: place.place_id,
    formatted_address: place.formatted_address,
    address_components: place.address_components,
    geometry: {
      location: { lat: place.lat, lng: place.lng },
      location_type: 'APPROXIMATE',
      viewport: {
        northeast: { lat: place.lat + 0.01, lng: place.lng + 0.01 },
        southwest: { lat: place.lat - 0.01, lng: place.lng - 0.01 },
      },
    },
    types: ['political', 'sublocality', 'sublocality_level_1'],
  };
}

function statusAnswer(status: string, message: string, list: 'predictions' | 'results' | null) {
  return jsonAnswer(200, {
    error_message: message,
    ...(list ? { [list]: [] } : {}),
    status,
  });
}

export async function startGoogleMapsPeer(): Promise<GoogleMapsPeer> {
  const state: { forcedStatus: string | null } = { forcedStatus: null };

  const peer = await startHttpPeer((request): PeerAnswer => {
    const list =
      request.path === '/maps/api/place/autocomplete/json'
        ? 'predictions'
        : request.path === '/maps/api/geocode/json'
          ? 'results'
          : request.path === '/maps/api/place/details/json'
            ? null
            : undefined;
    if (request.method !== 'GET' || list === undefined) {
      return { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' };
    }
    const key = request.query.get('key');
    if (!key)
      return statusAnswer(
        'REQUEST_DENIED',
        'You must use an API key to authenticate each request to Google Maps Platform APIs.',
        list,
      );
    if (key !== GOOGLE_PEER_API_KEY) {
      return statusAnswer('REQUEST_DENIED', 'The provided API key is invalid.', list);
    }
    if (state.forcedStatus) {
      return statusAnswer(
        state.forcedStatus,
        'You have exceeded your daily request quota for this API.',
        list,
      );
    }

    if (list === 'predictions') {
      const input = request.query.get('input');
      if (!input)
        return statusAnswer(
          'INVALID_REQUEST',
          "Invalid request. Missing the 'input' parameter.",
          list,
        );
      const needle = input.toLowerCase();
      const predictions = GOOGLE_PEER_PLACES.filter((place) =>
        place.formatted_address.toLowerCase().includes(needle),
      ).map((place) => ({
        description: place.formatted_address,
        place_id: place.place_id,
        reference: place.place_id,
        structured_formatting: {
          main_text: place.name,
          secondary_text: place.formatted_address.slice(place.name.length + 2),
        },
        types: ['political', 'sublocality', 'geocode'],
      }));
      return jsonAnswer(200, {
        predictions,
        status: predictions.length > 0 ? 'OK' : 'ZERO_RESULTS',
      });
    }

    if (list === null) {
      const placeId = request.query.get('place_id');
      if (!placeId)
        return statusAnswer(
          'INVALID_REQUEST',
          "Invalid request. Missing the 'place_id' parameter.",
          null,
        );
      const place = GOOGLE_PEER_PLACES.find((candidate) => candidate.place_id === placeId);
      if (!place) return jsonAnswer(200, { html_attributions: [], status: 'NOT_FOUND' });
      return jsonAnswer(200, { html_attributions: [], result: toResult(place), status: 'OK' });
    }

    const latlng = request.query.get('latlng')?.split(',').map(Number) ?? [];
    const [lat, lng] = latlng;
    if (
      latlng.length !== 2 ||
      lat === undefined ||
      lng === undefined ||
      latlng.some(Number.isNaN)
    ) {
      return statusAnswer('INVALID_REQUEST', "Invalid request. Invalid 'latlng' parameter.", list);
    }
    const near = GOOGLE_PEER_PLACES.map((place) => ({
      place,
      distance: Math.hypot(place.lat - lat, place.lng - lng),
    }))
      .filter(({ distance }) => distance <= REVERSE_RADIUS_DEGREES)
      .sort((a, b) => a.distance - b.distance);
    if (near.length === 0)
      return jsonAnswer(200, { plus_code: {}, results: [], status: 'ZERO_RESULTS' });
    return jsonAnswer(200, {
      plus_code: { global_code: '7J4VWJPF+XV' },
      results: near.map(({ place }) => toResult(place)),
      status: 'OK',
    });
  });

  Object.defineProperty(peer, 'forcedStatus', {
    get: () => state.forcedStatus,
    set: (value: string | null) => {
      state.forcedStatus = value;
    },
    enumerable: true,
  });
  Object.defineProperty(peer, 'env', {
    value: { GOOGLE_MAPS_API_KEY: GOOGLE_PEER_API_KEY, GOOGLE_MAPS_BASE_URL: peer.url },
    enumerable: true,
  });
  return peer as GoogleMapsPeer;
}
