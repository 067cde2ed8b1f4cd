import { JOB_CHAT_LIMITS, jobMessageTextSchema, type JobMessageView } from '@tiredash/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { errorStatus } from '../../../shared/api/api-error';
import { formatNumber, formatTime } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingChatMessages } from '../../../shared/i18n/locales/en/tracking';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { TextAreaField } from '../../../shared/ui/text-field';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useGetPublicSettingsQuery } from '../api';
import { errorReason, mergeMessages, useLazyListJobMessagesQuery, useListJobMessagesQuery, useSendJobMessageMutation } from './job-chat.api';

type ChatT = ReturnType<typeof trackingChatMessages.get>;

/** The conversation, oldest first: who wrote each message and when. Shared by the parties' panel and the admin's view. */
export function JobChatLog({ messages, selfUserId, t }: { messages: readonly JobMessageView[]; selfUserId: string | null; t: ChatT }) {
  const list = useRef<HTMLOListElement>(null);
  // The newest message in view (the list scrolls inside its card, not the page).
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);
  if (messages.length === 0) return <p className="muted">{t.empty}</p>;
  return (
    // Scrollable: focusable so that keyboard users can scroll it (the live region announces new messages).
    <ol ref={list} className="chat-log" aria-label={t.conversation} tabIndex={0}>
      {messages.map((m) => {
        const mine = m.senderUserId === selfUserId;
        const who = mine ? t.you : `${m.senderName} (${m.senderRole === 'customer' ? t.customer : t.provider})`;
        return (
          <li key={m.id} className={`chat-log__message${mine ? ' chat-log__message--mine' : ''}`}>
            <p className="chat-log__meta">
              <time dateTime={m.createdAt}>{t.from({ name: who, time: formatTime(m.createdAt) })}</time>
            </p>
            <p className="chat-log__text">{m.text}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** The id of a job's message box (one chat per screen). */
export const jobChatBoxId = (requestId: string): string => `job-chat-${requestId}`;

/** Moves focus to the job's message box; nothing when the screen shows none (messaging off, job ended). */
export function focusJobChat(requestId: string): void {
  const box = document.getElementById(jobChatBoxId(requestId));
  if (!box) return;
  box.scrollIntoView?.({ block: 'center' });
  box.focus();
}

interface JobChatPanelProps {
  requestId: string;
  role: 'customer' | 'provider';
  /** The screen's socket (joined to the job); null once the job ended (history only). */
  socket: RealtimeSocket | null;
}

/**
 * The job chat on the tracking screens: the conversation with the other party, live (`job_message`), and a message
 * box while the job runs. Hidden while the admin's `messaging` setting is off (the server refuses it then too).
 */
export function JobChatPanel(props: JobChatPanelProps) {
  const settings = useGetPublicSettingsQuery();
  if (!settings.data?.messaging) return null;
  return <JobChat {...props} />;
}

function JobChat({ requestId, role, socket }: JobChatPanelProps) {
  const t = useMessages(trackingChatMessages);
  const self = useAppSelector(selectCurrentUser)?.id ?? null;
  const first = useListJobMessagesQuery({ requestId, page: 1 });
  const [loadOlder, older] = useLazyListJobMessagesQuery();
  const [send, sending] = useSendJobMessageMutation();
  const [messages, setMessages] = useState<JobMessageView[]>([]);
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // A failed send is retried with the same id while its text is unchanged: the server stores it once.
  const pending = useRef<{ text: string; clientMessageId: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focusBox = () => form.current?.querySelector('textarea')?.focus();

  useEffect(() => {
    const loaded = first.data?.data;
    if (loaded) setMessages((list) => mergeMessages(list, loaded));
  }, [first.data]);

  useSocketEvent(socket, 'job_message', (m) => {
    if (m.requestId !== requestId) return;
    setMessages((list) => mergeMessages(list, [m]));
    if (m.senderUserId !== self) setAnnouncement(t.newMessage({ name: m.senderName, text: m.text }));
  });

  if (first.isLoading) return <Spinner label={t.loading} />;
  if (first.isError) {
    const reason = errorReason(first.error);
    if (reason === 'MESSAGING_DISABLED') return null;
    return (
      <Card title={t.title}>
        <ErrorState message={t.loadFailed} onRetry={errorStatus(first.error) === 403 ? undefined : () => void first.refetch()} />
      </Card>
    );
  }

  const total = first.data?.meta.pagination.total ?? 0;
  const canSend = (first.data?.meta.canSend ?? false) && closed === null;
  const used = text.trim().length;

  const submit = async () => {
    const parsed = jobMessageTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(used === 0 ? t.textRequired : t.textTooLong);
      // Back in the box, its error read with it (aria-describedby).
      focusBox();
      return;
    }
    const body = parsed.data;
    const clientMessageId = pending.current?.text === body ? pending.current.clientMessageId : crypto.randomUUID();
    pending.current = { text: body, clientMessageId };
    setError(null);
    try {
      const saved = await send({ requestId, data: { text: body, clientMessageId } }).unwrap();
      pending.current = null;
      setMessages((list) => mergeMessages(list, [saved]));
      setText('');
    } catch (err) {
      const reason = errorReason(err);
      if (reason === 'MESSAGING_DISABLED') setClosed(t.disabled);
      else if (reason === 'CHAT_CLOSED') setClosed(t.closed);
      else {
        setError(t.sendFailed);
        focusBox();
      }
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const showEarlier = async () => {
    const next = pagesLoaded + 1;
    const page = await loadOlder({ requestId, page: next }).unwrap().catch(() => null);
    if (!page) return;
    setPagesLoaded(next);
    setMessages((list) => mergeMessages(list, page.data));
  };

  return (
    <Card title={t.title} className="chat-panel">
      <p className="muted">{role === 'customer' ? t.customerIntro : t.providerIntro}</p>
      {messages.length < total && (
        <Button variant="outline" size="sm" onClick={() => void showEarlier()} busy={older.isFetching}>
          {t.earlier}
        </Button>
      )}
      <JobChatLog messages={messages} selfUserId={self} t={t} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {canSend ? (
        <form ref={form} className="chat-form" onSubmit={onSubmit} noValidate>
          <TextAreaField
            id={jobChatBoxId(requestId)}
            label={t.messageLabel}
            hint={`${t.hint} ${t.characters({ used: formatNumber(used), max: formatNumber(JOB_CHAT_LIMITS.textMaxLength) })}`}
            error={error}
            value={text}
            rows={2}
            maxLength={JOB_CHAT_LIMITS.textMaxLength}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" busy={sending.isLoading}>
            {sending.isLoading ? t.sending : t.send}
          </Button>
        </form>
      ) : (
        <p className="muted">{closed ?? t.closed}</p>
      )}
    </Card>
  );
}
