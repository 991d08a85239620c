import { GAZETTEER_PLACES } from '@gurumatch/shared/catalogues/gazetteer';

/**
 * What a tutor who has not contacted an enquiry may see of its poster
 * (docs/security.md, "What a tutor sees before paying"): the answer keeps every
 * key, but each one reveals almost nothing.
 */

/** '9876543210' → 'XXXXXXXX10': the last two digits of the national number only. */
export function maskPhone(nationalNumber: string | null): string {
  const digits = (nationalNumber ?? '').replace(/\D/g, '');
  if (digits.length <= 2) return 'X'.repeat(digits.length);
  return `${'X'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}

/** 'Ananya Rao' → 'Ananya'. */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** A locality centre closer than this stands for the poster's position. */
export const LOCALITY_SNAP_KM = 4;
/** Away from every known locality, the position is rounded to this many degrees (about 11 km). */
const COARSE_DEGREES = 0.1;

const KM_PER_DEGREE = 111.045;

function approximateKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const cosLat = Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  const dLat = (a.latitude - b.latitude) * KM_PER_DEGREE;
  const dLng = (a.longitude - b.longitude) * KM_PER_DEGREE * cosLat;
  return Math.sqrt(dLat * dLat + dLng * dLng);
}

function roundTo(value: number, step: number): number {
  return Math.round(Math.round(value / step) * step * 1e6) / 1e6;
}

/**
 * The position shown before the contact: the centre of the nearest known
 * locality (the gazetteer's), or, far from any, the position rounded to about
 * 11 km. Never the poster's own point.
 */
export function localityPosition(position: { latitude: number; longitude: number }): {
  latitude: number;
  longitude: number;
} {
  let nearest: { latitude: number; longitude: number } | null = null;
  let nearestKm = LOCALITY_SNAP_KM;
  for (const place of GAZETTEER_PLACES) {
    const km = approximateKm(position, place);
    if (km < nearestKm) {
      nearest = place;
      nearestKm = km;
    }
  }
  if (nearest) return { latitude: nearest.latitude, longitude: nearest.longitude };
  return {
    latitude: roundTo(position.latitude, COARSE_DEGREES),
    longitude: roundTo(position.longitude, COARSE_DEGREES),
  };
}

/** A card's distance, in whole kilometres (at least 1): never precise enough to place the poster. */
export function roundedDistanceKm(km: number | null): number | null {
  return km === null ? null : Math.max(1, Math.round(km));
}
