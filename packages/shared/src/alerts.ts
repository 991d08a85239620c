/**
 * Lead alerts (issue 23): the frame a tutor's alert socket
 * `/ws/alerts/?token=ACCESS` receives when a new enquiry fits them, and the
 * line the app shows for it. The socket only sends; it closes by the chat
 * socket's rules (`chat-events.ts`): 4001 when the token expires or the user's
 * sessions end, 4003 for an account that is not a tutor, 4008 when the user
 * opened too many, 1001 when the server shuts down.
 */
import { z } from 'zod';

export const LeadAlertEnquirySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  subject: z.string(),
  class_level: z.string(),
  study_mode: z.enum(['online', 'offline', 'both']),
  /** The nearest known locality (never the poster's address), else the city. */
  area: z.string(),
  city: z.string(),
  /** Whole kilometres from the tutor's address (at least 1); null for an online enquiry. */
  distance_km: z.number().nullable(),
  coins_required: z.number().int(),
  posted_at: z.string(),
});
export type LeadAlertEnquiry = z.infer<typeof LeadAlertEnquirySchema>;

export const LeadAlertFrameSchema = z.object({
  type: z.literal('lead_alert'),
  enquiry: LeadAlertEnquirySchema,
});
export type LeadAlertFrame = z.infer<typeof LeadAlertFrameSchema>;

/** A frame the alert socket received, or null when it is not one this client knows. */
export function parseLeadAlertFrame(text: string): LeadAlertFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = LeadAlertFrameSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// The line lives apart from the schemas so the web app's shell can show it without zod.
export { leadAlertText } from './alert-text.ts';

/** `GET /api/alerts/told/`: how many tutors were told of the student's latest live enquiry. */
export const ToldTutorsSchema = z.object({
  /** The latest live enquiry, or null when the student has none. */
  enquiry_id: z.number().int().nullable(),
  tutors_told: z.number().int(),
});
export type ToldTutors = z.infer<typeof ToldTutorsSchema>;
