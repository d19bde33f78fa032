import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { setSettingsTab } from '@/state/ui-slice';
import { SETTINGS_TABS } from '../settings-tabs';
import { ProfileTab } from './profile-tab';
import styles from './settings.module.css';

export function SettingsScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const selected = useAppSelector((state) => state.ui.settingsTab);
  const tabs = SETTINGS_TABS.filter((tab) => tab.built);
  const active = tabs.find((tab) => tab.id === selected.id) ?? tabs[0]!;

  return (
    <div className={styles.page}>
      <div className={styles.tabs} role="tablist" aria-label={t('settings:tabs_label')}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`settings-tab-${tab.id}`}
            aria-selected={tab.id === active.id}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={tab.id === active.id ? 0 : -1}
            className={styles.tab}
            onClick={() => dispatch(setSettingsTab({ id: tab.id, name: tab.name }))}
          >
            {t(`settings:${tab.labelKey}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`settings-panel-${active.id}`} aria-labelledby={`settings-tab-${active.id}`} className={styles.panel}>
        {active.id === 1 ? <ProfileTab /> : null}
      </div>
    </div>
  );
}
