import type { Kysely } from 'kysely';
import type { DB } from '../../../infra/db/schema.js';
import type { Executor } from '../../../infra/db/executor.js';
import { hashToken, newToken, randomDigits, safeEqual } from '../../../shared/tokens.js';
import { minutes } from '../../../shared/time.js';
import type { WalletConfirmResult } from '../payment.provider.js';
import { walletText } from './sandbox.messages.js';

export const THREE_DS_TTL = minutes(10);
export const WALLET_CODE_TTL = minutes(3);
export const WALLET_MAX_ATTEMPTS = 5;
const RESEND_INTERVAL = 30_000;

export interface ChallengeDeps {
  db: Kysely<DB>;
  /** Sends an SMS to the subscriber (the sandbox plays the card issuer and the operator's wallet). */
  sendSms(db: Executor, to: string, text: string): Promise<void>;
  now(): number;
}

export class SandboxError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

// The sandbox's one-time codes: the 3-D Secure page's challenge and the wallet's SMS code, each a sandbox_challenge row.

export async function createChallenge(d: Pick<ChallengeDeps, 'now'>, trx: Executor, chargeId: string, kind: '3DS' | 'WALLET', code: string, expiresAt: number) {
  const id = newToken();
  await trx
    .insertInto('sandbox_challenge')
    .values({
      id,
      kind,
      charge_id: chargeId,
      code_hash: hashToken(`${id}.${code}`),
      test_code: kind === '3DS' ? code : null,
      status: 'OPEN',
      attempts: 0,
      expires_at: expiresAt,
      created_at: d.now(),
    })
    .execute();
  return id;
}

/** A wallet transaction (its challenge) with its charge; each caller selects what it needs. */
const walletChallenge = (db: Executor, trxnId: string) =>
  db
    .selectFrom('sandbox_challenge')
    .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
    .where('sandbox_challenge.id', '=', trxnId)
    .where('sandbox_challenge.kind', '=', 'WALLET');

/** Checks a wallet code: the charge is captured, or failed after WALLET_MAX_ATTEMPTS wrong codes. */
export function confirmWalletCode(d: ChallengeDeps, input: { trxnId: string; code: string }): Promise<WalletConfirmResult> {
  return d.db.transaction().execute(async (trx): Promise<WalletConfirmResult> => {
    const ch = await walletChallenge(trx, input.trxnId)
      .select([
        'sandbox_challenge.id',
        'sandbox_challenge.code_hash',
        'sandbox_challenge.status',
        'sandbox_challenge.attempts',
        'sandbox_challenge.expires_at',
        'sandbox_charge.id as charge_id',
        'sandbox_charge.merchant_ref',
        'sandbox_charge.status as charge_status',
      ])
      .executeTakeFirst();
    if (!ch) return { outcome: 'NOT_FOUND' };
    if (ch.charge_status === 'CAPTURED') return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
    if (ch.status === 'FAILED' || ch.charge_status !== 'AWAITING_CODE') {
      return { outcome: 'FAILED', merchantRef: ch.merchant_ref, declineCode: 'TOO_MANY_ATTEMPTS' };
    }
    const at = d.now();
    if (ch.expires_at < at) return { outcome: 'EXPIRED', merchantRef: ch.merchant_ref };
    if (safeEqual(hashToken(`${ch.id}.${input.code}`), ch.code_hash)) {
      const flipped = await trx
        .updateTable('sandbox_charge')
        .set({ status: 'CAPTURED', updated_at: at })
        .where('id', '=', ch.charge_id)
        .where('status', '=', 'AWAITING_CODE')
        .executeTakeFirst();
      await trx.updateTable('sandbox_challenge').set({ status: 'PASSED' }).where('id', '=', ch.id).execute();
      if (Number(flipped.numUpdatedRows) === 1) return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
      return { outcome: 'CAPTURED', merchantRef: ch.merchant_ref };
    }
    const attempts = ch.attempts + 1;
    if (attempts >= WALLET_MAX_ATTEMPTS) {
      await trx.updateTable('sandbox_challenge').set({ status: 'FAILED', attempts }).where('id', '=', ch.id).execute();
      await trx
        .updateTable('sandbox_charge')
        .set({ status: 'FAILED', decline_code: 'TOO_MANY_ATTEMPTS', updated_at: at })
        .where('id', '=', ch.charge_id)
        .execute();
      return { outcome: 'FAILED', merchantRef: ch.merchant_ref, declineCode: 'TOO_MANY_ATTEMPTS' };
    }
    await trx.updateTable('sandbox_challenge').set({ attempts }).where('id', '=', ch.id).execute();
    return { outcome: 'INVALID_CODE', merchantRef: ch.merchant_ref, attemptsLeft: WALLET_MAX_ATTEMPTS - attempts };
  });
}

