import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { assertWritable } from '../../shared/access.js';
import { AppError, BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import type { SecretBox } from '../../shared/totp.js';
import { QuotaExceeded } from '../account/account.quota.public.js';
import { getById as getAccount } from '../account/account.support.public.js';
import {
  authorizeUrl,
  DropboxClient,
  DropboxError,
  exchangeCode,
  refreshAccess,
  revokeToken,
  type CurrentAccount,
  type DropboxEndpoints,
  type ListFolderResult,
  type TokenSet,
  type TokenSource,
} from './dropbox-client.js';
import * as repo from './migration.repository.js';
import type { DropboxConnectionRow, DropboxImportRow } from './migration.table.js';
import type { ConnectBody, MigrationStatusDto } from './migration.schemas.js';
import type { FailureReason } from './migration.messages.js';

export const DROPBOX_IMPORT_JOB = 'migration.dropbox-import';
/** An authorisation started longer ago than this is refused at connect. */
const AUTHORIZE_TTL_MS = 15 * 60_000;
/** Refresh a little before Dropbox's expiry rather than take the 401. */
const EXPIRY_MARGIN_MS = 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const FeatureOff = () => NotFound('Not found.');
export const NotConnected = () => Conflict('DROPBOX_NOT_CONNECTED', 'Connect a Dropbox account first.');
const DropboxRefused = (why: string) => BadRequest('DROPBOX_AUTH_FAILED', `Dropbox did not accept the authorisation: ${why}`);
const DropboxUnavailable = () => new AppError(502, 'DROPBOX_UNAVAILABLE', 'Dropbox could not be reached; try again later.');

export interface MigrationDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
  box: SecretBox;
  logger: FastifyBaseLogger;
  /** Null: the feature is off and every call answers 404. */
  dropbox: (DropboxEndpoints & { redirectUri: string | null }) | null;
}

export interface Failure {
  path: string;
  reason: FailureReason;
}

/** What the Dropbox walk counts before an import: the files whose content we do not already hold. */
export interface ToImport {
  files: number;
  bytes: number;
}

/**
 * The Dropbox connection of a subscriber (authorise, connect, disconnect) and the import's control (status, start).
 * The import itself is a durable job (migration.import.ts).
 */
export class MigrationService {
  constructor(private readonly d: MigrationDeps) {}

  private cfg() {
    if (!this.d.dropbox) throw FeatureOff();
    return this.d.dropbox;
  }

  /** Starts the OAuth 2 code flow with PKCE: the URL to send the browser to, its state kept (hashed) for connect. */
  async authorizeUrl(auth: AuthContext, origin: string): Promise<{ url: string; state: string }> {
    const cfg = this.cfg();
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = cfg.redirectUri ?? `${origin}/main/settings?tab=5`;
    const current = await repo.getConnection(this.d.db, auth.accountId);
    await repo.saveConnection(this.d.db, {
      ...(current ?? emptyConnection(auth.accountId)),
      state_hash: sha256(state),
      verifier_sealed: this.d.box.seal(Buffer.from(verifier)),
      redirect_uri: redirectUri,
      requested_at: Date.now(),
    });
    return { url: authorizeUrl(cfg, { state, challenge, redirectUri }), state };
  }

  /**
   * Links the Dropbox account: either the code Dropbox sent back (exchanged here with the PKCE verifier, the way the
   * web app connects) or tokens the client obtained itself (the spec's `accessToken`, `refreshToken`). Either way
   * the token is checked with Dropbox before it is kept, sealed.
   */
  async connect(auth: AuthContext, body: ConnectBody): Promise<MigrationStatusDto> {
    const cfg = this.cfg();
    let tokens: TokenSet;
    if (body.code !== undefined) {
      if (!body.state) throw BadRequest('VALIDATION_ERROR', 'state is required with code.', 'state');
      const pending = await repo.getConnectionByState(this.d.db, auth.accountId, sha256(body.state));
      if (!pending?.verifier_sealed || !pending.redirect_uri || !pending.requested_at || Date.now() - Number(pending.requested_at) > AUTHORIZE_TTL_MS) {
        throw BadRequest('DROPBOX_STATE_INVALID', 'This authorisation is unknown or has expired; start again.', 'state');
      }
      const verifier = this.d.box.open(pending.verifier_sealed).toString();
      tokens = await this.dropboxCall(() => exchangeCode(cfg, { code: body.code!, verifier, redirectUri: pending.redirect_uri! }));
    } else if (body.accessToken !== undefined) {
      tokens = { accessToken: body.accessToken, refreshToken: body.refreshToken ?? null, expiresAt: null, accountId: null };
    } else {
      throw BadRequest('VALIDATION_ERROR', 'Send code and state, or accessToken.', 'code');
    }
    const account = await this.dropboxCall(() =>
      new DropboxClient(cfg, fixedToken(tokens.accessToken)).rpc<CurrentAccount>('users/get_current_account', null),
    );
    await repo.saveConnection(this.d.db, {
      account_id: auth.accountId,
      state_hash: null,
      verifier_sealed: null,
      redirect_uri: null,
      requested_at: null,
      access_token_sealed: this.d.box.seal(Buffer.from(tokens.accessToken)),
      refresh_token_sealed: tokens.refreshToken ? this.d.box.seal(Buffer.from(tokens.refreshToken)) : null,
      access_expires_at: tokens.expiresAt,
      dropbox_account_id: account.account_id,
      email: account.email,
      display_name: account.name.display_name.slice(0, 255),
      connected_at: Date.now(),
    });
    return this.status(auth, false);
  }

