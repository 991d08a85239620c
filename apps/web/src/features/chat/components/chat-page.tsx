import type { ServerFrame } from '@gurumatch/shared/chat-events';
import { CHAT_MESSAGE_MAX_LENGTH } from '@gurumatch/shared/constants';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import type { ChatMessage } from '@gurumatch/shared/schemas/chat';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type SubmitEvent,
  type KeyboardEvent,
} from 'react';

import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { signOut } from '../../../lib/auth-session.ts';
import { paths } from '../../../lib/paths.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { UNREAD_COUNT_KEY } from '../../../lib/unread-count.ts';
import { useAuth } from '../../auth/auth-provider.tsx';
import { chatKeys, fetchMessages, useConversation, useIsReported } from '../api.ts';
import {
  addPending,
  applyEcho,
  applyReadReceipt,
  catchUpAfter,
  lastStoredId,
  markInFlight,
  mergeStored,
  removePending,
  settleInFlight,
  type ChatItem,
} from '../chat-state.ts';
import { useChatSocket, type ChatConnection } from '../use-chat-socket.ts';

import { MessageList } from './message-list.tsx';
import { ReportModal } from './report-modal.tsx';

const STATUS_LABEL: Record<ChatConnection, string> = {
  online: CHAT_MESSAGES.online,
  connecting: CHAT_MESSAGES.connecting,
  offline: CHAT_MESSAGES.offline,
};

const STATUS_DOT: Record<ChatConnection, string> = {
  online: 'bg-emerald-500',
  connecting: 'bg-amber-500',
  offline: 'bg-slate-400',
};

let tempCounter = 0;
function newTempId(): string {
  tempCounter += 1;
  return `${String(Date.now())}-${String(tempCounter)}`;
}

/** `/chat/{id}`: one conversation in real time (part 2 §2, §4, §8). */
export function ChatPage() {
  const params = useParams();
  const conversationId = Number(params.id);
  const valid = Number.isInteger(conversationId) && conversationId > 0;
  if (!valid) return <ChatLoadFailed />;
  return <ChatScreen key={conversationId} conversationId={conversationId} />;
}

function ChatLoadFailed() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageMeta title="Chat" noindex />
      <p className="rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {CHAT_MESSAGES.loadFailed}
      </p>
      <Link
        to={paths.chat}
        className="mt-4 inline-block font-medium text-brand-700 hover:underline"
      >
        ← {CHAT_MESSAGES.title}
      </Link>
    </div>
  );
}

