import type { Executor } from '../../infra/db/executor.js';
import { hitWindow } from '../../infra/rate-limit/fixed-window.js';
import type { DrawCampaignTable, DrawCodeTable, DrawEntryTable, DrawRequestTable, DrawStatus } from './draw.table.js';

// --- campaigns
export const createCampaign = (db: Executor, row: DrawCampaignTable) => db.insertInto('draw_campaign').values(row).execute();

export const getCampaign = (db: Executor, id: string) => db.selectFrom('draw_campaign').selectAll().where('id', '=', id).executeTakeFirst();

export const listCampaigns = (db: Executor) => db.selectFrom('draw_campaign').selectAll().orderBy('created_at', 'desc').limit(200).execute();

/** The open campaign whose period holds `at` (the newest if periods overlap). */
export const currentCampaign = (db: Executor, at: number) =>
  db
    .selectFrom('draw_campaign')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const updateCampaign = (db: Executor, id: string, values: Partial<Pick<DrawCampaignTable, 'name' | 'texts' | 'starts_at' | 'ends_at' | 'winner_count'>>) =>
  db.updateTable('draw_campaign').set(values).where('id', '=', id).where('status', '=', 'OPEN').executeTakeFirst();

/** Moves the campaign from one status to the next only if it is still in `from` (two operators cannot both do it). */
export async function advanceStatus(db: Executor, id: string, from: DrawStatus, to: DrawStatus, at: number): Promise<boolean> {
  const r = await db
    .updateTable('draw_campaign')
    .set(to === 'CLOSED' ? { status: to, closed_at: at } : { status: to, drawn_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// --- codes
export async function insertCodes(db: Executor, rows: DrawCodeTable[]): Promise<void> {
  // SQLite caps bound parameters per statement; 8 columns × 500 rows stays under it.
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('draw_code').values(rows.slice(i, i + 500)).execute();
}

export async function existingCodeHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db.selectFrom('draw_code').select('code_hash').where('code_hash', 'in', hashes.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.code_hash);
  }
  return found;
}

export const getCodeByHash = (db: Executor, codeHash: string) => db.selectFrom('draw_code').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();

/** Burns the code if nobody has: exactly one of two racing entries gets `true`. */
export async function burnCode(db: Executor, id: string, at: number): Promise<boolean> {
  const r = await db.updateTable('draw_code').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function codeCounts(db: Executor, campaignId: string): Promise<{ issued: number; used: number }> {
  const row = await db
    .selectFrom('draw_code')
    .select((eb) => [eb.fn.countAll<number | string>().as('issued'), eb.fn.count<number | string>('used_at').as('used')])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { issued: Number(row.issued), used: Number(row.used) };
}

// --- requests (a code and phone waiting for the SMS code)
export const createRequest = (db: Executor, row: DrawRequestTable) => db.insertInto('draw_request').values(row).execute();

export const getRequestByReference = (db: Executor, referenceHash: string) =>
  db.selectFrom('draw_request').selectAll().where('reference_hash', '=', referenceHash).executeTakeFirst();

/** Counts a wrong OTP atomically; returns the count after it. */
export async function countFailedOtp(db: Executor, id: string): Promise<number> {
  await db
    .updateTable('draw_request')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('draw_request').select('failed_attempts').where('id', '=', id).executeTakeFirst();
  return Number(row?.failed_attempts ?? Number.MAX_SAFE_INTEGER);
}

export const deleteRequestsOfCode = (db: Executor, codeId: string) => db.deleteFrom('draw_request').where('code_id', '=', codeId).execute();

export const deleteStaleRequests = (db: Executor, before: number) => db.deleteFrom('draw_request').where('created_at', '<', before).executeTakeFirst();

// --- entries
export const createEntry = (db: Executor, row: DrawEntryTable) => db.insertInto('draw_entry').values(row).execute();

export async function countEntries(db: Executor, campaignId: string): Promise<number> {
  const row = await db.selectFrom('draw_entry').select((eb) => eb.fn.countAll<number | string>().as('n')).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every entry of a campaign in a stable order (hash ascending): what is published and what the draw reads. */
export const entriesOf = (db: Executor, campaignId: string) =>
  db.selectFrom('draw_entry').selectAll().where('campaign_id', '=', campaignId).orderBy('entry_hash').execute();

export const latestEntries = (db: Executor, campaignId: string, limit: number) =>
  db.selectFrom('draw_entry').selectAll().where('campaign_id', '=', campaignId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();

export async function markWinners(db: Executor, campaignId: string, entryHashesInRank: string[]): Promise<void> {
  for (const [i, hash] of entryHashesInRank.entries()) {
    await db.updateTable('draw_entry').set({ winner_rank: i + 1 }).where('campaign_id', '=', campaignId).where('entry_hash', '=', hash).execute();
  }
}

/** A phone's entries with their campaign's state, newest first (the raffle-rights page). */
export const entriesOfPhone = (db: Executor, msisdn: string) =>
  db
    .selectFrom('draw_entry')
    .innerJoin('draw_campaign', 'draw_campaign.id', 'draw_entry.campaign_id')
    .select([
      'draw_entry.campaign_id',
      'draw_entry.created_at',
      'draw_entry.winner_rank',
      'draw_campaign.texts',
      'draw_campaign.ends_at',
      'draw_campaign.status',
      'draw_campaign.drawn_at',
    ])
    .where('draw_entry.msisdn', '=', msisdn)
    .orderBy('draw_entry.created_at', 'desc')
    .limit(500)
    .execute();

// --- attempt counters
export async function hit(db: Executor, key: string, windowMs: number, at: number): Promise<number> {
  return (await hitWindow(db, 'draw_counter', key, windowMs, at)).count;
}

export async function peek(db: Executor, key: string, windowMs: number, at: number): Promise<number> {
  const row = await db.selectFrom('draw_counter').select('count').where('key', '=', key).where('window_start', '>=', at - windowMs).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export const purgeCounters = (db: Executor, before: number) => db.deleteFrom('draw_counter').where('window_start', '<', before).executeTakeFirst();