  /**
   * The connection, what an import would bring (with `validateQuota`: walked now, and refused with 413 when it does
   * not fit the free space) and the latest import's progress.
   */
  async status(auth: AuthContext, validateQuota: boolean): Promise<MigrationStatusDto> {
    this.cfg();
    const conn = await repo.getConnection(this.d.db, auth.accountId);
    const run = await repo.getImport(this.d.db, auth.accountId);
    const connected = !!conn?.connected_at;
    let toImport: (ToImport & { fitsQuota: boolean; freeBytes: number }) | null = null;
    if (validateQuota) {
      if (!connected) throw NotConnected();
      const counted = await this.dropboxCall(() => this.countToImport(auth.accountId, this.client(conn!)));
      const account = await getAccount(this.d.db, auth.accountId);
      const freeBytes = Math.max(0, Number(account!.quota_bytes) - Number(account!.used_bytes) - Number(account!.reserved_bytes));
      toImport = { ...counted, freeBytes, fitsQuota: counted.bytes <= freeBytes };
      if (!toImport.fitsQuota) throw QuotaExceeded();
    }
    return {
      connected,
      email: connected ? conn!.email : null,
      displayName: connected ? conn!.display_name : null,
      toImport,
      import: run ? progressOf(run) : null,
    };
  }

  /** Queues the import (a durable job); one at a time per account. */
  async start(auth: AuthContext): Promise<MigrationStatusDto> {
    assertWritable(auth);
    this.cfg();
    const conn = await repo.getConnection(this.d.db, auth.accountId);
    if (!conn?.connected_at || !conn.dropbox_account_id) throw NotConnected();
    await this.d.db.transaction().execute(async (trx) => {
      const previous = await repo.getImport(trx, auth.accountId);
      if (previous?.status === 'RUNNING') throw Conflict('IMPORT_RUNNING', 'An import is already running.');
      // Another Dropbox account than last time: what the earlier one brought in says nothing about this one.
      const sameSource = previous?.dropbox_account_id === conn.dropbox_account_id;
      if (previous && !sameSource) await repo.deleteItems(trx, auth.accountId);
      const at = Date.now();
      const runId = newId();
      await repo.saveImport(trx, {
        account_id: auth.accountId,
        status: 'RUNNING',
        run_id: runId,
        dropbox_account_id: conn.dropbox_account_id!,
        folder_id: sameSource ? (previous?.folder_id ?? null) : null,
        cursor: null,
        files_total: -1,
        bytes_total: -1,
        files_done: 0,
        bytes_done: 0,
        files_unchanged: 0,
        files_failed: 0,
        failures: '[]',
        started_at: at,
        resumed_at: at,
        bytes_at_resume: 0,
        finished_at: null,
        updated_at: at,
      });
      await this.d.jobs.enqueue(trx, DROPBOX_IMPORT_JOB, { accountId: auth.accountId, runId });
    });
    return this.status(auth, false);
  }

