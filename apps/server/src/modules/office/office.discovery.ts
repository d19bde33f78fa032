// A WOPI client's discovery document (Collabora Online, ONLYOFFICE, Office Online): which editor URL opens which
// file extension. Read from OFFICE_WOPI_URL + /hosting/discovery, kept for an hour.

export interface WopiAction {
  app: string;
  name: string;
  ext: string;
  urlsrc: string;
}

const CACHE_MS = 60 * 60_000;
const FETCH_TIMEOUT_MS = 10_000;

const unescapeXml = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) out[m[1]!] = unescapeXml(m[3] ?? m[4] ?? '');
  return out;
}

/** Every <action> of every <app>, in document order. */
export function parseDiscovery(xml: string): WopiAction[] {
  const actions: WopiAction[] = [];
  for (const app of xml.matchAll(/<app\b([^>]*)>([\s\S]*?)<\/app>/g)) {
    const appName = attributes(app[1]!).name ?? '';
    for (const action of app[2]!.matchAll(/<action\b([^>]*?)\/?>/g)) {
      const a = attributes(action[1]!);
      if (a.urlsrc) actions.push({ app: appName, name: a.name ?? '', ext: (a.ext ?? '').toLowerCase(), urlsrc: a.urlsrc });
    }
  }
  return actions;
}

/** The editor URL for a file: its action's urlsrc without the optional <placeholders>, with WOPISrc added. */
export function editorUrl(actions: readonly WopiAction[], ext: string, contentType: string, mode: 'edit' | 'view', wopiSrc: string): string | null {
  const order = mode === 'edit' ? ['edit', 'view'] : ['view', 'edit'];
  const matches = actions.filter((a) => (a.ext !== '' && a.ext === ext) || (a.ext === '' && a.app === contentType));
  const action = order.map((name) => matches.find((a) => a.name === name)).find((a) => a !== undefined);
  if (!action) return null;
  const base = action.urlsrc.replace(/<[^>]*>/g, '').replace(/[?&]+$/, '');
  return `${base}${base.includes('?') ? '&' : '?'}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}

export class WopiDiscovery {
  private cached: { at: number; actions: WopiAction[] } | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async actions(): Promise<WopiAction[]> {
    if (this.cached && this.clock() - this.cached.at < CACHE_MS) return this.cached.actions;
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/hosting/discovery`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`WOPI discovery answered ${res.status}`);
    const actions = parseDiscovery(await res.text());
    this.cached = { at: this.clock(), actions };
    return actions;
  }
}
