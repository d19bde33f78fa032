import type { Tab } from '@/state/ui-slice';

/** Spec §3: the packages tab state defaults to PackagesTab with id 2; the usage tab is id 1 (contract). */
export const PACKAGES_TAB: Tab = { name: 'PackagesTab', id: 2 };
export const USAGE_TAB: Tab = { name: 'UsageTab', id: 1 };

/** On-screen order: usage first (id 1), then the packages (id 2, the default). */
export const PACKAGES_TABS: readonly Tab[] = [USAGE_TAB, PACKAGES_TAB];

/** The query parameter that addresses a tab: /main/packages?tab=1 opens the usage tab. */
export const PACKAGES_TAB_PARAM = 'tab';

export function packagesTabFromParam(value: string | null): Tab | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  return PACKAGES_TABS.find((tab) => tab.id === Number(value));
}
