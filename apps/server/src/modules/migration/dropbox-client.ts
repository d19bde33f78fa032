import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

// Dropbox's HTTP API as this import uses it (https://www.dropbox.com/developers/documentation/http/documentation):
// RPC calls on the API host, content downloads on the content host with the argument in `Dropbox-API-Arg`.

export interface DropboxEndpoints {
  appKey: string;
  appSecret: string | null;
  apiUrl: string;
  contentUrl: string;
  oauthUrl: string;
}

/** A failure Dropbox answered: its HTTP status and the error's tag path (`path/not_found`, `expired_access_token`). */
export class DropboxError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly summary: string,
  ) {
    super(`Dropbox ${httpStatus}: ${summary}`);
  }
  /** The tag path starts with `prefix` (e.g. `path/not_found`). */
  is(prefix: string): boolean {
    return this.summary.startsWith(prefix);
  }
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ms since the epoch; null when Dropbox gave no expiry. */
  expiresAt: number | null;
  accountId: string | null;
}

/** Where the client gets its access token, and a fresh one when Dropbox says it expired. */
export interface TokenSource {
  access(): Promise<string>;
  refresh(): Promise<string>;
}

export interface FileMetadata {
  '.tag': 'file';
  id: string;
  name: string;
  path_lower: string;
  path_display: string;
  size: number;
  rev: string;
  content_hash?: string;
  is_downloadable?: boolean;
  export_info?: { export_as?: string; export_options?: string[] };
  server_modified?: string;
  client_modified?: string;
}
export interface FolderMetadata {
  '.tag': 'folder';
  id: string;
  name: string;
  path_lower: string;
  path_display: string;
}
export interface DeletedMetadata {
  '.tag': 'deleted';
  name: string;
  path_lower: string;
  path_display: string;
}
export type Metadata = FileMetadata | FolderMetadata | DeletedMetadata;
export interface ListFolderResult {
  entries: Metadata[];
  cursor: string;
  has_more: boolean;
}

/** Dropbox-API-Arg must be ASCII: everything above 0x7e is written as a JSON \u escape (as Dropbox documents). */
export const headerSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 429 and 503 are waited out this many times before a call fails. */
const MAX_WAITS = 10;
const MAX_WAIT_MS = 60_000;
/** A call or a download that sends nothing for this long is abandoned (the job's retry goes on from its cursor). */
const IDLE_MS = 60_000;

async function errorOf(res: Response): Promise<DropboxError> {
  const text = await res.text().catch(() => '');
  let summary = text.slice(0, 300) || res.statusText;
  try {
    const body = JSON.parse(text) as { error_summary?: string; error?: unknown };
    if (typeof body.error_summary === 'string') summary = body.error_summary;
    else if (typeof body.error === 'string') summary = body.error;
  } catch {
    // Dropbox answers some failures (400) in plain text.
  }
  return new DropboxError(res.status, summary);
}

function retryAfterMs(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_WAIT_MS) : 1000;
}

export class DropboxClient {
  constructor(
    private readonly cfg: DropboxEndpoints,
    private readonly tokens: TokenSource,
    /** Called with how long a 429 asked us to wait (progress shows it). */
    private readonly onThrottle: (ms: number) => void = () => {},
  ) {}

