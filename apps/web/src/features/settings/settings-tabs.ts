import type { ParseKeys } from 'i18next';
import { HELP_TAB as HELP, PROFILE_TAB as PROFILE } from '@/state/ui-slice';

export interface SettingsTab {
  id: number;
  /** The tab's name in the ui slice (spec: settingsTab {name, id}). */
  name: string;
  labelKey: ParseKeys<'settings'>;
}

/** The query parameter that addresses a tab: /main/settings?tab=6 opens Help. */
export const SETTINGS_TAB_PARAM = 'tab';

/**
 * Spec ids: Profile is 1 and Help (Faq) is 6; the spec shows no other ids, so 2–5 and 7 are ours (docs/decisions.md).
 * The order here is the order on screen.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { ...PROFILE, labelKey: 'tab_profile' },
  { id: 2, name: 'Security', labelKey: 'tab_security' },
  { id: 3, name: 'Permissions', labelKey: 'tab_permissions' },
  { id: 4, name: 'Language', labelKey: 'tab_language' },
  { id: 5, name: 'ConnectedAccounts', labelKey: 'tab_connected' },
  { ...HELP, labelKey: 'tab_help' },
  { id: 7, name: 'DeleteAccount', labelKey: 'tab_delete' },
];

/** The tab a `?tab=` value names, if any. */
export function tabFromParam(value: string | null): SettingsTab | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  return SETTINGS_TABS.find((tab) => tab.id === Number(value));
}

