import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { formatTime } from '@/i18n/format';
import { languageDirection, resolveLanguage } from '@/i18n/languages';
import { ATTACHMENT_ACCEPT, attachmentProblem, pollingTransport, rateTicket, socketUrl, uploadAttachment } from './chat-api';
import { ChatClient, type ChatSnapshot, type PendingMessage } from './chat-client';
import { MessageAttachment } from './message-attachment';
import type { ChatMessage, ChatTicket } from './types';
import { useChatSession } from './use-chat-session';
import styles from './chat.module.css';

/** Typing is announced at most this often, and ends after this long without a key. */
const TYPING_REPEAT_MS = 3000;
const TYPING_IDLE_MS = 4000;
const MESSAGE_MAX = 4000;

function applyLanguage(language: string) {
  const resolved = resolveLanguage(language);
  document.documentElement.lang = resolved;
  document.documentElement.dir = languageDirection(resolved);
  if (i18n.language !== resolved) void i18n.changeLanguage(resolved);
}

export function ChatPage({ ticket }: { ticket: string | null }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const state = useChatSession(ticket, attempt);

  useEffect(() => applyLanguage(i18n.language), []);
  useEffect(() => {
    if (state.kind === 'ready') applyLanguage(state.session.language);
  }, [state]);

  return (
    <main className={styles.page}>
      {state.kind === 'ready' ? (
        <Conversation session={state.session.session} seed={state.session.conversation} />
      ) : state.kind === 'loading' ? (
        <div className={styles.center}>
          <Spinner size={32} label={t('support:chat_loading')} />
        </div>
      ) : (
        <div className={styles.center} role="alert">
          <p>{t(state.kind === 'expired' ? 'support:chat_expired' : 'support:chat_error')}</p>
          {state.kind === 'error' ? (
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('support:retry')}
            </Button>
          ) : null}
        </div>
      )}
    </main>
  );
}

function Conversation({ session, seed }: { session: string; seed: Parameters<ChatClient['seed']>[0] }) {
  const { t } = useTranslation();
  const client = useMemo(() => {
    const c = new ChatClient({ url: socketUrl(), session, polling: pollingTransport(session) });
    c.seed(seed);
    return c;
  }, [session, seed]);
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  useEffect(() => {
    client.connect();
    const online = () => client.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.close();
    };
  }, [client]);

  // What the subscriber has seen is read: the agent's side shows it.
  const lastAgentSeq = [...snapshot.messages].reverse().find((m) => m.author !== 'subscriber')?.seq ?? 0;
  const readSeq = snapshot.ticket?.subscriberReadSeq ?? 0;
  useEffect(() => {
    if (snapshot.status !== 'open' || lastAgentSeq <= readSeq) return;
    const mark = () => {
      if (document.visibilityState === 'visible') client.markRead(lastAgentSeq);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [client, snapshot.status, lastAgentSeq, readSeq]);

  const ticket = snapshot.ticket;
  return (
    <div className={styles.chat}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('support:chat_heading')}</h1>
          <p className={styles.subtitle}>{ticket?.assigneeName ?? t('support:chat_intro')}</p>
        </div>
        <ConnectionBadge snapshot={snapshot} />
      </header>
      <MessageList snapshot={snapshot} session={session} onRetry={(id) => client.retry(id)} />
      {ticket?.state === 'solved' ? <Solved ticket={ticket} session={session} /> : null}
      <Composer client={client} session={session} disabled={snapshot.status === 'expired'} />
    </div>
  );
}

function ConnectionBadge({ snapshot }: { snapshot: ChatSnapshot }) {
  const { t } = useTranslation();
  if (snapshot.status === 'reconnecting' || snapshot.status === 'connecting') {
    return (
      <span className={`${styles.badge} ${styles.badgeWarn}`} role="status" data-testid="chat-connection">
        {t('support:chat_reconnecting')}
      </span>
    );
  }
  if (snapshot.status === 'expired') return <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('support:chat_expired')}</span>;
  return snapshot.ticket ? (
    <span className={styles.badge} data-testid="chat-state">
      {t(`support:chat_state_${snapshot.ticket.state}`)}
    </span>
  ) : null;
}

function MessageList({ snapshot, session, onRetry }: { snapshot: ChatSnapshot; session: string; onRetry: (clientId: string) => void }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const count = snapshot.messages.length + snapshot.pending.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, snapshot.agentTyping]);
  const agentRead = snapshot.ticket?.agentReadSeq ?? 0;
  return (
    <section className={styles.log} role="log" aria-live="polite" aria-label={t('support:chat_history_label')} data-testid="chat-log">
      {count === 0 ? <p className={styles.empty}>{t('support:chat_empty')}</p> : null}
      <ol className={styles.list}>
        {snapshot.messages.map((message) => (
          <Bubble key={message.id} message={message} session={session} state={message.author === 'subscriber' ? (agentRead >= message.seq ? 'read' : 'sent') : null} />
        ))}
        {snapshot.pending.map((pending) => (
          <PendingBubble key={pending.clientId} pending={pending} onRetry={onRetry} />
        ))}
      </ol>
      {snapshot.agentTyping ? (
        <p className={styles.typing} data-testid="chat-typing">
          <span className={styles.dots} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('support:chat_typing')}
        </p>
      ) : null}
      <div ref={end} />
    </section>
  );
}

