import { describe, expect, it } from 'vitest';

import { AREAS } from './areas.ts';
import {
  formatGazetteerAddress,
  GAZETTEER_CITY_ALIASES,
  GAZETTEER_PLACES,
  type GazetteerPlace,
} from './gazetteer.ts';

const MAJOR_CITIES = [
  'Bengaluru',
  'Mumbai',
  'New Delhi',
  'Gurugram',
  'Noida',
  'Chennai',
  'Hyderabad',
  'Pune',
  'Kolkata',
  'Ahmedabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
  'Chandigarh',
  'Indore',
  'Bhopal',
  'Coimbatore',
  'Mysuru',
  'Mangaluru',
  'Nagpur',
  'Surat',
  'Patna',
  'Bhubaneswar',
  'Guwahati',
  'Visakhapatnam',
  'Thiruvananthapuram',
  'Vadodara',
];

/** Kilometres between two places, on a sphere. */
function distanceKm(a: GazetteerPlace, b: GazetteerPlace): number {
  const rad = (degrees: number): number => (degrees * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function placesOf(city: string): GazetteerPlace[] {
  return GAZETTEER_PLACES.filter((place) => place.city === city);
}

describe('gazetteer data', () => {
  it('holds at least 250 places with unique, stable ids', () => {
    expect(GAZETTEER_PLACES.length).toBeGreaterThanOrEqual(250);
    const ids = GAZETTEER_PLACES.map((place) => place.place_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^gz-in-[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every place a locality, city, district, state, India, a 6-digit pincode and coordinates in India', () => {
    for (const place of GAZETTEER_PLACES) {
      expect(place.locality, place.place_id).not.toBe('');
      expect(place.city, place.place_id).not.toBe('');
      expect(place.district, place.place_id).not.toBe('');
      expect(place.state, place.place_id).not.toBe('');
      expect(place.country).toBe('India');
      expect(place.pincode, place.place_id).toMatch(/^[1-9]\d{5}$/);
      expect(place.latitude, place.place_id).toBeGreaterThan(6);
      expect(place.latitude, place.place_id).toBeLessThan(36);
      expect(place.longitude, place.place_id).toBeGreaterThan(68);
      expect(place.longitude, place.place_id).toBeLessThan(98);
    }
  });

  it('covers the 17 Bangalore areas with their catalogue coordinates', () => {
    for (const area of AREAS) {
      const place = GAZETTEER_PLACES.find(
        (candidate) => candidate.city === 'Bengaluru' && candidate.locality === area.name,
      );
      expect(place, area.name).toMatchObject({
        pincode: area.pincode,
        latitude: area.latitude,
        longitude: area.longitude,
        state: 'Karnataka',
      });
    }
  });

  it('covers at least 60 more Bangalore localities', () => {
    expect(placesOf('Bengaluru').length).toBeGreaterThanOrEqual(1 + AREAS.length + 60);
  });

  it.each(MAJOR_CITIES)('covers %s with several localities near its centre', (city) => {
    const places = placesOf(city);
    expect(places.length).toBeGreaterThanOrEqual(6);
    const centre = places.find((place) => place.locality === city);
    expect(centre).toBeDefined();
    for (const place of places) {
      expect(distanceKm(centre!, place), place.place_id).toBeLessThan(60);
    }
  });

  it('gives each city one state', () => {
    for (const city of new Set(GAZETTEER_PLACES.map((place) => place.city))) {
      expect(new Set(placesOf(city).map((place) => place.state)).size, city).toBe(1);
    }
  });

  it('names aliases only for cities it holds', () => {
    for (const city of Object.keys(GAZETTEER_CITY_ALIASES))
      expect(placesOf(city).length).toBeGreaterThan(0);
  });
});

describe('formatGazetteerAddress', () => {
  it('writes locality, city, state with pincode, and country', () => {
    const koramangala = GAZETTEER_PLACES.find(
      (place) => place.place_id === 'gz-in-ka-bengaluru-koramangala',
    );
    expect(koramangala && formatGazetteerAddress(koramangala)).toBe(
      'Koramangala, Bengaluru, Karnataka 560034, India',
    );
  });

  it('does not repeat the city for the city itself', () => {
    const bengaluru = GAZETTEER_PLACES.find((place) => place.place_id === 'gz-in-ka-bengaluru');
    expect(bengaluru && formatGazetteerAddress(bengaluru)).toBe(
      'Bengaluru, Karnataka 560001, India',
    );
  });
});
