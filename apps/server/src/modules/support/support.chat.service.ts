import type { AuthContext } from '../../shared/auth-context.js';
import type { Executor } from '../../infra/db/executor.js';
import { Conflict, Unauthorized, ValidationError } from '../../shared/errors.js';
import { toLanguage } from '../../shared/schemas.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { getById as getAccount } from '../account/account.identity.public.js';
import * as repo from './support.repository.js';
import { isoOf, toTicket, type SupportConversation, type SupportMessage, type SupportTicket } from './support.schemas.js';
import type { Ticket } from './support.table.js';
import { AWAY_AFTER_MS, InvalidSession, NoTicket, REOPEN_WINDOW_MS, SESSION_TTL_MS, TICKET_TTL_MS, type SendInput, type SupportCore } from './support.core.js';

/** The subscriber's side of the chat: the ticket and session tokens, the conversation, sending, read marks, rating, presence. */
export class SupportChatService {
  constructor(private readonly core: SupportCore) {}

  private get d() {
    return this.core.d;
  }

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
    return { ticket: ticket ? toTicket(ticket) : null, messages: await this.core.mapMessages(accountId, rows), lastSeq };
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
    if (existing) return this.core.sameMessage(existing, 'subscriber');
    const at = this.d.clock();
    const account = await getAccount(this.d.db, accountId);
    if (!account) throw InvalidSession();
    let ticketId = '';
    const row = await this.core.idempotent(accountId, input.clientId, 'subscriber', async (trx) => {
      if (input.attachmentId) await this.core.ownAttachment(trx, accountId, input.attachmentId, 'subscriber');
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
    if (ticketId) await this.core.publishChange(accountId, ticketId, true);
    return (await this.core.mapMessages(accountId, [row]))[0]!;
  }

  /** Marks the agent's messages up to `seq` read by the subscriber (the agent sees the read mark). */
  async readBySubscriber(accountId: string, seq: number): Promise<void> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (!ticket || seq <= Number(ticket.subscriber_read_seq)) return;
    const last = await repo.lastVisibleSeq(this.d.db, accountId);
    await repo.updateTicket(this.d.db, accountId, ticket.id, { subscriber_read_seq: Math.min(seq, last) });
    await this.core.publish({ kind: 'ticket', accountId, ticketId: ticket.id });
  }

  async rate(accountId: string, rating: number): Promise<SupportTicket> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (!ticket) throw NoTicket();
    if (ticket.state !== 'solved') throw Conflict('NOT_SOLVED', 'Only a solved ticket can be rated.');
    await repo.updateTicket(this.d.db, accountId, ticket.id, { rating, updated_at: this.d.clock() });
    await this.core.publish({ kind: 'ticket', accountId, ticketId: ticket.id });
    return toTicket({ ...ticket, rating, updated_at: this.d.clock() });
  }

  async subscriberTyping(accountId: string, typing: boolean): Promise<void> {
    const ticket = await repo.latestTicket(this.d.db, accountId);
    if (ticket) await this.core.publish({ kind: 'typing', accountId, ticketId: ticket.id, author: 'subscriber', typing });
  }

  /** The subscriber's current ticket as their chat shows it (a `ticket` frame). */
  async subscriberTicket(accountId: string): Promise<SupportTicket | null> {
    const t = await repo.latestTicket(this.d.db, accountId);
    return t ? toTicket(t) : null;
  }

  /** A chat socket of the subscriber is alive (any instance): agents' replies do not e-mail while it is. */
  markPresent(accountId: string): Promise<void> {
    return repo.markSeen(this.d.db, accountId, this.d.clock());
  }

  async markGone(accountId: string): Promise<void> {
    if (!this.d.hasLocalSubscriberSocket(accountId)) await repo.markSeen(this.d.db, accountId, this.d.clock() - AWAY_AFTER_MS);
  }

  /** The ticket a subscriber's new message belongs to: the current one (reopened within 7 days of solving) or a new one. */
  private async ticketForSubscriberMessage(trx: Executor, current: Ticket | undefined, accountId: string, language: string, at: number, text: string): Promise<string> {
    const preview = text.slice(0, 120);
    const reopenable = current && (current.state !== 'solved' || (current.solved_at !== null && at - Number(current.solved_at) <= REOPEN_WINDOW_MS));
    if (current && reopenable) {
      const waiting = current.state === 'waiting_agent' || current.state === 'open';
      await repo.updateTicket(trx, accountId, current.id, {
        // Its agent owes an answer; a ticket nobody has taken stays (or, reopened, is again) open for anyone.
        state: current.assignee_id ? 'waiting_agent' : 'open',
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
      // Nobody has taken it yet: taking or assigning it makes it wait for that agent, an answer for the subscriber.
      state: 'open',
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
}
