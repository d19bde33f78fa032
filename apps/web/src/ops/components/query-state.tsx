import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { errorStatus } from '../api/ops-api';

interface QueryStateProps {
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  children: ReactNode;
}

/** Loading, a failure (a role without the permission says so), or the content. */
export function QueryState({ isLoading, error, onRetry, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (isLoading) return <Spinner size={32} />;
  if (error) {
    const status = errorStatus(error);
    return (
      <Alert tone="error">
        {status === 403 ? t('ops:forbidden') : status === 404 ? t('ops:not_found') : t('ops:load_failed')}
        {onRetry && status !== 403 && status !== 404 ? (
          <>
            {' '}
            <Button variant="link" size="sm" onClick={onRetry}>
              {t('ops:retry')}
            </Button>
          </>
        ) : null}
      </Alert>
    );
  }
  return <>{children}</>;
}
