import { useEffect } from 'react';
import { usePackagesTranslation } from '../use-packages-translation';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { UrlTabs } from '@/components/ui/tabs';
import { PACKAGES_TAB, PACKAGES_TAB_PARAM, PACKAGES_TABS, packagesTabFromParam } from '../packages-tabs';
import { setPackagesTab } from '../packages-slice';
import { PackagesTab } from './packages-tab';
import { UsageTab } from './usage-tab';
import styles from './packages.module.css';

/** Where a buy or upgrade goes: the payment screen of the shell, or the web view's own (W2). */
export const MAIN_PAYMENT_PATH = '/main/packages/payment';

export interface PackagesPageProps {
  paymentPath: string;
  /** The web view has no shell: the tabs are the page, so they carry the page's heading. */
  heading?: boolean;
}

/** /main/packages: a usage tab (id 1) and the packages tab (id 2, the default); `?tab=<id>` addresses one. */
export function PackagesPage({ paymentPath, heading = false }: PackagesPageProps) {
  const { t } = usePackagesTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const storedId = useAppSelector((state) => state.packages.currentTabId);
  const active = packagesTabFromParam(params.get(PACKAGES_TAB_PARAM)) ?? PACKAGES_TABS.find((tab) => tab.id === storedId) ?? PACKAGES_TAB;

  useEffect(() => {
    if (storedId !== active.id) dispatch(setPackagesTab(active));
  }, [active, storedId, dispatch]);

  return (
    <div className={styles.page} data-testid="packages-page">
      {heading ? <h1 className={styles.viewTitle}>{t('packages:title')}</h1> : null}
      <UrlTabs
        tabs={PACKAGES_TABS}
        active={active}
        param={PACKAGES_TAB_PARAM}
        label={t('packages:tabs_label')}
        idPrefix="packages"
        labelOf={(tab) => (tab.id === PACKAGES_TAB.id ? t('packages:tab_packages') : t('packages:tab_usage'))}
        panelClassName={styles.panel}
      >
        {active.id === PACKAGES_TAB.id ? <PackagesTab paymentPath={paymentPath} /> : <UsageTab />}
      </UrlTabs>
    </div>
  );
}

export function PackagesScreen() {
  return <PackagesPage paymentPath={MAIN_PAYMENT_PATH} />;
}
