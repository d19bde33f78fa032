// What the operator console (ops-catalog) may do with the package catalogue: read every package and write one, in the
// caller's transaction (the audit record commits with the change). packages stays the only writer of its tables.
// A change applies to each subscriber from their next renewal: a subscription keeps the price it paid for its period
// (`subscription.period_price_minor`) and its quota until then; the renewal charges the catalogue as it is on that day.
import type { Executor } from '../../infra/db/executor.js';
import { LANGUAGES, type Language } from '../../shared/schemas.js';
import { newId } from '../../shared/tokens.js';
import { packageLabel } from './packages.pricing.js';
import type { Package, PackagePeriod } from './packages.table.js';

/** The premium features a package can grant; one authority unlocks them all today, so a package has all or none. */
export const PREMIUM_FEATURES = ['FACE_RECOGNITION', 'PEOPLE_STORIES', 'STYLED_PHOTOS_PLUS'] as const;
export type PremiumFeature = (typeof PREMIUM_FEATURES)[number];

export interface CatalogueEntry {
  id: string;
  code: string;
  names: Record<Language, string>;
  quotaBytes: number;
  priceMinor: number;
  currency: string;
  period: PackagePeriod;
  /** Members besides the admin a family package holds; 0: not a family package. */
  familySeats: number;
  features: PremiumFeature[];
  visible: boolean;
  sort: number;
}

export type CatalogueInput = Omit<CatalogueEntry, 'id' | 'code' | 'sort'>;

function parseNames(json: string): Record<Language, string> {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  return Object.fromEntries(LANGUAGES.map((l) => [l, typeof parsed[l] === 'string' ? parsed[l] : ''])) as Record<Language, string>;
}

function parseFeatures(json: string): PremiumFeature[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? PREMIUM_FEATURES.filter((f) => list.includes(f)) : [];
  } catch {
    return [];
  }
}

export const toCatalogueEntry = (p: Package): CatalogueEntry => ({
  id: p.id,
  code: p.code,
  names: parseNames(p.names),
  quotaBytes: Number(p.storage_bytes),
  priceMinor: Number(p.price_minor),
  currency: p.currency,
  period: p.period,
  familySeats: p.family === 1 ? Number(p.family_member_count) : 0,
  features: parseFeatures(p.features),
  visible: p.active === 1,
  sort: Number(p.sort),
});

/** The columns an entry sets; family and premium follow from seats and features. */
function columnsOf(input: CatalogueInput) {
  const family = input.familySeats > 0;
  return {
    names: JSON.stringify(Object.fromEntries(LANGUAGES.map((l) => [l, input.names[l]]))),
    storage_bytes: input.quotaBytes,
    price_minor: input.priceMinor,
    currency: input.currency,
    period: input.period,
    family: family ? 1 : 0,
    family_member_count: family ? input.familySeats : 0,
    type: family ? ('FAMILY' as const) : ('STORAGE' as const),
    premium: input.features.length > 0 ? 1 : 0,
    features: JSON.stringify(PREMIUM_FEATURES.filter((f) => input.features.includes(f))),
    active: input.visible ? 1 : 0,
  };
}

/** Every package, visible or not, in the catalogue's order. */
export async function listCatalogue(db: Executor): Promise<CatalogueEntry[]> {
  const rows = await db.selectFrom('package').selectAll().orderBy('sort').orderBy('code').execute();
  return rows.map(toCatalogueEntry);
}

export async function getCatalogueEntry(db: Executor, id: string): Promise<CatalogueEntry | null> {
  const row = await db.selectFrom('package').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCatalogueEntry(row) : null;
}

/** Rewrites a package; null when there is none. Subscriptions are not touched (see the top of this file). */
export async function updateCatalogueEntry(trx: Executor, id: string, input: CatalogueInput): Promise<CatalogueEntry | null> {
  const res = await trx.updateTable('package').set(columnsOf(input)).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return getCatalogueEntry(trx, id);
}

/** A new package, last in the catalogue; its code is made from its size, kind and period (numbered when taken). */
export async function createCatalogueEntry(trx: Executor, input: CatalogueInput): Promise<CatalogueEntry> {
  const cols = columnsOf(input);
  const label = packageLabel({ storage_bytes: input.quotaBytes, family: cols.family }).toUpperCase().replace(/[^A-Z0-9]+/g, '');
  const base = `${cols.type}_${label}_${input.period}`;
  const taken = new Set((await trx.selectFrom('package').select('code').where('code', 'like', `${base}%`).execute()).map((r) => r.code));
  let code = base;
  for (let n = 2; taken.has(code); n++) code = `${base}_${n}`;
  const last = await trx.selectFrom('package').select((eb) => eb.fn.max('sort').as('sort')).executeTakeFirst();
  const id = newId();
  await trx
    .insertInto('package')
    .values({ id, code, name_key: code.replace(/_(MONTHLY|YEARLY)(_\d+)?$/, '').toLowerCase(), sort: Number(last?.sort ?? 0) + 1, ...cols })
    .execute();
  return (await getCatalogueEntry(trx, id))!;
}
