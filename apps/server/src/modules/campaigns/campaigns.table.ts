import type { Insertable, Selectable } from 'kysely';

export type CampaignKind = 'REFERRAL' | 'STARS';
export type CampaignStatus = 'ACTIVE' | 'CLOSED';
/**
 * JOINED: signed up through a link, phone not proved yet · QUALIFIED: phone proved, reward waits out the 30 days ·
 * REWARDED: both got the bonus · CAPPED: the friend got it, the inviter had reached the month's cap ·
 * REJECTED: no reward (reason says why).
 */
export type ReferralStatus = 'JOINED' | 'QUALIFIED' | 'REWARDED' | 'CAPPED' | 'REJECTED';
export type RejectReason = 'SELF_REFERRAL' | 'CONTACT_ALREADY_CREDITED' | 'FRIEND_DELETED' | 'NO_CAMPAIGN';

export interface CampaignTable {
  id: string;
  kind: CampaignKind;
  name: string;
  status: CampaignStatus;
  starts_at: number;
  ends_at: number;
  draw_at: number | null;
  /** {lang: {title, summary}} */
  texts_json: string;
  /** {lang: sanitised HTML} */
  details_json: string;
  /** REFERRAL: {bonusBytes, monthlyCap}; STARS: {} */
  rules_json: string;
  created_at: number;
  updated_at: number;
}
export type Campaign = Selectable<CampaignTable>;
export type NewCampaign = Insertable<CampaignTable>;

export interface ReferralLinkTable {
  token_hash: string;
  account_id: string;
  created_at: number;
}

export interface ReferralTable {
  /** The inviter. */
  account_id: string;
  id: string;
  /** Null once the friend's account was deleted. */
  friend_id: string | null;
  /** The friend's name masked at sign-up (`Ay*** K***`): the inviter never sees more. */
  friend_label: string;
  campaign_id: string | null;
  status: ReferralStatus;
  reason: RejectReason | null;
  /** What the inviter earned by it. */
  bonus_bytes: number;
  created_at: number;
  qualified_at: number | null;
  settled_at: number | null;
}
export type Referral = Selectable<ReferralTable>;

export interface ReferralCreditTable {
  contact_hash: string;
  credited_at: number;
}

export interface StarsEntryTable {
  /** The inviter. */
  account_id: string;
  campaign_id: string;
  friend_id: string;
  friend_label: string;
  order_id: string;
  created_at: number;
}
export type StarsEntry = Selectable<StarsEntryTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    campaign: CampaignTable;
    referral_link: ReferralLinkTable;
    referral: ReferralTable;
    referral_credit: ReferralCreditTable;
    stars_entry: StarsEntryTable;
  }
}
