import type { Place, PlaceSuggestion } from '@gurumatch/shared/schemas/geo';

export type { Place, PlaceSuggestion };

/**
 * Places autocomplete, place details and reverse geocoding. Default: the
 * offline gazetteer; `GOOGLE_MAPS_API_KEY` switches to Google Maps Platform.
 * `place` and `reverse` answer null when there is no such place; a provider
 * failure is a thrown error.
 */
export interface MapsProvider {
  readonly kind: 'gazetteer' | 'google';
  autocomplete(query: string, limit: number): Promise<PlaceSuggestion[]>;
  place(placeId: string): Promise<Place | null>;
  reverse(latitude: number, longitude: number): Promise<Place | null>;
}
