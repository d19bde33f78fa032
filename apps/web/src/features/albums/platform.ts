/**
 * True on iOS and Android (mobile detection is by user agent). iPadOS 13+ reports a Mac user agent, so
 * a Mac with a touch screen counts as iOS too.
 */
export function isMobilePlatform(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  maxTouchPoints: number = typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints,
): boolean {
  if (/android|iphone|ipad|ipod/i.test(userAgent)) return true;
  return /macintosh/i.test(userAgent) && maxTouchPoints > 1;
}
