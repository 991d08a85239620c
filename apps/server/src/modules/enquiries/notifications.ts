import { formatQuote, type PriceType } from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES } from '@gurumatch/shared/messages/enquiries';

import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import type { JobKind } from '../../jobs/queue.ts';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function renderEmail(name: string, lines: string[], link: string, button: string) {
  const text = [`Hello ${name},`, '', ...lines, '', link, '', '— GuruMatch'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`,
    '<p>— GuruMatch</p>',
  ].join('\n');
  return { text, html };
}

export interface ResponseNotice {
  studentName: string;
  studentEmail: string;
  /** E.164, or null when the poster has no phone number. */
  studentPhone: string | null;
  tutorName: string;
  enquiryName: string;
  priceQuote: number;
  priceType: PriceType;
  conversationId: number;
}

/** Seconds before a notice's first retry; later ones back off (about 30 s, 1 min, 2 min, … 4 h). */
const NOTICE_RETRY_DELAY_SECONDS = 30;
/** Tries after the first before a notice is given up and shown among the failed jobs. */
const NOTICE_RETRY_LIMIT = 10;

export const RESPONSE_EMAIL_JOB = 'notice.response-email';
export const RESPONSE_WHATSAPP_JOB = 'notice.response-whatsapp';

/**
 * Inside the contact's transaction: the poster is to be told that a tutor
 * responded, by e-mail and (with a phone number) WhatsApp, each channel a job
 * of its own, so a mail server that is down delays the e-mail (it is retried)
 * without sending the WhatsApp message twice.
 */
export async function queueResponseNotice(
  ctx: AppContext,
  tx: Queryable,
  notice: ResponseNotice,
): Promise<void> {
  await ctx.jobs.enqueue(tx, RESPONSE_EMAIL_JOB, notice);
  if (notice.studentPhone) await ctx.jobs.enqueue(tx, RESPONSE_WHATSAPP_JOB, notice);
}

function responseSummary(ctx: AppContext, notice: ResponseNotice) {
  const link = `${ctx.config.publicUrl}/chat/${String(notice.conversationId)}`;
  const quote = formatQuote(notice.priceQuote, notice.priceType);
  const summary = `${notice.tutorName} responded to your enquiry "${notice.enquiryName}" with a quote of ${quote}.`;
  return { link, quote, summary };
}

/** The jobs that tell a poster of a response: an e-mail, and a WhatsApp message. */
export function responseNoticeJobs(ctx: AppContext): JobKind<ResponseNotice>[] {
  const retry = { retryLimit: NOTICE_RETRY_LIMIT, retryDelaySeconds: NOTICE_RETRY_DELAY_SECONDS };
  return [
    {
      name: RESPONSE_EMAIL_JOB,
      ...retry,
      describe: (notice) =>
        `E-mail ${notice.studentEmail} that ${notice.tutorName} responded to "${notice.enquiryName}"`,
      run: async (notice) => {
        const { link, summary } = responseSummary(ctx, notice);
        const { text, html } = renderEmail(
          notice.studentName,
          [summary, 'Open the chat to read the message and reply.'],
          link,
          'Open the chat',
        );
        await ctx.mail.send({
          to: notice.studentEmail,
          subject: ENQUIRY_MESSAGES.responseEmailSubject,
          text,
          html,
          links: [link],
        });
      },
    },
    {
      name: RESPONSE_WHATSAPP_JOB,
      ...retry,
      describe: (notice) =>
        `WhatsApp ${notice.studentPhone ?? ''} that ${notice.tutorName} responded to "${notice.enquiryName}"`,
      run: async (notice) => {
        if (!notice.studentPhone) return;
        const { link, quote, summary } = responseSummary(ctx, notice);
        await ctx.otp.notify({
          channel: 'whatsapp',
          to: notice.studentPhone,
          text: `GuruMatch: ${summary} Chat: ${link}`,
          params: [notice.tutorName, quote, link],
        });
      },
    },
  ];
}

export const CONTACT_REFUND_EMAIL_JOB = 'notice.contact-refund-email';

/** A tutor to be told that the coins of a contact came back. */
export interface ContactRefundNotice {
  email: string;
  name: string;
  enquiryName: string;
  coins: number;
  reason: string;
}

/** Inside the refund's transaction: the tutor's e-mail, sent once it commits (retried). */
export async function queueContactRefundNotice(
  ctx: AppContext,
  tx: Queryable,
  notice: ContactRefundNotice,
): Promise<void> {
  await ctx.jobs.enqueue(tx, CONTACT_REFUND_EMAIL_JOB, notice);
}

/** The job that tells a tutor that the coins of a contact came back. */
export function contactRefundNoticeJobs(ctx: AppContext): JobKind<ContactRefundNotice>[] {
  return [
    {
      name: CONTACT_REFUND_EMAIL_JOB,
      retryLimit: NOTICE_RETRY_LIMIT,
      retryDelaySeconds: NOTICE_RETRY_DELAY_SECONDS,
      describe: (notice) =>
        `E-mail ${notice.email} that ${String(notice.coins)} coins of "${notice.enquiryName}" came back`,
      run: async (notice) => {
        const link = `${ctx.config.publicUrl}/contacted-enquiries`;
        const { text, html } = renderEmail(
          notice.name,
          [
            `${String(notice.coins)} coins you spent on the enquiry "${notice.enquiryName}" were returned to your balance.`,
            notice.reason,
          ],
          link,
          'Your contacted enquiries',
        );
        await ctx.mail.send({
          to: notice.email,
          subject: ENQUIRY_MESSAGES.refundEmailSubject,
          text,
          html,
          links: [link],
        });
      },
    },
  ];
}
