export type OtpChannel = 'whatsapp' | 'sms';

export interface OtpMessage {
  channel: OtpChannel;
  /** E.164, e.g. +919876543210 */
  to: string;
  code: string;
  /** Minutes the code stays valid, for the message text. */
  validMinutes: number;
}

/**
 * A notification by WhatsApp or SMS (e.g. 'a tutor responded'): `text` for
 * channels that take free text, `params` for the provider's approved template
 * (in the template's variable order).
 */
export interface NotificationMessage {
  channel: OtpChannel;
  /** E.164, e.g. +919876543210 */
  to: string;
  text: string;
  params: string[];
  /** Which approved template carries it: a response to a poster (default), or a lead alert. */
  template?: NotificationTemplate;
}

export type NotificationTemplate = 'response' | 'lead_alert';

/**
 * Delivers one-time codes and notifications to phones. Default: the dev
 * outbox; provider keys switch to the real service.
 */
export interface OtpSender {
  readonly kind: 'dev-outbox' | 'msg91';
  send(message: OtpMessage): Promise<void>;
  notify(message: NotificationMessage): Promise<void>;
  /** Whether a WhatsApp notification of this template can be sent (its template is configured). */
  canNotify(template: NotificationTemplate): boolean;
}

export function otpText(message: Pick<OtpMessage, 'code' | 'validMinutes'>): string {
  return `${message.code} is your GuruMatch verification code. It is valid for ${String(message.validMinutes)} minutes. Do not share it with anyone.`;
}
