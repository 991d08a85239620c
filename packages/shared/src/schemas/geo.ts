import { z } from 'zod';

/**
 * Maps calls answered by the server (`/api/geo/...`), so no maps key reaches
 * the browser: place autocomplete, place details and reverse geocoding.
 */

/** Longest search text accepted by `GET /api/geo/autocomplete/`, in characters. */
export const GEO_QUERY_MAX_LENGTH = 100;
/** Longest place id accepted by `GET /api/geo/place/{place_id}/`, in characters. */
export const PLACE_ID_MAX_LENGTH = 512;

/**
 * Farthest a listed place may be from a position for "use my location" to
 * answer it (offline gazetteer): beyond this the user types the address.
 */
export const REVERSE_PLACE_MAX_KM = 5;

export const GEO_MESSAGES = {
  queryTooLong: `Search text must be at most ${String(GEO_QUERY_MAX_LENGTH)} characters.`,
  placeIdInvalid: 'This place id is not valid.',
  placeNotFound: 'Place not found.',
  noPlaceNearby: `We could not find your locality within ${String(REVERSE_PLACE_MAX_KM)} km of your location. Please type your address instead.`,
  latitudeInvalid: 'Latitude must be a number between -90 and 90.',
  longitudeInvalid: 'Longitude must be a number between -180 and 180.',
  mapsUnavailable: 'The maps service is not answering. Please try again shortly.',
} as const;

/** A resolved place: what an address is stored from. Missing parts are empty strings. */
export const PlaceSchema = z.object({
  place_id: z.string(),
  formatted_address: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** One line of the autocomplete list. */
export const PlaceSuggestionSchema = z.object({
  place_id: z.string(),
  description: z.string(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

export const AutocompleteResponseSchema = z.object({
  results: z.array(PlaceSuggestionSchema),
});
export type AutocompleteResponse = z.infer<typeof AutocompleteResponseSchema>;

/**
 * `?q=`: trimmed; a missing or blank `q` is allowed and answers `{results: []}`
 * (the box was cleared), longer than GEO_QUERY_MAX_LENGTH is refused.
 */
export const AutocompleteQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(GEO_QUERY_MAX_LENGTH, GEO_MESSAGES.queryTooLong)),
});
export type AutocompleteQuery = z.infer<typeof AutocompleteQuerySchema>;

export const PlaceParamsSchema = z.object({
  place_id: z
    .string()
    .min(1, GEO_MESSAGES.placeIdInvalid)
    .max(PLACE_ID_MAX_LENGTH, GEO_MESSAGES.placeIdInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, GEO_MESSAGES.placeIdInvalid),
});
export type PlaceParams = z.infer<typeof PlaceParamsSchema>;

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function coordinate(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(DECIMAL_PATTERN, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** `?lat=&lng=`: decimal degrees. */
export const ReverseQuerySchema = z.object({
  lat: coordinate(-90, 90, GEO_MESSAGES.latitudeInvalid),
  lng: coordinate(-180, 180, GEO_MESSAGES.longitudeInvalid),
});
export type ReverseQuery = z.infer<typeof ReverseQuerySchema>;
