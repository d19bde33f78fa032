import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuditEntryInput } from '../audit/audit.public.js';
import { Conflict, NotFound, Unauthorized } from '../../shared/errors.js';
import type { SupportEvent, SupportRelay } from './support.relay.js';
import * as repo from './support.repository.js';
import { toMessage, type SupportMessage } from './support.schemas.js';
import type { Message, Ticket } from './support.table.js';

export const TICKET_TTL_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A solved ticket reopens when the subscriber writes again within this long; later it starts a new ticket. */
export const REOPEN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** A chat socket refreshes its presence this often; without a refresh for AWAY_AFTER_MS the subscriber is away. */
export const PRESENCE_INTERVAL_MS = 20_000;
export const AWAY_AFTER_MS = 45_000;

export type RecordOperatorAction = (db: Executor, entry: AuditEntryInput) => Promise<void>;

export const NoTicket = () => NotFound('Ticket not found.');
export const InvalidSession = () => Unauthorized('The chat session has expired. Open the chat again.', 'INVALID_SESSION');

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

/** What both sides of the chat share: the dependencies, idempotent message writes, mapping and publishing. */
export class SupportCore {
  constructor(readonly d: SupportDeps) {}

  async ticketOrThrow(id: string): Promise<Ticket> {
    const ticket = await repo.ticketById(this.d.db, id);
    if (!ticket) throw NoTicket();
    return ticket;
  }

  /**
   * Runs the insert; when another request with the same client id won the race (the unique index refuses the second),
   * answers the stored message instead, so a resend never duplicates.
   */
  async idempotent(accountId: string, clientId: string, author: 'subscriber' | 'agent', write: (trx: Executor) => Promise<Message>): Promise<Message> {
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

  async sameMessage(m: Message, author: 'subscriber' | 'agent'): Promise<SupportMessage> {
    return (await this.mapMessages(m.account_id, [this.sameMessageRow(m, author)]))[0]!;
  }

  async ownAttachment(trx: Executor, accountId: string, id: string, by: 'subscriber' | 'agent'): Promise<void> {
    const [a] = await repo.attachmentsByIds(trx, accountId, [id]);
    if (!a || a.uploaded_by !== by) throw NotFound('Attachment not found.');
  }

  async mapMessages(accountId: string, rows: Message[]): Promise<SupportMessage[]> {
    const ids = [...new Set(rows.map((r) => r.attachment_id).filter((x): x is string => x !== null))];
    const attachments = new Map((await repo.attachmentsByIds(this.d.db, accountId, ids)).map((a) => [a.id, a]));
    return rows.map((r) => toMessage(r, attachments));
  }

  async publishChange(accountId: string, ticketId: string, message: boolean): Promise<void> {
    if (message) await this.publish({ kind: 'message', accountId, ticketId });
    await this.publish({ kind: 'ticket', accountId, ticketId });
  }

  async publish(event: SupportEvent): Promise<void> {
    await this.d.relay.publish(event);
  }
}
