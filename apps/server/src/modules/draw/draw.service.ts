import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { CaptchaService } from '../captcha/captcha.public.js';
import type { AppError } from '../../shared/errors.js';
import { BadRequest, NotFound, TooManyRequests } from '../../shared/errors.js';
import { hashToken, newId, newToken, randomDigits, safeEqual } from '../../shared/tokens.js';
import { hours } from '../../shared/time.js';
import { maskPhone } from '../../shared/mask.js';
import { toLanguage, type Language } from '../../shared/schemas.js';
import type { AuditEntryInput } from '../audit/audit.public.js';
import * as repo from './draw.repository.js';
import { codeHashOf, DRAW_ALGORITHM, entryHashOf } from './draw.verify.js';
import { drawLanguage, drawOtpText } from './draw.messages.js';
import type { DrawCampaign } from './draw.table.js';

/** The spec's error texts (000 §8): the page matches on these messages exactly. */
export const IllegalArgument = () => BadRequest('ILLEGAL_ARGUMENT', 'Illegal argument error');
const OtpExpired = () => BadRequest('OTP_EXPIRED', 'OTP Expired!');
const InvalidOtp = () => BadRequest('INVALID_OTP', 'Invalid OTP!');

/** Six digits by SMS; the page shows `expectedInputLength + 1` boxes (spec 000 §9), so it is told 5. */
export const DRAW_OTP_LENGTH = 6;
/** Code characters: no 0/O, 1/I/L, so a code read over the phone is typed right. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface DrawLimits {
  /** Code submissions per phone per hour. */
  perPhonePerHour: number;
  /** Wrong phone/code tries on one six-character code per hour (a stolen code is not guessed with many phones). */
  perCodePerHour: number;
  /** Code submissions per IP address per hour. */
  perIpPerHour: number;
  /** Wrong SMS codes on one request before it is dead. */
  otpAttempts: number;
}

export const DEFAULT_DRAW_LIMITS: DrawLimits = { perPhonePerHour: 5, perCodePerHour: 5, perIpPerHour: 30, otpAttempts: 3 };

export interface DrawDeps {
  db: Kysely<DB>;
  captcha: CaptchaService;
  messages: MessageJobs;
  audit: (db: Kysely<DB>, entry: AuditEntryInput) => Promise<void>;
  otpSeconds: number;
  limits?: DrawLimits;
  clock?: () => number;
}

export type CampaignTexts = Record<Language, { title: string; conditions: string; result: string }>;

export interface CampaignInput {
  name: string;
  startsAt: number;
  endsAt: number;
  winnerCount: number;
  texts: CampaignTexts;
  reason?: string;
}

const HOUR = hours(1);

/** `+905xxxxxxxxx` from the page's ten digits, or null. */
export const toMsisdn = (digits: string): string | null => (/^\d{10}$/.test(digits) ? `+90${digits}` : null);
export const mask = (msisdn: string) => maskPhone('90', msisdn.replace(/^\+90/, ''));

export function checkCharOf(body: string): string {
  let sum = 0;
  for (const [i, ch] of [...body].entries()) sum += (CODE_ALPHABET.indexOf(ch) + 1) * (i + 2);
  return CODE_ALPHABET[sum % CODE_ALPHABET.length]!;
}

export const parseTexts = (c: DrawCampaign): CampaignTexts => JSON.parse(c.texts) as CampaignTexts;

/** Issue 30: the public page — telesales codes entered with an SMS code, and the draw anyone can recompute. */
export class DrawService {
  private readonly limits: DrawLimits;
  private readonly clock: () => number;
  constructor(private readonly d: DrawDeps) {
    this.limits = d.limits ?? DEFAULT_DRAW_LIMITS;
    this.clock = d.clock ?? Date.now;
  }

  // --- the public page

  captchaRequired(ip: string): Promise<boolean> {
    return this.d.captcha.isRequired('DRAW', ip);
  }

  async currentCampaign(language: string) {
    const c = await repo.currentCampaign(this.d.db, this.clock());
    if (!c) throw NotFound('No draw campaign is running.');
    const text = parseTexts(c)[toLanguage(language)];
    return { id: c.id, title: text.title, conditions: text.conditions, startsAt: Number(c.starts_at), endsAt: Number(c.ends_at), commitment: c.commitment };
  }

  async start(input: { msisdn: string; code: string; language: string }, ip: string, captcha: { id?: string; answer?: string }) {
    const at = this.clock();
    if ((await repo.hit(this.d.db, `ip:${ip}`, HOUR, at)) > this.limits.perIpPerHour) throw TooManyRequests();
    const msisdn = toMsisdn(input.msisdn);
    await this.d.captcha.gate('DRAW', ip, msisdn ?? undefined, captcha);
    if (!msisdn || !/^[A-Za-z0-9]{6,7}$/.test(input.code)) throw await this.failure(ip, msisdn, null);
    if ((await repo.hit(this.d.db, `phone:${msisdn}`, HOUR, at)) > this.limits.perPhonePerHour) throw TooManyRequests();
    const body = input.code.slice(0, 6).toUpperCase();
    if ((await repo.peek(this.d.db, `code:${body}`, HOUR, at)) >= this.limits.perCodePerHour) throw TooManyRequests();

    const code = await repo.getCodeByHash(this.d.db, codeHashOf(body));
    const campaign = code ? await repo.getCampaign(this.d.db, code.campaign_id) : undefined;
    const usable =
      code !== undefined &&
      campaign !== undefined &&
      code.used_at === null &&
      // The resend carries the seventh character: it must match; the first call sends six (spec 000 §5).
      (input.code.length === 6 || input.code[6]!.toUpperCase() === code.check_char) &&
      // A code sold to another phone stays unused for its owner.
      (code.msisdn === null || code.msisdn === msisdn) &&
      campaign.status === 'OPEN' &&
      Number(campaign.starts_at) <= at &&
      at < Number(campaign.ends_at);
    if (!usable) throw await this.failure(ip, msisdn, body);

    const referenceToken = newToken();
    const otp = randomDigits(DRAW_OTP_LENGTH);
    const id = newId();
    const language = drawLanguage(input.language);
    await this.d.db.transaction().execute(async (trx) => {
      await repo.createRequest(trx, {
        id,
        reference_hash: hashToken(referenceToken),
        code_id: code.id,
        msisdn,
        otp_hash: hashToken(`${id}:${otp}`),
        otp_expires_at: at + this.d.otpSeconds * 1000,
        failed_attempts: 0,
        created_at: at,
      });
      await this.d.messages.sms(trx, { to: msisdn, text: drawOtpText(language, otp, this.d.otpSeconds / 60) });
    });
    return { referenceToken, expectedInputLength: DRAW_OTP_LENGTH - 1, remainingTimeInMinutes: this.d.otpSeconds / 60 };
  }