export async function resendWalletCode(d: ChallengeDeps, trxnId: string): Promise<void> {
  await d.db.transaction().execute(async (trx) => {
    const ch = await walletChallenge(trx, trxnId)
      .select([
        'sandbox_challenge.id',
        'sandbox_challenge.status',
        'sandbox_challenge.expires_at',
        'sandbox_charge.customer_phone',
        'sandbox_charge.customer_language',
        'sandbox_charge.amount_minor',
        'sandbox_charge.currency',
        'sandbox_charge.status as charge_status',
      ])
      .executeTakeFirst();
    if (!ch || ch.status !== 'OPEN' || ch.charge_status !== 'AWAITING_CODE') throw new SandboxError('WALLET_NOT_PENDING');
    // One SMS per 30 seconds and transaction: resending is not a way to flood a phone.
    if (d.now() - (ch.expires_at - WALLET_CODE_TTL) < RESEND_INTERVAL) throw new SandboxError('RESEND_TOO_SOON');
    const code = randomDigits(6);
    await trx
      .updateTable('sandbox_challenge')
      .set({ code_hash: hashToken(`${ch.id}.${code}`), expires_at: d.now() + WALLET_CODE_TTL })
      .where('id', '=', ch.id)
      .execute();
    await d.sendSms(trx, ch.customer_phone!, walletText(ch.customer_language, code, Number(ch.amount_minor), ch.currency));
  });
}

/** What the challenge page shows; null when there is no such challenge. */
export async function threeDsChallenge(d: ChallengeDeps, id: string): Promise<{ status: string; testCode: string | null; amountMinor: number; currency: string; last4: string } | null> {
  const row = await d.db
    .selectFrom('sandbox_challenge')
    .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
    .select(['sandbox_challenge.status', 'sandbox_challenge.test_code', 'sandbox_challenge.expires_at', 'sandbox_charge.amount_minor', 'sandbox_charge.currency', 'sandbox_charge.pan'])
    .where('sandbox_challenge.id', '=', id)
    .where('sandbox_challenge.kind', '=', '3DS')
    .executeTakeFirst();
  if (!row) return null;
  const status = row.status === 'OPEN' && row.expires_at < d.now() ? 'EXPIRED' : row.status;
  return { status, testCode: row.test_code, amountMinor: Number(row.amount_minor), currency: row.currency, last4: (row.pan ?? '').slice(-4) };
}

/** The cardholder's answer to a 3-D Secure challenge: the charge captured (right code) or declined THREE_DS_FAILED. */
export function answerThreeDs(d: ChallengeDeps, id: string, code: string): Promise<{ merchantRef: string; returnUrl: string; changed: boolean } | null> {
  const at = d.now();
  return d.db.transaction().execute(async (trx) => {
    const ch = await trx
      .selectFrom('sandbox_challenge')
      .innerJoin('sandbox_charge', 'sandbox_charge.id', 'sandbox_challenge.charge_id')
      .select(['sandbox_challenge.id', 'sandbox_challenge.code_hash', 'sandbox_challenge.status', 'sandbox_challenge.expires_at', 'sandbox_charge.id as charge_id', 'sandbox_charge.merchant_ref', 'sandbox_charge.return_url'])
      .where('sandbox_challenge.id', '=', id)
      .where('sandbox_challenge.kind', '=', '3DS')
      .executeTakeFirst();
    if (!ch) return null;
    let changed = false;
    if (ch.status === 'OPEN') {
      const passed = ch.expires_at >= at && safeEqual(hashToken(`${ch.id}.${code}`), ch.code_hash);
      const claimed = await trx
        .updateTable('sandbox_challenge')
        .set({ status: passed ? 'PASSED' : 'FAILED', attempts: 1 })
        .where('id', '=', ch.id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) {
        await trx
          .updateTable('sandbox_charge')
          .set(passed ? { status: 'CAPTURED', updated_at: at } : { status: 'DECLINED', decline_code: 'THREE_DS_FAILED', updated_at: at })
          .where('id', '=', ch.charge_id)
          .where('status', '=', 'REQUIRES_ACTION')
          .execute();
        changed = true;
      }
    }
    return { merchantRef: ch.merchant_ref, returnUrl: ch.return_url ?? '/', changed };
  });
}

