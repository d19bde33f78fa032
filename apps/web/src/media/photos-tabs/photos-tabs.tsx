import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activePhotosTab, PHOTOS_TABS } from './tabs';
import styles from './photos-tabs.module.css';

/** The Photos tab bar (All, Favourites, Videos, Albums); the active tab comes from the URL. */
export function PhotosTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activePhotosTab(pathname);
  return (
    <nav className={styles.tabs} aria-label={t('photos:tabs_label')} data-testid="photos-tabs">
      {PHOTOS_TABS.map((tab) => (
        <Link
          key={tab.key}
          to={tab.path}
          className={styles.tab}
          aria-current={active === tab.key ? 'page' : undefined}
          data-tab-id={tab.id}
          data-testid={`photos-tab-${tab.key}`}
        >
          {t(`photos:tab_${tab.key}`)}
        </Link>
      ))}
    </nav>
  );
}
