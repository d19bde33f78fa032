import type { Executor } from '../../infra/db/executor.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { ValidationError } from '../../shared/errors.js';
import { toLanguage } from '../../shared/schemas.js';
import { newId } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import { createNotification } from '../notification/notification.public.js';
import { getOperatorById } from '../operators/operators.public.js';
import { agentRepliedNotice } from './support.messages.js';
import * as repo from './support.repository.js';
import { toTicket, type SupportMessage, type SupportTicket } from './support.schemas.js';
import { AWAY_AFTER_MS, type SendInput, type SupportCore } from './support.core.js';

/** What an agent does in a ticket: take, reassign, reply or note, solve, read marks, typing. Every action is audited. */
export class SupportAgentService {
  constructor(private readonly core: SupportCore) {}

  private get d() {
    return this.core.d;
  }

  /** Messages of one ticket after `after`, with internal notes (an agent's socket replays with this). */
  async messagesAfter(ticketId: string, after: number): Promise<{ accountId: string; messages: SupportMessage[] }> {
    const ticket = await this.core.ticketOrThrow(ticketId);
    const rows = await repo.messagesAfter(this.d.db, ticket.account_id, after, { internal: true, ticketId });
    return { accountId: ticket.account_id, messages: await this.core.mapMessages(ticket.account_id, rows) };
  }

  async take(operator: OperatorContext, id: string): Promise<SupportTicket> {
    return this.assignTo(operator, id, operator.operatorId, 'support.ticket.take');
  }

  async assign(operator: OperatorContext, id: string, operatorId: string): Promise<SupportTicket> {
    return this.assignTo(operator, id, operatorId, 'support.ticket.assign');
  }

  private async assignTo(operator: OperatorContext, id: string, assigneeId: string, action: string): Promise<SupportTicket> {
    const ticket = await this.core.ticketOrThrow(id);
    const assignee = await getOperatorById(this.d.db, assigneeId);
    if (!assignee || assignee.status !== 'ACTIVE' || (assignee.role !== 'support' && assignee.role !== 'admin')) {
      throw ValidationError('Tickets go to an active support agent or admin.', 'operatorId');
    }
    const at = this.d.clock();
    const set = { assignee_id: assignee.id, assignee_name: assignee.name, updated_at: at, ...(ticket.state === 'open' ? { state: 'waiting_agent' as const } : {}) };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateTicket(trx, ticket.account_id, id, set);
      await this.d.audit(trx, { operator, action, targetKind: 'support', targetId: id, accountId: null, reason: null, before: { assigneeId: ticket.assignee_id }, after: { assigneeId: assignee.id } });
    });
    await this.core.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    return toTicket({ ...ticket, ...set });
  }

  async reply(operator: OperatorContext, id: string, input: SendInput): Promise<SupportMessage> {
    const ticket = await this.core.ticketOrThrow(id);
    const text = input.text.trim();
    if (!text && !input.attachmentId) throw ValidationError('The message is empty.', 'text');
    const accountId = ticket.account_id;
    const existing = await repo.messageByClientId(this.d.db, accountId, input.clientId);
    if (existing) return this.core.sameMessage(existing, 'agent');
    const me = await getOperatorById(this.d.db, operator.operatorId);
    const internal = input.internal === true;
    const at = this.d.clock();
    const row = await this.core.idempotent(accountId, input.clientId, 'agent', async (trx) => {
      if (input.attachmentId) await this.core.ownAttachment(trx, accountId, input.attachmentId, 'agent');
      const seq = await repo.nextSeq(trx, accountId);
      const msg = {
        account_id: accountId,
        seq,
        id: newId(),
        ticket_id: id,
        client_id: input.clientId,
        author: 'agent' as const,
        author_id: operator.operatorId,
        // Subscribers see the agent's first name only.
        author_name: me?.name.split(' ')[0] ?? null,
        text,
        internal: internal ? 1 : 0,
        attachment_id: input.attachmentId ?? null,
        created_at: at,
      };
      await repo.insertMessage(trx, msg);
      if (!internal) {
        const current = (await repo.ticketById(trx, id))!;
        await repo.updateTicket(trx, accountId, id, {
          state: 'waiting_subscriber',
          waiting_since: at,
          updated_at: at,
          solved_at: null,
          agent_read_seq: seq,
          ...(current.assignee_id ? {} : { assignee_id: operator.operatorId, assignee_name: me?.name ?? null }),
        });
        if (await this.isAway(trx, accountId, at)) await this.tellAway(trx, accountId);
      }
      await this.d.audit(trx, {
        operator,
        action: internal ? 'support.note' : 'support.reply',
        targetKind: 'support',
        targetId: id,
        accountId: null,
        reason: null,
        after: { seq, attachment: input.attachmentId ? true : false },
      });
      return msg;
    });
    await this.core.publishChange(accountId, id, true);
    return (await this.core.mapMessages(accountId, [row]))[0]!;
  }

  async solve(operator: OperatorContext, id: string): Promise<SupportTicket> {
    const ticket = await this.core.ticketOrThrow(id);
    if (ticket.state === 'solved') return toTicket(ticket);
    const at = this.d.clock();
    const set = { state: 'solved' as const, solved_at: at, updated_at: at, waiting_since: at, rating: null };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateTicket(trx, ticket.account_id, id, set);
      await this.d.audit(trx, { operator, action: 'support.ticket.solve', targetKind: 'support', targetId: id, accountId: null, reason: null, before: { state: ticket.state }, after: { state: 'solved' } });
    });
    await this.core.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    return toTicket({ ...ticket, ...set });
  }

  async read(operator: OperatorContext, id: string, seq: number): Promise<void> {
    const ticket = await this.core.ticketOrThrow(id);
    if (seq <= Number(ticket.agent_read_seq)) return;
    await repo.updateTicket(this.d.db, ticket.account_id, id, { agent_read_seq: seq });
    await this.core.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    void operator;
  }

  async typing(ticketId: string, typing: boolean): Promise<void> {
    const ticket = await repo.ticketById(this.d.db, ticketId);
    if (ticket) await this.core.publish({ kind: 'typing', accountId: ticket.account_id, ticketId, author: 'agent', typing });
  }

  private async isAway(trx: Executor, accountId: string, at: number): Promise<boolean> {
    if (this.d.hasLocalSubscriberSocket(accountId)) return false;
    const seen = await repo.seenAt(trx, accountId);
    return seen === null || at - seen >= AWAY_AFTER_MS;
  }

  /** The subscriber is not in the chat: an in-app notification and an e-mail (through the job queue) in the reply's transaction. */
  private async tellAway(trx: Executor, accountId: string): Promise<void> {
    const account = await getAccount(trx, accountId);
    if (!account) return;
    const notice = agentRepliedNotice(toLanguage(account.language, 'tr'), this.d.publicUrl);
    await createNotification(trx, accountId, { type: 'SUPPORT_REPLY', language: account.language, title: notice.title, body: notice.body });
    if (account.email) await this.d.messages.email(trx, { to: account.email, subject: notice.title, text: notice.email });
  }
}
