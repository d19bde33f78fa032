import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import type { OperatorRole } from '../../shared/access/operator-roles.js';
import { AppError, Conflict, NotFound, Unauthorized } from '../../shared/errors.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { hashPassword, verifyPassword } from '../../shared/password.js';
import { hours, minutes } from '../../shared/time.js';
import { hashToken, newId, newToken } from '../../shared/tokens.js';
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl, type SecretBox } from '../../shared/totp.js';
import { recordOperatorAction } from '../audit/audit.public.js';
import * as repo from './operators.repository.js';
import { toOperatorMe, toOperatorSummary, type OperatorMe, type OperatorSummary } from './operators.schemas.js';
import type { Operator } from './operators.table.js';

export const SETUP_TTL_MS = hours(24);
export const IDLE_MS = minutes(30);
export const ABSOLUTE_MS = hours(12);
/** last_seen_at is written at most once a minute: a busy console does not write on every call. */
const TOUCH_EVERY_MS = 60_000;
const CHALLENGE_TTL_MS = minutes(5);
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = minutes(15);
const ISSUER = 'Bulut Ops';

const WRONG_CREDENTIALS = 'E-mail or password is wrong.';
const setupNotFound = () => NotFound('This set-up link is not valid or has expired.');
const locked = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Too many failed attempts. Try again in 15 minutes.');

export interface SignedIn {
  token: string;
  operator: OperatorMe;
}

