import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionKeys, writeSession } from '@/lib/storage-keys';
import { paths } from '@/config/paths';

/** The query parameter the redirect helper reads (spec §2: "a label query parameter"). */
export const REDIRECT_LABEL_PARAM = 'label';

/**
 * /main/redirect?label=… (spec §2): stores the label in the session flag navToPackages (the label itself, or "true"
 * without one) and goes to /main/packages.
 */
export function packagesRedirectLoader({ request }: LoaderFunctionArgs) {
  const label = new URL(request.url).searchParams.get(REDIRECT_LABEL_PARAM)?.trim();
  writeSession(sessionKeys.navToPackages, label ? label.slice(0, 200) : 'true');
  return redirect(paths.packages);
}
