import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { UrlTabs } from '@/components/ui/tabs';
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

  // The URL wins: keep the slice (spec state) in step with it.
  useEffect(() => {
    if (stored.id !== active.id) dispatch(setSettingsTab({ id: active.id, name: active.name }));
  }, [active.id, active.name, stored.id, dispatch]);

  return (
    <div className={styles.page}>
      <UrlTabs
        tabs={SETTINGS_TABS}
        active={active}
        param={SETTINGS_TAB_PARAM}
        label={t('settings:tabs_label')}
        idPrefix="settings"
        labelOf={(tab) => t(`settings:${tab.labelKey}`)}
        classNameOf={(tab) => (tab.id === 7 ? styles.dangerTab : undefined)}
        panelClassName={styles.panel}
      >
        <TabContent key={active.id} id={active.id} />
      </UrlTabs>
    </div>
  );
}
