import { LANGUAGES, type Language } from './schemas.js';

/**
 * The reader's language from the X-Client-Language header the web sends on every call ("tr", "en-US" → en);
 * undefined when absent or not one of the app's, so callers keep their language-neutral answer (GeoNames' own names).
 */
export function readerLanguage(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const code = (value ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : undefined;
}
