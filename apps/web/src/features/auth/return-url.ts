import { paths } from '@/config/paths';

/*
 * Where to go after signing in: a signed-in path the visitor asked for without a session. Kept in memory rather than in
 * the Redux store, which the signed-out screens do not load (issue 17); it lasts as long as the tab's page does.
 */
let returnUrl: string | null = null;

export function setReturnUrl(url: string): void {
  returnUrl = url;
}

/** The remembered path, once: a later sign-in in this tab starts from /main again. */
export function takeReturnUrl(): string | null {
  const url = returnUrl;
  returnUrl = null;
  return url;
}

/** Paths worth returning to: signed-in screens, a public link being saved, the shared-content viewer. */
const RETURN_PREFIXES = [`${paths.main}/`, '/sharedFiles?', '/viewer/file/'];

/** Only those paths (same origin, never "//host"); anything else lands on /main. */
export function postLoginPath(url: string | null | undefined): string {
  return url && RETURN_PREFIXES.some((prefix) => url.startsWith(prefix)) ? url : paths.main;
}
