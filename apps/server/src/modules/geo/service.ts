import { AUTOCOMPLETE_MAX_RESULTS } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { GEO_MESSAGES, type AutocompleteResponse, type Place } from '@gurumatch/shared/schemas/geo';

import type { AppContext } from '../../context.ts';
import { AppError, providerUnavailable } from '../../errors.ts';
import { requireFound } from '../../lib/not-found.ts';

/** Maps calls are public, so each client address gets this many per window. */
export const GEO_REQUESTS_PER_IP_LIMIT = 60;
export const GEO_REQUESTS_PER_IP_WINDOW_SECONDS = 60;

const rateKey = (ip: string): string => `geo:ip:${ip}`;

/** Counts one maps call for `ip`; past the limit, 429 with Retry-After. */
async function limitGeoRequests(ctx: AppContext, ip: string): Promise<void> {
  const count = await ctx.kv.increment(rateKey(ip), GEO_REQUESTS_PER_IP_WINDOW_SECONDS);
  if (count <= GEO_REQUESTS_PER_IP_LIMIT) return;
  const retryAfter = Math.max(1, await ctx.kv.ttl(rateKey(ip)));
  throw new AppError(429, 'rate_limited', MESSAGES.rateLimited, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** Runs a maps provider call; a provider failure becomes a 503 that keeps the cause for the log. */
async function askMaps<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerUnavailable(GEO_MESSAGES.mapsUnavailable, error);
  }
}

/** Suggestions for what the user typed (already trimmed); blank text answers none. */
export async function suggestPlaces(
  ctx: AppContext,
  query: string,
  ip: string,
): Promise<AutocompleteResponse> {
  await limitGeoRequests(ctx, ip);
  if (!query) return { results: [] };
  const results = await askMaps(() => ctx.maps.autocomplete(query, AUTOCOMPLETE_MAX_RESULTS));
  return { results: results.slice(0, AUTOCOMPLETE_MAX_RESULTS) };
}

export async function findPlace(ctx: AppContext, placeId: string, ip: string): Promise<Place> {
  await limitGeoRequests(ctx, ip);
  const place = await askMaps(() => ctx.maps.place(placeId));
  return requireFound(place, GEO_MESSAGES.placeNotFound);
}

export async function findNearestPlace(
  ctx: AppContext,
  latitude: number,
  longitude: number,
  ip: string,
): Promise<Place> {
  await limitGeoRequests(ctx, ip);
  const place = await askMaps(() => ctx.maps.reverse(latitude, longitude));
  return requireFound(place, GEO_MESSAGES.noPlaceNearby);
}
