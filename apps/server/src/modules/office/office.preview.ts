import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import { BlobNotFoundError } from '../../infra/blob-store/blob-store.js';
import * as files from '../files/files.public.js';
import { MediaDecodeError, previewKey, renderImage, smallThumbKey, thumbKey, type Rendered } from '../media/media.public.js';
import { ConvertError, convert, firstPage, hasTool, withWorkDir, writeInput } from './office.convert.js';
import { extensionOf } from './office.formats.js';

export const OFFICE_PREVIEW_JOB = 'office.preview';

/** Documents LibreOffice turns into a PDF for their preview (the legacy binary formats too: it reads them). */
const CONVERTIBLE = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt', 'rtf']);
/** The first page is rendered this long on its long side; thumbnails are cut from it. */
const PAGE_LONG_SIDE = 1440;

const isPdf = (name: string, contentType: string) => extensionOf(name) === 'pdf' || contentType.toLowerCase() === 'application/pdf';

/** Whether a new file gets a first-page preview: PDFs and the office formats above. */
export const needsDocumentPreview = (name: string, contentType: string): boolean => isPdf(name, contentType) || CONVERTIBLE.has(extensionOf(name));

/**
 * Thumbnails and a preview of a document's first page, made in a job (never on a request): LibreOffice converts an
 * office file to PDF, pdftoppm renders its first page, and the media pipeline cuts the same WebP thumbnails and preview
 * a photo gets. Without the tools, or for a document they cannot read, the file keeps its type icon; nothing fails.
 */
export class OfficePreviews {
  constructor(private readonly d: { db: Kysely<DB>; blobs: BlobStore; logger: FastifyBaseLogger }) {}

  /** Whether this machine can make previews of this kind of file. */
  static canPreview(name: string, contentType: string): boolean {
    if (!needsDocumentPreview(name, contentType) || !hasTool('pdftoppm')) return false;
    return isPdf(name, contentType) || hasTool('soffice');
  }

  async process(fileId: string): Promise<void> {
    const file = await files.getByIdUnscoped(this.d.db, fileId);
    if (!file?.blob_key || file.is_folder === 1 || file.status !== 'ACTIVE') return;
    if (!OfficePreviews.canPreview(file.name, file.content_type)) return;
    const blobKey = file.blob_key;
    let page: Buffer;
    try {
      page = await withWorkDir(async (dir) => {
        const pdf = isPdf(file.name, file.content_type);
        const input = await writeInput(dir, `document.${pdf ? 'pdf' : extensionOf(file.name)}`, (await this.d.blobs.get(blobKey)).stream);
        return firstPage(pdf ? input : await convert(input, 'pdf', dir), dir, PAGE_LONG_SIDE);
      });
    } catch (err) {
      if (err instanceof BlobNotFoundError) return;
      if (!(err instanceof ConvertError)) throw err;
      this.d.logger.info({ fileId, reason: err.message }, 'document preview not made');
      return;
    }
    let rendered: Rendered;
    try {
      rendered = await renderImage({ bytes: page });
    } catch (err) {
      if (!(err instanceof MediaDecodeError)) throw err;
      this.d.logger.info({ fileId, reason: err.message }, 'document preview not made');
      return;
    }
    const keys = { thumb_key: thumbKey(file.account_id, file.id), small_thumb_key: smallThumbKey(file.account_id, file.id), preview_key: previewKey(file.account_id, file.id) };
    const put = (key: string, bytes: Buffer) => this.d.blobs.put(key, Readable.from([bytes]), { contentType: 'image/webp' });
    await put(keys.thumb_key, rendered.thumb);
    await put(keys.small_thumb_key, rendered.small);
    await put(keys.preview_key, rendered.preview);
    // Deleted meanwhile: nothing will purge what we wrote, so remove it now.
    if (!(await files.saveMediaFacts(this.d.db, file.id, keys))) await Promise.all(Object.values(keys).map((k) => this.d.blobs.delete(k)));
  }
}