function ChatScreen({ conversationId }: { conversationId: number }) {
  const { user } = useAuth();
  const ownId = user?.user_id ?? 0;
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useConversation(conversationId);
  const [items, setItems] = useState<ChatItem[]>([]);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [reportOpen, setReportOpen] = useState(false);
  const isTeacher = detail.data?.my_role === 'teacher';
  const enquiryId = detail.data?.enquiry.id ?? null;
  const reported = useIsReported(enquiryId, isTeacher);

  // the newest page first; the socket's catch-up fills in anything after it
  useEffect(() => {
    let cancelled = false;
    fetchMessages(conversationId)
      .then((page) => {
        if (cancelled) return;
        setItems((current) => mergeStored(current, page.results));
        setLoaded(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [conversationId]);

  const sendRef = useRef<
    (frame: Parameters<ReturnType<typeof useChatSocket>['send']>[0]) => boolean
  >(() => false);

  /** Sends the pending messages that are not on their way yet. */
  const flushPending = useCallback(() => {
    for (const item of itemsRef.current) {
      if (!item.pending || item.inFlight || item.tempId === null) continue;
      const tempId = item.tempId;
      if (sendRef.current({ type: 'chat_message', message: item.content, temp_id: tempId })) {
        setItems((current) => markInFlight(current, tempId));
      }
    }
  }, []);

  /** After every (re)connection: fetch what was missed, settle what was on its way, send the rest. */
  const catchUp = useCallback(async () => {
    const after = catchUpAfter(itemsRef.current, ownId);
    const known = lastStoredId(itemsRef.current);
    try {
      let missed: ChatMessage[] = [];
      if (known > 0) {
        for (let from = after; ;) {
          const page = await fetchMessages(conversationId, from);
          missed = [...missed, ...page.results];
          const last = page.results.at(-1);
          if (!last || page.results.length < 50) break;
          from = last.id;
        }
      } else {
        missed = (await fetchMessages(conversationId)).results;
      }
      setItems((current) => mergeStored(settleInFlight(current, missed, ownId), missed));
      // the state update lands before the pending messages are read again
      await Promise.resolve();
      setTimeout(flushPending, 0);
    } catch {
      toast.error(CHAT_MESSAGES.loadFailed);
    }
  }, [conversationId, ownId, flushPending, toast]);

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type === 'chat_message') {
        setItems((current) => applyEcho(current, frame));
        return;
      }
      if (frame.type === 'read_receipt') {
        setItems((current) => applyReadReceipt(current, frame.message_ids));
        // the server has stored what this reader saw: the bar's unread badge goes down now
        if (frame.reader_id === ownId)
          void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
        return;
      }
      if (frame.temp_id !== undefined && frame.temp_id !== null) {
        const tempId = String(frame.temp_id);
        setItems((current) => removePending(current, tempId));
        toast.error(frame.code === 'rate_limited' ? frame.detail : CHAT_MESSAGES.sendFailed);
      }
    },
    [toast, ownId, queryClient],
  );

  const socket = useChatSocket(conversationId, {
    onFrame,
    onOpen: () => void catchUp(),
    onUnauthorized: () => {
      toast.error(CHAT_MESSAGES.sessionExpired);
      signOut();
      void navigate(paths.login);
    },
    onForbidden: () => setFailed(true),
  });
  useEffect(() => {
    sendRef.current = socket.send;
  }, [socket.send]);

  // what is read here no longer counts on the dashboard badge
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
    [queryClient],
  );

  const submit = () => {
    const content = text.trim();
    if (!content) return;
    const tempId = newTempId();
    setItems((current) =>
      addPending(current, {
        tempId,
        senderId: ownId,
        senderName: user?.full_name ?? '',
        content,
        at: new Date(),
      }),
    );
    setText('');
    if (socket.send({ type: 'chat_message', message: content, temp_id: tempId })) {
      setItems((current) => markInFlight(current, tempId));
    }
    // otherwise it waits, shown as sending, and goes out after the reconnection
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const sendReceipt = useCallback(
    (ids: number[]) => {
      if (ids.length === 0) return;
      if (socket.send({ type: 'read_receipt', message_ids: ids })) {
        setItems((current) => applyReadReceipt(current, ids));
      }
    },
    [socket],
  );

  if (failed || detail.isError) return <ChatLoadFailed />;
  const conversation = detail.data;
  const other = conversation?.other_user;

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-3xl flex-col px-0 sm:px-4 sm:py-4">
      <PageMeta title={other ? `Chat with ${other.full_name}` : 'Chat'} noindex />
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:rounded-t-xl sm:border sm:border-b-0">
        <Link
          to={paths.chat}
          className="text-brand-700 hover:underline"
          aria-label="Back to messages"
        >
          ←
        </Link>
        {other ? (
          <UserAvatar name={other.full_name} src={other.avatar} id={other.id} size="sm" />
        ) : null}
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-slate-900">{other?.full_name ?? '…'}</h1>
          {conversation ? (
            <p className="truncate text-sm text-slate-600">
              {conversation.enquiry.subject} · {conversation.enquiry.class_level}
            </p>
          ) : null}
        </div>
        <p
          className="flex items-center gap-1.5 text-sm text-slate-700"
          role="status"
          data-testid="connection-status"
        >
          <span
            aria-hidden="true"
            className={`h-2.5 w-2.5 rounded-full ${STATUS_DOT[socket.status]}`}
          />
          {STATUS_LABEL[socket.status]}
        </p>
        {conversation ? (
          <div className="flex w-full flex-wrap items-center gap-2">
            <Link
              to={
                isTeacher
                  ? paths.enquiry(conversation.enquiry.id)
                  : paths.studentEnquiry(conversation.enquiry.id)
              }
              className={buttonClasses('secondary', 'sm')}
            >
              {CHAT_MESSAGES.viewEnquiry}
            </Link>
            {!isTeacher && other ? (
              <Link to={paths.review(other.id)} className={buttonClasses('secondary', 'sm')}>
                {CHAT_MESSAGES.addReview}
              </Link>
            ) : null}
            {isTeacher ? (
              reported.data?.is_reported ? (
                <span className="text-sm text-slate-700">{CHAT_MESSAGES.reportedNotice}</span>
              ) : (
                <button
                  type="button"
                  className={buttonClasses('ghost', 'sm', 'text-red-700')}
                  onClick={() => setReportOpen(true)}
                >
                  {CHAT_MESSAGES.report}
                </button>
              )
            ) : null}
          </div>
        ) : null}
      </header>

      {!loaded ? (
        <div className="flex flex-1 items-center justify-center bg-slate-50">
          <Spinner />
        </div>
      ) : (
        <MessageList items={items} ownId={ownId} onRead={sendReceipt} />
      )}

      <form
        onSubmit={onSubmit}
        className="flex items-end gap-2 border-t border-slate-200 bg-white p-3 sm:rounded-b-xl sm:border sm:border-t-0"
      >
        <label htmlFor="chat-input" className="sr-only">
          {CHAT_MESSAGES.placeholder}
        </label>
        <textarea
          id="chat-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={CHAT_MESSAGES.placeholder}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2.5 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200"
        />
        <button
          type="submit"
          className={buttonClasses('primary', 'md')}
          disabled={text.trim() === ''}
        >
          {CHAT_MESSAGES.send}
        </button>
      </form>

      {conversation && isTeacher ? (
        <ReportModal
          isOpen={reportOpen}
          enquiryId={conversation.enquiry.id}
          alreadyReported={reported.data?.is_reported === true}
          onClose={() => setReportOpen(false)}
        />
      ) : null}
    </div>
  );
}
