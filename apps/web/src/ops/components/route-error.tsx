import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A screen that failed to load (a chunk, a thrown error): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main>
      <EmptyState
        title={t('ops:error_title')}
        description={t('ops:error_text')}
        action={<Button onClick={() => window.location.reload()}>{t('ops:reload')}</Button>}
      />
    </main>
  );
}
