/** Letters (any script, with their combining marks), digits, spaces, dash and underscore survive; everything else is dropped. */
const NOT_ALLOWED = /[^\p{L}\p{M}\p{N} _-]/gu;
/** Marks that only style emoji (variation selectors) or enclose symbols, left over once the emoji is gone. */
const EMOJI_MARKS = /[\p{Variation_Selector}\u20e3]/gu;

/** Typed album names lose special characters except dash and underscore. */
export function filterAlbumName(value: string): string {
  return value.normalize('NFC').replace(/[\t\n\r\u00a0]/g, ' ').replace(NOT_ALLOWED, '').replace(EMOJI_MARKS, '');
}

/** The label sent to the server, or null when nothing is left to create (CREATE stays disabled). */
export function albumLabel(value: string): string | null {
  const label = filterAlbumName(value).trim();
  return label.length > 0 ? label : null;
}
