import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { getOrCreateSecret } from '../../infra/signing/url-signer.js';
import type { AuthContext } from '../../shared/auth-context.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { AppError, BadRequest, Conflict, NotFound } from '../../shared/errors.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { days } from '../../shared/time.js';
import { hashToken, newId } from '../../shared/tokens.js';
import type { AuditEntryInput } from '../audit/audit.public.js';
import * as repo from './campaigns.repository.js';
import { contactHashes, isSelfReferral, maskName, monthStart } from './campaigns.rules.js';
import { sanitizeRichText } from './campaigns.sanitize.js';
import type { Campaign, CampaignKind, Referral, ReferralStatus } from './campaigns.table.js';

/** The friend's account must stay this long before anyone is paid (deleting it earlier pays nobody). */
export const REWARD_DELAY_DAYS = 30;
/** Bonus storage from a referral does not run out (like Dropbox's); the grant needs an end, so a far one. */
export const REFERRAL_GRANT_END = Date.UTC(9999, 11, 31);
const LINK_SECRET = 'referral-link';

// Spec 001 §8: the stars calls fail with these codes (the client maps them to lb_stars_no_active_campaign and
// lb_stars_no_campaign_details); the error envelope's status carries the number.
export const NoActiveCampaign = () => new AppError(404, 8101 as unknown as string, 'There is no active campaign.');
export const NoCampaignDetails = () => new AppError(404, 8102 as unknown as string, 'The campaign has no details.');

export interface ReferralRules {
  /** Given to both the inviter and the friend. */
  bonusBytes: number;
  /** Referrals that pay the inviter in one calendar month. */
  monthlyCap: number;
}

export interface CampaignInput {
  kind: CampaignKind;
  name: string;
  startsAt: number;
  endsAt: number;
  drawAt?: number | null;
  texts: Partial<Record<Language, { title: string; summary: string }>>;
  details: Partial<Record<Language, string>>;
  rules?: Partial<ReferralRules>;
  reason?: string;
}

/** A subscriber's account as campaigns read it. */
export interface AccountFacts {
  id: string;
  email: string;
  phone_e164: string;
  recovery_email: string | null;
  status: string;
  phone_verified_at: number | null;
  created_at: number;
}

/** A prize-draw entry of a phone number (the draw module's `drawEntriesFor`, see /work/brief/campaign-contract.md). */
export interface DrawEntry {
  campaignId: string;
  enteredAt: number;
  /** The draw follows the close of entries. */
  entriesCloseAt: number;
  drawnAt: number | null;
  won: boolean | null;
}

export interface CampaignsDeps {
  db: Kysely<DB>;
  clock: () => number;
  /** Base of the invitation links: the configured public URL, else the origin the request came to. */
  publicUrl: string | null;
  getAccount: (db: Executor, id: string) => Promise<AccountFacts | undefined>;
  grantQuota: (trx: Executor, g: { accountId: string; bytes: number; expiresAt: number; at: number; operatorId: string | null }) => Promise<unknown>;
  audit: (db: Transaction<DB> | Kysely<DB>, entry: AuditEntryInput) => Promise<void>;
  /** The prize draw's entries of a verified phone number (the draw module's public function, wired at merge). */
  drawEntries?: (phoneE164: string) => Promise<DrawEntry[]>;
}

const parse = <T>(json: string): T => JSON.parse(json) as T;
const pick = <T>(byLang: Partial<Record<string, T>>, language: string): T | undefined => byLang[language] ?? byLang.en ?? byLang.tr;

export class CampaignsService {
  private secret: Promise<string> | null = null;
  constructor(private readonly d: CampaignsDeps) {}

  // --- the personal invitation link

