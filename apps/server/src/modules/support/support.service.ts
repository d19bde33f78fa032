import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { AppError, BadRequest, Conflict, NotFound, Unauthorized, ValidationError } from '../../shared/errors.js';
import { toLanguage } from '../../shared/schemas.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import type { AuditEntryInput } from '../audit/audit.public.js';
import { createNotification } from '../notification/notification.public.js';
import { getOperatorById, listOperatorsByRoles } from '../operators/operators.public.js';
import { getFeedback, listFeedbackForInbox, setFeedbackState } from '../feedback/feedback.public.js';
import { getSubscriptionOf } from '../packages/packages.public.js';
import { securityOverview } from '../auth/auth.support.public.js';
import { ATTACHMENT_MAX_BYTES, cleanName, sniffAttachment } from './support.attachments.js';
import { agentRepliedNotice } from './support.messages.js';
import type { SupportEvent, SupportRelay } from './support.relay.js';
import * as repo from './support.repository.js';
import {
  isoOf,
  toAttachment,
  toCanned,
  toMessage,
  toTicket,
  type InboxItem,
  type SubscriberFacts,
  type SupportConversation,
  type SupportMessage,
  type SupportTicket,
} from './support.schemas.js';
import type { Attachment, Message, Ticket, TicketState } from './support.table.js';

export const TICKET_TTL_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A solved ticket reopens when the subscriber writes again within this long; later it starts a new ticket. */
export const REOPEN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** A chat socket refreshes its presence this often; without a refresh for AWAY_AFTER_MS the subscriber is away. */
export const PRESENCE_INTERVAL_MS = 20_000;
export const AWAY_AFTER_MS = 45_000;

export type RecordOperatorAction = (db: Executor, entry: AuditEntryInput) => Promise<void>;

const NoTicket = () => NotFound('Ticket not found.');
const InvalidSession = () => Unauthorized('The chat session has expired. Open the chat again.', 'INVALID_SESSION');

export interface SendInput {
  clientId: string;
  text: string;
  attachmentId?: string;
  internal?: boolean;
}

export interface SupportDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  messages: MessageJobs;
  relay: SupportRelay;
  audit: RecordOperatorAction;
  clock: () => number;
  publicUrl: string | null;
  /** Whether a subscriber chat socket of this account is open on this instance (others report through presence). */
  hasLocalSubscriberSocket: (accountId: string) => boolean;
}

export class SupportService {
  constructor(private readonly d: SupportDeps) {}

  // --- the subscriber's side

  /** A ticket that opens one chat session: ≤ 10 minutes, single use, 256 random bits, stored hashed. */
  async issueTicket(auth: AuthContext): Promise<{ ticket: string; expiresAt: string }> {
    const at = this.d.clock();
    const ticket = newToken();
    const expiresAt = at + TICKET_TTL_MS;
    await repo.createToken(this.d.db, { token_hash: hashToken(ticket), account_id: auth.accountId, kind: 'ticket', expires_at: expiresAt, created_at: at });
    return { ticket, expiresAt: isoOf(expiresAt)! };
  }

  /** Exchanges a ticket for a chat session (what the page in the frame holds instead of the subscriber's own token). */
  async openSession(ticket: string): Promise<{ session: string; expiresAt: string; language: string; conversation: SupportConversation }> {
    const at = this.d.clock();
    const accountId = await repo.consumeTicket(this.d.db, hashToken(ticket), at);
    if (!accountId) throw Unauthorized('The chat link has expired or was already used.', 'INVALID_TICKET');
    const account = await getAccount(this.d.db, accountId);
    if (!account || account.status === 'DELETED') throw Unauthorized('The chat link has expired or was already used.', 'INVALID_TICKET');
    const session = newToken();
    const expiresAt = at + SESSION_TTL_MS;
    await repo.createToken(this.d.db, { token_hash: hashToken(session), account_id: accountId, kind: 'session', expires_at: expiresAt, created_at: at });
    return { session, expiresAt: isoOf(expiresAt)!, language: toLanguage(account.language.split('-')[0]!.toLowerCase(), 'en'), conversation: await this.conversation(accountId, 0) };
  }

  /** The account a chat session belongs to; 401 INVALID_SESSION otherwise. */
  async sessionAccount(session: string | undefined): Promise<string> {
    if (!session || session.length > 200) throw InvalidSession();
    const accountId = await repo.liveSession(this.d.db, hashToken(session), this.d.clock());
    if (!accountId) throw InvalidSession();
    return accountId;
  }

