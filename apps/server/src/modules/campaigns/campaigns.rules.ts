import { createHash } from 'node:crypto';

// The pure rules of the invite-friends campaign: how a friend is shown, when two contacts are the same person, and the
// reward's month.

/** `Ay*** K***`: the first two letters of each name part; an e-mail's first two letters when there is no name. */
export function maskName(name: string, surname: string, email: string): string {
  const parts = `${name} ${surname}`.trim().split(/\s+/).filter(Boolean);
  const show = (word: string) => `${Array.from(word).slice(0, 2).join('')}***`;
  if (parts.length > 0) return parts.slice(0, 3).map(show).join(' ').slice(0, 80);
  return show(email.split('@')[0] || '?');
}

/** One address however it is spelt: case, a `+tag`, and dots in a Gmail local part do not make a new person. */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0]!;
  const domain = lower.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** What `referral_credit` keeps of a contact: a hash, so the paid-for list holds no addresses or numbers. */
export function contactHashes(c: { email: string | null; phoneE164: string | null }): string[] {
  const out: string[] = [];
  if (c.phoneE164) out.push(createHash('sha256').update(`phone:${c.phoneE164}`).digest('hex'));
  if (c.email) out.push(createHash('sha256').update(`email:${canonicalEmail(c.email)}`).digest('hex'));
  return out;
}

/** The same person on both sides of an invitation: a shared phone number or the same address however spelt. */
export function isSelfReferral(
  inviter: { email: string; phone_e164: string; recovery_email: string | null },
  friend: { email: string; phoneE164: string },
): boolean {
  const friendEmail = canonicalEmail(friend.email);
  return (
    inviter.phone_e164 === friend.phoneE164 ||
    canonicalEmail(inviter.email) === friendEmail ||
    (inviter.recovery_email !== null && canonicalEmail(inviter.recovery_email) === friendEmail)
  );
}

/** The start of the calendar month (UTC) holding `at`: the cap counts rewards from here. */
export function monthStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}
