/** A URL we may put into src/href: same origin as the app, or https. */
export function isSafeUrl(url: string): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