  /** The subscriber's view: the current ticket and the visible messages after `after` (never internal notes). */
  async conversation(accountId: string, after: number): Promise<SupportConversation> {
    const [ticket, rows, lastSeq] = await Promise.all([
      repo.latestTicket(this.d.db, accountId),
      repo.messagesAfter(this.d.db, accountId, after, { internal: false }),
      repo.lastVisibleSeq(this.d.db, accountId),
    ]);
    return { ticket: ticket ? toTicket(ticket) : null, messages: await this.mapMessages(accountId, rows), lastSeq };
  }

  /** Long polling: answers once something after `after` exists, or after `waitSeconds` with what there is. */
  async waitForConversation(accountId: string, after: number, waitSeconds: number): Promise<SupportConversation> {
    const now = await this.conversation(accountId, after);
    if (waitSeconds === 0 || now.messages.length > 0) return now;
    await new Promise<void>((resolve) => {
      const stop = this.d.relay.subscribe((e) => {
        if (e.accountId === accountId && e.kind !== 'typing') done();
      });
      const timer = setTimeout(() => done(), waitSeconds * 1000);
      function done() {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
    return this.conversation(accountId, after);
  }

  async sendAsSubscriber(accountId: string, input: SendInput): Promise<SupportMessage> {
    const text = input.text.trim();
    if (!text && !input.attachmentId) throw ValidationError('The message is empty.', 'text');
    const existing = await repo.messageByClientId(this.d.db, accountId, input.clientId);
    if (existing) return this.sameMessage(existing, 'subscriber');
    const at = this.d.clock();
    const account = await getAccount(this.d.db, accountId);
    if (!account) throw InvalidSession();
    let ticketId = '';
    const row = await this.idempotent(accountId, input.clientId, 'subscriber', async (trx) => {
      if (input.attachmentId) await this.ownAttachment(trx, accountId, input.attachmentId, 'subscriber');
      const seq = await repo.nextSeq(trx, accountId);
      const current = await repo.latestTicket(trx, accountId);
      const ticket = await this.ticketForSubscriberMessage(trx, current, accountId, account.language, at, text);
      ticketId = ticket;
      const msg = {
        account_id: accountId,
        seq,
        id: newId(),
        ticket_id: ticket,
        client_id: input.clientId,
        author: 'subscriber' as const,
        author_id: null,
        author_name: null,
        text,
        internal: 0,
        attachment_id: input.attachmentId ?? null,
        created_at: at,
      };
      await repo.insertMessage(trx, msg);
      return msg;
    });
    if (ticketId) await this.publishChange(accountId, ticketId, true);
    return (await this.mapMessages(accountId, [row]))[0]!;
  }

  /** Marks the agent's messages up to `seq` read by the subscriber (the agent sees the read mark). */
  async readBySubscriber(accountId: string, seq: number): Promise<void> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (!ticket || seq <= Number(ticket.subscriber_read_seq)) return;
    const last = await repo.lastVisibleSeq(this.d.db, accountId);
    await repo.updateTicket(this.d.db, accountId, ticket.id, { subscriber_read_seq: Math.min(seq, last) });
    await this.publish({ kind: 'ticket', accountId, ticketId: ticket.id });
  }

  async rate(accountId: string, rating: number): Promise<SupportTicket> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (!ticket) throw NoTicket();
    if (ticket.state !== 'solved') throw Conflict('NOT_SOLVED', 'Only a solved ticket can be rated.');
    await repo.updateTicket(this.d.db, accountId, ticket.id, { rating, updated_at: this.d.clock() });
    await this.publish({ kind: 'ticket', accountId, ticketId: ticket.id });
    return toTicket({ ...ticket, rating, updated_at: this.d.clock() });
  }

  async subscriberTyping(accountId: string, typing: boolean): Promise<void> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (ticket) await this.publish({ kind: 'typing', accountId, ticketId: ticket.id, author: 'subscriber', typing });
  }

  /** A chat socket of the subscriber is alive (any instance): agents' replies do not e-mail while it is. */
  markPresent(accountId: string): Promise<void> {
    return repo.markSeen(this.d.db, accountId, this.d.clock());
  }

