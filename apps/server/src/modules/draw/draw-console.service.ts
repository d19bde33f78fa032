import { randomInt } from 'node:crypto';
import { Conflict, NotFound, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import { LANGUAGES } from '../../shared/schemas.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import * as repo from './draw.repository.js';
import { codeHashOf, commitmentOf, newSeed, pickWinners } from './draw.verify.js';
import { drawLanguage, drawWinnerText } from './draw.messages.js';
import type { DrawCampaign, DrawEntry } from './draw.table.js';
import { checkCharOf, CODE_ALPHABET, mask, parseTexts, toMsisdn, type CampaignInput, type CampaignTexts, type DrawDeps } from './draw.service.js';

/** Issue 30: the console's side of the prize draw — campaigns, code batches, closing, the draw itself and exports. */
export class DrawConsoleService {
  private readonly clock: () => number;
  constructor(private readonly d: DrawDeps) {
    this.clock = d.clock ?? Date.now;
  }


  async listCampaigns() {
    const rows = await repo.listCampaigns(this.d.db);
    return Promise.all(rows.map((c) => this.summary(c)));
  }

  async getCampaign(id: string) {
    const c = await repo.getCampaign(this.d.db, id);
    if (!c) throw NotFound();
    return { ...(await this.summary(c)), texts: parseTexts(c) };
  }

  private async summary(c: DrawCampaign) {
    const codes = await repo.codeCounts(this.d.db, c.id);
    return {
      id: c.id,
      label: c.name,
      status: c.status,
      startsAt: Number(c.starts_at),
      endsAt: Number(c.ends_at),
      winnerCount: c.winner_count,
      commitment: c.commitment,
      codesIssued: codes.issued,
      codesUsed: codes.used,
      entries: await repo.countEntries(this.d.db, c.id),
      closedAt: c.closed_at === null ? null : Number(c.closed_at),
      drawnAt: c.drawn_at === null ? null : Number(c.drawn_at),
    };
  }

  async createCampaign(op: OperatorContext, input: CampaignInput) {
    checkCampaign(input);
    const seed = newSeed();
    const id = newId();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.createCampaign(trx, {
        id,
        name: input.name.trim(),
        texts: JSON.stringify(pickTexts(input.texts)),
        starts_at: input.startsAt,
        ends_at: input.endsAt,
        winner_count: input.winnerCount,
        status: 'OPEN',
        seed,
        commitment: commitmentOf(seed),
        closed_at: null,
        drawn_at: null,
        created_at: this.clock(),
      });
      await this.d.audit(trx, { operator: op, action: 'draw.campaign.create', targetKind: 'draw_campaign', targetId: id, accountId: null, reason: input.reason ?? null, after: { startsAt: input.startsAt, endsAt: input.endsAt, winnerCount: input.winnerCount } });
    });
    return this.getCampaign(id);
  }

  async updateCampaign(op: OperatorContext, id: string, input: CampaignInput) {
    checkCampaign(input);
    const before = await this.openCampaign(id);
    await this.d.db.transaction().execute(async (trx) => {
      const r = await repo.updateCampaign(trx, id, { name: input.name.trim(), texts: JSON.stringify(pickTexts(input.texts)), starts_at: input.startsAt, ends_at: input.endsAt, winner_count: input.winnerCount });
      if (Number(r.numUpdatedRows) !== 1) throw Conflict('DRAW_CLOSED', 'The campaign is closed.');
      await this.d.audit(trx, {
        operator: op,
        action: 'draw.campaign.update',
        targetKind: 'draw_campaign',
        targetId: id,
        accountId: null,
        reason: input.reason ?? null,
        before: { startsAt: Number(before.starts_at), endsAt: Number(before.ends_at), winnerCount: before.winner_count },
        after: { startsAt: input.startsAt, endsAt: input.endsAt, winnerCount: input.winnerCount },
      });
    });
    return this.getCampaign(id);
  }

  /** A batch of fresh codes, shown once (only their hashes are kept). */
  async generateCodes(op: OperatorContext, campaignId: string, input: { count: number; msisdn?: string; reason?: string }) {
    await this.openCampaign(campaignId);
    const owner = input.msisdn ? toMsisdn(input.msisdn) : null;
    if (input.msisdn && !owner) throw ValidationError('The phone number must be 10 digits.', 'msisdn');
    const codes = new Map<string, string>();
    while (codes.size < input.count) {
      let body = '';
      for (let i = 0; i < 6; i++) body += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
      codes.set(codeHashOf(body), body + checkCharOf(body));
    }
    const taken = await repo.existingCodeHashes(this.d.db, [...codes.keys()]);
    for (const hash of taken) codes.delete(hash);
    const batchId = newId();
    const at = this.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.insertCodes(trx, [...codes].map(([hash, code]) => ({ id: newId(), campaign_id: campaignId, batch_id: batchId, code_hash: hash, check_char: code[6]!, msisdn: owner, used_at: null, created_at: at })));
      await this.d.audit(trx, { operator: op, action: 'draw.codes.generate', targetKind: 'draw_campaign', targetId: campaignId, accountId: null, reason: input.reason ?? null, after: { batchId, count: codes.size, boundToPhone: owner !== null } });
    });
    return { batchId, codes: [...codes.values()] };
  }

  /** CSV lines `code[,phone]` (a header line is skipped); seven characters, the phone as 10 digits or +90…. */
  async importCodes(op: OperatorContext, campaignId: string, input: { csv: string; reason?: string }) {
    await this.openCampaign(campaignId);
    const lines = input.csv.split(/\r?\n/);
    const rows = new Map<string, { code: string; msisdn: string | null }>();
    const rejected: Array<{ line: number; reason: string }> = [];
    for (const [i, raw] of lines.entries()) {
      const line = raw.trim();
      if (!line || (i === 0 && /^code\b/i.test(line))) continue;
      const [codeCell = '', phoneCell = ''] = line.split(/[,;]/).map((c) => c.trim().replace(/^"|"$/g, ''));
      const code = codeCell.toUpperCase();
      const digits = phoneCell.replace(/^\+?90/, '');
      const msisdn = phoneCell ? toMsisdn(digits) : null;
      if (!/^[A-Z0-9]{7}$/.test(code)) rejected.push({ line: i + 1, reason: 'CODE_FORMAT' });
      else if (phoneCell && !msisdn) rejected.push({ line: i + 1, reason: 'PHONE_FORMAT' });
      else if (rows.has(codeHashOf(code.slice(0, 6)))) rejected.push({ line: i + 1, reason: 'DUPLICATE' });
      else rows.set(codeHashOf(code.slice(0, 6)), { code, msisdn });
      if (rows.size > 50_000) throw ValidationError('At most 50000 codes per import.', 'csv');
    }
    const taken = await repo.existingCodeHashes(this.d.db, [...rows.keys()]);
    for (const [i, raw] of lines.entries()) {
      const hash = codeHashOf(raw.trim().split(/[,;]/)[0]!.replace(/"/g, '').toUpperCase().slice(0, 6));
      if (taken.has(hash) && rows.has(hash)) {
        rows.delete(hash);
        rejected.push({ line: i + 1, reason: 'DUPLICATE' });
      }
    }
    const batchId = newId();
    const at = this.clock();
    await this.d.db.transaction().execute(async (trx) => {
      await repo.insertCodes(trx, [...rows].map(([hash, r]) => ({ id: newId(), campaign_id: campaignId, batch_id: batchId, code_hash: hash, check_char: r.code[6]!, msisdn: r.msisdn, used_at: null, created_at: at })));
      await this.d.audit(trx, { operator: op, action: 'draw.codes.import', targetKind: 'draw_campaign', targetId: campaignId, accountId: null, reason: input.reason ?? null, after: { batchId, imported: rows.size, rejected: rejected.length } });
    });
    return { batchId, imported: rows.size, rejected: rejected.sort((a, b) => a.line - b.line).slice(0, 100) };
  }

  async entries(campaignId: string) {
    const c = await this.getCampaign(campaignId);
    const latest = await repo.latestEntries(this.d.db, campaignId, 100);
    return { total: c.entries, codesIssued: c.codesIssued, codesUsed: c.codesUsed, items: latest.map(toOpsEntry) };
  }

  async close(op: OperatorContext, campaignId: string, reason?: string) {
    await this.openCampaign(campaignId);
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.advanceStatus(trx, campaignId, 'OPEN', 'CLOSED', this.clock()))) throw Conflict('DRAW_CLOSED', 'The campaign is closed.');
      await this.d.audit(trx, { operator: op, action: 'draw.campaign.close', targetKind: 'draw_campaign', targetId: campaignId, accountId: null, reason: reason ?? null, after: { entries: await repo.countEntries(trx, campaignId) } });
    });
    return this.getCampaign(campaignId);
  }

  /** Chooses the winners from the frozen list with the committed seed, reveals the seed, and tells the winners by SMS. */
  async run(op: OperatorContext, campaignId: string, reason?: string) {
    const c = await repo.getCampaign(this.d.db, campaignId);
    if (!c) throw NotFound();
    if (c.status !== 'CLOSED') throw Conflict('DRAW_NOT_CLOSED', 'Close the campaign before running the draw.');
    await this.d.db.transaction().execute(async (trx) => {
      if (!(await repo.advanceStatus(trx, campaignId, 'CLOSED', 'DRAWN', this.clock()))) throw Conflict('DRAW_NOT_CLOSED', 'Close the campaign before running the draw.');
      const entries = await repo.entriesOf(trx, campaignId);
      const winners = pickWinners(c.seed, entries.map((e) => e.entry_hash), c.winner_count);
      await repo.markWinners(trx, campaignId, winners);
      const texts = parseTexts(c);
      const byHash = new Map(entries.map((e) => [e.entry_hash, e]));
      for (const hash of winners) {
        const e = byHash.get(hash)!;
        const language = drawLanguage(e.language);
        await this.d.messages.sms(trx, { to: e.msisdn, text: drawWinnerText(language, texts[language].title) });
      }
      await this.d.audit(trx, { operator: op, action: 'draw.run', targetKind: 'draw_campaign', targetId: campaignId, accountId: null, reason: reason ?? null, after: { entries: entries.length, winners: winners.length } });
    });
    return this.getCampaign(campaignId);
  }

  async exportCsv(op: OperatorContext, campaignId: string, kind: 'entries' | 'winners'): Promise<string> {
    const c = await repo.getCampaign(this.d.db, campaignId);
    if (!c) throw NotFound();
    const all = await repo.entriesOf(this.d.db, campaignId);
    const rows = kind === 'winners' ? all.filter((e) => e.winner_rank !== null).sort((a, b) => Number(a.winner_rank) - Number(b.winner_rank)) : all;
    await this.d.audit(this.d.db, { operator: op, action: `draw.export.${kind}`, targetKind: 'draw_campaign', targetId: campaignId, accountId: null, reason: null, after: { rows: rows.length } });
    const lines = ['entry_hash,phone,entered_at,winner_rank', ...rows.map((e) => [e.entry_hash, mask(e.msisdn), new Date(Number(e.created_at)).toISOString(), e.winner_rank ?? ''].join(','))];
    return `${lines.join('\n')}\n`;
  }

  private async openCampaign(id: string): Promise<DrawCampaign> {
    const c = await repo.getCampaign(this.d.db, id);
    if (!c) throw NotFound();
    if (c.status !== 'OPEN') throw Conflict('DRAW_CLOSED', 'The campaign is closed.');
    return c;
  }
}

const toOpsEntry = (e: DrawEntry) => ({ entryHash: e.entry_hash, phone: mask(e.msisdn), enteredAt: Number(e.created_at), winnerRank: e.winner_rank });

function checkCampaign(input: CampaignInput): void {
  if (!input.name.trim()) throw ValidationError('A label is required.', 'name');
  if (!(input.endsAt > input.startsAt)) throw ValidationError('The campaign must end after it starts.', 'endsAt');
  for (const lang of LANGUAGES) {
    const t = input.texts[lang];
    if (!t || !t.title.trim() || !t.conditions.trim() || !t.result.trim()) throw ValidationError(`Texts in every language are required (${lang}).`, 'texts');
  }
}

const pickTexts = (texts: CampaignTexts): CampaignTexts =>
  Object.fromEntries(LANGUAGES.map((l) => [l, { title: texts[l].title.trim(), conditions: texts[l].conditions.trim(), result: texts[l].result.trim() }])) as CampaignTexts;
