import type { Msg91Config } from '../../config.ts';
import {
  callProvider,
  describeProviderValue,
  isRecord,
  parseProviderJson,
  ProviderError,
  type ProviderResponse,
} from '../provider-http.ts';

import type { NotificationMessage, NotificationTemplate, OtpMessage, OtpSender } from './index.ts';

const PROVIDER = 'MSG91';
export const MSG91_TIMEOUT_MS = 10_000;
/** SMS through a Flow (DLT-approved template); the template's variable is ##otp##. */
export const MSG91_FLOW_PATH = '/api/v5/flow';
/** WhatsApp template messages through the integrated business number. */
export const MSG91_WHATSAPP_PATH = '/api/v5/whatsapp/whatsapp-outbound-message/bulk/';

/** '+91 98765-43210' → '919876543210': MSG91 wants the country code and digits only. */
export function toMsg91Mobile(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) {
    throw new ProviderError(PROVIDER, `not a phone number: ${e164}`);
  }
  return digits;
}

/** The Flow API answers `{type: 'success', message: request id}` or `{type: 'error', message}`. */
function checkFlowAnswer(response: ProviderResponse): void {
  const body = parseProviderJson(PROVIDER, response);
  const type = isRecord(body) ? body.type : undefined;
  if (response.status >= 200 && response.status < 300 && type === 'success') return;
  const message = isRecord(body) ? describeProviderValue(body.message) : '';
  throw new ProviderError(
    PROVIDER,
    `SMS not sent (HTTP ${String(response.status)}): ${message || 'no reason given'}`,
    response.status,
  );
}

/**
 * The WhatsApp API answers `{status: 'success', hasError: false, ...}`, or
 * `{status: 'fail', hasError: true, errors}`.
 */
function checkWhatsAppAnswer(response: ProviderResponse): void {
  const body = parseProviderJson(PROVIDER, response);
  const isSuccess =
    isRecord(body) && body.status === 'success' && body.hasError !== true && body.type !== 'error';
  if (response.status >= 200 && response.status < 300 && isSuccess) return;
  const message = isRecord(body)
    ? describeProviderValue(body.errors) || describeProviderValue(body.message)
    : '';
  throw new ProviderError(
    PROVIDER,
    `WhatsApp message not sent (HTTP ${String(response.status)}): ${message || 'no reason given'}`,
    response.status,
  );
}

/**
 * One-time codes through MSG91: SMS with the Flow API and WhatsApp with the
 * outbound message API (an authentication template whose body variable and
 * copy-code button carry the code). A refusal is a thrown ProviderError with
 * MSG91's own message.
 */
export function createMsg91OtpSender(
  config: Msg91Config,
  { timeoutMs = MSG91_TIMEOUT_MS }: { timeoutMs?: number } = {},
): OtpSender {
  const headers = {
    authkey: config.authKey,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  async function post(path: string, payload: unknown): Promise<ProviderResponse> {
    return callProvider(
      PROVIDER,
      `${config.baseUrl}${path}`,
      { method: 'POST', headers, body: JSON.stringify(payload) },
      timeoutMs,
    );
  }

  async function sendSms(message: OtpMessage): Promise<void> {
    const response = await post(MSG91_FLOW_PATH, {
      template_id: config.smsTemplateId,
      short_url: '0',
      recipients: [{ mobiles: toMsg91Mobile(message.to), otp: message.code }],
    });
    checkFlowAnswer(response);
  }

  async function sendWhatsApp(message: OtpMessage): Promise<void> {
    const response = await post(MSG91_WHATSAPP_PATH, {
      integrated_number: config.whatsappNumber,
      content_type: 'template',
      payload: {
        messaging_product: 'whatsapp',
        type: 'template',
        template: {
          name: config.whatsappTemplate,
          language: { code: config.whatsappLanguage, policy: 'deterministic' },
          ...(config.whatsappNamespace ? { namespace: config.whatsappNamespace } : {}),
          to_and_components: [
            {
              to: [toMsg91Mobile(message.to)],
              components: {
                body_1: { type: 'text', value: message.code },
                button_1: { subtype: 'url', type: 'text', value: message.code },
              },
            },
          ],
        },
      },
    });
    checkWhatsAppAnswer(response);
  }

  /** Notifications use their own approved templates, variables in `params` order. */
  async function notifySms(message: NotificationMessage): Promise<void> {
    if (!config.notifySmsTemplateId) {
      throw new ProviderError(PROVIDER, 'MSG91_NOTIFY_SMS_TEMPLATE_ID is not set');
    }
    const variables = Object.fromEntries(
      message.params.map((value, index) => [`var${String(index + 1)}`, value]),
    );
    const response = await post(MSG91_FLOW_PATH, {
      template_id: config.notifySmsTemplateId,
      short_url: '0',
      recipients: [{ mobiles: toMsg91Mobile(message.to), ...variables }],
    });
    checkFlowAnswer(response);
  }

  function whatsappTemplateOf(template: NotificationTemplate): string | undefined {
    return template === 'lead_alert' ? config.alertWhatsappTemplate : config.notifyWhatsappTemplate;
  }

  async function notifyWhatsApp(message: NotificationMessage): Promise<void> {
    const template = message.template ?? 'response';
    const name = whatsappTemplateOf(template);
    if (!name) {
      const variable =
        template === 'lead_alert'
          ? 'MSG91_ALERT_WHATSAPP_TEMPLATE'
          : 'MSG91_NOTIFY_WHATSAPP_TEMPLATE';
      throw new ProviderError(PROVIDER, `${variable} is not set`);
    }
    const components = Object.fromEntries(
      message.params.map((value, index) => [`body_${String(index + 1)}`, { type: 'text', value }]),
    );
    const response = await post(MSG91_WHATSAPP_PATH, {
      integrated_number: config.whatsappNumber,
      content_type: 'template',
      payload: {
        messaging_product: 'whatsapp',
        type: 'template',
        template: {
          name,
          language: { code: config.whatsappLanguage, policy: 'deterministic' },
          ...(config.whatsappNamespace ? { namespace: config.whatsappNamespace } : {}),
          to_and_components: [{ to: [toMsg91Mobile(message.to)], components }],
        },
      },
    });
    checkWhatsAppAnswer(response);
  }

  return {
    kind: 'msg91',
    async send(message) {
      await (message.channel === 'sms' ? sendSms(message) : sendWhatsApp(message));
    },
    async notify(message) {
      await (message.channel === 'sms' ? notifySms(message) : notifyWhatsApp(message));
    },
    canNotify: (template) => whatsappTemplateOf(template) !== undefined,
  };
}
