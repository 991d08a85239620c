import {
  formatGazetteerAddress,
  GAZETTEER_CITY_ALIASES,
  GAZETTEER_PLACES,
  type GazetteerPlace,
} from '@gurumatch/shared/catalogues/gazetteer';
import { REVERSE_PLACE_MAX_KM } from '@gurumatch/shared/schemas/geo';

import type { MapsProvider, Place } from './index.ts';

/** Lower case, punctuation to single spaces: 'T. Nagar' → 't nagar'. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function startsAWord(haystack: string, needle: string): boolean {
  return haystack.startsWith(needle) || haystack.includes(` ${needle}`);
}

interface IndexedPlace {
  place: Place;
  locality: string;
  localityWords: string[];
  city: string;
  words: string[];
  all: string;
}

/**
 * How well a place matches the typed text (lower is better), or null:
 * 0 the locality starts with it, 1 a word of the locality starts with it,
 * 2 a word of the city (or another name of it) starts with it, 3 every typed word starts a word of
 * the address, 4 the address contains it.
 */
function rankMatch(entry: IndexedPlace, needle: string, needleWords: string[]): number | null {
  if (entry.locality.startsWith(needle)) return 0;
  if (startsAWord(entry.locality, needle)) return 1;
  if (startsAWord(entry.city, needle)) return 2;
  if (needleWords.every((word) => entry.words.some((candidate) => candidate.startsWith(word))))
    return 3;
  if (entry.all.includes(needle)) return 4;
  return null;
}

/** Typed words that start a word of the locality: 'kora 5' finds more in 'Koramangala 5th Block'. */
function localityHits(entry: IndexedPlace, needleWords: string[]): number {
  return needleWords.filter((word) =>
    entry.localityWords.some((candidate) => candidate.startsWith(word)),
  ).length;
}

/** Numbers, ordinals and the words of Indian addresses that many places share. */
const GENERIC_WORD =
  /^(?:\d+(?:st|nd|rd|th)?|block|phase|stage|sector|layout|nagar|road|main|cross|street|colony|extension|new|old|east|west|north|south)$/;

/**
 * For text no place matches as a whole, such as a full address ('12, 4th Cross,
 * Koramangala 5th Block'): how many typed words start a word of the place, and how
 * late in the text they stand (addresses run from the house to the area, so the
 * later words name the area).
 */
function looseMatch(entry: IndexedPlace, needleWords: string[]): { hits: number; weight: number } {
  let hits = 0;
  let weight = 0;
  needleWords.forEach((word, index) => {
    // a lone letter ('#12 A') would match half the country
    if (word.length < 2) return;
    if (entry.words.some((candidate) => candidate.startsWith(word))) {
      // '9th' and 'block' name no area by themselves: a name counts twice as much
      hits += GENERIC_WORD.test(word) ? 1 : 2;
      weight += index + 1;
    }
  });
  return { hits, weight };
}

const EARTH_RADIUS_KM = 6371;

function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
  const dLat = toRadians(bLat - aLat);
  const dLng = toRadians(bLng - aLng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(aLat)) * Math.cos(toRadians(bLat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A gazetteer entry as address search answers it. */
export function gazetteerPlace(entry: GazetteerPlace): Place {
  return {
    place_id: entry.place_id,
    formatted_address: formatGazetteerAddress(entry),
    city: entry.city,
    district: entry.district,
    state: entry.state,
    country: entry.country,
    latitude: entry.latitude,
    longitude: entry.longitude,
  };
}

const GAZETTEER: readonly Place[] = GAZETTEER_PLACES.map(gazetteerPlace);

/**
 * Offline places: the searchable gazetteer shipped with the app. Autocomplete
 * is case-insensitive and puts word-start matches of the locality, then of the
 * city (or a well-known other name of it, such as Bangalore), before looser
 * matches, where places whose locality holds more of the typed words come first
 * ('kora 5' → Koramangala 5th Block); text that no place matches as a whole (a
 * full address) answers the places that match most of its words. Reverse
 * geocoding answers the nearest place within REVERSE_PLACE_MAX_KM, and none
 * farther away.
 */
export function createGazetteer(
  places: readonly Place[] = GAZETTEER,
  cityAliases: Readonly<Record<string, readonly string[]>> = GAZETTEER_CITY_ALIASES,
): MapsProvider {
  const byId = new Map(places.map((place) => [place.place_id, place]));
  const indexed: IndexedPlace[] = places.map((place) => {
    const aliases = (cityAliases[place.city] ?? []).join(' ');
    const all = normalize(`${place.formatted_address} ${aliases}`);
    const locality = normalize(place.formatted_address.split(',')[0] ?? '');
    return {
      place,
      locality,
      localityWords: locality.split(' '),
      city: normalize(`${place.city} ${aliases}`),
      words: all.split(' '),
      all,
    };
  });
  return {
    kind: 'gazetteer',
    autocomplete(query, limit) {
      const needle = normalize(query);
      if (!needle || limit <= 0) return Promise.resolve([]);
      const needleWords = needle.split(' ');
      const ranked: { rank: number; hits: number; order: number; place: Place }[] = [];
      indexed.forEach((entry, order) => {
        const rank = rankMatch(entry, needle, needleWords);
        if (rank !== null) {
          ranked.push({ rank, hits: localityHits(entry, needleWords), order, place: entry.place });
        }
      });
      if (ranked.length === 0) {
        // nothing matches the whole text: the places matching most of its words, the
        // later words counting more
        const loose = indexed.map((entry, order) => ({
          ...looseMatch(entry, needleWords),
          order,
          place: entry.place,
        }));
        const most = Math.max(0, ...loose.map((entry) => entry.hits));
        if (most > 0) {
          for (const entry of loose) {
            if (entry.hits === most) {
              ranked.push({ rank: 5, hits: entry.weight, order: entry.order, place: entry.place });
            }
          }
        }
      }
      ranked.sort((a, b) => a.rank - b.rank || b.hits - a.hits || a.order - b.order);
      return Promise.resolve(
        ranked.slice(0, limit).map(({ place }) => ({
          place_id: place.place_id,
          description: place.formatted_address,
        })),
      );
    },
    place(placeId) {
      return Promise.resolve(byId.get(placeId) ?? null);
    },
    reverse(latitude, longitude) {
      let best: Place | null = null;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const place of places) {
        const distance = distanceKm(latitude, longitude, place.latitude, place.longitude);
        if (distance < bestDistance) {
          best = place;
          bestDistance = distance;
        }
      }
      // the nearest listed place may be hundreds of km away: refuse rather than mislead
      return Promise.resolve(bestDistance <= REVERSE_PLACE_MAX_KM ? best : null);
    },
  };
}
