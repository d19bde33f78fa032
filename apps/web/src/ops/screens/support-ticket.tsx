import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { NATIVE_LANGUAGE_NAMES } from '@/i18n/languages';
import { useOpsMeQuery } from '../api/endpoints';
import { opsPaths } from '../api/session';
import { bytes, when } from '../components/format';
import { Facts, Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { usePermission } from '../components/use-permission';
import { useAgentSocket } from '../support/agent-socket';
import { AttachmentLink } from '../support/attachment-link';
import {
  supportEndpoints,
  useOpsSupportAgentsQuery,
  useOpsSupportAssignMutation,
  useOpsSupportAttachMutation,
  useOpsSupportCannedQuery,
  useOpsSupportReadMutation,
  useOpsSupportReplyMutation,
  useOpsSupportSolveMutation,
  useOpsSupportTakeMutation,
  useOpsSupportTicketQuery,
} from '../support/endpoints';
import { supportStateTone } from '../support/support-status';
import type { ConsoleTicket, SupportMessage } from '../support/types';
import pageStyles from '../components/page.module.css';
import styles from '../support/support.module.css';

const TYPING_REPEAT_MS = 3000;

/**
 * /ops/support/tickets/:id — the conversation live (the socket replays from the last seq held after any drop), the
 * reply box with internal notes, canned replies in the ticket's language and attachments, take / solve / reassign,
 * and the subscriber's support facts (never their files).
 */
export function SupportTicketScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ticketQuery = useOpsSupportTicketQuery(id);
  return (
    <Page title={t('ops_support:ticket_title')} testId="support-ticket" actions={<Link to={opsPaths.support}>{t('ops_support:back_to_inbox')}</Link>}>
      <QueryState isLoading={ticketQuery.isLoading} error={ticketQuery.error} onRetry={() => void ticketQuery.refetch()}>
        {ticketQuery.data ? <TicketView id={id} data={ticketQuery.data} /> : null}
      </QueryState>
    </Page>
  );
}