  /** An HMAC of the account id: the same link every time, unguessable, and only its hash is stored (for look-up). */
  async linkToken(accountId: string): Promise<string> {
    this.secret ??= getOrCreateSecret(this.d.db, LINK_SECRET, randomBytes(32).toString('base64'));
    const token = createHmac('sha256', Buffer.from(await this.secret, 'base64')).update(accountId).digest('base64url');
    await repo.saveLink(this.d.db, hashToken(token), accountId, this.d.clock());
    return token;
  }

  async inviteUrl(accountId: string, origin: string): Promise<string> {
    const token = await this.linkToken(accountId);
    return `${(this.d.publicUrl ?? origin).replace(/\/$/, '')}/auth/inviteuser?referrerToken=${token}`;
  }

  // --- sign-up, phone proof and the reward

  /**
   * Runs in the sign-up's transaction: a token naming a live inviter records the referral (an unknown or malformed
   * token is ignored, never an error: the friend's sign-up must not fail for it).
   */
  async recordSignup(
    trx: Transaction<DB>,
    friend: { accountId: string; referrerToken: string; name: string; surname: string; email: string; phoneE164: string; phoneProved: boolean; at: number },
  ): Promise<void> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(friend.referrerToken)) return;
    const inviterId = await repo.accountOfLink(trx, hashToken(friend.referrerToken));
    if (!inviterId || inviterId === friend.accountId) return;
    const inviter = await this.d.getAccount(trx, inviterId);
    if (!inviter || inviter.status === 'DELETED') return;
    const campaign = await repo.activeCampaign(trx, 'REFERRAL', friend.at);
    const self = isSelfReferral(inviter, friend);
    await repo.insertReferral(trx, {
      account_id: inviterId,
      id: newId(),
      friend_id: friend.accountId,
      friend_label: maskName(friend.name, friend.surname, friend.email),
      campaign_id: campaign?.id ?? null,
      status: self ? 'REJECTED' : friend.phoneProved ? 'QUALIFIED' : 'JOINED',
      reason: self ? 'SELF_REFERRAL' : null,
      bonus_bytes: 0,
      created_at: friend.at,
      qualified_at: !self && friend.phoneProved ? friend.at : null,
      settled_at: self ? friend.at : null,
    });
  }

  /** The account module's contact-proved callback: a proved phone qualifies the friend's referral. */
  async contactProved(trx: Executor, accountId: string, contact: { phoneE164: string | null }): Promise<void> {
    if (contact.phoneE164) await repo.qualify(trx, accountId, this.d.clock());
  }

  /** Pays the referrals whose 30 days have passed; answers how many were settled. A batch per call. */
  async settleDue(at = this.d.clock(), batch = 200): Promise<number> {
    const due = await repo.dueReferrals(this.d.db, at - days(REWARD_DELAY_DAYS), batch);
    let settled = 0;
    for (const r of due) if (await this.d.db.transaction().execute((trx) => this.settleOne(trx, r, at))) settled++;
    return settled;
  }

  private async settleOne(trx: Transaction<DB>, r: Referral, at: number): Promise<boolean> {
    const reject = (reason: 'FRIEND_DELETED' | 'NO_CAMPAIGN' | 'CONTACT_ALREADY_CREDITED') =>
      repo.settle(trx, r, 'QUALIFIED', { status: 'REJECTED', reason, settled_at: at });
    const friend = r.friend_id ? await this.d.getAccount(trx, r.friend_id) : undefined;
    if (!friend || friend.status === 'DELETED') return reject('FRIEND_DELETED');
    const campaign = r.campaign_id ? await repo.getCampaign(trx, r.campaign_id) : undefined;
    if (!campaign) return reject('NO_CAMPAIGN');
    const rules = referralRules(campaign);
    const hashes = contactHashes({ email: friend.email, phoneE164: friend.phone_e164 });
    // A number or address that already earned a reward (a deleted account signing up again) earns none again.
    if (await repo.creditedAny(trx, hashes)) return reject('CONTACT_ALREADY_CREDITED');
    const capped = (await repo.rewardedSince(trx, r.account_id, monthStart(at))) >= rules.monthlyCap;
    const status: ReferralStatus = capped ? 'CAPPED' : 'REWARDED';
    if (!(await repo.settle(trx, r, 'QUALIFIED', { status, bonus_bytes: capped ? 0 : rules.bonusBytes, settled_at: at }))) return false;
    await repo.credit(trx, hashes, at);
    const grant = (accountId: string) => this.d.grantQuota(trx, { accountId, bytes: rules.bonusBytes, expiresAt: REFERRAL_GRANT_END, at, operatorId: null });
    if (rules.bonusBytes > 0) {
      await grant(friend.id);
      if (!capped) await grant(r.account_id);
    }
    return true;
  }

  /** My link, the friends who joined (masked) and what I earned. */
  async referralOverview(auth: AuthContext, language: string, origin: string) {
    const at = this.d.clock();
    const [url, campaign, referrals] = await Promise.all([
      this.inviteUrl(auth.accountId, origin),
      repo.activeCampaign(this.d.db, 'REFERRAL', at),
      repo.listReferrals(this.d.db, auth.accountId),
    ]);
    return {
      url,
      campaign: campaign ? { ...this.campaignView(campaign, language), rules: referralRules(campaign) } : null,
      friends: referrals.map((r) => ({ username: r.friend_label, joinedAt: r.created_at, status: r.status, reason: r.reason, earnedBytes: Number(r.bonus_bytes) })),
      earnedBytes: referrals.reduce((sum, r) => sum + Number(r.bonus_bytes), 0),
    };
  }

  // --- stars campaign (spec 001 §7)

  private async activeStars(): Promise<Campaign> {
    const campaign = await repo.activeCampaign(this.d.db, 'STARS', this.d.clock());
    if (!campaign) throw NoActiveCampaign();
    return campaign;
  }

  async starsLink(auth: AuthContext, origin: string): Promise<{ url: string }> {
    await this.activeStars();
    return { url: await this.inviteUrl(auth.accountId, origin) };
  }

  async starsParticipants(auth: AuthContext) {
    const campaign = await this.activeStars();
    const entries = await repo.starsEntries(this.d.db, auth.accountId, campaign.id);
    return {
      purchasedOnly: entries.filter((e) => e.qualified_at == null).map((e) => ({ username: e.friend_label })),
      purchasedAndActivated: entries.filter((e) => e.qualified_at != null).map((e) => ({ username: e.friend_label })),
    };
  }

  async starsDetail(language: string): Promise<{ content: string }> {
    const campaign = await this.activeStars();
    const content = pick(parse<Record<string, string>>(campaign.details_json), language);
    if (!content) throw NoCampaignDetails();
    return { content };
  }

  /**
   * The packages module's capture: a referred friend's purchase during a stars campaign is one entry for the inviter,
   * however often the payment is retried or reported (the entry's key is inviter, campaign, friend). Takes everything
   * from its arguments: the listener is process-wide.
   */
  static async recordPurchase(trx: Executor, order: { orderId: string; accountId: string; at: number }): Promise<void> {
    const referral = await repo.referralOfFriend(trx, order.accountId);
    if (!referral || referral.reason === 'SELF_REFERRAL') return;
    const campaign = await repo.activeCampaign(trx, 'STARS', order.at);
    if (!campaign) return;
    await repo.addStarsEntry(trx, {
      account_id: referral.account_id,
      campaign_id: campaign.id,
      friend_id: order.accountId,
      friend_label: referral.friend_label,
      order_id: order.orderId,
      created_at: order.at,
    });
  }

  /** A refunded order is no purchase: its entry goes. */
  static async recordRefund(trx: Executor, orderId: string): Promise<void> {
    await repo.removeStarsEntriesOfOrder(trx, orderId);
  }

  // --- raffle rights (/cekilis-hakki)

  /** The running campaign, else the newest that has started: two starting the same minute (the console's start is to the
   * minute) must not hide the running one behind a closed one. */
  private async raffleCampaign() {
    const at = this.d.clock();
    return (await repo.activeCampaign(this.d.db, 'STARS', at)) ?? (await repo.latestStarted(this.d.db, 'STARS', at));
  }

  async raffle(language: string) {
    const campaign = await this.raffleCampaign();
    if (!campaign) return { campaign: null };
    const content = pick(parse<Record<string, string>>(campaign.details_json), language) ?? null;
    return { campaign: { ...this.campaignView(campaign, language), content, active: campaign.status === 'ACTIVE' && campaign.ends_at > this.d.clock() } };
  }

  async raffleRights(auth: AuthContext, language: string) {
    const campaign = await this.raffleCampaign();
    const entries = campaign ? await repo.starsEntries(this.d.db, auth.accountId, campaign.id) : [];
    // Draw entries are made with a phone and an SMS code, no account: the subscriber's are those of their proved phone.
    const account = this.d.drawEntries ? await this.d.getAccount(this.d.db, auth.accountId) : undefined;
    const draws = account?.phone_verified_at != null ? await this.d.drawEntries!(account.phone_e164) : [];
    return {
      stars: campaign
        ? { title: this.campaignView(campaign, language).title, drawAt: campaign.draw_at, rights: entries.filter((e) => e.qualified_at != null).length }
        : null,
      draws: draws.map((d) => ({ campaignId: d.campaignId, enteredAt: d.enteredAt, drawAt: d.drawnAt ?? d.entriesCloseAt, won: d.won })),
    };
  }

  private campaignView(c: Campaign, language: string) {
    const text = pick(parse<Record<string, { title: string; summary: string }>>(c.texts_json), language) ?? { title: c.name, summary: '' };
    return { id: c.id, kind: c.kind, title: text.title, summary: text.summary, startsAt: c.starts_at, endsAt: c.ends_at, drawAt: c.draw_at };
  }

  // --- the console (marketing)

  listCampaigns = () => repo.listCampaigns(this.d.db);

  async getCampaign(id: string): Promise<Campaign> {
    const c = await repo.getCampaign(this.d.db, id);
    if (!c) throw NotFound('Campaign not found.');
    return c;
  }

  async createCampaign(op: OperatorContext, input: CampaignInput): Promise<Campaign> {
    const at = this.d.clock();
    const row = { id: newId(), status: 'ACTIVE' as const, created_at: at, updated_at: at, ...checked(input) };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.insertCampaign(trx, row);
      await this.d.audit(trx, { operator: op, action: 'campaign.create', targetKind: 'campaign', targetId: row.id, accountId: null, reason: input.reason ?? null, after: auditOf(row) });
    });
    return this.getCampaign(row.id);
  }

  async updateCampaign(op: OperatorContext, id: string, input: CampaignInput): Promise<Campaign> {
    const before = await this.getCampaign(id);
    if (before.kind !== input.kind) throw BadRequest('CAMPAIGN_KIND_FIXED', 'A campaign keeps its kind; create a new campaign instead.', 'kind');
    const set = { ...checked(input), updated_at: this.d.clock() };
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateCampaign(trx, id, set);
      await this.d.audit(trx, { operator: op, action: 'campaign.update', targetKind: 'campaign', targetId: id, accountId: null, reason: input.reason ?? null, before: auditOf(before), after: auditOf(set) });
    });
    return this.getCampaign(id);
  }

  async closeCampaign(op: OperatorContext, id: string, reason: string | null): Promise<Campaign> {
    const before = await this.getCampaign(id);
    if (before.status === 'CLOSED') throw Conflict('CAMPAIGN_CLOSED', 'The campaign is already closed.');
    await this.d.db.transaction().execute(async (trx) => {
      await repo.updateCampaign(trx, id, { status: 'CLOSED', updated_at: this.d.clock() });
      await this.d.audit(trx, { operator: op, action: 'campaign.close', targetKind: 'campaign', targetId: id, accountId: null, reason, before: { status: before.status }, after: { status: 'CLOSED' } });
    });
    return this.getCampaign(id);
  }

  /** The entries as CSV: account ids, statuses and times only (no names or contacts leave through the console). */
  async exportEntries(op: OperatorContext, id: string): Promise<string> {
    const c = await this.getCampaign(id);
    const iso = (t: number | null) => (t == null ? '' : new Date(t).toISOString());
    let lines: string[];
    if (c.kind === 'STARS') {
      const rows = await repo.campaignEntries(this.d.db, id);
      lines = ['inviter_account_id,order_id,purchased_at,activated', ...rows.map((r) => [r.account_id, r.order_id, iso(r.created_at), r.qualified_at != null].join(','))];
    } else {
      const rows = await repo.campaignReferrals(this.d.db, id);
      lines = [
        'inviter_account_id,referral_id,status,reason,inviter_bonus_bytes,joined_at,phone_verified_at,settled_at',
        ...rows.map((r) => [r.account_id, r.id, r.status, r.reason ?? '', Number(r.bonus_bytes), iso(r.created_at), iso(r.qualified_at), iso(r.settled_at)].join(',')),
      ];
    }
    await this.d.audit(this.d.db, { operator: op, action: 'campaign.export', targetKind: 'campaign', targetId: id, accountId: null, reason: null, after: { rows: lines.length - 1 } });
    return `${lines.join('\r\n')}\r\n`;
  }
}

