import { formatQuote, type PriceType } from '@gurumatch/shared/enquiries';
import { ENQUIRY_MESSAGES } from '@gurumatch/shared/messages/enquiries';

import type { AppContext } from '../../context.ts';

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

/**
 * Tells the poster that a tutor responded: an e-mail and a WhatsApp message
 * with the tutor's name, the quote and the chat link. Delivery failures are
 * logged, never thrown: the contact is already paid for and stored.
 */
export async function notifyStudentOfResponse(
  ctx: AppContext,
  notice: ResponseNotice,
): Promise<void> {
  const link = `${ctx.config.publicUrl}/chat/${String(notice.conversationId)}`;
  const quote = formatQuote(notice.priceQuote, notice.priceType);
  const summary = `${notice.tutorName} responded to your enquiry "${notice.enquiryName}" with a quote of ${quote}.`;
  const { text, html } = renderEmail(
    notice.studentName,
    [summary, 'Open the chat to read the message and reply.'],
    link,
    'Open the chat',
  );
  const deliveries: Promise<void>[] = [
    ctx.mail.send({
      to: notice.studentEmail,
      subject: ENQUIRY_MESSAGES.responseEmailSubject,
      text,
      html,
      links: [link],
    }),
  ];
  if (notice.studentPhone) {
    deliveries.push(
      ctx.otp.notify({
        channel: 'whatsapp',
        to: notice.studentPhone,
        text: `GuruMatch: ${summary} Chat: ${link}`,
        params: [notice.tutorName, quote, link],
      }),
    );
  }
  const results = await Promise.allSettled(deliveries);
  for (const result of results) {
    if (result.status === 'rejected') {
      ctx.log.error(
        { err: result.reason as unknown, conversationId: notice.conversationId },
        'response notification not delivered',
      );
    }
  }
}

/** Tells a tutor that the coins of a contact came back. Failures are logged. */
export async function notifyTutorOfRefund(
  ctx: AppContext,
  notice: { email: string; name: string; enquiryName: string; coins: number; reason: string },
): Promise<void> {
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
  try {
    await ctx.mail.send({
      to: notice.email,
      subject: ENQUIRY_MESSAGES.refundEmailSubject,
      text,
      html,
      links: [link],
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'refund e-mail not delivered');
  }
}