function TicketView({ id, data }: { id: string; data: ConsoleTicket }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const me = useOpsMeQuery();
  const canWrite = usePermission('ops.support.write');
  const [live, setLive] = useState<Map<string, SupportMessage>>(() => new Map());
  const [subscriberTyping, setSubscriberTyping] = useState(false);
  const messages = useMemo(() => {
    const all = new Map(data.messages.map((m) => [m.id, m]));
    for (const [key, m] of live) all.set(key, m);
    return [...all.values()].sort((a, b) => a.seq - b.seq);
  }, [data.messages, live]);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const lastSeqRef = useRef(lastSeq);
  lastSeqRef.current = lastSeq;

  const merge = (incoming: SupportMessage[]) =>
    setLive((current) => {
      const next = new Map(current);
      for (const m of incoming) next.set(m.id, m);
      return next;
    });

  const socket = useAgentSocket({
    follow: () => ({ ticketId: id, lastSeq: lastSeqRef.current }),
    onFrame: (frame) => {
      if (frame.type === 'replay' && frame.ticketId === id) merge(frame.messages);
      if (frame.type === 'message' && frame.ticketId === id) {
        merge([frame.message]);
        if (frame.message.author === 'subscriber') setSubscriberTyping(false);
      }
      if (frame.type === 'typing' && frame.ticketId === id && frame.author === 'subscriber') setSubscriberTyping(frame.typing);
      if (frame.type === 'ticket' && frame.ticket.id === id) dispatch(supportEndpoints.util.invalidateTags([{ type: 'Support', id }]));
    },
  });

  // What the agent has on screen is read: the subscriber's chat shows it.
  const [markRead] = useOpsSupportReadMutation();
  const lastSubscriberSeq = [...messages].reverse().find((m) => m.author === 'subscriber')?.seq ?? 0;
  useEffect(() => {
    if (canWrite && lastSubscriberSeq > data.ticket.agentReadSeq) void markRead({ id, seq: lastSubscriberSeq });
  }, [canWrite, data.ticket.agentReadSeq, id, lastSubscriberSeq, markRead]);

  const ticket = data.ticket;
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <div className={styles.ticketBar}>
          <StatusPill tone={supportStateTone(ticket.state)}>{t(`ops_support:state_${ticket.state}`)}</StatusPill>
          <span className={pageStyles.muted}>
            {t('ops_support:assignee')}: {ticket.assigneeName ?? t('ops_support:unassigned')}
          </span>
          <StatusPill tone={socket.connected ? 'ok' : 'warn'}>{t(socket.connected ? 'ops_support:live' : 'ops_support:offline')}</StatusPill>
        </div>
        {canWrite ? <TicketActions id={id} assigneeId={ticket.assigneeId} meId={me.data?.id ?? null} solved={ticket.state === 'solved'} /> : null}
        <section className={styles.log} role="log" aria-live="polite" aria-label={t('ops_support:conversation')} data-testid="support-conversation">
          <ol className={styles.messages}>
            {messages.map((m) => (
              <li
                key={m.id}
                className={`${styles.message} ${m.internal ? styles.internal : m.author === 'subscriber' ? styles.fromSubscriber : styles.fromAgent}`}
                data-testid="support-message"
                data-author={m.author}
              >
                <span className={styles.messageMeta}>
                  {m.internal ? t('ops_support:internal_note') : m.author === 'subscriber' ? t('ops_support:subscriber') : (m.authorName ?? t('ops_support:agent'))}
                  {' · '}
                  <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  {m.author === 'agent' && !m.internal && ticket.subscriberReadSeq >= m.seq ? ` · ${t('ops_support:read_by_subscriber')}` : ''}
                </span>
                {m.text ? <p className={styles.messageText}>{m.text}</p> : null}
                {m.attachment ? <AttachmentLink attachment={m.attachment} /> : null}
              </li>
            ))}
          </ol>
          {subscriberTyping ? <p className={pageStyles.muted}>{t('ops_support:subscriber_typing')}</p> : null}
        </section>
        {canWrite ? <Composer id={id} language={ticket.language} onSent={(m) => merge([m])} onTyping={(typing) => socket.send({ type: 'typing', ticketId: id, typing })} /> : null}
      </div>
      <aside className={styles.side}>
        <Panel title={t('ops_support:facts_title')} id="support-facts">
          {data.subscriber ? <SubscriberFactsList facts={data.subscriber} /> : <p className={pageStyles.muted}>{t('ops_support:subscriber_gone')}</p>}
        </Panel>
      </aside>
    </div>
  );
}

function SubscriberFactsList({ facts }: { facts: NonNullable<ConsoleTicket['subscriber']> }) {
  const { t } = useTranslation();
  const locked = facts.lockedUntil && Date.parse(facts.lockedUntil) > Date.now();
  return (
    <>
      <Facts
        items={[
          [t('ops_support:fact_name'), facts.name || '—'],
          [t('ops_support:fact_status'), facts.suspended ? t('ops_support:suspended') : facts.status],
          [t('ops_support:fact_package'), facts.packageCode ? `${facts.packageCode}${facts.packageStatus ? ` (${facts.packageStatus})` : ''}` : '—'],
          [t('ops_support:fact_quota'), `${bytes(facts.usedBytes)} / ${bytes(facts.quotaBytes)}`],
          [t('ops_support:fact_lockout'), locked ? when(facts.lockedUntil) : t('ops_support:none')],
          [t('ops_support:fact_language'), NATIVE_LANGUAGE_NAMES[facts.language as keyof typeof NATIVE_LANGUAGE_NAMES] ?? facts.language],
          [t('ops_support:fact_country'), `+${facts.countryCode}`],
        ]}
      />
      <Link to={opsPaths.subscriber(facts.accountId)}>{t('ops_support:open_subscriber')}</Link>
    </>
  );
}

