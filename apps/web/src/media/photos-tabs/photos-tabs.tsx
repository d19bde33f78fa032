import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EyeOffIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { activePhotosTab, FAMILY_LIBRARY_PATH, PHOTOS_TABS } from './tabs';
import styles from './photos-tabs.module.css';

/** The Photos tab bar (All, Favourites, Videos, Albums, and the Family library for family members) and the way to hidden items; the active tab comes from the URL. */
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
      {readStorage(storageKeys.isFamilyMember) ? (
        <Link
          to={FAMILY_LIBRARY_PATH}
          className={styles.tab}
          aria-current={active === 'family' ? 'page' : undefined}
          data-testid="photos-tab-family"
        >
          {t('photos:tab_family')}
        </Link>
      ) : null}
      {/* Hidden photos leave every tab; this is the way to them (the Files screen has its own). */}
      <Link to={paths.hidden} className={`${styles.tab} ${styles.hiddenLink}`} data-testid="photos-hidden-link">
        <EyeOffIcon size={16} />
        {t('photos:hidden_link')}
      </Link>
    </nav>
  );
}