  async markGone(accountId: string): Promise<void> {
    if (!this.d.hasLocalSubscriberSocket(accountId)) await repo.markSeen(this.d.db, accountId, this.d.clock() - AWAY_AFTER_MS);
  }

  // --- attachments (both sides)

  async uploadAttachment(accountId: string, by: 'subscriber' | 'agent', bytes: Buffer, name: string | undefined) {
    if (bytes.length === 0) throw ValidationError('The attachment is empty.', 'body');
    if (bytes.length > ATTACHMENT_MAX_BYTES) throw new AppError(413, 'TOO_LARGE', 'Attachments are at most 10 MB.');
    const mime = sniffAttachment(bytes);
    if (!mime) throw BadRequest('UNSUPPORTED_ATTACHMENT', 'Only images (JPEG, PNG, GIF, WebP) and PDF files can be attached.', 'body');
    const id = newId();
    const blobKey = `support/${accountId}/${id}`;
    await this.d.blobs.put(blobKey, Readable.from([bytes]), { maxBytes: ATTACHMENT_MAX_BYTES, contentType: mime });
    const row = { account_id: accountId, id, blob_key: blobKey, name: cleanName(name, mime), mime, size: bytes.length, uploaded_by: by, created_at: this.d.clock() };
    await repo.createAttachment(this.d.db, row);
    return toAttachment(row);
  }

  /** An attachment's bytes for the subscriber: theirs, or carried by a visible message of their conversation. */
  async subscriberAttachment(accountId: string, id: string) {
    const a = await repo.attachmentInConversation(this.d.db, accountId, id, false);
    if (!a) throw NotFound('Attachment not found.');
    return this.openAttachment(a);
  }

  async agentAttachment(operator: OperatorContext, id: string) {
    const a = await repo.attachmentById(this.d.db, id);
    if (!a) throw NotFound('Attachment not found.');
    await this.d.audit(this.d.db, { operator, action: 'support.attachment.view', targetKind: 'support', targetId: a.id, accountId: null, reason: null });
    return this.openAttachment(a);
  }

  private async openAttachment(a: Attachment) {
    const blob = await this.d.blobs.get(a.blob_key);
    return { name: a.name, mime: a.mime, size: Number(a.size), stream: blob.stream };
  }

  // --- the agents' side (console)

