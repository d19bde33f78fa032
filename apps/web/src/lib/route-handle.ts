import type { ParseKeys } from 'i18next';
import type { PageName } from '@/state/ui-slice';

/** Route handle of a signed-in screen: its page name (header rules) and title key. */
export interface ShellHandle {
  pageName: PageName;
  titleKey: ParseKeys;
}

export function isShellHandle(handle: unknown): handle is ShellHandle {
  return typeof handle === 'object' && handle !== null && 'pageName' in handle && 'titleKey' in handle;
}
