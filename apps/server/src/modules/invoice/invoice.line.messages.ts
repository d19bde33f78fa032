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

/** The invoice's line item for a package order, in every interface language. */
export const LINE_TEXTS: Record<Language, LineTexts> = {
  tr: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'satın alma',
    renewal: 'yenileme',
    upgrade: 'yükseltme',
    periods: (n) => `${n} dönem`,
    line: (size, family, yearly, what) => `Bulut ${size}${family ? ' Aile' : ''} ${yearly ? 'yıllık' : 'aylık'} paket (${what})`,
  },
  en: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'purchase',
    renewal: 'renewal',
    upgrade: 'upgrade',
    periods: (n) => `${n} periods`,
    line: (size, family, yearly, what) => `Bulut ${size}${family ? ' Family' : ''} ${yearly ? 'yearly' : 'monthly'} package (${what})`,
  },
  ru: {
    gb: 'ГБ',
    tb: 'ТБ',
    purchase: 'покупка',
    renewal: 'продление',
    upgrade: 'переход на больший тариф',
    periods: (n) => `периодов: ${n}`,
    line: (size, family, yearly, what) => `Bulut: ${yearly ? 'годовой' : 'месячный'} ${family ? 'семейный ' : ''}пакет ${size} (${what})`,
  },
  uk: {
    gb: 'ГБ',
    tb: 'ТБ',
    purchase: 'купівля',
    renewal: 'продовження',
    upgrade: 'перехід на більший тариф',
    periods: (n) => `періодів: ${n}`,
    line: (size, family, yearly, what) => `Bulut: ${yearly ? 'річний' : 'місячний'} ${family ? 'сімейний ' : ''}пакет ${size} (${what})`,
  },
  ar: {
    gb: 'غيغابايت',
    tb: 'تيرابايت',
    purchase: 'شراء',
    renewal: 'تجديد',
    upgrade: 'ترقية',
    periods: (n) => `${n} فترات`,
    line: (size, family, yearly, what) => `باقة Bulut ${family ? 'العائلية ' : ''}${yearly ? 'السنوية' : 'الشهرية'} ${size} (${what})`,
  },
  de: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'Kauf',
    renewal: 'Verlängerung',
    upgrade: 'Wechsel auf ein größeres Paket',
    periods: (n) => `${n} Zeiträume`,
    line: (size, family, yearly, what) => `Bulut ${size}${family ? ' Familie' : ''}, ${yearly ? 'Jahrespaket' : 'Monatspaket'} (${what})`,
  },
  es: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'compra',
    renewal: 'renovación',
    upgrade: 'cambio a un plan superior',
    periods: (n) => `${n} periodos`,
    line: (size, family, yearly, what) => `Paquete ${yearly ? 'anual' : 'mensual'} Bulut ${size}${family ? ' Familia' : ''} (${what})`,
  },
  ro: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'cumpărare',
    renewal: 'reînnoire',
    upgrade: 'trecere la un pachet superior',
    periods: (n) => `${n} perioade`,
    line: (size, family, yearly, what) => `Pachet ${yearly ? 'anual' : 'lunar'} Bulut ${size}${family ? ' Familie' : ''} (${what})`,
  },
  sq: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'blerje',
    renewal: 'rinovim',
    upgrade: 'kalim në një paketë më të madhe',
    periods: (n) => `${n} periudha`,
    line: (size, family, yearly, what) => `Paketë ${yearly ? 'vjetore' : 'mujore'} Bulut ${size}${family ? ' Familje' : ''} (${what})`,
  },
  fr: {
    gb: 'Go',
    tb: 'To',
    purchase: 'achat',
    renewal: 'renouvellement',
    upgrade: 'passage à une offre supérieure',
    periods: (n) => `${n} périodes`,
    line: (size, family, yearly, what) => `Forfait ${yearly ? 'annuel' : 'mensuel'} Bulut ${size}${family ? ' Famille' : ''} (${what})`,
  },
  ka: {
    gb: 'GB',
    tb: 'TB',
    purchase: 'შეძენა',
    renewal: 'განახლება',
    upgrade: 'უფრო დიდ პაკეტზე გადასვლა',
    periods: (n) => `${n} პერიოდი`,
    line: (size, family, yearly, what) => `Bulut ${size}${family ? ' საოჯახო' : ''} ${yearly ? 'წლიური' : 'თვიური'} პაკეტი (${what})`,
  },
};

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