/** The rules with defaults (1 GB each, 10 a month) for a referral campaign that left them out. */
export function referralRules(c: Pick<Campaign, 'rules_json'>): ReferralRules {
  const r = parse<Partial<ReferralRules>>(c.rules_json);
  return { bonusBytes: r.bonusBytes ?? 1024 ** 3, monthlyCap: r.monthlyCap ?? 10 };
}

function checked(input: CampaignInput) {
  if (!(input.endsAt > input.startsAt)) throw BadRequest('VALIDATION_ERROR', 'The campaign must end after it starts.', 'endsAt');
  if (input.drawAt != null && input.drawAt < input.endsAt) throw BadRequest('VALIDATION_ERROR', 'The draw comes after the campaign ends.', 'drawAt');
  for (const lang of ['tr', 'en'] as const) {
    if (!input.texts[lang]?.title.trim()) throw BadRequest('VALIDATION_ERROR', `The campaign needs a title in ${lang}.`, `texts.${lang}.title`);
  }
  const details: Record<string, string> = {};
  for (const lang of LANGUAGES) {
    const html = input.details[lang];
    if (html === undefined) continue;
    const clean = sanitizeRichText(html).trim();
    if (clean) details[lang] = clean;
  }
  const texts: Record<string, { title: string; summary: string }> = {};
  for (const lang of LANGUAGES) {
    const t = input.texts[lang];
    if (t && t.title.trim()) texts[lang] = { title: t.title.trim(), summary: t.summary.trim() };
  }
  const rules = input.kind === 'REFERRAL' ? { bonusBytes: input.rules?.bonusBytes ?? 1024 ** 3, monthlyCap: input.rules?.monthlyCap ?? 10 } : {};
  return {
    kind: input.kind,
    name: input.name.trim(),
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    draw_at: input.drawAt ?? null,
    texts_json: JSON.stringify(texts),
    details_json: JSON.stringify(details),
    rules_json: JSON.stringify(rules),
  };
}

/** What the audit keeps of a campaign: its terms, not its texts. */
const auditOf = (c: { name?: string; starts_at?: number; ends_at?: number; draw_at?: number | null; rules_json?: string }) => ({
  name: c.name,
  startsAt: c.starts_at,
  endsAt: c.ends_at,
  drawAt: c.draw_at,
  rules: c.rules_json ? (JSON.parse(c.rules_json) as unknown) : undefined,
});
