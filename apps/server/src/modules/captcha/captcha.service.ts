import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Config } from '../../config.js';
import { AppError, NotFound, TooManyRequests } from '../../shared/errors.js';
import { safeEqual } from '../../shared/tokens.js';
import { minutes } from '../../shared/time.js';
import * as counters from './rate-counter.repository.js';
import { generateCaptchaText, renderCaptchaAudio, renderCaptchaImage } from '../../infra/captcha/captcha-render.js';
import * as repo from './captcha.repository.js';

// DRAW: the prize-draw page (issue 30) counts its wrong codes and OTPs per address and phone like LOGIN.
export type CaptchaChannel = 'LOGIN' | 'SIGN_UP' | 'FORGOT_PASSWORD' | 'DRAW';
export type CaptchaType = 'IMAGE' | 'AUDIO';

const TTL = minutes(5);
const FAILURE_WINDOW = minutes(15);
const SIGNUP_WINDOW = minutes(60);
const REQUEST_WINDOW = minutes(10);

export const CaptchaRequired = () => new AppError(412, 'CAPTCHA_REQUIRED', 'Captcha required.');
export const InvalidCaptcha = () => new AppError(412, 'INVALID_CAPTCHA', 'Invalid captcha.');

const failKey = (channel: CaptchaChannel, who: string) => `${channel}-fail:${who}`;

/** Owns when a captcha is demanded (after repeated failures per IP or account) and checks answers once. */
export class CaptchaService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Pick<
      Config,
      'captchaFailureThreshold' | 'forgotPasswordCaptchaThreshold' | 'signupCaptchaThreshold' | 'captchaRequestsPer10Min'
    >,
  ) {}

  async render(type: CaptchaType, id: string, ip: string): Promise<{ body: Buffer; contentType: string }> {
    if ((await counters.hit(this.db, `captcha-req:${ip}`, REQUEST_WINDOW)) > this.config.captchaRequestsPer10Min) {
      throw TooManyRequests();
    }
    const at = Date.now();
    await repo.create(this.db, { id, answer: generateCaptchaText(), created_at: at, expires_at: at + TTL });
    const row = await repo.getById(this.db, id);
    // A used or expired id is dead; the client asks with a fresh id on reload.
    if (!row || row.used_at !== null || row.expires_at <= at) throw NotFound('Captcha expired.');
    return type === 'IMAGE'
      ? { body: await renderCaptchaImage(row.answer), contentType: 'image/png' }
      : { body: renderCaptchaAudio(row.answer), contentType: 'audio/wav' };
  }

  /** `who` names the account (sign-in) or the contacts being signed up (sign-up); any one over its budget counts. */
  async isRequired(channel: CaptchaChannel, ip: string, who?: string | readonly string[]): Promise<boolean> {
    const names = who === undefined ? [] : typeof who === 'string' ? [who] : who;
    if (channel === 'SIGN_UP') {
      const threshold = this.config.signupCaptchaThreshold;
      for (const key of [`signup:${ip}`, ...names.map((n) => `signup:contact:${n}`)]) {
        if ((await counters.peek(this.db, key, SIGNUP_WINDOW)) >= threshold) return true;
      }
      return false;
    }
    const threshold =
      channel === 'FORGOT_PASSWORD' ? this.config.forgotPasswordCaptchaThreshold : this.config.captchaFailureThreshold;
    if ((await counters.peek(this.db, failKey(channel, `ip:${ip}`), FAILURE_WINDOW)) >= threshold) return true;
    for (const name of names) {
      if ((await counters.peek(this.db, failKey(channel, `acct:${name}`), FAILURE_WINDOW)) >= threshold) return true;
    }
    return false;
  }

  /** Throws unless the request may go on: no captcha needed, or a fresh correct one was sent (it is consumed either way). */
  async gate(
    channel: CaptchaChannel,
    ip: string,
    account: string | readonly string[] | undefined,
    captcha: { id?: string; answer?: string },
  ): Promise<void> {
    const sent = Boolean(captcha.id || captcha.answer);
    if (!sent) {
      if (await this.isRequired(channel, ip, account)) throw CaptchaRequired();
      return;
    }
    if (!captcha.id || !captcha.answer) throw InvalidCaptcha();
    const row = await repo.consume(this.db, captcha.id, Date.now());
    if (!row || !safeEqual(row.answer, captcha.answer.trim())) throw InvalidCaptcha();
  }

  async recordFailure(channel: CaptchaChannel, ip: string, account?: string): Promise<void> {
    await counters.hit(this.db, failKey(channel, `ip:${ip}`), FAILURE_WINDOW);
    if (account) await counters.hit(this.db, failKey(channel, `acct:${account}`), FAILURE_WINDOW);
  }

  /** Every sign-up attempt counts, per address and per contact, whether the contact is taken or not. */
  async recordSignup(ip: string, contacts: readonly string[] = []): Promise<void> {
    await counters.hit(this.db, `signup:${ip}`, SIGNUP_WINDOW);
    for (const contact of contacts) await counters.hit(this.db, `signup:contact:${contact}`, SIGNUP_WINDOW);
  }

  async clearFailures(channel: CaptchaChannel, account: string): Promise<void> {
    await counters.clear(this.db, [failKey(channel, `acct:${account}`)]);
  }

  /** Housekeeping: expired captchas and counter windows that ended a day ago. */
  async purgeExpired(at = Date.now()): Promise<{ captchas: number; counters: number }> {
    const deleted = await repo.deleteExpired(this.db, at);
    return {
      captchas: deleted.reduce((n, r) => n + Number(r.numDeletedRows), 0),
      counters: await counters.purgeStale(this.db, at),
    };
  }
}
