import { AREAS } from '@gurumatch/shared/catalogues/areas';

import type { MapsProvider, Place } from './index.ts';

/** Offline places: the searchable gazetteer shipped with the app. */
export function createGazetteer(places: readonly Place[] = BANGALORE_AREA_PLACES): MapsProvider {
  const byId = new Map(places.map((place) => [place.place_id, place]));
  return {
    kind: 'gazetteer',
    autocomplete(query, limit) {
      const needle = query.trim().toLowerCase();
      if (!needle) return Promise.resolve([]);
      const matches = places
        .filter((place) => place.formatted_address.toLowerCase().includes(needle))
        .slice(0, limit)
        .map((place) => ({ place_id: place.place_id, description: place.formatted_address }));
      return Promise.resolve(matches);
    },
    place(placeId) {
      return Promise.resolve(byId.get(placeId) ?? null);
    },
    reverse(latitude, longitude) {
      let best: Place | null = null;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const place of places) {
        const distance = (place.latitude - latitude) ** 2 + (place.longitude - longitude) ** 2;
        if (distance < bestDistance) {
          best = place;
          bestDistance = distance;
        }
      }
      return Promise.resolve(best);
    },
  };
}

const BANGALORE_AREA_PLACES: readonly Place[] = AREAS.map((area) => ({
  place_id: `gz-${area.slug}`,
  formatted_address: `${area.name}, Bengaluru, Karnataka ${area.pincode}, India`,
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  country: 'India',
  latitude: area.latitude,
  longitude: area.longitude,
}));
