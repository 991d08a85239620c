import {
  CHAT_AUTOSCROLL_THRESHOLD_PX,
  CHAT_READ_RECEIPT_DELAY_MS,
  CHAT_VISIBILITY_THRESHOLD,
} from '@gurumatch/shared/constants';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import { useEffect, useLayoutEffect, useRef } from 'react';

import { relativeTime } from '../../../lib/relative-time.ts';
import type { ChatItem } from '../chat-state.ts';

interface MessageListProps {
  items: ChatItem[];
  ownId: number;
  /** Called with ids of the other side's messages that were seen (half visible, window focused, 300 ms). */
  onRead: (ids: number[]) => void;
}

/**
 * The messages, own on the right. Scrolls to the newest message when the reader
 * is near the bottom (100 px), at the top, or just sent one; reports the other
 * side's unread messages once they have been seen (part 2 §4).
 */
export function MessageList({ items, ownId, onRead }: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const visible = useRef(new Set<number>());
  const reported = useRef(new Set<number>());
  const timer = useRef<number | undefined>(undefined);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  const wasNearBottom = useRef(true);
  const wasAtTop = useRef(true);
  const previousLast = useRef<string | null>(null);

  // where the reader was before this render's messages arrived
  const onScroll = () => {
    const box = scrollerRef.current;
    if (!box) return;
    wasNearBottom.current =
      box.scrollHeight - box.scrollTop - box.clientHeight <= CHAT_AUTOSCROLL_THRESHOLD_PX;
    wasAtTop.current = box.scrollTop <= 0;
  };

  useLayoutEffect(() => {
    const box = scrollerRef.current;
    const last = items.at(-1);
    if (!box || !last || last.key === previousLast.current) return;
    const first = previousLast.current === null;
    previousLast.current = last.key;
    if (first || wasNearBottom.current || wasAtTop.current || last.senderId === ownId) {
      box.scrollTop = box.scrollHeight;
      wasNearBottom.current = true;
      wasAtTop.current = box.scrollTop <= 0;
    }
  }, [items, ownId]);

  // read receipts: half visible + focused window, then 300 ms
  useEffect(() => {
    const schedule = () => {
      window.clearTimeout(timer.current);
      if (visible.current.size === 0 || !document.hasFocus()) return;
      timer.current = window.setTimeout(() => {
        if (!document.hasFocus()) return;
        const ids = [...visible.current].filter((id) => !reported.current.has(id));
        if (ids.length === 0) return;
        for (const id of ids) reported.current.add(id);
        onReadRef.current(ids.sort((a, b) => a - b));
      }, CHAT_READ_RECEIPT_DELAY_MS);
    };
    const box = scrollerRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = Number((entry.target as HTMLElement).dataset.unreadId);
          if (entry.isIntersecting && entry.intersectionRatio >= CHAT_VISIBILITY_THRESHOLD) {
            visible.current.add(id);
          } else {
            visible.current.delete(id);
          }
        }
        schedule();
      },
      { root: box, threshold: [0, CHAT_VISIBILITY_THRESHOLD, 1] },
    );
    for (const node of box.querySelectorAll<HTMLElement>('[data-unread-id]')) {
      const id = Number(node.dataset.unreadId);
      if (!reported.current.has(id)) observer.observe(node);
    }
    window.addEventListener('focus', schedule);
    const seen = visible.current;
    return () => {
      observer.disconnect();
      seen.clear();
      window.removeEventListener('focus', schedule);
      window.clearTimeout(timer.current);
    };
  }, [items]);

  return (
    <div
      ref={scrollerRef}
      onScroll={onScroll}
      className="flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:border-x sm:border-slate-200"
      aria-label={CHAT_MESSAGES.title}
      role="log"
      aria-live="polite"
    >
      {items.length === 0 ? (
        <p className="py-10 text-center text-slate-600">{CHAT_MESSAGES.noMessages}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {items.map((item) => {
            const own = item.senderId === ownId;
            const unreadFromOther = !own && !item.read && item.id !== null;
            return (
              <li
                key={item.key}
                className={`flex ${own ? 'justify-end' : 'justify-start'}`}
                data-unread-id={unreadFromOther ? String(item.id) : undefined}
                data-message-id={item.id === null ? undefined : String(item.id)}
              >
                <div
                  className={`max-w-[80%] rounded-2xl px-3 py-2 shadow-sm ${
                    own
                      ? 'rounded-br-sm bg-brand-700 text-white'
                      : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200'
                  } ${item.pending ? 'opacity-70' : ''}`}
                >
                  <p className="break-words whitespace-pre-wrap">{item.content}</p>
                  <p
                    className={`mt-1 flex items-center justify-end gap-1 text-xs ${own ? 'text-brand-100' : 'text-slate-500'}`}
                  >
                    <time dateTime={item.timestamp}>{relativeTime(item.timestamp)}</time>
                    {own ? (
                      item.read ? (
                        <span
                          aria-label={CHAT_MESSAGES.read}
                          title={CHAT_MESSAGES.read}
                          data-read="true"
                        >
                          ✓✓
                        </span>
                      ) : (
                        <span
                          aria-label={CHAT_MESSAGES.sent}
                          title={CHAT_MESSAGES.sent}
                          data-read="false"
                        >
                          {item.pending ? '…' : '✓'}
                        </span>
                      )
                    ) : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
