import { emptyCard, isBlank, type Address, type Card, type TypedValue } from './contacts.card.js';

/** A decoded photo larger than this is dropped (the card is kept, a warning names its line): a backup is not a gallery. */
export const MAX_PHOTO_BYTES = 512 * 1024;
/** One card's text beyond its photo; anything longer is not a contact but garbage or an attack. */
export const MAX_CARD_CHARS = 256 * 1024;

/** Why a card was skipped or shortened; the web shows each in the reader's language. */
export type ProblemReason = 'NO_VALUE' | 'BAD_NAME' | 'NO_END' | 'NO_BEGIN' | 'OUTSIDE' | 'EMPTY' | 'TOO_LONG' | 'PHOTO_TOO_LARGE' | 'PHOTO_INVALID';

export interface ParseProblem {
  /** 1-based line of the file where the card (or the property) starts. */
  line: number;
  reason: ProblemReason;
  message: string;
}

export interface ParseResult {
  cards: Card[];
  /** Cards that were skipped, by the line they start on. */
  errors: ParseProblem[];
  /** Cards kept with something left out (an oversized photo). */
  warnings: ParseProblem[];
}

interface Property {
  name: string;
  params: Map<string, string[]>;
  /** The raw value as bytes (latin1 string: one char per byte), before any decoding. */
  raw: string;
  line: number;
}

