import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  MSG91_PEER_ALERT_TEMPLATE,
  MSG91_PEER_AUTH_KEY,
  MSG91_PEER_SMS_TEMPLATE_ID,
  MSG91_PEER_WHATSAPP_NUMBER,
  MSG91_PEER_WHATSAPP_TEMPLATE,
  startMsg91Peer,
  type Msg91Peer,
} from '../../../test/peers/msg91-peer.ts';
import type { Msg91Config } from '../../config.ts';
import { ProviderError } from '../provider-http.ts';

import { createMsg91OtpSender, toMsg91Mobile } from './msg91.ts';

let peer: Msg91Peer;

function configFor(overrides: Partial<Msg91Config> = {}): Msg91Config {
  return {
    authKey: MSG91_PEER_AUTH_KEY,
    smsTemplateId: MSG91_PEER_SMS_TEMPLATE_ID,
    whatsappNumber: MSG91_PEER_WHATSAPP_NUMBER,
    whatsappTemplate: MSG91_PEER_WHATSAPP_TEMPLATE,
    whatsappNamespace: undefined,
    whatsappLanguage: 'en',
    baseUrl: peer.url,
    ...overrides,
  };
}

function lastRequestBody(): Record<string, unknown> {
  return JSON.parse(peer.requests.at(-1)!.body.toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  peer = await startMsg91Peer();
});

afterAll(async () => {
  await peer.close();
});

beforeEach(() => {
  peer.delayMs = 0;
});

describe('MSG91 one-time codes', () => {
  it('sends an SMS code through the Flow API with the auth key header', async () => {
    const sender = createMsg91OtpSender(configFor());
    await sender.send({ channel: 'sms', to: '+919876543210', code: '482913', validMinutes: 10 });

    expect(peer.sent.at(-1)).toEqual({
      channel: 'sms',
      mobile: '919876543210',
      code: '482913',
      template: MSG91_PEER_SMS_TEMPLATE_ID,
    });
    const request = peer.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v5/flow');
    expect(request.headers.authkey).toBe(MSG91_PEER_AUTH_KEY);
    expect(lastRequestBody()).toEqual({
      template_id: MSG91_PEER_SMS_TEMPLATE_ID,
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '482913' }],
    });
  });

  it('sends a WhatsApp code as a template message from the integrated number', async () => {
    const sender = createMsg91OtpSender(configFor({ whatsappNamespace: 'ns_1234' }));
    await sender.send({
      channel: 'whatsapp',
      to: '+919812345678',
      code: '105577',
      validMinutes: 10,
    });

    expect(peer.sent.at(-1)).toEqual({
      channel: 'whatsapp',
      mobile: '919812345678',
      code: '105577',
      template: MSG91_PEER_WHATSAPP_TEMPLATE,
    });
    const request = peer.requests.at(-1)!;
    expect(request.path).toBe('/api/v5/whatsapp/whatsapp-outbound-message/bulk/');
    expect(request.headers.authkey).toBe(MSG91_PEER_AUTH_KEY);
    expect(lastRequestBody()).toMatchObject({
      integrated_number: MSG91_PEER_WHATSAPP_NUMBER,
      content_type: 'template',
      payload: {
        messaging_product: 'whatsapp',
        type: 'template',
        template: {
          name: MSG91_PEER_WHATSAPP_TEMPLATE,
          language: { code: 'en', policy: 'deterministic' },
          namespace: 'ns_1234',
          to_and_components: [
            {
              to: ['919812345678'],
              components: {
                body_1: { type: 'text', value: '105577' },
                button_1: { subtype: 'url', type: 'text', value: '105577' },
              },
            },
          ],
        },
      },
    });
  });

  it("throws MSG91's own message when the auth key is refused, for both channels", async () => {
    const sender = createMsg91OtpSender(configFor({ authKey: 'not-the-key' }));
    const count = peer.sent.length;
    await expect(
      sender.send({ channel: 'sms', to: '+919876543210', code: '111111', validMinutes: 10 }),
    ).rejects.toThrow(/MSG91: SMS not sent \(HTTP 401\): Authentication failure/);
    await expect(
      sender.send({ channel: 'whatsapp', to: '+919876543210', code: '111111', validMinutes: 10 }),
    ).rejects.toThrow(/MSG91: WhatsApp message not sent \(HTTP 401\): Authentication failure/);
    expect(peer.sent).toHaveLength(count);
  });

  it('throws the provider message for an unknown template', async () => {
    const sms = createMsg91OtpSender(configFor({ smsTemplateId: 'unknown' }));
    await expect(
      sms.send({ channel: 'sms', to: '+919876543210', code: '222222', validMinutes: 10 }),
    ).rejects.toThrow(/Invalid template id/);
    const whatsapp = createMsg91OtpSender(configFor({ whatsappTemplate: 'unknown' }));
    await expect(
      whatsapp.send({ channel: 'whatsapp', to: '+919876543210', code: '222222', validMinutes: 10 }),
    ).rejects.toThrow(/Template not found/);
  });

  it('gives up when MSG91 does not answer within the time limit', async () => {
    peer.delayMs = 2_000;
    const sender = createMsg91OtpSender(configFor(), { timeoutMs: 200 });
    const sending = sender.send({
      channel: 'sms',
      to: '+919876543210',
      code: '333333',
      validMinutes: 10,
    });
    await expect(sending).rejects.toThrow(ProviderError);
    await expect(sending).rejects.toThrow(/no answer within 200 ms/);
  });

  it('throws when MSG91 cannot be reached', async () => {
    const sender = createMsg91OtpSender(configFor({ baseUrl: 'http://127.0.0.1:9' }));
    await expect(
      sender.send({ channel: 'sms', to: '+919876543210', code: '444444', validMinutes: 10 }),
    ).rejects.toThrow(/MSG91: request failed/);
  });
});

