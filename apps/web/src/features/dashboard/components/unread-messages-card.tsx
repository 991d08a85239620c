import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';

import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.ts';
import { useUnreadCount } from '../../../lib/unread-count.ts';

/** The dashboard's link to the chat with its unread count, refreshed every 30 s (part 2 §2). */
export function UnreadMessagesCard({ enabled = true }: { enabled?: boolean }) {
  const unread = useUnreadCount(enabled);
  const count = unread.data?.unread_count ?? 0;
  return (
    <section
      aria-labelledby="messages-heading"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="messages-heading" className="text-lg font-semibold text-slate-900">
          {CHAT_MESSAGES.title}
        </h2>
        {count > 0 ? (
          <span
            className="rounded-full bg-brand-700 px-2.5 py-0.5 text-sm font-semibold text-white"
            data-testid="unread-badge"
          >
            {count}
            <span className="sr-only"> {CHAT_MESSAGES.unread}</span>
          </span>
        ) : null}
      </div>
      <Link
        to={paths.chat}
        className="mt-3 inline-block font-medium text-brand-700 hover:underline"
      >
        {count > 0
          ? `You have ${String(count)} unread ${count === 1 ? 'message' : 'messages'}`
          : 'Open your messages'}
      </Link>
    </section>
  );
}
