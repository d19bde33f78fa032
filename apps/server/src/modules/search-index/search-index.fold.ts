/**
 * The one normalisation of searchable text, used both when indexing and when querying, so they always agree.
 * Case-, accent- and script-insensitive: NFKD, combining marks stripped, locale-independent lower case, with the
 * letters that decomposition leaves alone mapped explicitly (Turkish dotless ı, German ß, Arabic letter variants and
 * digits). What remains is words of letters and digits separated by single spaces; nothing else survives, so a folded
 * word never needs escaping in LIKE patterns or full-text queries.
 */
const EXPLICIT: Record<string, string> = {
  ı: 'i', // Turkish dotless i (İ decomposes to I + dot above, so it needs no entry)
  ß: 'ss',
  ς: 'σ',
  ة: 'ه', // Arabic ta marbuta, typed as ha
  ى: 'ي', // alef maqsura, typed as ya
  ٱ: 'ا',
  ـ: '', // tatweel (elongation), not a letter
};
for (let d = 0; d < 10; d++) {
  EXPLICIT[String.fromCharCode(0x660 + d)] = String(d); // Arabic-Indic digits
  EXPLICIT[String.fromCharCode(0x6f0 + d)] = String(d); // Extended (Persian) digits
}
const EXPLICIT_RE = new RegExp(`[${Object.keys(EXPLICIT).join('')}]`, 'gu');

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(EXPLICIT_RE, (c) => EXPLICIT[c]!)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded words of a text, each once, in order. */
export const foldWords = (text: string): string[] => {
  const folded = foldText(text);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
};
