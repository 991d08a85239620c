import type { APIRequestContext } from '@playwright/test';

import { expect } from './fixtures.ts';

interface OutboxEntry {
  kind: 'email' | 'otp';
  to: string;
  subject: string;
  body: string;
  links: string[];
  code: string | null;
}

/**
 * The newest dev-outbox entry of a kind for a recipient (the offline mail and
 * OTP adapters deliver there), and with `matches` the newest that it accepts:
 * a demo account shared by journeys running at once gets their messages too.
 */
export async function readOutbox(
  request: APIRequestContext,
  kind: OutboxEntry['kind'],
  to: string,
  matches: (entry: OutboxEntry) => boolean = () => true,
): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      const entries = (await (await request.get('/api/dev/outbox')).json()) as OutboxEntry[];
      found = entries.find((entry) => entry.kind === kind && entry.to === to && matches(entry));
      return found !== undefined;
    })
    .toBe(true);
  return found as OutboxEntry;
}