/** Operators: set-up link, password + TOTP sign-in, short sessions, and the admin's management of operators. */
export class OperatorsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly publicUrl: string | null,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The pipeline's question for console routes: the operator behind this token, or null. */
  async authenticate(token: string, ip: string): Promise<OperatorContext | null> {
    const at = this.clock();
    const s = await repo.getLiveSession(this.db, hashToken(token), at - IDLE_MS, at - ABSOLUTE_MS);
    if (!s) return null;
    if (at - Number(s.last_seen_at) > TOUCH_EVERY_MS) await repo.touchSession(this.db, s.id, at);
    return { operatorId: s.operator_id, sessionId: s.id, role: s.role, email: s.email, ip };
  }

  /**
   * Whether a session opened earlier is still live (not ended, idle or too old; the operator still active), with the
   * operator's current role. Unlike authenticate it does not count as activity: an open socket is not a person working.
   */
  async stillSignedIn(operator: OperatorContext): Promise<OperatorContext | null> {
    const at = this.clock();
    const s = await repo.getLiveSessionById(this.db, operator.sessionId, at - IDLE_MS, at - ABSOLUTE_MS);
    return s ? { ...operator, role: s.role } : null;
  }

  setupUrl(token: string): string {
    return `${this.publicUrl ?? ''}/ops/setup/${token}`;
  }

  // --- set-up link

  async setupInfo(token: string): Promise<{ email: string; name: string; expiresAt: number }> {
    const row = await repo.getLiveSetup(this.db, hashToken(token), this.clock());
    if (!row) throw setupNotFound();
    return { email: row.email, name: row.name, expiresAt: Number(row.setup_expires_at) };
  }

  /** Sets the password and starts enrolment; the link stays valid until a code confirms the authenticator. */
  async setupPassword(token: string, password: string): Promise<{ otpauthUrl: string; secret: string }> {
    const row = await repo.getLiveSetup(this.db, hashToken(token), this.clock());
    if (!row) throw setupNotFound();
    if (password.length < 12 || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) {
      throw new AppError(400, 'PASSWORD_TOO_WEAK', 'Password must be at least 12 characters and contain a letter and a digit.', 'password');
    }
    const secret = newTotpSecret();
    await repo.update(this.db, row.id, { password_hash: await hashPassword(password), totp_pending_secret: this.box.seal(secret) });
    const base32 = base32Encode(secret);
    return { otpauthUrl: otpauthUrl(base32, row.email, ISSUER), secret: base32 };
  }

  /** The first code confirms the authenticator, uses the link and signs the operator in. */
  async setupConfirm(token: string, code: string, ip: string): Promise<SignedIn> {
    const at = this.clock();
    const tokenHash = hashToken(token);
    const row = await repo.getLiveSetup(this.db, tokenHash, at);
    if (!row) throw setupNotFound();
    if (!row.password_hash || !row.totp_pending_secret) throw Conflict('SETUP_INCOMPLETE', 'Choose a password first.');
    const secret = this.box.open(row.totp_pending_secret);
    const step = matchTotp(secret, code, at);
    if (step === null) throw new AppError(400, 'CODE_WRONG', 'The code is wrong.', 'code');
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.useSetup(trx, tokenHash, at))) throw setupNotFound();
      await repo.update(trx, row.id, {
        totp_secret: row.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        failures: 0,
        locked_until: null,
        last_sign_in_at: at,
      });
      return this.signIn(trx, { ...row, last_sign_in_at: at }, ip, at, 'setup');
    });
  }

  // --- sign-in

  /** Step one: e-mail and password; answers a short-lived sealed challenge for the authenticator code. */
  async login(email: string, password: string, ip: string): Promise<{ challenge: string }> {
    const at = this.clock();
    const normalized = email.trim().toLowerCase();
    const op = await repo.getByEmail(this.db, normalized);
    if (op && op.locked_until !== null && Number(op.locked_until) > at) {
      await this.failed(op, normalized, ip, 'locked');
      throw locked();
    }
    const ok = await verifyPassword(op?.password_hash ?? null, password);
    if (!op || !ok || op.status !== 'ACTIVE' || !op.totp_secret) {
      if (op) await this.countFailure(op, at);
      await this.failed(op, normalized, ip, 'password');
      throw Unauthorized(WRONG_CREDENTIALS);
    }
    const challenge = this.box.seal(Buffer.from(JSON.stringify({ o: op.id, e: at + CHALLENGE_TTL_MS })));
    return { challenge };
  }

  /** Step two: the authenticator code; a session on success. Codes are single use (a step is accepted once). */
  async loginTotp(challenge: string, code: string, ip: string): Promise<SignedIn> {
    const at = this.clock();
    const claim = this.openChallenge(challenge, at);
    const op = claim ? await repo.getById(this.db, claim) : undefined;
    if (!op || op.status !== 'ACTIVE' || !op.totp_secret) throw Unauthorized('Sign-in expired. Please start again.');
    if (op.locked_until !== null && Number(op.locked_until) > at) {
      await this.failed(op, op.email, ip, 'locked');
      throw locked();
    }
    const step = matchTotp(this.box.open(op.totp_secret), code, at);
    const signedIn =
      step === null
        ? null
        : await this.db.transaction().execute(async (trx) => {
            if (!(await repo.useTotpStep(trx, op.id, step))) return null;
            await repo.update(trx, op.id, { failures: 0, locked_until: null, last_sign_in_at: at });
            return this.signIn(trx, op, ip, at, 'password');
          });
    if (!signedIn) {
      await this.countFailure(op, at);
      await this.failed(op, op.email, ip, 'totp');
      throw new AppError(401, 'CODE_WRONG', 'The code is wrong.', 'code');
    }
    return signedIn;
  }

  async logout(operator: OperatorContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await repo.endSession(trx, operator.sessionId, this.clock());
      await recordOperatorAction(trx, { operator, action: 'operator.signout', targetKind: 'session', targetId: operator.sessionId, accountId: null, reason: null });
    });
  }

  async me(operator: OperatorContext): Promise<OperatorMe> {
    const op = await repo.getById(this.db, operator.operatorId);
    if (!op) throw NotFound();
    return toOperatorMe(op);
  }

  // --- management (ops.operator.manage)

  async list(_operator: OperatorContext): Promise<OperatorSummary[]> {
    return (await repo.list(this.db)).map(toOperatorSummary);
  }

  /** A new operator and its one-time set-up link; `by` is null from the command line. */
  async create(
    by: OperatorContext | null,
    input: { email: string; name: string; role: OperatorRole; reason: string },
  ): Promise<{ operator: OperatorSummary; setupUrl: string; token: string }> {
    const email = input.email.trim().toLowerCase();
    const at = this.clock();
    return this.db.transaction().execute(async (trx) => {
      if (await repo.getByEmail(trx, email)) throw Conflict('OPERATOR_EXISTS', 'An operator with this e-mail already exists.', 'email');
      const row: Operator = {
        id: newId(),
        email,
        name: input.name.trim(),
        role: input.role,
        status: 'ACTIVE',
        password_hash: null,
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        failures: 0,
        locked_until: null,
        created_at: at,
        last_sign_in_at: null,
      };
      await repo.create(trx, row);
      const token = await this.newSetup(trx, row.id, at);
      await recordOperatorAction(trx, {
        operator: by,
        operatorEmail: by ? undefined : 'command line',
        action: 'operator.create',
        targetKind: 'operator',
        targetId: row.id,
        accountId: null,
        reason: input.reason,
        after: { role: row.role, status: row.status },
      });
      return { operator: toOperatorSummary(row), setupUrl: this.setupUrl(token), token };
    });
  }

  /**
   * The command line's `ops:create-admin`: a new admin, or a fresh set-up link for an operator that never finished
   * set-up (earlier links stop working). An operator who has set up already is refused: there is no password reset here.
   */
  async createAdminFromCli(email: string, name: string): Promise<{ created: boolean; setupUrl: string }> {
    const normalized = email.trim().toLowerCase();
    const existing = await repo.getByEmail(this.db, normalized);
    if (!existing) {
      const made = await this.create(null, { email: normalized, name, role: 'admin', reason: 'First admin created from the command line.' });
      return { created: true, setupUrl: made.setupUrl };
    }
    if (existing.password_hash !== null && existing.totp_secret !== null) {
      throw Conflict('OPERATOR_EXISTS', `${normalized} has finished set-up already; ask an admin to manage it in the console.`);
    }
    const at = this.clock();
    const token = await this.db.transaction().execute(async (trx) => {
      await repo.retireSetups(trx, existing.id, at);
      return this.newSetup(trx, existing.id, at);
    });
    return { created: false, setupUrl: this.setupUrl(token) };
  }

  async disable(by: OperatorContext, id: string, reason: string): Promise<OperatorSummary> {
    return this.change(by, id, reason, 'operator.disable', async (trx, op, at) => {
      await repo.update(trx, id, { status: 'DISABLED' });
      // The pipeline checks the status on every call too; ending the sessions makes it permanent.
      await repo.endSessionsOf(trx, id, at);
      return { before: { status: op.status }, after: { status: 'DISABLED' }, next: { ...op, status: 'DISABLED' } };
    });
  }

  async enable(by: OperatorContext, id: string, reason: string): Promise<OperatorSummary> {
    return this.change(by, id, reason, 'operator.enable', async (trx, op) => {
      await repo.update(trx, id, { status: 'ACTIVE', failures: 0, locked_until: null });
      return { before: { status: op.status }, after: { status: 'ACTIVE' }, next: { ...op, status: 'ACTIVE' } };
    });
  }

  async setRole(by: OperatorContext, id: string, role: OperatorRole, reason: string): Promise<OperatorSummary> {
    return this.change(by, id, reason, 'operator.role', async (trx, op) => {
      await repo.setRole(trx, id, role);
      return { before: { role: op.role }, after: { role }, next: { ...op, role } };
    });
  }

  // --- internals

  private async change(
    by: OperatorContext,
    id: string,
    reason: string,
    action: string,
    apply: (trx: Executor, op: Operator, at: number) => Promise<{ before: unknown; after: unknown; next: Operator }>,
  ): Promise<OperatorSummary> {
    // An admin cannot lock themselves out (or leave the console without an admin by their own hand).
    if (id === by.operatorId) throw Conflict('OWN_OPERATOR', 'You cannot change your own status or role.');
    const at = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const op = await repo.getById(trx, id);
      if (!op) throw NotFound('Operator not found.');
      const { before, after, next } = await apply(trx, op, at);
      await recordOperatorAction(trx, { operator: by, action, targetKind: 'operator', targetId: id, accountId: null, reason, before, after });
      return toOperatorSummary(next);
    });
  }

  private async newSetup(db: Executor, operatorId: string, at: number): Promise<string> {
    const token = newToken();
    await repo.createSetup(db, { token_hash: hashToken(token), operator_id: operatorId, created_at: at, expires_at: at + SETUP_TTL_MS, used_at: null });
    return token;
  }

  private async signIn(trx: Executor, op: Operator, ip: string, at: number, via: 'setup' | 'password'): Promise<SignedIn> {
    const token = newToken();
    const sessionId = newId();
    await repo.createSession(trx, { id: sessionId, token_hash: hashToken(token), operator_id: op.id, created_at: at, last_seen_at: at, ip: ip.slice(0, 64), ended_at: null });
    const operator: OperatorContext = { operatorId: op.id, sessionId, role: op.role, email: op.email, ip };
    await recordOperatorAction(trx, { operator, action: 'operator.signin', targetKind: 'session', targetId: sessionId, accountId: null, reason: null, after: { via } });
    return { token, operator: toOperatorMe(op) };
  }

  private openChallenge(challenge: string, at: number): string | null {
    try {
      const claim = JSON.parse(this.box.open(challenge).toString('utf8')) as { o?: unknown; e?: unknown };
      return typeof claim.o === 'string' && typeof claim.e === 'number' && claim.e > at ? claim.o : null;
    } catch {
      return null;
    }
  }

  private async countFailure(op: Operator, at: number): Promise<void> {
    const failures = await repo.addFailure(this.db, op.id);
    if (failures >= LOCK_AFTER_FAILURES) await repo.update(this.db, op.id, { failures: 0, locked_until: at + LOCK_MS });
  }

  /** Every failed sign-in is audited, with the address and the e-mail it claimed. */
  private failed(op: Operator | undefined, email: string, ip: string, step: 'password' | 'totp' | 'locked'): Promise<void> {
    return recordOperatorAction(this.db, {
      operator: null,
      operatorEmail: email.slice(0, 254),
      ip: ip.slice(0, 64),
      action: 'operator.signin.failed',
      targetKind: 'operator',
      targetId: op?.id ?? null,
      accountId: null,
      reason: null,
      after: { step },
    });
  }
}

