/** Spec 000 §2, §5, §9: which dialog Support opens, and the feedback dialog's limits. Pure, so tests state the rules. */

export const FEEDBACK_TEXT_MAX = 700;
/** On failure the feedback dialog closes itself after this long (spec §4, §9). */
export const FEEDBACK_FAILURE_CLOSE_MS = 4000;
export const FEEDBACK_HEIGHT_PX = 478;
/** Country code 995 gets a taller, scrolling dialog with an extra complaint note (spec §2). */
export const FEEDBACK_TALL_HEIGHT_PX = 560;
export const FEEDBACK_TALL_COUNTRY = '995';

export const FEEDBACK_TYPES = ['SUGGESTION', 'COMPLAINT'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackLanguage = 'EN' | 'TR' | 'AR';

/** The chat frame's fixed client version and size (spec §2). */
export const CHAT_CLIENT_VERSION = '3.64.43';
export const CHAT_FRAME_PX = 600;

/** "+90", "0090" and "90" are the same country code. */
export function normalizeCountryCode(code: string | null | undefined): string {
  return (code ?? '').replace(/^\+|^00/, '').trim();
}

/** The interface language's first part: "tr-TR" → "tr". */
export function baseLanguage(language: string | null | undefined): string {
  return (language ?? '').split(/[-_]/)[0]!.toLowerCase();
}

/** Chat only for English or Turkish, country code 90 and the chatbot flag on; the feedback dialog otherwise. */
export function supportDialogFor(input: { language: string; countryCode: string | null | undefined; chatEnabled: boolean }): 'chat' | 'feedback' {
  const language = baseLanguage(input.language);
  return input.chatEnabled && (language === 'en' || language === 'tr') && normalizeCountryCode(input.countryCode) === '90' ? 'chat' : 'feedback';
}

/** selectedLanguage: TR or AR when that is the interface language, else EN. */
export function feedbackLanguage(language: string): FeedbackLanguage {
  const base = baseLanguage(language);
  return base === 'tr' ? 'TR' : base === 'ar' ? 'AR' : 'EN';
}

/** Input beyond the limit is ignored, not an error: the text keeps its first 700 characters. */
export function capFeedbackText(text: string): string {
  return text.length > FEEDBACK_TEXT_MAX ? text.slice(0, FEEDBACK_TEXT_MAX) : text;
}

export function isTallFeedback(countryCode: string | null | undefined): boolean {
  return normalizeCountryCode(countryCode) === FEEDBACK_TALL_COUNTRY;
}

/** The browser's string-valued navigator properties (spec §7's first reading), sent beside the text. */
export function clientDetails(nav: Navigator = navigator): Record<string, string> {
  const details: Record<string, string> = {};
  for (const key of ['userAgent', 'platform', 'language', 'vendor', 'appVersion'] as const) {
    const value = (nav as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) details[key] = value.slice(0, 512);
  }
  return details;
}

/**
 * The chat frame's address (spec §2): user id, the stored language's first part, the fixed client version, type web,
 * the source, a light theme and the ticket, on the configured base (our own chat page unless the operator set another).
 */
export function chatFrameUrl(base: string, input: { userId: string; language: string; source: string; ticket: string }, origin = window.location.origin): string {
  const url = new URL(base, origin);
  url.searchParams.set('userId', input.userId);
  url.searchParams.set('language', baseLanguage(input.language) || 'tr');
  url.searchParams.set('clientVersion', CHAT_CLIENT_VERSION);
  url.searchParams.set('type', 'web');
  url.searchParams.set('source', input.source);
  url.searchParams.set('theme', 'light');
  url.searchParams.set('ticket', input.ticket);
  return url.toString();
}

/** The chat frame's `source`: where the subscriber opened it (the web app's account card). */
export const CHAT_SOURCE = 'web-account-card';
