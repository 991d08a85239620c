import type { AutocompleteResponse, Place } from '@gurumatch/shared/schemas/geo';

import { apiRequest } from './api.ts';

/** Place suggestions for what the user typed (the server's maps adapter answers). */
export async function fetchPlaceSuggestions(query: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ q: query });
  const answer = await apiRequest<AutocompleteResponse>(
    `/api/geo/autocomplete/?${params.toString()}`,
    {
      auth: false,
      ...(signal ? { signal } : {}),
    },
  );
  return answer.results;
}

export function fetchPlace(placeId: string): Promise<Place> {
  return apiRequest<Place>(`/api/geo/place/${encodeURIComponent(placeId)}/`, { auth: false });
}

export function reverseGeocode(latitude: number, longitude: number): Promise<Place> {
  const params = new URLSearchParams({ lat: String(latitude), lng: String(longitude) });
  return apiRequest<Place>(`/api/geo/reverse/?${params.toString()}`, { auth: false });
}
