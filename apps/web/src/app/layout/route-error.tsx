import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import styles from './route-error.module.css';

/** The router's default error screen: "Unexpected Application Error!" with a way out. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className={styles.page}>
      <div className={styles.card} role="alert">
        <Logo size={40} withWordmark={false} />
        <h1 className={styles.title}>{t('common:unexpected_error')}</h1>
        <p className={styles.text}>{t('common:unexpected_error_hint')}</p>
        <div className={styles.actions}>
          <Button onClick={() => window.location.reload()}>{t('common:reload')}</Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            {t('common:go_home')}
          </Button>
        </div>
      </div>
    </main>
  );
}
