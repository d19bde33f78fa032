import type { Executor } from '../../infra/db/executor.js';
import type { Campaign, CampaignKind, NewCampaign, Referral, ReferralStatus, RejectReason, StarsEntry } from './campaigns.table.js';

// --- campaigns

export const insertCampaign = (db: Executor, row: NewCampaign) => db.insertInto('campaign').values(row).execute();

export const updateCampaign = (db: Executor, id: string, set: Partial<NewCampaign>) =>
  db.updateTable('campaign').set(set).where('id', '=', id).executeTakeFirst();

export const getCampaign = (db: Executor, id: string): Promise<Campaign | undefined> =>
  db.selectFrom('campaign').selectAll().where('id', '=', id).executeTakeFirst();

export const listCampaigns = (db: Executor): Promise<Campaign[]> =>
  db.selectFrom('campaign').selectAll().orderBy('starts_at', 'desc').orderBy('id').limit(200).execute();

/** The running campaign of a kind (the latest to start when periods overlap). */
export const activeCampaign = (db: Executor, kind: CampaignKind, at: number): Promise<Campaign | undefined> =>
  db
    .selectFrom('campaign')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', '=', 'ACTIVE')
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('starts_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();

/** The newest campaign of a kind that has started (running or over): the raffle page shows it until the next one. */
export const latestStarted = (db: Executor, kind: CampaignKind, at: number): Promise<Campaign | undefined> =>
  db
    .selectFrom('campaign')
    .selectAll()
    .where('kind', '=', kind)
    .where('starts_at', '<=', at)
    .orderBy('starts_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();

// --- invitation links

export const saveLink = (db: Executor, tokenHash: string, accountId: string, at: number) =>
  db
    .insertInto('referral_link')
    .values({ token_hash: tokenHash, account_id: accountId, created_at: at })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();

export const accountOfLink = async (db: Executor, tokenHash: string): Promise<string | null> =>
  (await db.selectFrom('referral_link').select('account_id').where('token_hash', '=', tokenHash).executeTakeFirst())?.account_id ?? null;

// --- referrals

export const insertReferral = (db: Executor, row: Referral) => db.insertInto('referral').values(row).execute();

export const referralOfFriend = (db: Executor, friendId: string): Promise<Referral | undefined> =>
  db.selectFrom('referral').selectAll().where('friend_id', '=', friendId).executeTakeFirst();

export const listReferrals = (db: Executor, accountId: string): Promise<Referral[]> =>
  db.selectFrom('referral').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id').limit(500).execute();

export const qualify = (db: Executor, friendId: string, at: number) =>
  db.updateTable('referral').set({ status: 'QUALIFIED', qualified_at: at }).where('friend_id', '=', friendId).where('status', '=', 'JOINED').execute();

/** Qualified referrals whose friend signed up before `joinedBefore`: their 30 days have passed. */
export const dueReferrals = (db: Executor, joinedBefore: number, limit: number): Promise<Referral[]> =>
  db.selectFrom('referral').selectAll().where('status', '=', 'QUALIFIED').where('created_at', '<=', joinedBefore).orderBy('created_at').limit(limit).execute();

/** Moves one referral on from `from` only (two instances settling the same row: one wins). */
export async function settle(
  db: Executor,
  r: Pick<Referral, 'account_id' | 'id'>,
  from: ReferralStatus,
  set: { status: ReferralStatus; reason?: RejectReason | null; bonus_bytes?: number; settled_at: number },
): Promise<boolean> {
  const res = await db
    .updateTable('referral')
    .set({ reason: null, ...set })
    .where('account_id', '=', r.account_id)
    .where('id', '=', r.id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** How many referrals paid the inviter since `since` (the month's cap). */
export async function rewardedSince(db: Executor, accountId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('referral')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'REWARDED')
    .where('settled_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The friend's account is gone: no reward any more, and the row no longer names it. */
export const forgetFriend = async (db: Executor, friendId: string, at: number) => {
  await db
    .updateTable('referral')
    .set({ status: 'REJECTED', reason: 'FRIEND_DELETED', settled_at: at })
    .where('friend_id', '=', friendId)
    .where('status', 'in', ['JOINED', 'QUALIFIED'])
    .execute();
  await db.updateTable('referral').set({ friend_id: null }).where('friend_id', '=', friendId).execute();
};

export const creditedAny = async (db: Executor, hashes: string[]): Promise<boolean> =>
  hashes.length > 0 && (await db.selectFrom('referral_credit').select('contact_hash').where('contact_hash', 'in', hashes).executeTakeFirst()) !== undefined;

export const credit = (db: Executor, hashes: string[], at: number) =>
  db
    .insertInto('referral_credit')
    .values(hashes.map((contact_hash) => ({ contact_hash, credited_at: at })))
    .onConflict((oc) => oc.column('contact_hash').doNothing())
    .execute();

// --- stars entries

export const addStarsEntry = (db: Executor, row: StarsEntry) =>
  db
    .insertInto('stars_entry')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'campaign_id', 'friend_id']).doNothing())
    .execute();

export const removeStarsEntriesOfOrder = (db: Executor, orderId: string) => db.deleteFrom('stars_entry').where('order_id', '=', orderId).execute();

/** The inviter's entries in a campaign, with whether the friend proved a phone (activated). */
export const starsEntries = (db: Executor, accountId: string, campaignId: string) =>
  db
    .selectFrom('stars_entry as s')
    .leftJoin('referral as r', (j) => j.onRef('r.account_id', '=', 's.account_id').onRef('r.friend_id', '=', 's.friend_id'))
    .select(['s.friend_label', 's.created_at', 'r.qualified_at'])
    .where('s.account_id', '=', accountId)
    .where('s.campaign_id', '=', campaignId)
    .orderBy('s.created_at', 'desc')
    .limit(500)
    .execute();

export const campaignEntries = (db: Executor, campaignId: string) =>
  db
    .selectFrom('stars_entry as s')
    .leftJoin('referral as r', (j) => j.onRef('r.account_id', '=', 's.account_id').onRef('r.friend_id', '=', 's.friend_id'))
    .select(['s.account_id', 's.order_id', 's.created_at', 'r.qualified_at'])
    .where('s.campaign_id', '=', campaignId)
    .orderBy('s.created_at')
    .limit(100_000)
    .execute();

export const campaignReferrals = (db: Executor, campaignId: string) =>
  db
    .selectFrom('referral')
    .select(['account_id', 'id', 'status', 'reason', 'bonus_bytes', 'created_at', 'qualified_at', 'settled_at'])
    .where('campaign_id', '=', campaignId)
    .orderBy('created_at')
    .limit(100_000)
    .execute();

// --- account deletion

export async function purgeAccount(db: Executor, accountId: string, at: number): Promise<void> {
  await db.deleteFrom('stars_entry').where('account_id', '=', accountId).execute();
  await db.deleteFrom('stars_entry').where('friend_id', '=', accountId).execute();
  await db.deleteFrom('referral').where('account_id', '=', accountId).execute();
  await db.deleteFrom('referral_link').where('account_id', '=', accountId).execute();
  await forgetFriend(db, accountId, at);
}
