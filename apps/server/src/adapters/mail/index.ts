export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The links the message carries (verification, reset), listed in the dev outbox. */
  links?: string[];
}

/** Sends e-mail. Default: the dev outbox; `SMTP_URL` switches to SMTP. */
export interface Mailer {
  readonly kind: 'dev-outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
