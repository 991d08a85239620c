import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { countPages, Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Link, useSearchParams } from '../../../lib/router/index.ts';
import { useConversations } from '../api.ts';

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `/chat`: the caller's conversations, 10 a page, latest activity first (part 2 §2). */
export function ChatListPage() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const conversations = useConversations(page);
  const data = conversations.data;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title={CHAT_MESSAGES.title} noindex />
      <Link to={paths.dashboard} className="font-medium text-brand-700 hover:underline">
        ← {CHAT_MESSAGES.back}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">{CHAT_MESSAGES.title}</h1>

      {conversations.isPending ? (
        <div className="py-10">
          <Spinner />
        </div>
      ) : !data || data.results.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          {CHAT_MESSAGES.empty}
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {data.results.map((conversation) => {
              const other = conversation.other_user;
              return (
                <li key={conversation.id}>
                  <Link
                    to={paths.chatThread(conversation.id)}
                    state={{ enquiryId: conversation.enquiry.id }}
                    className="flex items-start gap-3 p-4 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <UserAvatar name={other.full_name} src={other.avatar} id={other.id} />
                    <div className="min-w-0 flex-1">
                      <div className="flex items-start justify-between gap-2">
                        <p className="truncate font-semibold text-slate-900">
                          {conversation.enquiry.name}
                        </p>
                        <span className="shrink-0 text-xs text-slate-600">
                          {relativeTime(conversation.last_active ?? conversation.enquiry.posted_at)}
                        </span>
                      </div>
                      <p className="text-sm text-slate-600">
                        {CHAT_MESSAGES.enquiryId}: {conversation.enquiry.id} ·{' '}
                        {conversation.enquiry.subject} · {conversation.enquiry.class_level}
                      </p>
                      <div className="mt-1 flex items-center justify-between gap-2">
                        <p className="truncate text-sm text-slate-800">
                          {CHAT_MESSAGES.chatWith} {other.full_name}
                        </p>
                        {conversation.unread_count > 0 ? (
                          <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {conversation.unread_count}
                            <span className="sr-only"> {CHAT_MESSAGES.unread}</span>
                          </span>
                        ) : null}
                      </div>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-6">
            <Pagination page={page} pageCount={countPages(data.count)} basePath={paths.chat} />
          </div>
        </>
      )}
    </div>
  );
}