  async inbox(f: { state?: string; language?: string; kind?: 'ticket' | 'feedback'; type?: string; limit?: number }): Promise<InboxItem[]> {
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

  async ticketDetail(operator: OperatorContext, id: string) {
    const ticket = await this.ticketOrThrow(id);
    const rows = await repo.messagesAfter(this.d.db, ticket.account_id, 0, { internal: true, ticketId: id });
    await this.d.audit(this.d.db, { operator, action: 'support.ticket.view', targetKind: 'support', targetId: id, accountId: null, reason: null });
    return {
      ticket: { ...toTicket(ticket), accountId: ticket.account_id },
      messages: await this.mapMessages(ticket.account_id, rows),
      subscriber: await this.facts(ticket.account_id),
    };
  }

  /** Messages of one ticket after `after`, with internal notes (an agent's socket replays with this). */
  async agentMessagesAfter(ticketId: string, after: number): Promise<{ accountId: string; messages: SupportMessage[] }> {
    const ticket = await this.ticketOrThrow(ticketId);
    const rows = await repo.messagesAfter(this.d.db, ticket.account_id, after, { internal: true, ticketId });
    return { accountId: ticket.account_id, messages: await this.mapMessages(ticket.account_id, rows) };
  }

  async inboxItem(ticketId: string): Promise<InboxItem | null> {
    const t = await repo.ticketById(this.d.db, ticketId);
    return t ? ticketInboxItem(t) : null;
  }

  async subscriberTicket(accountId: string): Promise<SupportTicket | null> {
    const t = await repo.latestTicket(this.d.db, accountId);
    return t ? toTicket(t) : null;
  }

  async take(operator: OperatorContext, id: string): Promise<SupportTicket> {
    return this.assignTo(operator, id, operator.operatorId, 'support.ticket.take');
  }

  async assign(operator: OperatorContext, id: string, operatorId: string): Promise<SupportTicket> {
    return this.assignTo(operator, id, operatorId, 'support.ticket.assign');
  }

  private async assignTo(operator: OperatorContext, id: string, assigneeId: string, action: string): Promise<SupportTicket> {
    const ticket = await this.ticketOrThrow(id);
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
    await this.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    return toTicket({ ...ticket, ...set });
  }

  async reply(operator: OperatorContext, id: string, input: SendInput): Promise<SupportMessage> {
    const ticket = await this.ticketOrThrow(id);
    const text = input.text.trim();
    if (!text && !input.attachmentId) throw ValidationError('The message is empty.', 'text');
    const accountId = ticket.account_id;
    const existing = await repo.messageByClientId(this.d.db, accountId, input.clientId);
    if (existing) return this.sameMessage(existing, 'agent');
    const me = await getOperatorById(this.d.db, operator.operatorId);
    const internal = input.internal === true;
    const at = this.d.clock();
    const row = await this.idempotent(accountId, input.clientId, 'agent', async (trx) => {
      if (input.attachmentId) await this.ownAttachment(trx, accountId, input.attachmentId, 'agent');
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
    await this.publishChange(accountId, id, true);
    return (await this.mapMessages(accountId, [row]))[0]!;
  }

  async solve(operator: OperatorContext, id: string): Promise<SupportTicket> {
    const ticket = await this.ticketOrThrow(id);
    if (ticket.state === 'solved') return toTicket(ticket);
    const at = this.d.clock();
    const set = { state: 'solved' as const, solved_at: at, updated_at: at, waiting_since: at, rating: null };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateTicket(trx, ticket.account_id, id, set);
      await this.d.audit(trx, { operator, action: 'support.ticket.solve', targetKind: 'support', targetId: id, accountId: null, reason: null, before: { state: ticket.state }, after: { state: 'solved' } });
    });
    await this.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    return toTicket({ ...ticket, ...set });
  }

  async readByAgent(operator: OperatorContext, id: string, seq: number): Promise<void> {
    const ticket = await this.ticketOrThrow(id);
    if (seq <= Number(ticket.agent_read_seq)) return;
    await repo.updateTicket(this.d.db, ticket.account_id, id, { agent_read_seq: seq });
    await this.publish({ kind: 'ticket', accountId: ticket.account_id, ticketId: id });
    void operator;
  }

  async agentTyping(ticketId: string, typing: boolean): Promise<void> {
    const ticket = await repo.ticketById(this.d.db, ticketId);
    if (ticket) await this.publish({ kind: 'typing', accountId: ticket.account_id, ticketId, author: 'agent', typing });
  }

  async uploadAgentAttachment(operator: OperatorContext, ticketId: string, bytes: Buffer, name: string | undefined) {
    const ticket = await this.ticketOrThrow(ticketId);
    const attachment = await this.uploadAttachment(ticket.account_id, 'agent', bytes, name);
    await this.d.audit(this.d.db, { operator, action: 'support.attachment.upload', targetKind: 'support', targetId: ticketId, accountId: null, reason: null, after: { size: attachment.size, mime: attachment.mime } });
    return attachment;
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

  async agents() {
    return (await listOperatorsByRoles(this.d.db, ['admin', 'support'])).map((o) => ({ id: o.id, name: o.name }));
  }

  async listCanned(language?: string) {
    return (await repo.listCanned(this.d.db, language)).map(toCanned);
  }

  async createCanned(operator: OperatorContext, body: { language: string; title: string; text: string }) {
    const at = this.d.clock();
    const row = { id: newId(), language: body.language, title: body.title.trim(), text: body.text, created_at: at, updated_at: at };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.createCanned(trx, row);
      await this.d.audit(trx, { operator, action: 'support.canned.create', targetKind: 'support', targetId: row.id, accountId: null, reason: null, after: { language: row.language } });
    });
    return toCanned(row);
  }