  async validate(input: { referenceToken: string; otp: string; language: string }, ip: string) {
    const at = this.clock();
    if ((await repo.hit(this.d.db, `validate-ip:${ip}`, HOUR, at)) > this.limits.perIpPerHour * 4) throw TooManyRequests();
    const req = await repo.getRequestByReference(this.d.db, hashToken(input.referenceToken));
    if (!req) throw IllegalArgument();
    if (req.failed_attempts >= this.limits.otpAttempts) throw TooManyRequests();
    if (Number(req.otp_expires_at) <= at) throw OtpExpired();
    if (!safeEqual(req.otp_hash, hashToken(`${req.id}:${input.otp.trim()}`))) {
      await this.d.captcha.recordFailure('DRAW', ip, req.msisdn);
      const failed = await repo.countFailedOtp(this.d.db, req.id);
      throw failed > this.limits.otpAttempts ? TooManyRequests() : InvalidOtp();
    }
    const receipt = newToken();
    const language = drawLanguage(input.language);
    const campaign = await this.d.db.transaction().execute(async (trx) => {
      const code = await trx.selectFrom('draw_code').select(['id', 'campaign_id']).where('id', '=', req.code_id).executeTakeFirst();
      const c = code ? await repo.getCampaign(trx, code.campaign_id) : undefined;
      if (!code || !c || c.status !== 'OPEN' || at >= Number(c.ends_at)) throw IllegalArgument();
      // The conditional update is the single-use guarantee: of two racing validations one burns it, the other fails.
      if (!(await repo.burnCode(trx, code.id, at))) throw IllegalArgument();
      await repo.createEntry(trx, {
        id: newId(),
        campaign_id: c.id,
        code_id: code.id,
        msisdn: req.msisdn,
        entry_hash: entryHashOf(receipt),
        language,
        winner_rank: null,
        created_at: at,
      });
      await repo.deleteRequestsOfCode(trx, code.id);
      return c;
    });
    await this.d.captcha.clearFailures('DRAW', req.msisdn);
    const text = parseTexts(campaign)[language];
    return { campaignId: campaign.id, title: text.title, result: text.result, receipt, entryHash: entryHashOf(receipt) };
  }

  private async failure(ip: string, msisdn: string | null, codeBody: string | null): Promise<AppError> {
    const at = this.clock();
    await this.d.captcha.recordFailure('DRAW', ip, msisdn ?? undefined);
    if (codeBody) await repo.hit(this.d.db, `code:${codeBody}`, HOUR, at);
    return IllegalArgument();
  }

  /** What anyone may check: the commitment before, and after the draw the seed, every entry hash and the winners. */
  async verification(campaignId: string) {
    const c = await repo.getCampaign(this.d.db, campaignId);
    if (!c) throw NotFound();
    const published = c.status !== 'OPEN';
    const entries = published ? await repo.entriesOf(this.d.db, c.id) : [];
    const winners = entries.filter((e) => e.winner_rank !== null).sort((a, b) => Number(a.winner_rank) - Number(b.winner_rank));
    return {
      campaignId: c.id,
      status: c.status,
      algorithm: DRAW_ALGORITHM,
      commitment: c.commitment,
      winnerCount: c.winner_count,
      closedAt: c.closed_at === null ? null : Number(c.closed_at),
      drawnAt: c.drawn_at === null ? null : Number(c.drawn_at),
      seed: c.status === 'DRAWN' ? c.seed : null,
      entries: entries.map((e) => e.entry_hash),
      winners: winners.map((e) => e.entry_hash),
    };
  }

  /** Housekeeping: requests older than a day and counter windows that ended a day ago. */
  async purgeStale(at = this.clock()): Promise<void> {
    await repo.deleteStaleRequests(this.d.db, at - hours(24));
    await repo.purgeCounters(this.d.db, at - hours(24));
  }

  /** The raffle-rights page (H3): a phone's entries, and whether each won once its draw has run. */
  async entriesOfPhone(msisdn: string) {
    const rows = await repo.entriesOfPhone(this.d.db, msisdn);
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      enteredAt: Number(r.created_at),
      entriesCloseAt: Number(r.ends_at),
      drawnAt: r.drawn_at === null ? null : Number(r.drawn_at),
      won: r.status === 'DRAWN' ? r.winner_rank !== null : null,
    }));
  }
}
