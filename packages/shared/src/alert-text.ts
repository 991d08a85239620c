/**
 * The line a lead alert shows and reads out (issue 23). Kept apart from the
 * frame's schemas in `alerts.ts`: the web app's shell counts and announces
 * alerts on every page, and a type import adds no validation library to it.
 */
import type { LeadAlertEnquiry } from './alerts.ts';

/** "New enquiry near you: Mathematics, Class 10, HSR Layout · 2 km" (online: "· online"). */
export function leadAlertText(enquiry: LeadAlertEnquiry): string {
  const where = enquiry.distance_km === null ? 'online' : `${String(enquiry.distance_km)} km`;
  return `New enquiry near you: ${enquiry.subject}, ${enquiry.class_level}, ${enquiry.area} · ${where}`;
}
