import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useUrlTabs } from '@/hooks/use-url-tabs';
import tabStyles from '@/components/ui/tab-list.module.css';
import { setSettingsTab } from '@/state/ui-slice';
import { SETTINGS_TAB_PARAM, SETTINGS_TABS, tabFromParam } from '../settings-tabs';
import { ConnectedAccountsTab } from './connected-accounts-tab';
import { DeleteAccountTab } from './delete-account-tab';
import { HelpTab } from './help-tab';
import { LanguageTab } from './language-tab';
import { PermissionsTab } from './permissions-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import styles from './settings.module.css';

function TabContent({ id }: { id: number }) {
  switch (id) {
    case 2:
      return <SecurityTab />;
    case 3:
      return <PermissionsTab />;
    case 4:
      return <LanguageTab />;
    case 5:
      return <ConnectedAccountsTab />;
    case 6:
      return <HelpTab />;
    case 7:
      return <DeleteAccountTab />;
    default:
      return <ProfileTab />;
  }
}

/** Settings as tabs; `?tab=<id>` addresses one (a link, reload or Back keeps it), else the one last chosen. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const stored = useAppSelector((state) => state.ui.settingsTab);
  const active = tabFromParam(params.get(SETTINGS_TAB_PARAM)) ?? SETTINGS_TABS.find((tab) => tab.id === stored.id) ?? SETTINGS_TABS[0]!;
  const { tabRefs, select, handleKeyDown } = useUrlTabs(SETTINGS_TABS, SETTINGS_TAB_PARAM, active);

  // The URL wins: keep the slice (spec state) in step with it.
  useEffect(() => {
    if (stored.id !== active.id) dispatch(setSettingsTab({ id: active.id, name: active.name }));
  }, [active.id, active.name, stored.id, dispatch]);

  return (
    <div className={styles.page}>
      <div className={tabStyles.tabs} role="tablist" aria-label={t('settings:tabs_label')} onKeyDown={handleKeyDown}>
        {SETTINGS_TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`settings-tab-${tab.id}`}
            aria-selected={tab.id === active.id}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={tab.id === active.id ? 0 : -1}
            className={`${tabStyles.tab} ${tab.id === 7 ? styles.dangerTab : ''}`}
            onClick={() => select(tab.id)}
            data-testid={`settings-tab-${tab.id}`}
          >
            {t(`settings:${tab.labelKey}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${active.id}`} aria-labelledby={`settings-tab-${active.id}`} className={styles.panel} tabIndex={0}>
        <TabContent key={active.id} id={active.id} />
      </div>
    </div>
  );
}
