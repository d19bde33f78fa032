import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import styles from './settings.module.css';

/** A query's loading and failure states around what it feeds. */
export function TabState({ query, children }: { query: { isLoading: boolean; isError: boolean; refetch: () => unknown }; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isLoading) {
    return (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error">
        {t('settings:load_error')}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}
