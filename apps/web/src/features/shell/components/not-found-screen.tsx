import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** A signed-in path with no screen (not built yet, or an id nothing has): said inside the shell, in the person's language. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<SearchIcon size={32} />}
      title={t('shell:not_found_title')}
      description={t('shell:not_found_text')}
      action={
        <Button onClick={() => void navigate(paths.photos)}>{t('shell:not_found_home')}</Button>
      }
      data-testid="not-found"
    />
  );
}