  /** Revokes the token at Dropbox and forgets it here; a running import stops at its next file. */
  async disconnect(auth: AuthContext): Promise<MigrationStatusDto> {
    const cfg = this.cfg();
    const conn = await repo.getConnection(this.d.db, auth.accountId);
    if (conn?.connected_at) {
      const run = await repo.getImport(this.d.db, auth.accountId);
      if (run?.status === 'RUNNING') await repo.updateImport(this.d.db, auth.accountId, run.run_id, { status: 'CANCELLED', finished_at: Date.now(), updated_at: Date.now() });
      try {
        await revokeToken(cfg, await this.tokens(conn).access());
      } catch (err) {
        // Already revoked at Dropbox (by the person, in Dropbox's settings) or unreachable: forgetting it here is what counts.
        this.d.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'dropbox token not revoked');
      }
    }
    await repo.deleteConnection(this.d.db, auth.accountId);
    return this.status(auth, false);
  }

  // --- used by the import job

  /** A client with the account's tokens; refreshes (and saves) the access token when Dropbox says it expired. */
  client(conn: DropboxConnectionRow, onThrottle?: (ms: number) => void): DropboxClient {
    return new DropboxClient(this.cfg(), this.tokens(conn), onThrottle);
  }

  /** Walks the whole tree: the files whose content is not already here (by `content_hash`) and their bytes. */
  async countToImport(accountId: string, client: DropboxClient): Promise<ToImport> {
    const known = new Map((await repo.listItems(this.d.db, accountId)).map((i) => [i.path_lower, i.content_key]));
    const total: ToImport = { files: 0, bytes: 0 };
    let page = await client.rpc<ListFolderResult>('files/list_folder', { path: '', recursive: true, limit: 2000 });
    for (;;) {
      for (const e of page.entries) {
        if (e['.tag'] !== 'file' || known.get(e.path_lower) === contentKey(e)) continue;
        total.files++;
        total.bytes += e.size;
      }
      if (!page.has_more) return total;
      page = await client.rpc<ListFolderResult>('files/list_folder/continue', { cursor: page.cursor });
    }
  }

  private tokens(conn: DropboxConnectionRow): TokenSource {
    const cfg = this.cfg();
    let access = conn.access_token_sealed ? this.d.box.open(conn.access_token_sealed).toString() : '';
    let expiresAt = conn.access_expires_at === null ? null : Number(conn.access_expires_at);
    let refreshing: Promise<string> | null = null;
    const refresh = () =>
      (refreshing ??= (async () => {
        if (!conn.refresh_token_sealed) throw new DropboxError(401, 'expired_access_token/no refresh token');
        const t = await refreshAccess(cfg, this.d.box.open(conn.refresh_token_sealed).toString());
        access = t.accessToken;
        expiresAt = t.expiresAt;
        await repo.updateConnection(this.d.db, conn.account_id, { access_token_sealed: this.d.box.seal(Buffer.from(access)), access_expires_at: expiresAt });
        return access;
      })().finally(() => (refreshing = null)));
    return {
      access: async () => (expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= Date.now() && conn.refresh_token_sealed ? refresh() : access),
      refresh,
    };
  }

  /** Dropbox's refusals become the product's errors (400, or 502 when it cannot be reached). */
  private async dropboxCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof DropboxError && err.httpStatus >= 400 && err.httpStatus < 500) throw DropboxRefused(err.summary.slice(0, 200));
      this.d.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'dropbox call failed');
      throw DropboxUnavailable();
    }
  }
}

/** What identifies a file's content: its `content_hash`, or for an exported document (no bytes to hash) its revision. */
export const contentKey = (e: { content_hash?: string; rev: string; is_downloadable?: boolean }): string =>
  e.is_downloadable === false || !e.content_hash ? `rev:${e.rev}` : e.content_hash;

function fixedToken(token: string): TokenSource {
  return { access: async () => token, refresh: async () => Promise.reject(new DropboxError(401, 'expired_access_token/')) };
}

function emptyConnection(accountId: string): DropboxConnectionRow {
  return {
    account_id: accountId,
    state_hash: null,
    verifier_sealed: null,
    redirect_uri: null,
    requested_at: null,
    access_token_sealed: null,
    refresh_token_sealed: null,
    access_expires_at: null,
    dropbox_account_id: null,
    email: null,
    display_name: null,
    connected_at: null,
  };
}

export function progressOf(run: DropboxImportRow, at = Date.now()): NonNullable<MigrationStatusDto['import']> {
  const filesTotal = Number(run.files_total);
  const bytesTotal = Number(run.bytes_total);
  const bytesDone = Number(run.bytes_done);
  const end = run.finished_at === null ? at : Number(run.finished_at);
  const seconds = Math.max(0.001, (end - Number(run.resumed_at)) / 1000);
  const speed = Math.max(0, (bytesDone - Number(run.bytes_at_resume)) / seconds);
  const left = Math.max(0, bytesTotal - bytesDone);
  return {
    status: run.status,
    // -1 until the job has walked the tree once.
    filesTotal: filesTotal < 0 ? null : filesTotal,
    bytesTotal: bytesTotal < 0 ? null : bytesTotal,
    filesDone: Number(run.files_done),
    bytesDone,
    filesUnchanged: Number(run.files_unchanged),
    filesFailed: Number(run.files_failed),
    bytesPerSecond: Math.round(speed),
    secondsLeft: run.status !== 'RUNNING' ? 0 : bytesTotal < 0 || speed === 0 ? null : Math.ceil(left / speed),
    startedAt: Number(run.started_at),
    finishedAt: run.finished_at === null ? null : Number(run.finished_at),
    failures: JSON.parse(run.failures) as Failure[],
  };
}
