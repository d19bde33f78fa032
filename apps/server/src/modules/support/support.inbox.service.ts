import type { OperatorContext } from '../../shared/operator-context.js';
import { NotFound } from '../../shared/errors.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { listOperatorsByRoles } from '../operators/operators.public.js';
import { getFeedback, listFeedbackForInbox, setFeedbackState } from '../feedback/feedback.public.js';
import { getSubscriptionOf } from '../packages/packages.public.js';
import { securityOverview } from '../auth/auth.support.public.js';
import * as repo from './support.repository.js';
import { isoOf, toTicket, type InboxItem, type SubscriberFacts } from './support.schemas.js';
import type { TicketState } from './support.table.js';
import type { SupportCore } from './support.core.js';

export interface InboxFilter {
  state?: string;
  language?: string;
  kind?: 'ticket' | 'feedback';
  type?: string;
  limit?: number;
}

/** The agents' inbox: tickets and feedback by waiting time, a ticket's detail with the subscriber's support facts, feedback handling. */
export class SupportInboxService {
  constructor(private readonly core: SupportCore) {}

  private get d() {
    return this.core.d;
  }

  async inbox(f: InboxFilter): Promise<InboxItem[]> {
    const limit = f.limit ?? 50;
    const items: Array<InboxItem & { order: number; waiting: number }> = [];
    const ticketStates = ['open', 'waiting_agent', 'waiting_subscriber', 'solved'] as const;
    if (f.kind !== 'feedback' && !f.type && (!f.state || (ticketStates as readonly string[]).includes(f.state))) {
      const states: TicketState[] = f.state ? [f.state as TicketState] : ['open', 'waiting_agent', 'waiting_subscriber'];
      for (const t of await repo.listTickets(this.d.db, { states, language: f.language, limit })) {
        items.push({
          ...ticketInboxItem(t),
          // Waiting for an agent comes first; then the rest, each by how long it has waited.
          order: t.state === 'waiting_agent' || t.state === 'open' ? 0 : t.state === 'waiting_subscriber' ? 2 : 3,
          waiting: Number(t.waiting_since),
        });
      }
    }
    if (f.kind !== 'ticket' && (!f.state || f.state === 'new' || f.state === 'done')) {
      const state = (f.state as 'new' | 'done' | undefined) ?? 'new';
      for (const fb of await listFeedbackForInbox(this.d.db, { state, language: f.language, type: f.type, limit })) {
        items.push({
          kind: 'feedback',
          id: fb.id,
          state: fb.state,
          language: fb.language,
          type: fb.type,
          accountId: fb.account_id,
          waitingSince: isoOf(fb.created_at)!,
          assigneeId: null,
          assigneeName: null,
          preview: fb.text.slice(0, 120),
          subscriberReadSeq: 0,
          agentReadSeq: 0,
          order: fb.state === 'new' ? 1 : 3,
          waiting: Number(fb.created_at),
        });
      }
    }
    items.sort((a, b) => a.order - b.order || a.waiting - b.waiting || a.id.localeCompare(b.id));
    return items.slice(0, limit).map(({ order: _o, waiting: _w, ...item }) => item);
  }

  /** One inbox row, for the agents' sockets' `ticket` frames. */
  async inboxItem(ticketId: string): Promise<InboxItem | null> {
    const t = await repo.ticketById(this.d.db, ticketId);
    return t ? ticketInboxItem(t) : null;
  }

  async ticketDetail(operator: OperatorContext, id: string) {
    const ticket = await this.core.ticketOrThrow(id);
    const rows = await repo.messagesAfter(this.d.db, ticket.account_id, 0, { internal: true, ticketId: id });
    await this.d.audit(this.d.db, { operator, action: 'support.ticket.view', targetKind: 'support', targetId: id, accountId: null, reason: null });
    return {
      ticket: { ...toTicket(ticket), accountId: ticket.account_id },
      messages: await this.core.mapMessages(ticket.account_id, rows),
      subscriber: await this.facts(ticket.account_id),
    };
  }

  async feedbackDetail(operator: OperatorContext, id: string) {
    const fb = await getFeedback(this.d.db, id);
    if (!fb) throw NotFound('Feedback not found.');
    await this.d.audit(this.d.db, { operator, action: 'support.feedback.view', targetKind: 'support', targetId: id, accountId: null, reason: null });
    let client: Record<string, string> = {};
    try {
      client = JSON.parse(fb.client_json) as Record<string, string>;
    } catch {
      client = {};
    }
    return { id: fb.id, accountId: fb.account_id, type: fb.type, language: fb.language, text: fb.text, client, state: fb.state, createdAt: isoOf(fb.created_at)! };
  }

  async feedbackDone(operator: OperatorContext, id: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await setFeedbackState(trx, id, 'done'))) throw NotFound('Feedback not found.');
      await this.d.audit(trx, { operator, action: 'support.feedback.done', targetKind: 'support', targetId: id, accountId: null, reason: null });
    });
  }

  /** Who a ticket can be reassigned to. */
  async agents() {
    return (await listOperatorsByRoles(this.d.db, ['admin', 'support'])).map((o) => ({ id: o.id, name: o.name }));
  }

  private async facts(accountId: string): Promise<SubscriberFacts | null> {
    const account = await getAccount(this.d.db, accountId);
    if (!account) return null;
    const at = this.d.clock();
    const [sub, security] = await Promise.all([getSubscriptionOf(this.d.db, accountId), securityOverview(this.d.db, account, at)]);
    return {
      accountId,
      name: `${account.name} ${account.surname}`.trim(),
      language: account.language,
      countryCode: account.country_code,
      status: account.status,
      suspended: account.suspended_at !== null,
      packageCode: sub?.code ?? null,
      packageStatus: sub?.status ?? null,
      quotaBytes: Number(account.quota_bytes),
      usedBytes: Number(account.used_bytes),
      lockedUntil: isoOf(security.lockout?.lockedUntil ?? null),
    };
  }
}

/** A ticket row as the console inbox shows it (the list and the single item alike). */
function ticketInboxItem(t: NonNullable<Awaited<ReturnType<typeof repo.ticketById>>>): InboxItem {
  return {
    kind: 'ticket',
    id: t.id,
    state: t.state,
    language: t.language,
    type: null,
    accountId: t.account_id,
    waitingSince: isoOf(t.waiting_since)!,
    assigneeId: t.assignee_id,
    assigneeName: t.assignee_name,
    preview: t.preview,
    subscriberReadSeq: Number(t.subscriber_read_seq),
    agentReadSeq: Number(t.agent_read_seq),
  };
}
