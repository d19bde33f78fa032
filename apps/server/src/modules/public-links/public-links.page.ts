import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.js';
import type { FileItemDto } from '../files/files.public.js';
import type { PublicLinksService } from './public-links.service.js';

/*
 * The link visitor's page, /sharedFiles?token=… (issue 36): the server answers it whole — the link's name and first
 * items, or its password form, or the one problem page — so it paints before any script ran. The web build's
 * share.html gives the frame (its script and styles, apps/web/src/share/) and share-strings.json the texts of the
 * app's own locale files. Access goes through the same service calls as the visitor API, so the same rules hold.
 */

/** What the web build writes for this page (apps/web/scripts/share-strings.ts). */
export interface ShareStrings {
  languages: Record<string, string>;
  rtl: string[];
  strings: Record<string, Record<string, string>>;
}

export interface SharePageAssets {
  template: string;
  strings: ShareStrings;
}

export interface SharePage {
  status: number;
  html: string;
}

/** Spec: file lists load 50 at a time (the app's listing uses the same page). */
export const PAGE_SIZE = 50;
/** Written by the app when the visitor picks a language (apps/web/src/i18n/languages.ts, same name). */
export const LANGUAGE_COOKIE = 'bulut_lang';
const FALLBACK_LANGUAGE = 'en';
const ROOT_SLOT = '<div id="share-root"></div>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** share.html and its strings from the web build, or null when this build has none (then the app's page serves). */
export function loadSharePageAssets(distDir: string | null): SharePageAssets | null {
  if (!distDir) return null;
  const page = path.join(distDir, 'share.html');
  const strings = path.join(distDir, 'share-strings.json');
  if (!fs.existsSync(page) || !fs.existsSync(strings)) return null;
  const template = fs.readFileSync(page, 'utf8');
  if (!template.includes(ROOT_SLOT)) return null;
  return { template, strings: JSON.parse(fs.readFileSync(strings, 'utf8')) as ShareStrings };
}

/**
 * The visitor's language, as the app picks it on this page: the one they chose (the cookie the app writes beside its
 * stored choice), else the first of the browser's languages we speak, else English.
 */
