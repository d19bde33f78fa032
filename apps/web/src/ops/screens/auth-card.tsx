import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { Logo } from '@/components/ui/logo';
import { changeLanguage, currentLanguage } from '@/i18n/i18n';
import styles from './auth.module.css';

/** The signed-out console pages (sign-in, set-up): one card on the brand background. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('ops:console_title')}`;
  }, [title, t]);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.top}>
          <Logo />
          <span className={styles.badge}>{t('ops:console_title')}</span>
        </div>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </div>
      <LanguageSelect value={currentLanguage()} onChange={(language) => void changeLanguage(language)} className={styles.language} />
    </main>
  );
}