  /** An RPC call: JSON in, JSON out. */
  async rpc<T>(route: string, arg: unknown): Promise<T> {
    const res = await this.call((token) =>
      fetch(`${this.cfg.apiUrl}/2/${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(arg),
        signal: AbortSignal.timeout(IDLE_MS),
      }),
    );
    return (await res.json()) as T;
  }

  /** A content-download call (`files/download`, `files/export`): the result from its header, the bytes as a stream. */
  async download<R>(route: string, arg: unknown): Promise<{ result: R; body: Readable; length: number | null }> {
    const idle = new AbortController();
    const timer = setTimeout(() => idle.abort(new Error(`Dropbox sent nothing for ${IDLE_MS / 1000} s`)), IDLE_MS);
    let res: Response;
    try {
      res = await this.call((token) =>
        fetch(`${this.cfg.contentUrl}/2/${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'dropbox-api-arg': headerSafeJson(arg) },
          signal: idle.signal,
        }),
      );
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
    const header = res.headers.get('dropbox-api-result');
    if (!header || !res.body) {
      clearTimeout(timer);
      throw new DropboxError(res.status, 'missing Dropbox-API-Result');
    }
    const length = res.headers.get('content-length');
    // Every chunk restarts the idle timer: a stalled connection fails the file instead of holding the job for ever.
    const source = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    const body = new Transform({
      transform(chunk: Buffer, _enc, done) {
        timer.refresh();
        done(null, chunk);
      },
    });
    source.once('error', (err) => body.destroy(err));
    body.once('close', () => {
      clearTimeout(timer);
      source.destroy();
    });
    return { result: JSON.parse(header) as R, body: source.pipe(body), length: length === null ? null : Number(length) };
  }

  /** Sends with a valid token; waits out 429/503 (Retry-After) and refreshes an expired token once. */
  private async call(send: (token: string) => Promise<Response>): Promise<Response> {
    let refreshed = false;
    let token = await this.tokens.access();
    for (let waits = 0; ; ) {
      const res = await send(token);
      if (res.ok) return res;
      if ((res.status === 429 || res.status === 503) && waits < MAX_WAITS) {
        waits++;
        const ms = retryAfterMs(res);
        await res.body?.cancel().catch(() => {});
        this.onThrottle(ms);
        await sleep(ms);
        continue;
      }
      const err = await errorOf(res);
      if (res.status === 401 && err.is('expired_access_token') && !refreshed) {
        refreshed = true;
        token = await this.tokens.refresh();
        continue;
      }
      throw err;
    }
  }
}

// --- OAuth 2 (authorisation code with PKCE, offline access)

export function authorizeUrl(cfg: DropboxEndpoints, p: { state: string; challenge: string; redirectUri: string }): string {
  const q = new URLSearchParams({
    client_id: cfg.appKey,
    response_type: 'code',
    redirect_uri: p.redirectUri,
    state: p.state,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    token_access_type: 'offline',
  });
  return `${cfg.oauthUrl}/oauth2/authorize?${q.toString()}`;
}

async function tokenCall(cfg: DropboxEndpoints, form: Record<string, string>): Promise<TokenSet & { refreshToken: string | null }> {
  const body = new URLSearchParams({ ...form, client_id: cfg.appKey, ...(cfg.appSecret ? { client_secret: cfg.appSecret } : {}) });
  const res = await fetch(`${cfg.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!res.ok) throw await errorOf(res);
  const t = (await res.json()) as { access_token: string; refresh_token?: string; expires_in?: number; account_id?: string };
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? null,
    expiresAt: typeof t.expires_in === 'number' ? Date.now() + t.expires_in * 1000 : null,
    accountId: t.account_id ?? null,
  };
}

export const exchangeCode = (cfg: DropboxEndpoints, p: { code: string; verifier: string; redirectUri: string }) =>
  tokenCall(cfg, { grant_type: 'authorization_code', code: p.code, code_verifier: p.verifier, redirect_uri: p.redirectUri });

export const refreshAccess = (cfg: DropboxEndpoints, refreshToken: string) => tokenCall(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Revokes the access token (and with it the refresh token) at Dropbox. */
export async function revokeToken(cfg: DropboxEndpoints, accessToken: string): Promise<void> {
  const res = await fetch(`${cfg.apiUrl}/2/auth/token/revoke`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
  if (!res.ok) throw await errorOf(res);
  await res.body?.cancel().catch(() => {});
}

export interface CurrentAccount {
  account_id: string;
  email: string;
  name: { display_name: string };
}
