import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { ContentHasher, contentHashOf } from './dropbox-content-hash.js';
import { headerSafeJson as headerSafeJsonOf } from './dropbox-client.js';

// A local server speaking Dropbox's published HTTP API for what the import uses (test fixture): the OAuth 2 consent
// page and /oauth2/token (authorisation code with PKCE, refresh tokens), /2/auth/token/revoke,
// /2/users/get_current_account, /2/files/list_folder[/continue] with paging and cursors, /2/files/download and
// /2/files/export (argument in Dropbox-API-Arg, result in Dropbox-API-Result), real content_hash, and on demand 429s
// with Retry-After and expiring access tokens. One origin serves the API, content and OAuth hosts.

interface FakeFile {
  id: string;
  pathDisplay: string;
  rev: string;
  /** The bytes, or a size whose bytes are generated on the fly (large files without holding them). */
  bytes: Buffer | null;
  size: number;
  seed: number;
  contentHash: string;
  /** A Paper document: not downloadable, exported. */
  paper: { docx: Buffer } | null;
  modified: string;
}

interface Token {
  accountId: string;
  expiresAt: number;
  revoked: boolean;
}

export interface FakeAccount {
  accountId: string;
  email: string;
  displayName: string;
}

let base: Buffer | null = null;
/** One MiB of fixed pseudo-random bytes that generated files are cut from (made once, on first use). */
function baseBlock(): Buffer {
  if (!base) {
    base = Buffer.alloc(1024 * 1024);
    for (let o = 0; o < base.length; o += 32) createHash('sha256').update(`base:${o}`).digest().copy(base, o);
  }
  return base;
}

/**
 * Deterministic bytes for a generated file, cheap enough for gigabytes: each 256 KiB chunk is a slice of the base
 * block at an offset that depends on the seed and the chunk's index.
 */
export function* generated(seed: number, size: number): Generator<Buffer> {
  const block = baseBlock();
  const chunk = 256 * 1024;
  for (let sent = 0, i = 0; sent < size; i++) {
    const n = Math.min(chunk, size - sent);
    const start = (seed * 7919 + i * 104729) % block.length;
    const out = Buffer.allocUnsafe(n);
    const first = Math.min(n, block.length - start);
    block.copy(out, 0, start, start + first);
    if (first < n) block.copy(out, first, 0, n - first);
    sent += n;
    yield out;
  }
}

export function generatedBytes(seed: number, size: number): Buffer {
  return Buffer.concat([...generated(seed, size)]);
}

const lower = (p: string) => p.toLowerCase();
const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/'));

export class DropboxFakeServer {
  readonly account: FakeAccount = { accountId: `dbid:${randomBytes(12).toString('hex')}`, email: 'dropbox.user@example.com', displayName: 'Deniz Kaya' };
  readonly appKey = 'fake-app-key';
  readonly appSecret = 'fake-app-secret';
  private server: http.Server | null = null;
  base = '';
  private readonly files = new Map<string, FakeFile>();
  private readonly folders = new Map<string, { id: string; pathDisplay: string }>();
  private readonly codes = new Map<string, { challenge: string; redirectUri: string; clientId: string; used: boolean }>();
  private readonly accessTokens = new Map<string, Token>();
  private readonly refreshTokens = new Map<string, { accountId: string; revoked: boolean }>();
  private seq = 0;
  /** Seconds an access token lives. */
  tokenSeconds = 4 * 3600;
  /** Entries per list_folder page unless the call asks for fewer. */
  pageSize = 50;
  /** The next this many calls of a route answer 429 (route as `files/download`). */
  readonly throttle = new Map<string, number>();
  retryAfterSeconds = 1;
  /** What was asked, in order, for assertions: `files/download /a/b.txt`, `auth/token/revoke`, `oauth2/token refresh_token`. */
  readonly calls: string[] = [];
  /** Revoked access tokens. */
  readonly revoked: string[] = [];
  /** Called with the lower-case path before a download or export is answered; may change the content or block. */
  beforeDownload: ((pathLower: string) => Promise<void> | void) | null = null;
  /** Downloads of these lower-case paths send half their bytes and then stall until the server stops. */
  readonly stallAfterHalf = new Set<string>();
  private readonly sockets = new Set<Socket>();