function Bubble({ message, session, state }: { message: ChatMessage; session: string; state: 'sent' | 'read' | null }) {
  const { t } = useTranslation();
  const mine = message.author === 'subscriber';
  const time = formatTime(message.createdAt, resolveLanguage(i18n.language));
  return (
    <li className={`${styles.item} ${mine ? styles.mine : styles.theirs}`} data-testid="chat-message" data-author={message.author}>
      <span className="visually-hidden">{mine ? t('support:chat_you') : (message.authorName ?? t('support:chat_agent'))}: </span>
      <div className={styles.bubble}>
        {!mine && message.authorName ? <span className={styles.author} aria-hidden="true">{message.authorName}</span> : null}
        {message.text ? <p className={styles.text}>{message.text}</p> : null}
        {message.attachment ? <MessageAttachment attachment={message.attachment} session={session} /> : null}
      </div>
      <span className={styles.meta}>
        <time dateTime={message.createdAt}>{time}</time>
        {state ? <span data-testid="chat-receipt"> · {t(state === 'read' ? 'support:chat_read' : 'support:chat_sent')}</span> : null}
      </span>
    </li>
  );
}

function PendingBubble({ pending, onRetry }: { pending: PendingMessage; onRetry: (clientId: string) => void }) {
  const { t } = useTranslation();
  return (
    <li className={`${styles.item} ${styles.mine} ${styles.pending}`} data-testid="chat-pending">
      <div className={styles.bubble}>
        {pending.text ? <p className={styles.text}>{pending.text}</p> : null}
        {pending.attachmentName ? <p className={styles.fileName}>{pending.attachmentName}</p> : null}
      </div>
      <span className={styles.meta}>
        {pending.failed ? (
          <button type="button" className={styles.retry} onClick={() => onRetry(pending.clientId)}>
            {t('support:chat_failed')} · {t('support:retry')}
          </button>
        ) : (
          t('support:chat_sending')
        )}
      </span>
    </li>
  );
}

function Solved({ ticket, session }: { ticket: ChatTicket; session: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(ticket.rating);
  const [busy, setBusy] = useState(false);
  const rate = async (value: number) => {
    setBusy(true);
    try {
      const updated = await rateTicket(session, value);
      setRating(updated.rating ?? value);
    } catch {
      setRating(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.solved} aria-labelledby="chat-rate-title" data-testid="chat-solved">
      <p>{t('support:chat_solved')}</p>
      {rating ? (
        <p role="status">{t('support:chat_rate_thanks')}</p>
      ) : (
        <>
          <h2 id="chat-rate-title" className={styles.rateTitle}>
            {t('support:chat_rate_title')}
          </h2>
          <div className={styles.stars} role="group" aria-labelledby="chat-rate-title">
            {[1, 2, 3, 4, 5].map((value) => (
              <button key={value} type="button" className={styles.star} disabled={busy} onClick={() => void rate(value)} aria-label={t('support:chat_rate_star', { count: value })}>
                ★
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function Composer({ client, session, disabled }: { client: ChatClient; session: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const typingSince = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const stopTyping = () => {
    if (idle.current) clearTimeout(idle.current);
    idle.current = null;
    if (typingSince.current) client.typing(false);
    typingSince.current = 0;
  };
  useEffect(() => stopTyping, []); // eslint-disable-line react-hooks/exhaustive-deps

  const onChange = (value: string) => {
    setText(value.slice(0, MESSAGE_MAX));
    const now = Date.now();
    if (now - typingSince.current > TYPING_REPEAT_MS) {
      typingSince.current = now;
      client.typing(true);
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value) return;
    client.send(value);
    setText('');
    stopTyping();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter breaks the line (as in every chat).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const attach = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const issue = attachmentProblem(file);
    if (issue) {
      setProblem(t(issue === 'size' ? 'support:chat_attachment_too_large' : 'support:chat_attachment_type'));
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const attachment = await uploadAttachment(session, file);
      client.send('', { id: attachment.id, name: attachment.name });
    } catch {
      setProblem(t('support:chat_attachment_failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    // Not a <form>: the frame's sandbox has no allow-forms, which blocks submitting one (even to a script).
    <div className={styles.composer}>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.row}>
        <label className={styles.attach} title={t('support:chat_attach_hint')}>
          <input
            ref={fileInput}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            className="visually-hidden"
            disabled={disabled || uploading}
            onChange={(event) => void attach(event.target.files?.[0])}
            data-testid="chat-file"
          />
          <span className="visually-hidden">{t('support:chat_attach')}</span>
          {uploading ? <Spinner size={18} /> : <PaperclipGlyph />}
        </label>
        <label className="visually-hidden" htmlFor="chat-input">
          {t('support:chat_message_label')}
        </label>
        <textarea
          id="chat-input"
          className={styles.input}
          rows={1}
          value={text}
          placeholder={t('support:chat_message_placeholder')}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <Button disabled={disabled || !text.trim()} onClick={() => submit()} data-testid="chat-send">
          {t('support:chat_send')}
        </Button>
      </div>
    </div>
  );
}

function PaperclipGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5" />
    </svg>
  );
}
