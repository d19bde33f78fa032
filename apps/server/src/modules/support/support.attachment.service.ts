import { Readable } from 'node:stream';
import type { OperatorContext } from '../../shared/operator-context.js';
import { AppError, BadRequest, NotFound, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { ATTACHMENT_MAX_BYTES, cleanName, sniffAttachment } from './support.attachments.js';
import * as repo from './support.repository.js';
import { toAttachment } from './support.schemas.js';
import type { Attachment } from './support.table.js';
import type { SupportCore } from './support.core.js';

/** Chat attachments on both sides: checked by their bytes on upload, handed out only to who may see them. */
export class SupportAttachmentService {
  constructor(private readonly core: SupportCore) {}

  private get d() {
    return this.core.d;
  }

  async upload(accountId: string, by: 'subscriber' | 'agent', bytes: Buffer, name: string | undefined) {
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

  /** An agent's upload into a ticket's conversation (audited). */
  async uploadForTicket(operator: OperatorContext, ticketId: string, bytes: Buffer, name: string | undefined) {
    const ticket = await this.core.ticketOrThrow(ticketId);
    const attachment = await this.upload(ticket.account_id, 'agent', bytes, name);
    await this.d.audit(this.d.db, { operator, action: 'support.attachment.upload', targetKind: 'support', targetId: ticketId, accountId: null, reason: null, after: { size: attachment.size, mime: attachment.mime } });
    return attachment;
  }

  /** An attachment's bytes for the subscriber: theirs, or carried by a visible message of their conversation. */
  async forSubscriber(accountId: string, id: string) {
    const a = await repo.attachmentInConversation(this.d.db, accountId, id, false);
    if (!a) throw NotFound('Attachment not found.');
    return this.open(a);
  }

  async forAgent(operator: OperatorContext, id: string) {
    const a = await repo.attachmentById(this.d.db, id);
    if (!a) throw NotFound('Attachment not found.');
    await this.d.audit(this.d.db, { operator, action: 'support.attachment.view', targetKind: 'support', targetId: a.id, accountId: null, reason: null });
    return this.open(a);
  }

  private async open(a: Attachment) {
    const blob = await this.d.blobs.get(a.blob_key);
    return { name: a.name, mime: a.mime, size: Number(a.size), stream: blob.stream };
  }
}
