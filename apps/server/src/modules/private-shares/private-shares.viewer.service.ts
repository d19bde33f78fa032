import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { actingFor } from '../../shared/access/acting-account.js';
import { AccessPolicy } from '../../shared/access/access-policy.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { Language } from '../../shared/schemas.js';
import { now } from '../../shared/time.js';
import * as files from '../files/files.public.js';
import type { DerivativeLinks, FileRow } from '../files/files.public.js';
import { languageOf, shareTexts } from './private-shares.messages.js';
import * as repo from './private-shares.repository.js';

export interface ViewerPage {
  status: 200 | 404 | 410;
  html: string;
  csp: string;
}

/** Signs a short-lived inline URL of a file's bytes (the download module's signed file links). */
export interface InlineLinks {
  createUrls(auth: AuthContext, items: ReadonlyArray<{ projectId: string; uuid: string }>): Promise<Array<{ inlineUrl: string }>>;
}

export interface PrivateSharesViewerDeps {
  db: Kysely<DB>;
  media: DerivativeLinks;
  inline: InlineLinks;
}

/**
 * The page is shown in a sandboxed frame: no script, no form, no same-origin power; it may only load our signed media.
 * `sandbox` without allow-scripts, and nothing but images, media, objects and inline style.
 */
const CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; object-src 'self'; frame-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const RTL: ReadonlySet<Language> = new Set(['ar']);

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}" dir="${RTL.has(lang) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex, nofollow">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>html,body{margin:0;height:100%;background:#111;color:#eee;font:16px/1.5 system-ui,sans-serif}
main{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100%;box-sizing:border-box;padding:16px}
img,video{max-width:100%;max-height:100vh;object-fit:contain}object{width:100%;height:100vh;border:0;background:#fff}
audio{width:min(600px,100%)}h1{font-size:1.4em;margin:0 0 8px}p{margin:0;max-width:40em;text-align:center}</style>
</head><body><main>${body}</main></body></html>`;
}

/** The shared-content viewer: one shared item rendered as a complete HTML page, or a page saying why not. */
export class PrivateSharesViewerService {
  private readonly policy: AccessPolicy;

  constructor(private readonly d: PrivateSharesViewerDeps) {
    this.policy = new AccessPolicy(d.db);
  }

  async render(auth: AuthContext, ids: { uuid: string; projectId?: string }, language?: string): Promise<ViewerPage> {
    const lang = languageOf(language);
    // The same question every route asks; answered here so that a refusal is a page, not JSON.
    const granted = await this.policy.checkAccess(auth, 'file.read', [ids.uuid]);
    if (!granted.has(ids.uuid)) return this.failure(lang, await this.whyNot(auth, ids.uuid));
    const scope = await actingFor(this.d.db, auth, ids.uuid);
    const row = await files.getById(this.d.db, scope.accountId, ids.uuid);
    if (!row || row.status !== 'ACTIVE' || (ids.projectId !== undefined && ids.projectId !== scope.projectId)) {
      return this.failure(lang, 'notFound');
    }
    return { status: 200, csp: CSP, html: page(lang, row.name, await this.body(scope, row)) };
  }

  private async body(scope: AuthContext, row: FileRow): Promise<string> {
    const name = escape(row.name);
    const { previewUrl, thumbnailUrl } = this.d.media.urls(row);
    const type = row.content_type.toLowerCase();
    if (type.startsWith('image/') && (previewUrl ?? thumbnailUrl)) return `<img src="${escape((previewUrl ?? thumbnailUrl)!)}" alt="${name}">`;
    if (row.is_folder === 1) return `<h1>${name}</h1>`;
    const [link] = await this.d.inline.createUrls(scope, [{ projectId: scope.projectId, uuid: row.id }]);
    const src = escape(link!.inlineUrl);
    if (type.startsWith('video/')) {
      const poster = previewUrl ? ` poster="${escape(previewUrl)}"` : '';
      return `<video controls playsinline preload="metadata"${poster} src="${src}"></video>`;
    }
    if (type.startsWith('audio/')) return `<h1>${name}</h1><audio controls src="${src}"></audio>`;
    // A document with a rendered preview shows it; PDF and text go to the browser's own viewer, without script.
    if (row.document_type !== null && row.document_type !== 'PDF' && previewUrl) return `<img src="${escape(previewUrl)}" alt="${name}">`;
    const shown = type === 'application/pdf' || type.startsWith('text/') ? (type.startsWith('text/') ? 'text/plain' : type) : null;
    if (shown) return `<object data="${src}" type="${shown}" aria-label="${name}"><p>${name}</p></object>`;
    return `<h1>${name}</h1>`;
  }

  /** Why an item is refused: a share of the caller's on it (or above it) that ended tells; otherwise not found. */
  private async whyNot(auth: AuthContext, uuid: string): Promise<'notFound' | 'expired' | 'removed'> {
    const shares = await repo.sharesAbove(this.d.db, auth.accountId, uuid);
    if (shares.some((s) => s.removed_at !== null)) return 'removed';
    const at = now();
    if (shares.some((s) => s.expires_at !== null && Number(s.expires_at) <= at)) return 'expired';
    return 'notFound';
  }

  private failure(lang: Language, why: 'notFound' | 'expired' | 'removed'): ViewerPage {
    const t = shareTexts(lang)[why];
    return {
      status: why === 'notFound' ? 404 : 410,
      csp: CSP,
      html: page(lang, t.title, `<h1>${escape(t.title)}</h1><p>${escape(t.text)}</p>`),
    };
  }
}
