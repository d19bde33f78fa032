import './share.css';
import { readUnlock, storeUnlock } from '@/features/link-visitor/share-unlock.public';
import { intlLocale } from '@/i18n/intl';
import { isSupportedLanguage, LANGUAGE_COOKIE, writeLanguageCookie } from '@/i18n/languages';
import { isSafeUrl } from '@/lib/safe-url';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

/*
 * The link visitor's light page (issue 36). The server sends it whole — the link's name and first items, or its
 * password form or problem page, in the visitor's language — and every link on it works without this script. The
 * script only adds what needs a call: download, the password, the language picker, moving between folders and
 * pages without a reload (and with the password proof, which only a call can send). Its texts come from the page.
 */

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const main = () => document.getElementById('main-content');

function visitorHeaders(): Record<string, string> {
  const unlock = token ? readUnlock(token) : null;
  return unlock ? { 'x-share-token': token, 'x-share-unlock': unlock } : { 'x-share-token': token };
}

/** A chosen language the server did not render in (chosen before the cookie existed): tell it, and ask again. */
function syncLanguage(): boolean {
  const stored = readStorage(storageKeys.language);
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1];
  if (!isSupportedLanguage(stored) || stored === document.documentElement.lang || cookie === stored) return false;
  writeLanguageCookie(stored);
  // Only when the cookie stuck: a browser that refuses cookies would otherwise reload for ever.
  if (!document.cookie.includes(`${LANGUAGE_COOKIE}=${stored}`)) return false;
  window.location.reload();
  return true;
}

function chooseLanguage(select: HTMLSelectElement) {
  select.addEventListener('change', () => {
    if (!isSupportedLanguage(select.value)) return;
    writeStorage(storageKeys.language, select.value);
    writeLanguageCookie(select.value);
    window.location.reload();
  });
}

/** Dates come as the server's UTC; the visitor reads them in their own time zone, in the page's pattern. */
function localDates(root: ParentNode) {
  const lang = document.documentElement.lang;
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-local]')) {
    const date = new Date(time.dateTime);
    if (Number.isNaN(date.getTime())) continue;
    const format = new Intl.DateTimeFormat(intlLocale(lang), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    time.textContent = `${part.day}.${part.month}.${part.year} - ${part.hour}:${part.minute}`;
  }
}

/** Thumbnails say when they have loaded (the app's rows do the same; tests and styles read it). */
function watchThumbnails(root: ParentNode) {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-testid="file-thumbnail"]')) {
    const done = () => (img.dataset.state = img.naturalWidth > 0 ? 'loaded' : 'error');
    if (img.complete && img.naturalWidth > 0) done();
    else {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }
  }
}

/** The page for `url` as the server renders it for this visitor (with the password proof, if any). */
async function fetchPage(url: string): Promise<Document> {
  // The token is in the URL; only the proof needs the header (the server reads it like the API's).
  const unlock = token ? readUnlock(token) : null;
  const response = await fetch(url, { headers: { accept: 'text/html', ...(unlock ? { 'x-share-unlock': unlock } : {}) }, credentials: 'same-origin' });
  const html = await response.text();
  return new DOMParser().parseFromString(html, 'text/html');
}

function swapIn(page: Document) {
  const next = page.getElementById('main-content');
  const current = main();
  if (!next || !current) throw new Error('no main content');
  current.replaceWith(document.adoptNode(next));
  document.title = page.title;
  enhance(main()!);
}

async function navigate(url: string, push: boolean) {
  try {
    swapIn(await fetchPage(url));
    if (push) window.history.pushState(null, '', url);
    document.documentElement.scrollTop = 0;
    main()?.querySelector<HTMLElement>('h1, [data-focus]')?.focus({ preventScroll: true });
  } catch {
    window.location.assign(url);
  }
}

