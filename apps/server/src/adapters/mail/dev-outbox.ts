import type { DevOutbox } from '../outbox/dev-outbox.ts';

import type { Mailer } from './index.ts';

export function createDevOutboxMailer(outbox: DevOutbox): Mailer {
  return {
    kind: 'dev-outbox',
    async send(message) {
      await outbox.add({
        kind: 'email',
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        links: message.links ?? [],
      });
    },
  };
}
