import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
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
  const [params, setParams] = useSearchParams();
  const stored = useAppSelector((state) => state.ui.settingsTab);
  const active = tabFromParam(params.get(SETTINGS_TAB_PARAM)) ?? SETTINGS_TABS.find((tab) => tab.id === stored.id) ?? SETTINGS_TABS[0]!;
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  // The URL wins: keep the slice (spec state) in step with it.
  useEffect(() => {
    if (stored.id !== active.id) dispatch(setSettingsTab({ id: active.id, name: active.name }));
  }, [active.id, active.name, stored.id, dispatch]);

  const select = (id: number, focus = false) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(SETTINGS_TAB_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current.get(id)?.focus();
  };

  // Tabs pattern: arrows move between tabs (reversed in RTL), Home and End jump.
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = SETTINGS_TABS.findIndex((tab) => tab.id === active.id);
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let target: number | undefined;
    if (step !== undefined) target = (index + step + SETTINGS_TABS.length) % SETTINGS_TABS.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = SETTINGS_TABS.length - 1;
    if (target === undefined) return;
    event.preventDefault();
    select(SETTINGS_TABS[target]!.id, true);
  };

  return (
    <div className={styles.page}>
      <div className={styles.tabs} role="tablist" aria-label={t('settings:tabs_label')} onKeyDown={handleKeyDown}>
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
            className={`${styles.tab} ${tab.id === 7 ? styles.dangerTab : ''}`}
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
