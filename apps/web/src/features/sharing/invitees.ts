import { DEFAULT_COUNTRY_CODE, MAX_INVITEES } from './constants';

/** One person typed into the invite box: an e-mail address or an E.164 phone number, as the server takes it. */
export interface Invitee {
  kind: 'email' | 'phone';
  /** What is sent: a lower-cased e-mail address or "+<country><number>". */
  identifier: string;
}

export type InviteeProblem = 'invalid' | 'duplicate' | 'too_many';

export interface ParsedInput {
  added: Invitee[];
  /** Pieces that could not be taken, with why (shown under the field; the text stays in the box). */
  rejected: { text: string; problem: InviteeProblem }[];
}

// Deliberately simple: one @, no spaces, a dot in the domain; the server has the final word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Reads one piece as an invitee, or null. Phone numbers lose spaces, dashes, dots and brackets; "00" becomes "+";
 * a Turkish local number (05xx… or 5xx…, ten digits after the 0) gets +90.
 */
export function parseInvitee(raw: string): Invitee | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.includes('@')) return EMAIL.test(text) ? { kind: 'email', identifier: text.toLowerCase() } : null;
  let digits = text.replace(/[\s\-().]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    if (!/^\d+$/.test(digits)) return null;
    if (/^0\d{10}$/.test(digits)) digits = `+${DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
    else if (/^5\d{9}$/.test(digits)) digits = `+${DEFAULT_COUNTRY_CODE}${digits}`;
    else return null;
  }
  return E164.test(digits) ? { kind: 'phone', identifier: digits } : null;
}

/** Splits what was typed or pasted (commas, semicolons, new lines; spaces between e-mail addresses). */
export function splitInviteeText(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .flatMap((piece) => (piece.includes('@') ? piece.trim().split(/\s+/) : [piece]))
    .map((piece) => piece.trim())
    .filter(Boolean);
}

/** Adds the pieces of `text` to `current`, keeping the order, skipping repeats and stopping at the contract's 50. */
export function addInvitees(current: readonly Invitee[], text: string): ParsedInput {
  const seen = new Set(current.map((invitee) => invitee.identifier));
  const added: Invitee[] = [];
  const rejected: ParsedInput['rejected'] = [];
  for (const piece of splitInviteeText(text)) {
    const invitee = parseInvitee(piece);
    if (!invitee) rejected.push({ text: piece, problem: 'invalid' });
    else if (seen.has(invitee.identifier)) rejected.push({ text: piece, problem: 'duplicate' });
    else if (current.length + added.length >= MAX_INVITEES) rejected.push({ text: piece, problem: 'too_many' });
    else {
      seen.add(invitee.identifier);
      added.push(invitee);
    }
  }
  return { added, rejected };
}
