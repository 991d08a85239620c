import type { GoogleMapsConfig } from '../../config.ts';
import {
  callProvider,
  describeProviderValue,
  isRecord,
  parseProviderJson,
  ProviderError,
} from '../provider-http.ts';

import type { MapsProvider, Place, PlaceSuggestion } from './index.ts';

const PROVIDER = 'Google Maps';
export const GOOGLE_MAPS_TIMEOUT_MS = 5_000;
const LANGUAGE = 'en';
/** Autocomplete only within India. */
const COUNTRY_COMPONENTS = 'country:in';
const DETAILS_FIELDS = 'place_id,formatted_address,address_components,geometry';

export interface GoogleAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GoogleResult {
  place_id: string;
  formatted_address: string;
  address_components: GoogleAddressComponent[];
  geometry: { location: { lat: number; lng: number } };
}

/**
 * City from `locality`; district from `administrative_area_level_2`, else
 * `administrative_area_level_3`; state from `administrative_area_level_1`;
 * country from `country`. Missing parts are empty strings.
 */
export function mapAddressComponents(
  components: readonly GoogleAddressComponent[],
): Pick<Place, 'city' | 'district' | 'state' | 'country'> {
  const named = (type: string): string =>
    components.find((component) => component.types.includes(type))?.long_name ?? '';
  return {
    city: named('locality'),
    district: named('administrative_area_level_2') || named('administrative_area_level_3'),
    state: named('administrative_area_level_1'),
    country: named('country'),
  };
}

function isGoogleResult(value: unknown): value is GoogleResult {
  if (!isRecord(value)) return false;
  const geometry = value.geometry;
  const location = isRecord(geometry) ? geometry.location : undefined;
  return (
    typeof value.place_id === 'string' &&
    typeof value.formatted_address === 'string' &&
    Array.isArray(value.address_components) &&
    isRecord(location) &&
    typeof location.lat === 'number' &&
    typeof location.lng === 'number'
  );
}

function toPlace(result: GoogleResult): Place {
  return {
    place_id: result.place_id,
    formatted_address: result.formatted_address,
    ...mapAddressComponents(result.address_components),
    latitude: result.geometry.location.lat,
    longitude: result.geometry.location.lng,
  };
}

/**
 * Google Maps Platform: Places Autocomplete (India only), Place Details and
 * reverse Geocoding, called from the server so the key stays here.
 */
export function createGoogleMaps(
  config: GoogleMapsConfig,
  { timeoutMs = GOOGLE_MAPS_TIMEOUT_MS }: { timeoutMs?: number } = {},
): MapsProvider {
  async function callApi(
    path: string,
    params: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const query = new URLSearchParams({ ...params, language: LANGUAGE, key: config.apiKey });
    const response = await callProvider(
      PROVIDER,
      `${config.baseUrl}${path}?${query.toString()}`,
      { method: 'GET', headers: { accept: 'application/json' } },
      timeoutMs,
    );
    const body = parseProviderJson(PROVIDER, response);
    if (!isRecord(body) || typeof body.status !== 'string') {
      throw new ProviderError(
        PROVIDER,
        `HTTP ${String(response.status)} without a status`,
        response.status,
      );
    }
    return body;
  }

  function fail(body: Record<string, unknown>): never {
    const detail = describeProviderValue(body.error_message);
    throw new ProviderError(
      PROVIDER,
      detail ? `${String(body.status)}: ${detail}` : String(body.status),
    );
  }

  return {
    kind: 'google',

    async autocomplete(query, limit) {
      const input = query.trim();
      if (!input || limit <= 0) return [];
      const body = await callApi('/maps/api/place/autocomplete/json', {
        input,
        components: COUNTRY_COMPONENTS,
      });
      if (body.status === 'ZERO_RESULTS') return [];
      if (body.status !== 'OK' || !Array.isArray(body.predictions)) fail(body);
      const suggestions: PlaceSuggestion[] = [];
      for (const prediction of body.predictions as unknown[]) {
        if (
          isRecord(prediction) &&
          typeof prediction.place_id === 'string' &&
          typeof prediction.description === 'string'
        ) {
          suggestions.push({ place_id: prediction.place_id, description: prediction.description });
        }
      }
      return suggestions.slice(0, limit);
    },

    async place(placeId) {
      const body = await callApi('/maps/api/place/details/json', {
        place_id: placeId,
        fields: DETAILS_FIELDS,
      });
      if (body.status === 'NOT_FOUND' || body.status === 'ZERO_RESULTS') return null;
      // An id Google cannot read is, for the caller, a place that does not exist.
      if (body.status === 'INVALID_REQUEST') return null;
      if (body.status !== 'OK') fail(body);
      if (!isGoogleResult(body.result)) {
        throw new ProviderError(PROVIDER, 'place details without an address or a location');
      }
      return toPlace(body.result);
    },

    async reverse(latitude, longitude) {
      const body = await callApi('/maps/api/geocode/json', {
        latlng: `${String(latitude)},${String(longitude)}`,
      });
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK' || !Array.isArray(body.results)) fail(body);
      const first = (body.results as unknown[]).find(isGoogleResult);
      return first ? toPlace(first) : null;
    },
  };
}