export function pickLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined, supported: readonly string[]): string {
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  if (chosen && supported.includes(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { base: tag.trim().toLowerCase().split(/[-_]/)[0]!, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => supported.includes(entry.base))?.base ?? FALLBACK_LANGUAGE;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: every name in a link is someone else's input. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const intlLocale = (language: string) => (language === 'ar' ? 'ar-u-nu-arab' : language);
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** The app's formatBytes (apps/web/src/i18n/format.ts): binary multiples, one decimal, the language's digits. */
function formatBytes(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${UNITS[unit]}`;
}

/** The app's formatDateTime pattern, dd.mm.yyyy - hh:mm, in UTC here; the page's script rewrites it in local time. */
function formatDateTime(value: number | string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}.${part.month}.${part.year} - ${part.hour}:${part.minute}`;
}

/** The app's file kinds (apps/web/src/media/thumbnail/file-kind.ts), by content type: enough for a row's label. */
function kindOf(item: FileItemDto): string {
  if (item.folder) return 'folder';
  const type = item.contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/')) return 'text';
  return 'file';
}

const FOLDER_ICON =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 6.5A2.5 2.5 0 0 1 5.5 4h4l2 2h7A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z"/></svg>';
const FILE_ICON =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm7 1.5V9h5.5z"/></svg>';

interface View {
  token: string;
  folder: string | null;
  page: number;
  language: string;
  /** The visitor sent a password proof that no longer opens the link. */
  proofRejected: boolean;
}

/** The renderer of one page in one language; `t` escapes nothing but what it interpolates. */
class Render {
  constructor(
    private readonly assets: SharePageAssets,
    private readonly view: View,
  ) {}

  t(key: string, vars: Record<string, string | number> = {}): string {
    const { strings } = this.assets.strings;
    const text = strings[this.view.language]?.[key] ?? strings[FALLBACK_LANGUAGE]?.[key] ?? key;
    return escapeHtml(text).replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => {
      const value = vars[name];
      if (typeof value === 'number') return escapeHtml(new Intl.NumberFormat(intlLocale(this.view.language)).format(value));
      return escapeHtml(value ?? '');
    });
  }

  href(child: string, extra: Record<string, string | null | undefined> = {}): string {
    const params = new URLSearchParams({ token: this.view.token });
    for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
    return escapeHtml(`/sharedFiles${child ? `/${child}` : ''}?${params}`);
  }

  document(title: string, main: string): string {
    const { language } = this.view;
    const dir = this.assets.strings.rtl.includes(language) ? 'rtl' : 'ltr';
    const options = Object.entries(this.assets.strings.languages)
      .map(([code, name]) => `<option value="${code}"${code === language ? ' selected' : ''} lang="${code}">${escapeHtml(name)}</option>`)
      .join('');
    const header =
      `<header class="sh-header" data-testid="header">` +
      `<a class="sh-brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28"><span>Bulut</span></a>` +
      `<label><span class="sh-visually-hidden">${this.t('common:language')}</span>` +
      `<select data-language data-testid="language-picker" name="lang">${options}</select></label>` +
      `<a class="sh-button" href="${this.href('login')}">${this.t('sharedFiles:sign_in')}</a>` +
      `<a class="sh-button" href="${this.href('signup')}">${this.t('sharedFiles:sign_up')}</a>` +
      `</header>`;
    const body = `<div class="sh-page">${header}<main id="main-content" class="sh-main"><div class="sh-inner">${main}</div></main></div>`;
    return this.assets.template
      .replace(/<html[^>]*>/i, `<html lang="${language}" dir="${dir}">`)
      .replace(/<title>[^<]*<\/title>/i, `<title>${title}</title>`)
      .replace(ROOT_SLOT, body);
  }

  problem(kind: 'notFound' | 'tooMany' | 'error'): string {
    const key = { notFound: 'not_found', tooMany: 'too_many', error: 'error' }[kind];
    const title = this.t(`sharedFiles:${key}_title`);
    return this.document(
      title,
      `<section class="sh-state" aria-labelledby="link-problem-title" data-testid="shared-${kind}">` +
        `<h1 id="link-problem-title" tabindex="-1">${title}</h1><p>${this.t(`sharedFiles:${key}_text`)}</p>` +
        `<a href="/">${this.t('sharedFiles:go_to_bulut')}</a></section>`,
    );
  }

  password(): string {
    const title = this.t('sharedFiles:password_title');
    const expired = this.view.proofRejected ? this.t('sharedFiles:password_expired') : '';
    const messages = {
      'data-msg-required': 'sharedFiles:password_required',
      'data-msg-wrong': 'sharedFiles:password_wrong',
      'data-msg-too-many': 'sharedFiles:password_too_many',
      'data-msg-gone': 'sharedFiles:not_found_text',
      'data-msg-network': 'common:network_error',
    };
    const attrs = Object.entries(messages)
      .map(([attr, key]) => `${attr}="${this.t(key)}"`)
      .join(' ');
    return this.document(
      title,
      `<section class="sh-state" aria-labelledby="share-password-title" data-testid="shared-password">` +
        `<h1 id="share-password-title" tabindex="-1">${title}</h1><p>${this.t('sharedFiles:password_text')}</p>` +
        // Without a script the form cannot send the proof the listing needs: it asks the same page again.
        `<form class="sh-form" data-unlock novalidate ${attrs}>` +
        `<p class="sh-alert" role="alert" data-error${expired ? '' : ' hidden'}>${expired}</p>` +
        `<label for="share-password">${this.t('sharedFiles:password_label')}</label>` +
        `<input id="share-password" type="password" name="password" autocomplete="off" required>` +
        `<button class="sh-button sh-primary" type="submit">${this.t('sharedFiles:password_submit')}</button>` +
        `</form></section>`,
    );
  }

  row(item: FileItemDto): string {
    const kind = kindOf(item);
    const label = `${escapeHtml(item.name)}, ${this.t(`files:kind_${kind}`)}`;
    const href = item.folder
      ? this.href('', { folder: item.uuid })
      : this.href('preview', { uuid: item.uuid, folder: this.view.folder });
    const thumb = item.smallThumbnailUrl ?? item.thumbnailUrl;
    // Same origin (the signed thumbnail route) or https (a store's signed URL): what the app's rows also show.
    const picture = thumb && ((thumb.startsWith('/') && !thumb.startsWith('//')) || thumb.startsWith('https://'))
      ? `<img class="sh-thumb" src="${escapeHtml(thumb)}" alt="" width="40" height="40" loading="lazy" decoding="async" data-testid="file-thumbnail">`
      : `<span class="sh-icon${item.folder ? ' sh-icon-folder' : ''}">${item.folder ? FOLDER_ICON : FILE_ICON}</span>`;
    const when = item.lastModifiedDate || item.createdDate;
    const details = item.folder
      ? ''
      : `<span class="sh-detail" dir="ltr">${escapeHtml(formatBytes(item.bytes, this.view.language))}</span>` +
        (when
          ? `<time class="sh-detail sh-date" dir="ltr" data-local datetime="${new Date(when).toISOString()}">${escapeHtml(formatDateTime(when, this.view.language))}</time>`
          : '') +
        `<button type="button" class="sh-button sh-row-download" data-download="${escapeHtml(item.uuid)}" hidden aria-label="${this.t('sharedFiles:download')}: ${escapeHtml(item.name)}">${this.t('sharedFiles:download')}</button>`;
    return (
      `<li class="sh-row" data-testid="file-row" aria-label="${label}" data-name="${escapeHtml(item.name)}">` +
      `<a class="sh-open" href="${href}">${picture}<span class="sh-name"><bdi>${escapeHtml(item.name)}</bdi></span></a>${details}</li>`
    );
  }

  listing(
    link: Awaited<ReturnType<PublicLinksService['describe']>>,
    page: { fileList: FileItemDto[]; totalCount: number; folder: { uuid: string; name: string } | null; path: { uuid: string; name: string }[] } | null,
  ): string {
    const { language, folder } = this.view;
    const meta = [
      this.t('sharedFiles:shared_by', { name: link.ownerName }),
      this.t('sharedFiles:item_count', { count: link.itemCount }),
      link.expirationDate
        ? this.t('sharedFiles:expires', { date: '\u0000' }).replace(
            '\u0000',
            `<time dir="ltr" data-local datetime="${escapeHtml(link.expirationDate)}">${escapeHtml(formatDateTime(link.expirationDate, language))}</time>`,
          )
        : null,
    ]
      .filter(Boolean)
      .map((part) => `<span>${part}</span>`)
      .join('');
    const card =
      `<section class="sh-card" aria-labelledby="shared-link-name" data-testid="shared-files-screen">` +
      `<div class="sh-title"><h1 id="shared-link-name" tabindex="-1"><bdi>${escapeHtml(link.name)}</bdi></h1><p class="sh-meta">${meta}</p></div>` +
      (link.itemCount > 0
        ? `<div class="sh-actions">` +
          // Saving needs an account: the full app takes over (sign-in or sign-up, then the save) at this route.
          `<a class="sh-button sh-primary" href="${this.href('save')}" data-testid="save-to-bulut">${this.t('sharedFiles:save_to_bulut')}</a>` +
          `<button type="button" class="sh-button" data-download hidden data-testid="shared-download">${this.t('sharedFiles:download_all')}</button>` +
          `</div>`
        : '') +
      `</section>` +
      `<p class="sh-alert" role="alert" data-download-error hidden>${this.t('sharedFiles:download_error')}</p>` +
      `<p class="sh-note">${this.t('sharedFiles:banner_text')}</p>`;

    if (!page) {
      return this.document(
        escapeHtml(link.name),
        card +
          `<section class="sh-state" data-testid="shared-folder-gone"><h2>${this.t('sharedFiles:folder_gone_title')}</h2>` +
          `<p>${this.t('sharedFiles:folder_gone_text')}</p><a href="${this.href('')}">${this.t('sharedFiles:back_to_link')}</a></section>`,
      );
    }

    // Crumbs from the link's root down to the opened folder; a link to one folder starts at that folder.
    const crumbs = page.path.map((entry) => ({ uuid: entry.uuid, name: entry.name }));
    if (page.folder && crumbs.at(-1)?.uuid !== page.folder.uuid) crumbs.push(page.folder);
    const rootLabel = link.isFolder ? escapeHtml(crumbs[0]?.name ?? link.name) : this.t('sharedFiles:title');
    const belowRoot = link.isFolder ? crumbs.slice(1) : crumbs;
    const trail = [{ label: rootLabel, href: this.href('') }, ...belowRoot.map((c) => ({ label: escapeHtml(c.name), href: this.href('', { folder: c.uuid }) }))];
    const nav =
      `<nav class="sh-crumbs" aria-label="${this.t('files:breadcrumb')}"><ol>` +
      trail
        .map((c, i) => (i === trail.length - 1 ? `<li aria-current="page"><bdi>${c.label}</bdi></li>` : `<li><a href="${c.href}"><bdi>${c.label}</bdi></a></li>`))
        .join('') +
      `</ol></nav>`;

    let content: string;
    if (page.fileList.length === 0 && this.view.page === 0) {
      content =
        `<section class="sh-state" data-testid="shared-empty"><h2>${this.t('sharedFiles:empty_title')}</h2>` +
        `<p>${this.t('sharedFiles:empty_text')}</p></section>`;
    } else {
      const prev = this.view.page > 0 ? `<a rel="prev" href="${this.href('', { folder, page: String(this.view.page - 1) })}">${this.t('sharedFiles:previous_page')}</a>` : '';
      const more = (this.view.page + 1) * PAGE_SIZE < page.totalCount;
      const next = more ? `<a rel="next" class="sh-button" href="${this.href('', { folder, page: String(this.view.page + 1) })}">${this.t('sharedFiles:next_page')}</a>` : '';
      content =
        `<ul class="sh-list" aria-label="${this.t('sharedFiles:list_label')}" data-list>${page.fileList.map((item) => this.row(item)).join('')}</ul>` +
        (prev || next ? `<nav class="sh-pager" aria-label="${this.t('sharedFiles:pages_label')}" data-pager>${prev}${next}</nav>` : '');
    }
    return this.document(escapeHtml(link.name), card + nav + content);
  }
}

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

/**
 * GET /sharedFiles?token=…[&folder=…][&page=…]: the status and HTML for this visitor. Unknown, expired, revoked and
 * malformed links are all the one problem page with 404, as the API answers them; a password link is its form (200)
 * until the request carries a proof (the page's script sends X-Share-Unlock, the app's header).
 */
export function sharedFilesPage(links: PublicLinksService, assets: SharePageAssets) {
  const supported = Object.keys(assets.strings.languages);
  return async (req: FastifyRequest): Promise<SharePage> => {
    const query = req.query as Record<string, unknown>;
    const token = single(query.token) ?? '';
    const folderParam = single(query.folder) || null;
    const pageParam = Number(single(query.page) ?? '0');
    const unlock = single(req.headers['x-share-unlock']);
    const view: View = {
      token,
      folder: folderParam,
      page: Number.isInteger(pageParam) && pageParam >= 0 && pageParam <= 1_000_000 ? pageParam : 0,
      language: pickLanguage(req.headers.cookie, single(req.headers['accept-language']), supported),
      proofRejected: false,
    };
    const render = new Render(assets, view);
    if (!token || token.length > 200 || (unlock !== undefined && (unlock.length === 0 || unlock.length > 400))) {
      return { status: 404, html: render.problem('notFound') };
    }
    try {
      const link = await links.open({ 'x-share-token': token, 'x-share-unlock': unlock });
      const described = await links.describe(link);
      if (folderParam && !UUID.test(folderParam)) return { status: 404, html: render.listing(described, null) };
      try {
        const page = await links.files(link, { parentFolderUuid: folderParam ?? undefined, page: view.page, size: PAGE_SIZE, sortBy: 'name', sortOrder: 'ASC' });
        return { status: 200, html: render.listing(described, page) };
      } catch (err) {
        if (err instanceof AppError && err.httpStatus === 404 && folderParam) return { status: 404, html: render.listing(described, null) };
        throw err;
      }
    } catch (err) {
      if (err instanceof AppError && err.status === 'SHARE_PASSWORD_REQUIRED') {
        view.proofRejected = unlock !== undefined;
        return { status: 200, html: render.password() };
      }
      if (err instanceof AppError && err.httpStatus === 404) return { status: 404, html: render.problem('notFound') };
      if (err instanceof AppError && err.httpStatus === 429) return { status: 429, html: render.problem('tooMany') };
      req.log.error({ err }, 'shared files page failed');
      return { status: 500, html: render.problem('error') };
    }
  };
}
