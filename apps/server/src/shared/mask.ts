// How a phone number or e-mail is shown to someone who must recognise it without reading it (recovery methods,
// two-factor choices): one writing for the whole product.

/** `+90 5** *** **12`: the country code, the first digit and the last two of the national number; groups 3, rest, 4. */
export function maskPhone(countryCode: string, national: string): string {
  const digits = national.replace(/\D/g, '');
  const shown = digits.length <= 3 ? digits.slice(0, 1) + '*'.repeat(Math.max(0, digits.length - 1)) : digits[0] + '*'.repeat(digits.length - 3) + digits.slice(-2);
  const lastFrom = Math.max(3, shown.length - 4);
  const groups = [shown.slice(0, 3), shown.slice(3, lastFrom), shown.slice(lastFrom)].filter(Boolean);
  return `+${countryCode} ${groups.join(' ')}`;
}

/** `d***@example.com`: the first character of the local part, then the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
