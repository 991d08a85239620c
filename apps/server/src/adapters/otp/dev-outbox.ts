import type { DevOutbox } from '../outbox/dev-outbox.ts';

import { otpText, type OtpSender } from './index.ts';

export function createDevOutboxOtpSender(outbox: DevOutbox): OtpSender {
  return {
    kind: 'dev-outbox',
    async send(message) {
      await outbox.add({
        kind: 'otp',
        channel: message.channel,
        to: message.to,
        subject: message.channel === 'whatsapp' ? 'WhatsApp message' : 'SMS',
        body: otpText(message),
        code: message.code,
      });
    },
    async notify(message) {
      await outbox.add({
        kind: 'otp',
        channel: message.channel,
        to: message.to,
        subject: message.channel === 'whatsapp' ? 'WhatsApp message' : 'SMS',
        body: message.text,
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
        code: null,
      });
    },
    canNotify: () => true,
  };
}
