/**
 * A local server answering as MSG91's documented v5 API does: SMS through the
 * Flow API (`POST /api/v5/flow`) and WhatsApp template messages through
 * `POST /api/v5/whatsapp/whatsapp-outbound-message/bulk/`, both authenticated
 * by the `authkey` header. It checks the request body shape and keeps every
 * accepted message.
 */
import { randomBytes } from 'node:crypto';

import { jsonAnswer, startHttpPeer, type HttpPeer, type PeerAnswer } from './json-http-peer.ts';

export const MSG91_PEER_AUTH_KEY = 'peer-auth-key-0123456789';
export const MSG91_PEER_SMS_TEMPLATE_ID = '64f0c0ffee0123456789abcd';
export const MSG91_PEER_WHATSAPP_NUMBER = '918000000000';
export const MSG91_PEER_WHATSAPP_TEMPLATE = 'gurumatch_otp';
/** An approved notification template: the lead alert (alert line, feed link, unsubscribe link). */
export const MSG91_PEER_ALERT_TEMPLATE = 'gurumatch_lead_alert';
const KNOWN_WHATSAPP_TEMPLATES: readonly unknown[] = [
  MSG91_PEER_WHATSAPP_TEMPLATE,
  MSG91_PEER_ALERT_TEMPLATE,
];

export interface Msg91SentMessage {
  channel: 'sms' | 'whatsapp';
  /** Digits with the country code, as MSG91 receives them. */
  mobile: string;
  /** The code the template carries (##otp## for SMS, body_1 for WhatsApp). */
  code: string;
  template: string;
}

export interface Msg91Peer extends HttpPeer {
  readonly sent: Msg91SentMessage[];
  /** Env variables pointing the server at this peer. */
  readonly env: Record<string, string>;
}

const MOBILE_PATTERN = /^\d{10,15}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const requestId = (): string => randomBytes(12).toString('hex');

function flowError(status: number, message: string): PeerAnswer {
  return jsonAnswer(status, { type: 'error', message });
}

function whatsappError(status: number, errors: string): PeerAnswer {
  return jsonAnswer(status, { status: 'fail', hasError: true, data: null, errors });
}

function handleFlow(body: unknown, sent: Msg91SentMessage[]): PeerAnswer {
  if (!isRecord(body)) return flowError(400, 'Invalid JSON body');
  if (body.template_id !== MSG91_PEER_SMS_TEMPLATE_ID) return flowError(400, 'Invalid template id');
  const recipients = body.recipients;
  if (!Array.isArray(recipients) || recipients.length === 0) {
    return flowError(400, 'recipients are required');
  }
  const accepted: Msg91SentMessage[] = [];
  for (const recipient of recipients as unknown[]) {
    if (!isRecord(recipient) || typeof recipient.mobiles !== 'string') {
      return flowError(400, 'Mobile number not found');
    }
    if (!MOBILE_PATTERN.test(recipient.mobiles)) return flowError(400, 'Invalid mobile number');
    if (typeof recipient.otp !== 'string' || recipient.otp === '') {
      return flowError(400, 'Template variable otp is missing');
    }
    accepted.push({
      channel: 'sms',
      mobile: recipient.mobiles,
      code: recipient.otp,
      template: body.template_id,
    });
  }
  sent.push(...accepted);
  return jsonAnswer(200, { type: 'success', message: requestId() });
}

function handleWhatsApp(body: unknown, sent: Msg91SentMessage[]): PeerAnswer {
  if (!isRecord(body)) return whatsappError(400, 'Invalid JSON body');
  if (body.integrated_number !== MSG91_PEER_WHATSAPP_NUMBER) {
    return whatsappError(400, 'Integrated number is not valid');
  }
  if (body.content_type !== 'template') return whatsappError(400, 'content_type must be template');
  const payload = body.payload;
  if (
    !isRecord(payload) ||
    payload.messaging_product !== 'whatsapp' ||
    payload.type !== 'template'
  ) {
    return whatsappError(400, 'payload must be a whatsapp template');
  }
  const template = payload.template;
  if (!isRecord(template) || !KNOWN_WHATSAPP_TEMPLATES.includes(template.name)) {
    return whatsappError(400, 'Template not found');
  }
  const language = template.language;
  if (!isRecord(language) || typeof language.code !== 'string' || language.code === '') {
    return whatsappError(400, 'language.code is required');
  }
  const entries = template.to_and_components;
  if (!Array.isArray(entries) || entries.length === 0) {
    return whatsappError(400, 'to_and_components is required');
  }
  const accepted: Msg91SentMessage[] = [];
  for (const entry of entries as unknown[]) {
    if (!isRecord(entry) || !Array.isArray(entry.to) || !isRecord(entry.components)) {
      return whatsappError(400, 'to and components are required');
    }
    const bodyVariable = entry.components.body_1;
    if (!isRecord(bodyVariable) || typeof bodyVariable.value !== 'string') {
      return whatsappError(400, 'body_1 is required by the template');
    }
    for (const mobile of entry.to as unknown[]) {
      if (typeof mobile !== 'string' || !MOBILE_PATTERN.test(mobile)) {
        return whatsappError(400, 'Invalid mobile number');
      }
      accepted.push({
        channel: 'whatsapp',
        mobile,
        code: bodyVariable.value,
        template: String(template.name),
      });
    }
  }
  sent.push(...accepted);
  return jsonAnswer(200, {
    status: 'success',
    hasError: false,
    data: 'Message sent successfully',
    request_id: requestId(),
  });
}

export async function startMsg91Peer(): Promise<Msg91Peer> {
  const sent: Msg91SentMessage[] = [];
  const peer = await startHttpPeer((request) => {
    const isFlow = request.path === '/api/v5/flow' || request.path === '/api/v5/flow/';
    const isWhatsApp = request.path === '/api/v5/whatsapp/whatsapp-outbound-message/bulk/';
    if (request.method !== 'POST' || (!isFlow && !isWhatsApp)) {
      return jsonAnswer(404, { type: 'error', message: 'Not Found' });
    }
    if (request.headers.authkey !== MSG91_PEER_AUTH_KEY) {
      return isFlow
        ? jsonAnswer(401, { type: 'error', message: 'Authentication failure', code: '401' })
        : whatsappError(401, 'Authentication failure');
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return isFlow
        ? flowError(415, 'Content-Type must be application/json')
        : whatsappError(415, 'Content-Type must be application/json');
    }
    const body = parseJson(request.body);
    return isFlow ? handleFlow(body, sent) : handleWhatsApp(body, sent);
  });
  return Object.assign(peer, {
    sent,
    env: {
      MSG91_AUTH_KEY: MSG91_PEER_AUTH_KEY,
      MSG91_SMS_TEMPLATE_ID: MSG91_PEER_SMS_TEMPLATE_ID,
      MSG91_WHATSAPP_NUMBER: MSG91_PEER_WHATSAPP_NUMBER,
      MSG91_WHATSAPP_TEMPLATE: MSG91_PEER_WHATSAPP_TEMPLATE,
      MSG91_BASE_URL: peer.url,
    },
  });
}