  async updateCanned(operator: OperatorContext, id: string, body: { language: string; title: string; text: string }) {
    const at = this.d.clock();
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.updateCanned(trx, id, { language: body.language, title: body.title.trim(), text: body.text, updated_at: at }))) throw NotFound('Canned reply not found.');
      await this.d.audit(trx, { operator, action: 'support.canned.update', targetKind: 'support', targetId: id, accountId: null, reason: null, after: { language: body.language } });
    });
    return toCanned((await repo.cannedById(this.d.db, id))!);
  }

  async deleteCanned(operator: OperatorContext, id: string): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.deleteCanned(trx, id))) throw NotFound('Canned reply not found.');
      await this.d.audit(trx, { operator, action: 'support.canned.delete', targetKind: 'support', targetId: id, accountId: null, reason: null });
    });
  }

  /** Removes the account's chat and its attachments' blobs (account deletion). */
  async purgeAccount(accountId: string): Promise<void> {
    for (const { blob_key } of await repo.blobKeysOf(this.d.db, accountId)) await this.d.blobs.delete(blob_key).catch(() => undefined);
    await repo.purgeAccount(this.d.db, accountId);
  }

  async sweepTokens(): Promise<void> {
    await repo.deleteExpiredTokens(this.d.db, this.d.clock());
  }

  // --- internals

  private async ticketOrThrow(id: string): Promise<Ticket> {
    const ticket = await repo.ticketById(this.d.db, id);
    if (!ticket) throw NoTicket();
    return ticket;
  }

  /** The ticket a subscriber's new message belongs to: the current one (reopened within 7 days of solving) or a new one. */
  private async ticketForSubscriberMessage(trx: Executor, current: Ticket | undefined, accountId: string, language: string, at: number, text: string): Promise<string> {
    const preview = text.slice(0, 120);
    const reopenable = current && (current.state !== 'solved' || (current.solved_at !== null && at - Number(current.solved_at) <= REOPEN_WINDOW_MS));
    if (current && reopenable) {
      const waiting = current.state === 'waiting_agent' || current.state === 'open';
      await repo.updateTicket(trx, accountId, current.id, {
        state: 'waiting_agent',
        updated_at: at,
        // Still waiting: the wait started with the first unanswered message.
        waiting_since: waiting ? Number(current.waiting_since) : at,
        solved_at: null,
        ...(current.state === 'solved' ? { rating: null } : {}),
        ...(text ? { preview } : {}),
      });
      return current.id;
    }
    const id = newId();
    await repo.createTicket(trx, {
      account_id: accountId,
      id,
      state: 'waiting_agent',
      language: toLanguage(language.split('-')[0]!.toLowerCase(), 'en'),
      created_at: at,
      updated_at: at,
      waiting_since: at,
      solved_at: null,
      rating: null,
      assignee_id: null,
      assignee_name: null,
      preview,
    });
    return id;
  }

  /**
   * Runs the insert; when another request with the same client id won the race (the unique index refuses the second),
   * answers the stored message instead, so a resend never duplicates.
   */
  private async idempotent(accountId: string, clientId: string, author: 'subscriber' | 'agent', write: (trx: Executor) => Promise<Message>): Promise<Message> {
    try {
      return await this.d.db.transaction().execute(write);
    } catch (err) {
      const stored = await repo.messageByClientId(this.d.db, accountId, clientId);
      if (stored) return this.sameMessageRow(stored, author);
      throw err;
    }
  }

  private sameMessageRow(m: Message, author: 'subscriber' | 'agent'): Message {
    // A client id is the sender's: the other side reusing it is a conflict, not a resend.
    if (m.author !== author) throw Conflict('CLIENT_ID_TAKEN', 'This message id is already in use.', 'clientId');
    return m;
  }

  private async sameMessage(m: Message, author: 'subscriber' | 'agent'): Promise<SupportMessage> {
    return (await this.mapMessages(m.account_id, [this.sameMessageRow(m, author)]))[0]!;
  }

  private async ownAttachment(trx: Executor, accountId: string, id: string, by: 'subscriber' | 'agent'): Promise<void> {
    const [a] = await repo.attachmentsByIds(trx, accountId, [id]);
    if (!a || a.uploaded_by !== by) throw NotFound('Attachment not found.');
  }

  private async mapMessages(accountId: string, rows: Message[]): Promise<SupportMessage[]> {
    const ids = [...new Set(rows.map((r) => r.attachment_id).filter((x): x is string => x !== null))];
    const attachments = new Map((await repo.attachmentsByIds(this.d.db, accountId, ids)).map((a) => [a.id, a]));
    return rows.map((r) => toMessage(r, attachments));
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

  private async publishChange(accountId: string, ticketId: string, message: boolean): Promise<void> {
    if (message) await this.publish({ kind: 'message', accountId, ticketId });
    await this.publish({ kind: 'ticket', accountId, ticketId });
  }

  private async publish(event: SupportEvent): Promise<void> {
    await this.d.relay.publish(event);
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
