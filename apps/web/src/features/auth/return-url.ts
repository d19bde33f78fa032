import type { LoaderFunctionArgs } from 'react-router';
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
const RETURN_PREFIXES = [`${paths.main}/`, '/sharedFiles?', '/sharedAlbum?', '/viewer/file/'];
/** Public pages that show more once signed in (the raffle rights): the page itself, with or without a query. */
const RETURN_PAGES = [paths.raffle];

/** Only those paths (same origin, never "//host" or "/\\host"); anything else lands on /main. */
export function postLoginPath(url: string | null | undefined): string {
  if (!url || url.includes('\\')) return paths.main;
  const known = RETURN_PREFIXES.some((prefix) => url.startsWith(prefix)) || RETURN_PAGES.some((page) => url === page || url.startsWith(`${page}?`));
  return known ? url : paths.main;
}

/** NEXT_PARAM on /auth/login and /auth/signup: where a finished sign-in or sign-up goes, if it is one of ours. */
export const NEXT_PARAM = 'next';

/** The sign-in and sign-up routes' loader: remembers a safe `?next=` (an unsafe one is dropped, not followed). */
export function rememberNext({ request }: LoaderFunctionArgs): null {
  const next = new URL(request.url).searchParams.get(NEXT_PARAM);
  if (next && postLoginPath(next) === next) setReturnUrl(next);
  return null;
}
