import * as repo from './support.repository.js';
import { SupportAgentService } from './support.agent.service.js';
import { SupportAttachmentService } from './support.attachment.service.js';
import { SupportCannedService } from './support.canned.service.js';
import { SupportChatService } from './support.chat.service.js';
import { SupportCore, type SupportDeps } from './support.core.js';
import { SupportInboxService } from './support.inbox.service.js';

export { PRESENCE_INTERVAL_MS, type RecordOperatorAction, type SendInput, type SupportDeps } from './support.core.js';

/** The support chat's rules, one part per responsibility, sharing one core (dependencies, message writes, publishing). */
export class SupportService {
  /** The subscriber's side: tokens, session, conversation, sending, read marks, rating, presence. */
  readonly chat: SupportChatService;
  /** The agents' inbox, a ticket's detail and feedback. */
  readonly inbox: SupportInboxService;
  /** An agent's actions in a ticket. */
  readonly agent: SupportAgentService;
  readonly attachments: SupportAttachmentService;
  readonly canned: SupportCannedService;
  private readonly core: SupportCore;

  constructor(d: SupportDeps) {
    this.core = new SupportCore(d);
    this.chat = new SupportChatService(this.core);
    this.inbox = new SupportInboxService(this.core);
    this.agent = new SupportAgentService(this.core);
    this.attachments = new SupportAttachmentService(this.core);
    this.canned = new SupportCannedService(this.core);
  }

  /** Removes the account's chat and its attachments' blobs (account deletion). */
  async purgeAccount(accountId: string): Promise<void> {
    const { db, blobs } = this.core.d;
    for (const { blob_key } of await repo.blobKeysOf(db, accountId)) await blobs.delete(blob_key).catch(() => undefined);
    await repo.purgeAccount(db, accountId);
  }

  async sweepTokens(): Promise<void> {
    await repo.deleteExpiredTokens(this.core.d.db, this.core.d.clock());
  }
}
