/** A resolved place, in the shape GET /api/geo/place/{id}/ answers. */
export interface Place {
  place_id: string;
  formatted_address: string;
  city: string;
  district: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface PlaceSuggestion {
  place_id: string;
  description: string;
}

/** Places autocomplete, place details and reverse geocoding. Default: an offline gazetteer. */
export interface MapsProvider {
  readonly kind: 'gazetteer' | 'google';
  autocomplete(query: string, limit: number): Promise<PlaceSuggestion[]>;
  place(placeId: string): Promise<Place | null>;
  reverse(latitude: number, longitude: number): Promise<Place | null>;
}