describe('MSG91 lead alerts by WhatsApp', () => {
  const alert = {
    channel: 'whatsapp' as const,
    to: '+919812345678',
    template: 'lead_alert' as const,
    text: 'GuruMatch: New enquiry near you: Mathematics, Class 10, HSR Layout · 2 km',
    params: [
      'New enquiry near you: Mathematics, Class 10, HSR Layout · 2 km',
      'https://www.gurumatch.in/enquiry',
      'https://www.gurumatch.in/alerts/unsubscribe?token=1.whatsapp.abc',
    ],
  };

  it('sends the approved lead alert template, its variables in order', async () => {
    const sender = createMsg91OtpSender(
      configFor({ alertWhatsappTemplate: MSG91_PEER_ALERT_TEMPLATE }),
    );
    expect(sender.canNotify('lead_alert')).toBe(true);
    await sender.notify(alert);
    expect(peer.sent.at(-1)).toEqual({
      channel: 'whatsapp',
      mobile: '919812345678',
      code: alert.params[0],
      template: MSG91_PEER_ALERT_TEMPLATE,
    });
    expect(lastRequestBody()).toMatchObject({
      integrated_number: MSG91_PEER_WHATSAPP_NUMBER,
      payload: {
        template: {
          name: MSG91_PEER_ALERT_TEMPLATE,
          to_and_components: [
            {
              to: ['919812345678'],
              components: {
                body_1: { type: 'text', value: alert.params[0] },
                body_2: { type: 'text', value: alert.params[1] },
                body_3: { type: 'text', value: alert.params[2] },
              },
            },
          ],
        },
      },
    });
  });

  it('cannot send lead alerts without their template, and says which variable is missing', async () => {
    const sender = createMsg91OtpSender(configFor());
    expect(sender.canNotify('lead_alert')).toBe(false);
    const count = peer.sent.length;
    await expect(sender.notify(alert)).rejects.toThrow(/MSG91_ALERT_WHATSAPP_TEMPLATE is not set/);
    expect(peer.sent).toHaveLength(count);
  });
});

describe('toMsg91Mobile', () => {
  it.each([
    ['+919876543210', '919876543210'],
    ['+91 98765-43210', '919876543210'],
    ['+14155550123', '14155550123'],
  ])('%s → %s', (input, expected) => {
    expect(toMsg91Mobile(input)).toBe(expected);
  });

  it('refuses something that is not a phone number', () => {
    expect(() => toMsg91Mobile('+91')).toThrow(ProviderError);
  });
});
