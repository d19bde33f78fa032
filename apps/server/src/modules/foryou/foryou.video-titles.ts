// The title card of a memory video is burnt into its pixels, so the server writes it, in the account's language: one
// entry per language the web offers (apps/web/src/i18n/languages.ts). Templates only name values ({year}, {place});
// the forms avoid grammatical case on the place name, which the server cannot inflect.

export const VIDEO_LANGUAGES = ['tr', 'en', 'de', 'ru', 'uk', 'ar', 'fr', 'ro', 'es', 'sq', 'ka'] as const;
export type VideoLanguage = (typeof VIDEO_LANGUAGES)[number];

export interface VideoTitleTemplates {
  /** {year} */
  yearInReview: string;
  /** {place} */
  trip: string;
}

export const VIDEO_TITLES: Record<VideoLanguage, VideoTitleTemplates> = {
  tr: { yearInReview: '{year} yılının özeti', trip: '{place} gezisi' },
  en: { yearInReview: '{year} in review', trip: 'Trip to {place}' },
  de: { yearInReview: '{year} im Rückblick', trip: 'Reise: {place}' },
  ru: { yearInReview: '{year}: итоги года', trip: 'Поездка: {place}' },
  uk: { yearInReview: '{year}: підсумки року', trip: 'Подорож: {place}' },
  ar: { yearInReview: 'حصاد عام {year}', trip: 'رحلة: {place}' },
  fr: { yearInReview: 'Rétrospective {year}', trip: 'Voyage : {place}' },
  ro: { yearInReview: 'Anul {year} în imagini', trip: 'Călătorie: {place}' },
  es: { yearInReview: '{year} en imágenes', trip: 'Viaje: {place}' },
  sq: { yearInReview: 'Viti {year} në pamje', trip: 'Udhëtim: {place}' },
  ka: { yearInReview: '{year} წლის მიმოხილვა', trip: 'მოგზაურობა: {place}' },
};

const DEFAULT_LANGUAGE: VideoLanguage = 'tr';
const FALLBACK_LANGUAGE: VideoLanguage = 'en';

/** As the web resolves it: none stored → tr; a supported one or its base ("de-AT" → de) → itself; anything else → en. */
export function videoLanguage(stored: string | null | undefined): VideoLanguage {
  if (!stored?.trim()) return DEFAULT_LANGUAGE;
  const base = stored.trim().toLowerCase().split(/[-_]/)[0];
  return (VIDEO_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as VideoLanguage) : FALLBACK_LANGUAGE;
}

export function videoTitle(language: VideoLanguage, key: keyof VideoTitleTemplates, params: Record<string, string | number>): string {
  return VIDEO_TITLES[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** "1–5 July 2026" in the language's own format (the calendar days as given, no time zone shift). */
export function dateRange(language: VideoLanguage, from: string, to: string): string {
  const format = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(a.getTime())) return '';
  return Number.isNaN(b.getTime()) || from === to ? format.format(a) : format.formatRange(a, b);
}