  async start(port = 0): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.json(res, 500, { error_summary: `internal_error/${String(err)}` });
        else res.destroy();
      });
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points the app at this server. */
  env(): Record<string, string> {
    return { DROPBOX_APP_KEY: this.appKey, DROPBOX_APP_SECRET: this.appSecret, DROPBOX_API_URL: this.base, DROPBOX_CONTENT_URL: this.base, DROPBOX_OAUTH_URL: this.base };
  }

  // --- the Dropbox account's content

  addFolder(path: string): void {
    for (let p = path; p !== ''; p = parentOf(p)) {
      if (!this.folders.has(lower(p))) this.folders.set(lower(p), { id: `id:${randomBytes(8).toString('hex')}`, pathDisplay: p });
    }
    this.seq++;
  }

  /** Adds or replaces a file with these bytes (or `{ size, seed }` generated bytes), creating its folders. */
  putFile(path: string, content: Buffer | { size: number; seed: number }): void {
    if (parentOf(path) !== '') this.addFolder(parentOf(path));
    const old = this.files.get(lower(path));
    let hash: string;
    if (Buffer.isBuffer(content)) hash = contentHashOf(content);
    else {
      const h = new ContentHasher();
      for (const b of generated(content.seed, content.size)) h.update(b);
      hash = h.digest();
    }
    this.files.set(lower(path), {
      id: old?.id ?? `id:${randomBytes(8).toString('hex')}`,
      pathDisplay: path,
      rev: randomBytes(8).toString('hex'),
      bytes: Buffer.isBuffer(content) ? content : null,
      size: Buffer.isBuffer(content) ? content.length : content.size,
      seed: Buffer.isBuffer(content) ? 0 : content.seed,
      contentHash: hash,
      paper: null,
      modified: new Date(Date.now() - 1000 * ++this.seq).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
  }

  /** A Paper document (`.paper`): listed as not downloadable, exported as docx/html/markdown. */
  putPaper(path: string, docx: Buffer, html: string): void {
    this.putFile(path, Buffer.from(html));
    const f = this.files.get(lower(path))!;
    f.paper = { docx };
  }

  removeFile(path: string): void {
    this.files.delete(lower(path));
    this.seq++;
  }

  /** Every access token handed out so far stops working with `expired_access_token`. */
  expireTokens(): void {
    for (const t of this.accessTokens.values()) t.expiresAt = 0;
  }

  // --- HTTP

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const route = url.pathname.replace(/^\/2\//, '');
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') return this.consentPage(url, res);
    if (req.method !== 'POST') return this.text(res, 405, 'Method not allowed');
    const body = await readBody(req);
    if (url.pathname === '/oauth2/authorize') return this.decide(new URLSearchParams(body.toString()), res);
    if (url.pathname === '/oauth2/token') {
      // Parameters in the form body or in the query string (Dropbox takes both; its SDK sends the query).
      const form = new URLSearchParams(body.toString());
      for (const [k, v] of url.searchParams) if (!form.has(k)) form.set(k, v);
      return this.token(req, form, res);
    }
    const left = this.throttle.get(route) ?? 0;
    if (left > 0) {
      this.throttle.set(route, left - 1);
      this.calls.push(`429 ${route}`);
      res.setHeader('retry-after', String(this.retryAfterSeconds));
      return this.json(res, 429, { error_summary: 'too_many_requests/...', error: { reason: { '.tag': 'too_many_requests' }, retry_after: this.retryAfterSeconds } });
    }
    const auth = this.bearer(req, res);
    if (!auth) return;
    switch (route) {
      case 'auth/token/revoke': {
        this.calls.push(route);
        this.revoked.push(auth.token);
        auth.entry.revoked = true;
        for (const r of this.refreshTokens.values()) if (r.accountId === auth.entry.accountId) r.revoked = true;
        return this.json(res, 200, null);
      }
      case 'users/get_current_account':
        this.calls.push(route);
        return this.json(res, 200, {
          account_id: this.account.accountId,
          name: { given_name: 'Deniz', surname: 'Kaya', familiar_name: 'Deniz', display_name: this.account.displayName, abbreviated_name: 'DK' },
          email: this.account.email,
          email_verified: true,
          disabled: false,
          locale: 'tr',
          referral_link: 'https://db.tt/fake',
          is_paired: false,
          account_type: { '.tag': 'basic' },
          root_info: { '.tag': 'user', root_namespace_id: '1', home_namespace_id: '1' },
          country: 'TR',
        });
      case 'files/list_folder':
        return this.listFolder(parseJson(body), res);
      case 'files/list_folder/continue':
        return this.listContinue(parseJson(body), res);
      case 'files/download':
      case 'files/export':
        return this.download(route, req, res);
      default:
        return this.text(res, 404, `Unknown API function: "${route}"`);
    }
  }

  private consentPage(url: URL, res: http.ServerResponse): void {
    const p = url.searchParams;
    if (p.get('client_id') !== this.appKey) return this.text(res, 400, 'Invalid client_id');
    if (p.get('response_type') !== 'code' || !p.get('redirect_uri') || p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
      return this.text(res, 400, 'Invalid authorization request');
    }
    const hidden = [...p].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>API Request Authorization - Dropbox</title></head><body>` +
        `<h1>Bulut would like access to the files and folders in your Dropbox.</h1><p>${esc(this.account.email)}</p>` +
        `<form method="post" action="/oauth2/authorize">${hidden}<button name="decision" value="allow">Allow</button>` +
        `<button name="decision" value="deny">Cancel</button></form></body></html>`,
    );
  }

  private decide(p: URLSearchParams, res: http.ServerResponse): void {
    const redirect = new URL(p.get('redirect_uri') ?? '');
    const state = p.get('state');
    if (state) redirect.searchParams.set('state', state);
    if (p.get('decision') !== 'allow') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set('error_description', 'The user chose not to give your app access to their Dropbox account.');
    } else {
      const code = randomBytes(24).toString('base64url');
      this.codes.set(code, { challenge: p.get('code_challenge')!, redirectUri: p.get('redirect_uri')!, clientId: p.get('client_id')!, used: false });
      redirect.searchParams.set('code', code);
    }
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  private token(req: http.IncomingMessage, p: URLSearchParams, res: http.ServerResponse): void {
    // Client credentials in the form or as HTTP Basic (both are accepted by Dropbox).
    let clientId = p.get('client_id');
    let secret = p.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) [clientId, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':') as [string, string];
    const grant = p.get('grant_type');
    this.calls.push(`oauth2/token ${grant}`);
    const fail = (error: string, description: string) => this.json(res, 400, { error, error_description: description });
    if (clientId !== this.appKey) return fail('invalid_client', 'Invalid client_id or client_secret');
    if (secret !== null && secret !== this.appSecret) return fail('invalid_client', 'Invalid client_id or client_secret');
    if (grant === 'authorization_code') {
      const entry = this.codes.get(p.get('code') ?? '');
      if (!entry || entry.used) return fail('invalid_grant', 'code doesn\'t exist or has expired');
      entry.used = true;
      if (entry.redirectUri !== p.get('redirect_uri')) return fail('invalid_grant', 'redirect_uri mismatch');
      const verifier = p.get('code_verifier');
      // PKCE (RFC 7636, S256): a public client proves it started the flow; a confidential one may use its secret instead.
      if (verifier !== null && createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) return fail('invalid_grant', 'invalid code verifier');
      if (verifier === null && secret === null) return fail('invalid_request', 'No auth function available for given request');
      const refresh = `rt.${randomBytes(32).toString('base64url')}`;
      this.refreshTokens.set(refresh, { accountId: this.account.accountId, revoked: false });
      return this.json(res, 200, { ...this.newAccess(), refresh_token: refresh, uid: '12345', account_id: this.account.accountId });
    }
    if (grant === 'refresh_token') {
      const entry = this.refreshTokens.get(p.get('refresh_token') ?? '');
      if (!entry || entry.revoked) return fail('invalid_grant', 'refresh token is invalid or revoked');
      return this.json(res, 200, this.newAccess());
    }
    return fail('unsupported_grant_type', 'grant_type is not supported');
  }

  private newAccess() {
    const token = `sl.${randomBytes(32).toString('base64url')}`;
    this.accessTokens.set(token, { accountId: this.account.accountId, expiresAt: Date.now() + this.tokenSeconds * 1000, revoked: false });
    return { access_token: token, token_type: 'bearer', expires_in: this.tokenSeconds, scope: 'account_info.read files.content.read files.metadata.read' };
  }

  /** Every access and refresh token handed out (to check that none is stored as it was sent). */
  tokensIssued(): string[] {
    return [...this.accessTokens.keys(), ...this.refreshTokens.keys()];
  }

  /** Issues an access token directly (as the App Console's "Generate access token" does). */
  issueAccessToken(): string {
    return this.newAccess().access_token;
  }

  private bearer(req: http.IncomingMessage, res: http.ServerResponse): { token: string; entry: Token } | null {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const entry = m ? this.accessTokens.get(m[1]!) : undefined;
    if (!m || !entry || entry.revoked) {
      this.json(res, 401, { error_summary: 'invalid_access_token/...', error: { '.tag': 'invalid_access_token' } });
      return null;
    }
    if (entry.expiresAt <= Date.now()) {
      this.calls.push('401 expired_access_token');
      this.json(res, 401, { error_summary: 'expired_access_token/...', error: { '.tag': 'expired_access_token' } });
      return null;
    }
    return { token: m[1]!, entry };
  }

  // --- listing: the tree sorted by path (a folder before what it holds), paged by cursor

  private snapshot(path: string, recursive: boolean) {
    const base = lower(path);
    const inside = (p: string) => (base === '' ? true : p.startsWith(`${base}/`)) && (recursive || parentOf(p) === base);
    const entries: Array<Record<string, unknown>> = [];
    for (const [p, f] of this.folders) if (inside(p)) entries.push({ '.tag': 'folder', name: f.pathDisplay.split('/').pop(), path_lower: p, path_display: f.pathDisplay, id: f.id });
    for (const [p, f] of this.files) if (inside(p)) entries.push(this.fileMetadata(p, f));
    return entries.sort((a, b) => (String(a.path_lower) < String(b.path_lower) ? -1 : 1));
  }

  private fileMetadata(p: string, f: FakeFile): Record<string, unknown> {
    return {
      '.tag': 'file',
      name: f.pathDisplay.split('/').pop(),
      path_lower: p,
      path_display: f.pathDisplay,
      id: f.id,
      client_modified: f.modified,
      server_modified: f.modified,
      rev: f.rev,
      size: f.size,
      is_downloadable: f.paper === null,
      ...(f.paper ? { export_info: { export_as: 'html', export_options: ['html', 'markdown', 'docx'] } } : {}),
      content_hash: f.contentHash,
    };
  }

  private listFolder(arg: Record<string, unknown>, res: http.ServerResponse): void {
    const path = typeof arg.path === 'string' ? arg.path : '';
    this.calls.push(`files/list_folder ${path}`);
    if (path !== '' && !this.folders.has(lower(path))) return this.json(res, 409, { error_summary: 'path/not_found/..', error: { '.tag': 'path', path: { '.tag': 'not_found' } } });
    // `limit` is a maximum: Dropbox may answer with fewer entries, as this server does past its page size.
    const limit = typeof arg.limit === 'number' ? Math.min(arg.limit, this.pageSize) : this.pageSize;
    this.page({ path, recursive: arg.recursive === true, limit, after: '' }, res);
  }

  private listContinue(arg: Record<string, unknown>, res: http.ServerResponse): void {
    this.calls.push('files/list_folder/continue');
    let c: { path: string; recursive: boolean; limit: number; after: string };
    try {
      c = JSON.parse(Buffer.from(String(arg.cursor), 'base64url').toString());
    } catch {
      return this.json(res, 409, { error_summary: 'reset/..', error: { '.tag': 'reset' } });
    }
    this.page(c, res);
  }

  /** A page of what comes after the cursor's position: a removal or addition meanwhile shifts nothing already sent. */
  private page(c: { path: string; recursive: boolean; limit: number; after: string }, res: http.ServerResponse): void {
    const rest = this.snapshot(c.path, c.recursive).filter((e) => String(e.path_lower) > c.after);
    const entries = rest.slice(0, c.limit);
    const last = entries.at(-1)?.path_lower ?? c.after;
    const cursor = Buffer.from(JSON.stringify({ ...c, after: last })).toString('base64url');
    this.json(res, 200, { entries, cursor, has_more: rest.length > entries.length });
  }

  // --- content

  private async download(route: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let arg: { path?: string; export_format?: string };
    try {
      arg = JSON.parse(String(req.headers['dropbox-api-arg'] ?? ''));
    } catch {
      return this.text(res, 400, 'Error in call to API function "files/download": Bad HTTP "Dropbox-API-Arg" header');
    }
    const wanted = arg.path ?? '';
    const lookup = (): [string, FakeFile] | null => {
      if (wanted.startsWith('id:')) return [...this.files].find(([, f]) => f.id === wanted) ?? null;
      const f = this.files.get(lower(wanted));
      return f ? [lower(wanted), f] : null;
    };
    await this.beforeDownload?.(lookup()?.[0] ?? lower(wanted));
    const entry = lookup();
    this.calls.push(`${route} ${entry?.[1].pathDisplay ?? wanted}`);
    if (!entry) return this.json(res, 409, { error_summary: 'path/not_found/..', error: { '.tag': 'path', path: { '.tag': 'not_found' } } });
    const [p, f] = entry;
    if (route === 'files/download' && f.paper) return this.json(res, 409, { error_summary: 'unsupported_file/..', error: { '.tag': 'unsupported_file' } });
    if (route === 'files/export') {
      if (!f.paper) return this.json(res, 409, { error_summary: 'non_exportable/..', error: { '.tag': 'non_exportable' } });
      const format = arg.export_format ?? 'html';
      const bytes = format === 'docx' ? f.paper.docx : f.bytes!;
      const name = f.pathDisplay.split('/').pop()!.replace(/\.paper$/, `.${format === 'docx' ? 'docx' : 'html'}`);
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': bytes.length,
        'dropbox-api-result': headerSafeJsonOf({ export_metadata: { name, size: bytes.length, export_hash: contentHashOf(bytes) }, file_metadata: this.fileMetadata(p, f) }),
      });
      res.end(bytes);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': f.size, 'dropbox-api-result': headerSafeJsonOf(this.fileMetadata(p, f)) });
    const source = f.bytes ? Readable.from([f.bytes]) : Readable.from(generated(f.seed, f.size));
    if (this.stallAfterHalf.has(p)) {
      const all = f.bytes ?? generatedBytes(f.seed, f.size);
      res.write(all.subarray(0, Math.floor(all.length / 2)));
      return; // never ends: the connection hangs until the server stops
    }
    source.pipe(res);
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  private text(res: http.ServerResponse, status: number, body: string): void {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(body);
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const v = JSON.parse(body.toString() || 'null');
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
