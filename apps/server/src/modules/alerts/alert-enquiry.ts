/** How an enquiry appears in its alerts, and whether it is still alerted. */
import type { LeadAlertEnquiry } from '@gurumatch/shared/alerts';
import { GAZETTEER_PLACES } from '@gurumatch/shared/catalogues/gazetteer';

import type { AlertEnquiryRow } from './queries.ts';

/** A locality centre closer than this names the enquiry's area (as the poster's view snaps). */
const AREA_SNAP_KM = 4;
const KM_PER_DEGREE = 111.045;

/** The nearest known locality of the enquiry, never its address; else its city. */
export function areaOf(enquiry: AlertEnquiryRow): string {
  let area = enquiry.city;
  let nearestKm = AREA_SNAP_KM;
  const cosLat = Math.cos((enquiry.latitude * Math.PI) / 180);
  for (const place of GAZETTEER_PLACES) {
    const dLat = (place.latitude - enquiry.latitude) * KM_PER_DEGREE;
    const dLng = (place.longitude - enquiry.longitude) * KM_PER_DEGREE * cosLat;
    const km = Math.sqrt(dLat * dLat + dLng * dLng);
    if (km < nearestKm) {
      nearestKm = km;
      area = place.locality;
    }
  }
  return area;
}

/** Why a posted enquiry is no longer alerted, or null while it is live. */
export function closedReason(enquiry: AlertEnquiryRow, now: Date): string | null {
  if (enquiry.archived) return 'archived';
  if (enquiry.expires_at.getTime() <= now.getTime()) return 'expired';
  if (enquiry.responded_count >= enquiry.total_responses) return 'full';
  if (!enquiry.poster_active) return 'poster_inactive';
  return null;
}

/** A card's distance: whole kilometres, at least 1 (never precise enough to place the poster). */
export function roundedKm(km: number | null): number | null {
  return km === null ? null : Math.max(1, Math.round(km));
}

/** The enquiry as an alert shows it to one tutor. */
export function leadAlertEnquiryOf(
  enquiry: AlertEnquiryRow,
  distanceKm: number | null,
): LeadAlertEnquiry {
  return {
    id: enquiry.id,
    name: enquiry.name,
    subject: enquiry.subject,
    class_level: enquiry.class_level,
    study_mode: enquiry.study_mode,
    area: areaOf(enquiry),
    city: enquiry.city,
    distance_km: roundedKm(distanceKm),
    coins_required: enquiry.coins_required,
    posted_at: enquiry.posted_at.toISOString(),
  };
}