function TicketActions({ id, assigneeId, meId, solved }: { id: string; assigneeId: string | null; meId: string | null; solved: boolean }) {
  const { t } = useTranslation();
  const [take, taking] = useOpsSupportTakeMutation();
  const [solve, solving] = useOpsSupportSolveMutation();
  const [assign, assigning] = useOpsSupportAssignMutation();
  const agents = useOpsSupportAgentsQuery();
  const [target, setTarget] = useState('');
  return (
    <div className={styles.actions}>
      {assigneeId !== meId ? (
        <Button size="sm" onClick={() => void take(id)} loading={taking.isLoading} data-testid="support-take">
          {t('ops_support:take')}
        </Button>
      ) : null}
      {!solved ? (
        <Button size="sm" variant="secondary" onClick={() => void solve(id)} loading={solving.isLoading} data-testid="support-solve">
          {t('ops_support:solve')}
        </Button>
      ) : null}
      <form
        className={styles.assign}
        onSubmit={(event) => {
          event.preventDefault();
          if (target) void assign({ id, operatorId: target });
        }}
      >
        <SelectField label={t('ops_support:reassign_to')} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">—</option>
          {(agents.data?.items ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </SelectField>
        <Button size="sm" variant="secondary" type="submit" disabled={!target} loading={assigning.isLoading}>
          {t('ops_support:reassign')}
        </Button>
      </form>
    </div>
  );
}

function Composer({ id, language, onSent, onTyping }: { id: string; language: string; onSent: (m: SupportMessage) => void; onTyping: (typing: boolean) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reply, replying] = useOpsSupportReplyMutation();
  const [attach, attaching] = useOpsSupportAttachMutation();
  const canned = useOpsSupportCannedQuery(language);
  const typingAt = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = async (body: { text: string; attachmentId?: string }) => {
    setProblem(null);
    try {
      // One client id per message: a retried request is the same message on the server.
      const { message } = await reply({ id, clientId: crypto.randomUUID(), internal, ...body }).unwrap();
      onSent(message);
      return true;
    } catch {
      setProblem(t('ops_support:send_failed'));
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    if (await send({ text: value })) {
      setText('');
      typingAt.current = 0;
      onTyping(false);
    }
  };
  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    try {
      const { attachment } = await attach({ id, file }).unwrap();
      await send({ text: '', attachmentId: attachment.id });
    } catch {
      setProblem(t('ops_support:attach_failed'));
    }
  };

  return (
    <form className={styles.composer} onSubmit={(e) => void submit(e)}>
      <div className={styles.composerTools}>
        <fieldset className={styles.mode}>
          <legend className="visually-hidden">{t('ops_support:reply_mode')}</legend>
          <label>
            <input type="radio" name="mode" checked={!internal} onChange={() => setInternal(false)} /> {t('ops_support:mode_reply')}
          </label>
          <label>
            <input type="radio" name="mode" checked={internal} onChange={() => setInternal(true)} data-testid="support-mode-note" /> {t('ops_support:mode_note')}
          </label>
        </fieldset>
        <SelectField
          label={t('ops_support:canned')}
          value=""
          onChange={(e) => {
            const item = canned.data?.items.find((c) => c.id === e.target.value);
            if (item) setText((current) => (current ? `${current}\n${item.text}` : item.text));
          }}
        >
          <option value="">{t('ops_support:canned_pick')}</option>
          {(canned.data?.items ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </SelectField>
      </div>
      <label className={pageStyles.fieldLabel} htmlFor="support-reply">
        {internal ? t('ops_support:note_label') : t('ops_support:reply_label')}
      </label>
      <textarea
        id="support-reply"
        className={`${pageStyles.textarea} ${internal ? styles.noteInput : ''}`}
        value={text}
        rows={3}
        maxLength={4000}
        onChange={(e) => {
          setText(e.target.value);
          if (!internal && Date.now() - typingAt.current > TYPING_REPEAT_MS) {
            typingAt.current = Date.now();
            onTyping(true);
          }
        }}
        data-testid="support-reply"
      />
      {problem ? (
        <p className={pageStyles.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.composerActions}>
        <label className={styles.attachLabel}>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
            className="visually-hidden"
            onChange={(e) => void onFile(e.target.files?.[0])}
            disabled={attaching.isLoading}
          />
          {t('ops_support:attach')}
        </label>
        <Button type="submit" disabled={!text.trim()} loading={replying.isLoading} data-testid="support-send">
          {internal ? t('ops_support:add_note') : t('ops_support:send')}
        </Button>
      </div>
    </form>
  );
}
