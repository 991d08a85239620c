import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

import { CountBadge } from '../../../components/ui/count-badge.tsx';
import { paths } from '../../../lib/paths.ts';
import { getQueryClient } from '../../../lib/query-client.ts';
import { NavLink } from '../../../lib/router/index.ts';
import { useUnreadCount } from '../../../lib/unread-count.ts';

interface MessagesNavLinkProps {
  className: string;
  onNavigate: () => void;
}

function MessagesLink({ className, onNavigate }: MessagesNavLinkProps) {
  const count = useUnreadCount(true).data?.unread_count ?? 0;
  return (
    <NavLink
      to={paths.chat}
      onClick={onNavigate}
      className={`${className} gap-2`}
      aria-label={
        count > 0
          ? `${CHAT_MESSAGES.title}, ${String(count)} ${CHAT_MESSAGES.unread}`
          : CHAT_MESSAGES.title
      }
    >
      {CHAT_MESSAGES.title}
      <CountBadge count={count} testId="nav-unread-badge" />
    </NavLink>
  );
}

/**
 * The bar's and the mobile menu's link to the chat, with the number of unread messages
 * (hidden at 0), refreshed like the dashboard's count (loaded only for signed-in users).
 */
export function MessagesNavLink(props: MessagesNavLinkProps) {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <MessagesLink {...props} />
    </QueryClientProvider>
  );
}
