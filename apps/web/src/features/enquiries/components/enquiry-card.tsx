import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import type { EnquiryCard as Card } from '@gurumatch/shared/schemas/enquiries';

import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { studyModeLabel } from '../utils.ts';

function StarButton({
  card,
  onToggle,
  busy,
}: {
  card: Card;
  onToggle: (id: number) => void;
  busy: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onToggle(card.id)}
      disabled={busy}
      aria-pressed={card.is_starred}
      aria-label={`${card.is_starred ? M.unstar : M.star} ${card.name}`}
      className={`grid size-11 shrink-0 place-items-center rounded-full text-2xl leading-none hover:bg-amber-50 disabled:opacity-50 ${card.is_starred ? 'text-amber-500' : 'text-slate-400'}`}
    >
      <span aria-hidden="true">{card.is_starred ? '★' : '☆'}</span>
    </button>
  );
}

/** One enquiry in the feed, starred and contacted lists. */
export function EnquiryCardItem({
  card,
  onToggleStar,
  starBusy = false,
}: {
  card: Card;
  onToggleStar?: (id: number) => void;
  starBusy?: boolean;
}) {
  const place = [card.address.city, card.address.state].filter(Boolean).join(', ');
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Link
            to={paths.enquiry(card.id)}
            className="text-lg font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
          >
            {card.subject} · {card.class_level}
          </Link>
          <p className="mt-0.5 text-sm text-slate-600">
            {card.name}
            {place ? ` · ${place}` : ''}
            {card.distance_km !== null ? ` · ${String(card.distance_km)} km away` : ''}
          </p>
        </div>
        {onToggleStar ? <StarButton card={card} onToggle={onToggleStar} busy={starBusy} /> : null}
      </div>
      <ul className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
        <li className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">
          {studyModeLabel(card.study_mode)}
        </li>
        <li className="rounded-full bg-amber-50 px-2.5 py-1 text-amber-900">
          {card.coins_reduced > 0 ? (
            <>
              <s className="mr-1 text-amber-700">{card.coins_required}</s>
              {card.coins_reduced} coins
            </>
          ) : (
            `${String(card.coins_required)} coins`
          )}
        </li>
        <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
          Responded {card.responded_count}/{card.total_responses}
        </li>
        <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
          {card.days_left} days left
        </li>
        {card.female_tutor_preferred ? (
          <li className="rounded-full bg-pink-50 px-2.5 py-1 text-pink-900 ring-1 ring-pink-200">
            {M.femaleTutorPreferred}
          </li>
        ) : null}
        {card.viewed ? (
          <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">Viewed</li>
        ) : null}
      </ul>
      <p className="mt-2 text-xs text-slate-500">Posted {card.time_ago}</p>
    </li>
  );
}