class CardError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly reason: ProblemReason,
  ) {
    super(message);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes (one latin1 char per byte) to text: the declared charset, else UTF-8, else Windows-1254 (Turkish phones). */
function decodeBytes(bytes: string, charset: string | undefined): string {
  const buf = Buffer.from(bytes, 'latin1');
  if (charset && !/^utf-?8$/i.test(charset)) {
    try {
      return new TextDecoder(charset.toLowerCase()).decode(buf);
    } catch {
      // An unknown label falls through to detection rather than failing the card.
    }
  }
  try {
    return utf8.decode(buf);
  } catch {
    return new TextDecoder('windows-1254').decode(buf);
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Splits on a separator not preceded by a backslash escape and not inside double quotes. */
function splitUnescaped(text: string, sep: string, quotes = false): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && !quoted) {
      cur += c + text[i + 1];
      i++;
    } else if (quotes && c === '"') {
      quoted = !quoted;
      cur += c;
    } else if (c === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const unescape = (v: string): string => v.replace(/\\([nN,;:\\])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** Parses `[group.]NAME;PARAM=a,b;BARE:value` into its parts (the value still raw). */
function parseLine(text: string, line: number): Property {
  const head = splitUnescaped(text, ':', true);
  if (head.length < 2) throw new CardError(`Line ${line}: a property without a value ("${text.slice(0, 40)}").`, line, 'NO_VALUE');
  const [nameAndParams, ...rest] = [head[0]!, text.slice(head[0]!.length + 1)];
  const parts = splitUnescaped(nameAndParams, ';', true);
  const name = parts[0]!.replace(/^[^.]*\./, '').trim().toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) throw new CardError(`Line ${line}: "${parts[0]!.slice(0, 40)}" is not a property name.`, line, 'BAD_NAME');
  const params = new Map<string, string[]>();
  for (const p of parts.slice(1)) {
    const eq = p.indexOf('=');
    // vCard 2.1 writes bare parameters: TEL;CELL;HOME or PHOTO;BASE64.
    const key = eq < 0 ? bareParamKey(p) : p.slice(0, eq).trim().toUpperCase();
    const values = (eq < 0 ? p : p.slice(eq + 1)).split(',').map((v) => v.trim().replace(/^"|"$/g, ''));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, raw: rest.join(':'), line };
}

function bareParamKey(p: string): string {
  const v = p.trim().toUpperCase();
  if (v === 'QUOTED-PRINTABLE' || v === 'BASE64' || v === 'B' || v === '8BIT' || v === '7BIT') return 'ENCODING';
  return 'TYPE';
}

const param = (p: Property, key: string): string | undefined => p.params.get(key)?.[0];

/** The property's value as text: transfer encoding undone, charset applied. Base64 values stay as they are. */
function textOf(p: Property): string {
  const enc = param(p, 'ENCODING')?.toUpperCase();
  const text = decodeBytes(enc === 'QUOTED-PRINTABLE' ? decodeQuotedPrintable(p.raw) : p.raw, param(p, 'CHARSET'));
  // Control characters have no place in a contact (and PostgreSQL refuses NUL in text); newlines stay for notes.
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/g, (c) => (c === '\t' ? ' ' : ''));
}

const typesOf = (p: Property): string[] =>
  [...new Set((p.params.get('TYPE') ?? []).flatMap((t) => t.split(',')).map((t) => t.trim().toUpperCase()).filter((t) => /^[A-Z0-9-]+$/.test(t) && t !== 'INTERNET'))];

function structured(p: Property, size: number): string[] {
  const fields = splitUnescaped(textOf(p), ';').map((f) => unescape(f).trim());
  while (fields.length < size) fields.push('');
  return fields;
}

function photoOf(p: Property, warnings: ParseProblem[]): Card['photo'] {
  const enc = param(p, 'ENCODING')?.toUpperCase();
  const value = p.raw.trim();
  const dataUri = /^data:([^;,]+)?(;base64)?,(.*)$/is.exec(value);
  let mediaType = (param(p, 'TYPE') ?? param(p, 'MEDIATYPE') ?? 'JPEG').toLowerCase();
  let data: string;
  if (dataUri) {
    mediaType = dataUri[1] ?? 'image/jpeg';
    data = dataUri[3]!.replace(/\s+/g, '');
  } else if (enc === 'B' || enc === 'BASE64') {
    data = value.replace(/\s+/g, '');
  } else if (/^https?:\/\/[\x21-\x7e]+$/i.test(value) && value.length <= 2048) {
    return { uri: value };
  } else return null;
  if (!mediaType.includes('/')) mediaType = `image/${mediaType === 'jpg' ? 'jpeg' : mediaType}`;
  if (!/^image\/[a-z0-9.+-]+$/.test(mediaType) || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) {
    warnings.push({ line: p.line, reason: 'PHOTO_INVALID', message: `Line ${p.line}: the photo is not valid base64 and was left out.` });
    return null;
  }
  if ((data.length * 3) / 4 > MAX_PHOTO_BYTES) {
    warnings.push({ line: p.line, reason: 'PHOTO_TOO_LARGE', message: `Line ${p.line}: the photo is larger than ${MAX_PHOTO_BYTES / 1024} KB and was left out.` });
    return null;
  }
  return data === '' ? null : { mediaType, data };
}

function toCard(props: Property[], warnings: ParseProblem[]): Card {
  const card = emptyCard();
  for (const p of props) {
    switch (p.name) {
      case 'UID':
        card.uid = unescape(textOf(p)).trim().slice(0, 255) || null;
        break;
      case 'FN':
        card.fn = unescape(textOf(p)).trim();
        break;
      case 'N': {
        const [family, given, additional, prefix, suffix] = structured(p, 5);
        card.name = { family: family!, given: given!, additional: additional!, prefix: prefix!, suffix: suffix! };
        break;
      }
      case 'NICKNAME':
        card.nickname = unescape(textOf(p)).trim();
        break;
      case 'TEL':
        pushTyped(card.phones, p, unescape(textOf(p)).replace(/^tel:/i, '').trim());
        break;
      case 'EMAIL':
        pushTyped(card.emails, p, unescape(textOf(p)).replace(/^mailto:/i, '').trim());
        break;
      case 'URL':
        pushTyped(card.urls, p, unescape(textOf(p)).trim());
        break;
      case 'ADR': {
        const [poBox, extended, street, locality, region, postalCode, country] = structured(p, 7);
        const adr: Address = { types: typesOf(p), poBox: poBox!, extended: extended!, street: street!, locality: locality!, region: region!, postalCode: postalCode!, country: country! };
        if (Object.values(adr).slice(1).some(Boolean)) card.addresses.push(adr);
        break;
      }
      case 'ORG':
        card.org = structured(p, 1).filter((o, i) => i === 0 || o !== '');
        break;
      case 'TITLE':
        card.title = unescape(textOf(p)).trim();
        break;
      case 'BDAY':
        card.birthday = textOf(p).trim().slice(0, 64);
        break;
      case 'NOTE':
        card.note = unescape(textOf(p));
        break;
      case 'PHOTO':
        card.photo = photoOf(p, warnings) ?? card.photo;
        break;
    }
  }
  return card;
}

function pushTyped(list: TypedValue[], p: Property, value: string): void {
  if (value === '') return;
  const types = typesOf(p);
  // vCard 4.0 marks the preferred value with PREF=1 rather than TYPE=PREF.
  if (param(p, 'PREF') && !types.includes('PREF')) types.push('PREF');
  list.push({ types, value: value.slice(0, 512) });
}

/**
 * Physical lines to logical ones: RFC 6350 folding (CRLF + one space or tab), and vCard 2.1 quoted-printable soft
 * breaks (a line ending in `=`, continued on the next line without leading space, as Android and old Nokia write).
 */
function* logicalLines(text: string): Generator<{ text: string; line: number }> {
  const lines = text.split(/\r\n|\n|\r/);
  let cur: { text: string; line: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (cur && (l.startsWith(' ') || l.startsWith('\t'))) {
      cur.text += l.slice(1);
      continue;
    }
    if (cur && /QUOTED-PRINTABLE/i.test(cur.text.slice(0, cur.text.indexOf(':') + 1)) && cur.text.endsWith('=')) {
      cur.text = `${cur.text.slice(0, -1)}${l}`;
      continue;
    }
    if (cur) yield cur;
    cur = { text: l, line: i + 1 };
  }
  if (cur) yield cur;
}

/**
 * Parses a .vcf of vCard 2.1, 3.0 or 4.0 cards. Never throws for bad input: a broken card is reported with its line
 * and skipped, the rest are kept. The caller decides what a file without a single good card means.
 */
export function parseVCards(bytes: Buffer): ParseResult {
  // latin1 keeps one char per byte, so each value is decoded with its own charset later.
  let text = bytes.toString('latin1');
  if (text.startsWith('\xEF\xBB\xBF')) text = text.slice(3);
  const result: ParseResult = { cards: [], errors: [], warnings: [] };
  let open: { line: number; props: Property[]; chars: number; broken: CardError | null } | null = null;
  for (const { text: l, line } of logicalLines(text)) {
    if (l.trim() === '') continue;
    const upper = l.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') {
      if (open) result.errors.push({ line: open.line, reason: 'NO_END', message: `Line ${open.line}: the card has no END:VCARD.` });
      open = { line, props: [], chars: 0, broken: null };
      continue;
    }
    if (upper === 'END:VCARD') {
      if (!open) {
        result.errors.push({ line, reason: 'NO_BEGIN', message: `Line ${line}: END:VCARD without BEGIN:VCARD.` });
        continue;
      }
      finish(open, result);
      open = null;
      continue;
    }
    if (!open) {
      result.errors.push({ line, reason: 'OUTSIDE', message: `Line ${line}: text outside a card.` });
      continue;
    }
    if (open.broken) continue;
    try {
      const prop = parseLine(l, line);
      if (prop.name !== 'PHOTO') open.chars += l.length;
      if (open.chars > MAX_CARD_CHARS) throw new CardError(`Line ${open.line}: the card is longer than ${MAX_CARD_CHARS / 1024} KB.`, open.line, 'TOO_LONG');
      open.props.push(prop);
    } catch (err) {
      if (!(err instanceof CardError)) throw err;
      open.broken = err;
    }
  }
  if (open) result.errors.push({ line: open.line, reason: 'NO_END', message: `Line ${open.line}: the card has no END:VCARD.` });
  return result;
}

function finish(open: { line: number; props: Property[]; broken: CardError | null }, result: ParseResult): void {
  if (open.broken) {
    result.errors.push({ line: open.broken.line, reason: open.broken.reason, message: open.broken.message });
    return;
  }
  const card = toCard(open.props, result.warnings);
  if (isBlank(card)) result.errors.push({ line: open.line, reason: 'EMPTY', message: `Line ${open.line}: the card has no name, phone or e-mail.` });
  else result.cards.push(card);
}
