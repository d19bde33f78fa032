import type { Language } from '../../shared/schemas.js';
import type { InvoiceRow } from './invoice.table.js';

/** What a package line item says, before it is put into words. */
export interface LineItem {
  storageBytes: number;
  family: boolean;
  period: 'MONTHLY' | 'YEARLY';
  kind: 'PURCHASE' | 'UPGRADE' | 'RENEWAL';
  periods: number;
}

/** A package line item's words in one language: its storage units, order kinds and the sentence around them. */
interface LineTexts {
  gb: string;
  tb: string;
  purchase: string;
  renewal: string;
  upgrade: string;
  periods: (n: string) => string;
  line: (size: string, family: boolean, yearly: boolean, what: string) => string;
}

/**
 * The same words as data: `periods` is a sentence with {n}; `line` one with {size}, {family} (the family word, or
 * nothing), {period} (the yearly or monthly word) and {what}. Word order is each language's own, so only the data differs.
 */
type LineWords = Omit<LineTexts, 'periods' | 'line'> & { periods: string; yearly: string; monthly: string; family: string; line: string };

const LINE_WORDS: Record<Language, LineWords> = {
  tr: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'satın alma',
    renewal: 'yenileme',
    upgrade: 'yükseltme',
    periods: '{n} dönem',
    yearly: 'yıllık',
    monthly: 'aylık',
    family: ' Aile',
    line: 'Bulut {size}{family} {period} paket ({what})',
  },
  en: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'purchase',
    renewal: 'renewal',
    upgrade: 'upgrade',
    periods: '{n} periods',
    yearly: 'yearly',
    monthly: 'monthly',
    family: ' Family',
    line: 'Bulut {size}{family} {period} package ({what})',
  },
  ru: {
    gb: 'ГБ',
    tb: 'ТБ',
    purchase: 'покупка',
    renewal: 'продление',
    upgrade: 'переход на больший тариф',
    periods: 'периодов: {n}',
    yearly: 'годовой',
    monthly: 'месячный',
    family: 'семейный ',
    line: 'Bulut: {period} {family}пакет {size} ({what})',
  },
  uk: {
    gb: 'ГБ',
    tb: 'ТБ',
    purchase: 'купівля',
    renewal: 'продовження',
    upgrade: 'перехід на більший тариф',
    periods: 'періодів: {n}',
    yearly: 'річний',
    monthly: 'місячний',
    family: 'сімейний ',
    line: 'Bulut: {period} {family}пакет {size} ({what})',
  },
  ar: {
    gb: 'غيغابايت',
    tb: 'تيرابايت',
    purchase: 'شراء',
    renewal: 'تجديد',
    upgrade: 'ترقية',
    periods: '{n} فترات',
    yearly: 'السنوية',
    monthly: 'الشهرية',
    family: 'العائلية ',
    line: 'باقة Bulut {family}{period} {size} ({what})',
  },
  de: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'Kauf',
    renewal: 'Verlängerung',
    upgrade: 'Wechsel auf ein größeres Paket',
    periods: '{n} Zeiträume',
    yearly: 'Jahrespaket',
    monthly: 'Monatspaket',
    family: ' Familie',
    line: 'Bulut {size}{family}, {period} ({what})',
  },
  es: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'compra',
    renewal: 'renovación',
    upgrade: 'cambio a un plan superior',
    periods: '{n} periodos',
    yearly: 'anual',
    monthly: 'mensual',
    family: ' Familia',
    line: 'Paquete {period} Bulut {size}{family} ({what})',
  },
  ro: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'cumpărare',
    renewal: 'reînnoire',
    upgrade: 'trecere la un pachet superior',
    periods: '{n} perioade',
    yearly: 'anual',
    monthly: 'lunar',
    family: ' Familie',
    line: 'Pachet {period} Bulut {size}{family} ({what})',
  },
  sq: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'blerje',
    renewal: 'rinovim',
    upgrade: 'kalim në një paketë më të madhe',
    periods: '{n} periudha',
    yearly: 'vjetore',
    monthly: 'mujore',
    family: ' Familje',
    line: 'Paketë {period} Bulut {size}{family} ({what})',
  },
  fr: {
    gb: 'Go',
    tb: 'To',
    purchase: 'achat',
    renewal: 'renouvellement',
    upgrade: 'passage à une offre supérieure',
    periods: '{n} périodes',
    yearly: 'annuel',
    monthly: 'mensuel',
    family: ' Famille',
    line: 'Forfait {period} Bulut {size}{family} ({what})',
  },
  ka: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'შეძენა',
    renewal: 'განახლება',
    upgrade: 'უფრო დიდ პაკეტზე გადასვლა',
    periods: '{n} პერიოდი',
    yearly: 'წლიური',
    monthly: 'თვიური',
    family: ' საოჯახო',
    line: 'Bulut {size}{family} {period} პაკეტი ({what})',
  },
};

/** A sentence's {name} placeholders filled in one pass (a value is never read as a placeholder). */
function fill(sentence: string, values: Record<string, string>): string {
  return sentence.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

function lineTexts({ yearly: yearlyWord, monthly, family: familyWord, periods, line, ...words }: LineWords): LineTexts {
  return {
    ...words,
    periods: (n) => fill(periods, { n }),
    line: (size, family, yearly, what) => fill(line, { size, family: family ? familyWord : '', period: yearly ? yearlyWord : monthly, what }),
  };
}

/** The invoice's line item for a package order, in every interface language. */
export const LINE_TEXTS = Object.fromEntries(Object.entries(LINE_WORDS).map(([language, words]) => [language, lineTexts(words)])) as Record<Language, LineTexts>;

/** The package line item in `language`: the size in its digits and units, the period and what the order was. */
export function lineItemText(item: LineItem, language: Language): string {
  const t = LINE_TEXTS[language];
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const tib = item.storageBytes / 1024 ** 4;
  const size = tib >= 1 && Number.isInteger(tib) ? `${number.format(tib)} ${t.tb}` : `${number.format(Math.round(item.storageBytes / 1024 ** 3))} ${t.gb}`;
  const what =
    item.kind === 'RENEWAL' ? t.renewal : item.kind === 'UPGRADE' ? t.upgrade : item.periods > 1 ? t.periods(number.format(item.periods)) : t.purchase;
  return t.line(size, item.family, item.period === 'YEARLY', what);
}

/** The invoice's line in `language`: a package order's item written out, else the payment's own description. */
export function invoiceLine(
  inv: Pick<InvoiceRow, 'description' | 'item_storage_bytes' | 'item_family' | 'item_period' | 'item_kind' | 'item_periods'>,
  language: Language,
): string {
  if (inv.item_storage_bytes === null || inv.item_period === null || inv.item_kind === null) return inv.description;
  return lineItemText(
    {
      // pg returns bigint columns as strings.
      storageBytes: Number(inv.item_storage_bytes),
      family: Number(inv.item_family) === 1,
      period: inv.item_period,
      kind: inv.item_kind,
      periods: Number(inv.item_periods ?? 1),
    },
    language,
  );
}
