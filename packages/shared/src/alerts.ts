/**
 * Lead alerts (issue 23): the frame a tutor's alert socket
 * `/ws/alerts/?token=ACCESS` receives when a new enquiry fits them, and the
 * line the app shows for it. The socket only sends; it closes by the chat
 * socket's rules (`chat-events.ts`): 4001 when the token expires or the user's
 * sessions end, 4003 for an account that is not a tutor, 4008 when the user
 * opened too many, 1001 when the server shuts down.
 */
import { z } from 'zod';

import { parseJsonAs } from './json.ts';

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
  return parseJsonAs(LeadAlertFrameSchema, text);
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

/** How a channel (WhatsApp, e-mail) tells a tutor of new enquiries. */
export const ALERT_MODES = ['instant', 'digest', 'off'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];
export const MESSAGE_CHANNELS = ['whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Quiet hours, the digest's hour and the day are India Standard Time (UTC+05:30). */
export const ALERT_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MINUTES = 330;
export const ALERT_DAILY_CAP_MAX = 100;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const TimeOfDaySchema = z.string().regex(TIME_OF_DAY, 'Use a time as HH:MM, e.g. 21:00');

export const ChannelSettingsSchema = z.strictObject({
  mode: z.enum(ALERT_MODES),
  /** The hour (IST, 0-23) of the daily digest: the digest mode's, and the one the overflow goes to. */
  digest_hour: z.number().int().min(0).max(23),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

/** `PUT /api/alerts/settings/`: the whole of a tutor's alert settings. */
export const AlertSettingsBodySchema = z.strictObject({
  whatsapp: ChannelSettingsSchema,
  email: ChannelSettingsSchema,
  /** Instant alerts inside wait until `end`; the same start and end: no quiet hours. */
  quiet_hours: z.strictObject({ start: TimeOfDaySchema, end: TimeOfDaySchema }),
  /** Instant alerts a day on each channel; the rest go into the next digest. */
  daily_cap: z.number().int().min(0).max(ALERT_DAILY_CAP_MAX),
});
export type AlertSettingsBody = z.infer<typeof AlertSettingsBodySchema>;

/** `GET /api/alerts/settings/`: the settings and where each channel's messages go. */
export const AlertSettingsSchema = AlertSettingsBodySchema.extend({
  /** The verified phone WhatsApp alerts go to; null: none, so no WhatsApp alert is sent. */
  whatsapp_to: z.string().nullable(),
  email_to: z.string(),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** A tutor who never saved settings: e-mail at once, WhatsApp only once asked for (its rules want an opt-in). */
export const DEFAULT_ALERT_SETTINGS: AlertSettingsBody = {
  whatsapp: { mode: 'off', digest_hour: 19 },
  email: { mode: 'instant', digest_hour: 19 },
  quiet_hours: { start: '21:00', end: '08:00' },
  daily_cap: 10,
};

/** `POST /api/alerts/unsubscribe/`: the token of a message's unsubscribe link. */
export const UnsubscribeBodySchema = z.strictObject({ token: z.string().min(1).max(512) });
export type UnsubscribeBody = z.infer<typeof UnsubscribeBodySchema>;
export const UnsubscribedSchema = z.object({ channel: z.enum(MESSAGE_CHANNELS) });
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;

/** The web page a message's unsubscribe link opens; the token is its `token` query value. */
export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe';

export const CHANNEL_NAMES: Readonly<Record<MessageChannel, string>> = {
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};
