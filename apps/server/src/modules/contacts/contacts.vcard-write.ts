import type { Card, TypedValue } from './contacts.card.js';
import { displayName } from './contacts.card.js';

export type VCardVersion = '3.0' | '4.0';

/** RFC 6350 §3.4 text escaping: backslash, comma, semicolon and newlines. */
const esc = (v: string): string => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\n|\r/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 6350 §3.2) without splitting a UTF-8 sequence. */
export function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return `${line}\r\n`;
  let out = '';
  let cur = '';
  let curBytes = 0;
  let limit = 75;
  for (const ch of line) {
    const b = Buffer.byteLength(ch);
    if (curBytes + b > limit) {
      out += `${cur}\r\n `;
      cur = '';
      curBytes = 0;
      limit = 74; // the leading space of a continuation counts
    }
    cur += ch;
    curBytes += b;
  }
  return `${out}${cur}\r\n`;
}

/** TYPE parameters: 3.0 writes TYPE=CELL,VOICE; 4.0 lower case, with PREF=1 for the preferred value. */
function typeParams(types: string[], version: VCardVersion): string {
  const pref = types.includes('PREF');
  const rest = types.filter((t) => t !== 'PREF');
  if (version === '3.0') {
    const all = pref ? [...rest, 'PREF'] : rest;
    return all.length > 0 ? `;TYPE=${all.join(',')}` : '';
  }
  return `${rest.length > 0 ? `;TYPE=${rest.map((t) => t.toLowerCase()).join(',')}` : ''}${pref ? ';PREF=1' : ''}`;
}

const typed = (name: string, list: TypedValue[], version: VCardVersion, prefix = '') =>
  list.map((v) => fold(`${name}${typeParams(v.types, version)}:${prefix}${esc(v.value)}`)).join('');

/** One card as vCard text, CRLF line ends, folded. */
export function writeVCard(card: Card, version: VCardVersion): string {
  const n = card.name;
  let out = `BEGIN:VCARD\r\nVERSION:${version}\r\n`;
  if (card.uid) out += fold(`UID:${esc(card.uid)}`);
  out += fold(`FN:${esc(displayName(card))}`);
  out += fold(`N:${[n.family, n.given, n.additional, n.prefix, n.suffix].map(esc).join(';')}`);
  if (card.nickname) out += fold(`NICKNAME:${esc(card.nickname)}`);
  out += typed('TEL', card.phones, version);
  out += typed('EMAIL', card.emails, version);
  for (const a of card.addresses) {
    const parts = [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country].map(esc).join(';');
    out += fold(`ADR${typeParams(a.types, version)}:${parts}`);
  }
  if (card.org.length > 0) out += fold(`ORG:${card.org.map(esc).join(';')}`);
  if (card.title) out += fold(`TITLE:${esc(card.title)}`);
  if (card.birthday) out += fold(`BDAY:${card.birthday}`);
  out += typed('URL', card.urls, version);
  if (card.note) out += fold(`NOTE:${esc(card.note)}`);
  if (card.photo) {
    if ('uri' in card.photo) out += fold(`PHOTO;VALUE=uri:${card.photo.uri}`);
    else if (version === '3.0') out += fold(`PHOTO;ENCODING=b;TYPE=${card.photo.mediaType.replace(/^image\//, '').toUpperCase()}:${card.photo.data}`);
    else out += fold(`PHOTO:data:${card.photo.mediaType};base64,${card.photo.data}`);
  }
  return `${out}END:VCARD\r\n`;
}
