import { leadAlertText, type LeadAlertEnquiry } from '@gurumatch/shared/alerts';
import { useState } from 'react';

import { useLeadAlerts } from '../../lib/lead-alerts.ts';
import { paths } from '../../lib/paths.ts';
import { Link } from '../../lib/router/index.ts';

/**
 * New enquiries heard of while the page is open (issue 23). Nothing moves by
 * itself: each is announced through a live region and counted on a button,
 * and only a tap inserts them, at the top, newest first.
 */
export function LeadAlertBanner({ onShow }: { onShow?: (shown: LeadAlertEnquiry[]) => void }) {
  const { pending, announcement, take } = useLeadAlerts();
  const [shown, setShown] = useState<LeadAlertEnquiry[]>([]);
  const latest = pending[0];

  const show = () => {
    const taken = take();
    setShown((before) => [...taken, ...before.filter((e) => !taken.some((t) => t.id === e.id))]);
    onShow?.(taken);
  };

  return (
    <div className="mt-4">
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {latest ? (
        <button
          type="button"
          onClick={show}
          className="w-full rounded-xl bg-brand-50 p-4 text-left font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
        >
          <span className="block">{leadAlertText(latest)}</span>
          <span className="mt-1 block text-sm">
            {pending.length === 1
              ? 'Show 1 new enquiry'
              : `Show ${String(pending.length)} new enquiries`}
          </span>
        </button>
      ) : null}
      {shown.length > 0 ? (
        <ul aria-label="New enquiries" className="mt-3 flex flex-col gap-2">
          {shown.map((enquiry) => (
            <li
              key={enquiry.id}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-200"
            >
              <Link
                to={paths.enquiry(enquiry.id)}
                className="font-semibold text-brand-700 hover:underline"
              >
                {enquiry.name}
              </Link>
              <p className="text-sm text-slate-700">{leadAlertText(enquiry)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
