import type { ParseKeys } from 'i18next';

export interface SettingsTab {
  id: number;
  name: string;
  labelKey: ParseKeys<'settings'>;
  /** Only tabs whose content exists are shown. */
  built: boolean;
}

/** Spec ids: Profile is 1, Help (Faq) is 6; the others arrive with their features. */
export const SETTINGS_TABS: readonly SettingsTab[] = [{ id: 1, name: 'Profile', labelKey: 'tab_profile', built: true }];
