import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { Logo } from '@/components/ui/logo';
import { landingPath } from '@/config/paths';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import styles from './auth-layout.module.css';

/** Sign-in and sign-up: a centred card over a soft gradient, with the language picker on top. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <a href={landingPath(currentLanguage())} className={styles.brand} aria-label={t('common:landing_link')}>
          <Logo size={32} />
        </a>
        <LanguageSelect
          value={currentLanguage()}
          onChange={(language) => void changeLanguage(language)}
          hideLabel
          className={styles.language}
          data-testid="language-picker"
        />
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <p>{t('common:footer_tagline')}</p>
      </footer>
    </div>
  );
}