/** The next page's rows join this list (its own pager replaces this one), as the app's listing grows. */
async function appendNextPage(link: HTMLAnchorElement) {
  try {
    const page = await fetchPage(link.href);
    const list = main()?.querySelector('[data-list]');
    const rows = page.querySelector('[data-list]');
    const pager = link.closest('[data-pager]');
    if (!list || !rows || !pager) throw new Error('no list');
    const first = rows.firstElementChild as HTMLElement | null;
    list.append(...[...rows.children].map((row) => document.adoptNode(row)));
    const nextPager = page.querySelector('[data-pager]');
    // Earlier pages are on screen already: only the way further on stays.
    nextPager?.querySelector('[rel="prev"]')?.remove();
    if (nextPager && nextPager.querySelector('[rel="next"]')) pager.replaceWith(document.adoptNode(nextPager));
    else pager.remove();
    enhance(main()!);
    first?.querySelector<HTMLElement>('a')?.focus();
  } catch {
    window.location.assign(link.href);
  }
}

async function download(button: HTMLButtonElement) {
  const uuid = button.dataset.download;
  const failure = document.querySelector<HTMLElement>('[data-download-error]');
  if (failure) failure.hidden = true;
  button.disabled = true;
  try {
    const response = await fetch('/api/share/visitor/download', {
      method: 'POST',
      headers: { ...visitorHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify(uuid ? { uuids: [uuid] } : {}),
    });
    if (!response.ok) throw new Error(String(response.status));
    const { url } = (await response.json()) as { url: string };
    if (!isSafeUrl(url)) throw new Error('unsafe url');
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = '';
    anchor.rel = 'noopener';
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } catch {
    if (failure) failure.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function passwordForm(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[type="password"]')!;
  const error = form.querySelector<HTMLElement>('[data-error]')!;
  const say = (message: string | undefined) => {
    error.textContent = message ?? '';
    error.hidden = !message;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!input.value) {
      say(form.dataset.msgRequired);
      input.focus();
      return;
    }
    say(undefined);
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    void (async () => {
      try {
        const response = await fetch('/api/share/visitor/unlock', {
          method: 'POST',
          headers: { 'x-share-token': token, 'content-type': 'application/json' },
          body: JSON.stringify({ password: input.value }),
        });
        if (response.ok) {
          storeUnlock(token, ((await response.json()) as { unlock: string }).unlock);
          await navigate(window.location.href, false);
          return;
        }
        say(response.status === 429 ? form.dataset.msgTooMany : response.status === 404 ? form.dataset.msgGone : form.dataset.msgWrong);
      } catch {
        say(form.dataset.msgNetwork);
      }
      input.value = '';
      input.focus();
      if (submit) submit.disabled = false;
    })();
  });
}

/** Links to this page (other folders, other pages of the list) stay on it: one call, not a new page. */
function isOwnPage(link: HTMLAnchorElement) {
  return link.origin === window.location.origin && link.pathname === window.location.pathname && !link.target && !link.hasAttribute('download');
}

/** Each element once: appended rows come with the ones already on the page. */
function once<T extends HTMLElement>(element: T, bind: (element: T) => void) {
  if (element.dataset.bound) return;
  element.dataset.bound = 'true';
  bind(element);
}

function enhance(root: HTMLElement) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-download]')) {
    once(button, () => {
      button.hidden = false;
      button.addEventListener('click', () => void download(button));
    });
  }
  const form = root.querySelector<HTMLFormElement>('form[data-unlock]');
  if (form) once(form, passwordForm);
  localDates(root);
  watchThumbnails(root);
}

function start() {
  if (syncLanguage()) return;
  const picker = document.querySelector<HTMLSelectElement>('select[data-language]');
  if (picker) chooseLanguage(picker);
  const root = main();
  if (!root) return;
  enhance(root);
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!main()?.contains(link) || !isOwnPage(link)) return;
    event.preventDefault();
    if (link.rel === 'next' && link.closest('[data-pager]')) void appendNextPage(link);
    else void navigate(link.href, true);
  });
  window.addEventListener('popstate', () => void navigate(window.location.href, false));
  // A password link this tab unlocked before: the server could not know; show its content at once.
  if (root.querySelector('form[data-unlock]') && token && readUnlock(token)) void navigate(window.location.href, false);
}

start();
