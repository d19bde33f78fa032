import { useEffect } from 'react';
import { usePackagesTranslation } from '../use-packages-translation';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useUrlTabs } from '@/hooks/use-url-tabs';
import tabStyles from '@/components/ui/tab-list.module.css';
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
  const { tabRefs, select, handleKeyDown } = useUrlTabs(PACKAGES_TABS, PACKAGES_TAB_PARAM, active);

  useEffect(() => {
    if (storedId !== active.id) dispatch(setPackagesTab(active));
  }, [active, storedId, dispatch]);

  return (
    <div className={styles.page} data-testid="packages-page">
      {heading ? <h1 className={styles.viewTitle}>{t('packages:title')}</h1> : null}
      <div className={tabStyles.tabs} role="tablist" aria-label={t('packages:tabs_label')} onKeyDown={handleKeyDown}>
        {PACKAGES_TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`packages-tab-${tab.id}`}
            aria-selected={tab.id === active.id}
            aria-controls={`packages-panel-${tab.id}`}
            tabIndex={tab.id === active.id ? 0 : -1}
            className={tabStyles.tab}
            onClick={() => select(tab.id)}
            data-testid={`packages-tab-${tab.id}`}
          >
            {tab.id === PACKAGES_TAB.id ? t('packages:tab_packages') : t('packages:tab_usage')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`packages-panel-${active.id}`} aria-labelledby={`packages-tab-${active.id}`} className={styles.panel} tabIndex={0}>
        {active.id === PACKAGES_TAB.id ? <PackagesTab paymentPath={paymentPath} /> : <UsageTab />}
      </div>
    </div>
  );
}

export function PackagesScreen() {
  return <PackagesPage paymentPath={MAIN_PAYMENT_PATH} />;
}
