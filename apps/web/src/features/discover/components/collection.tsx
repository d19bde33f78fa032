import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronStartIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { useDiscoverTranslation } from '../use-discover-translation';
import { LoadError } from './cards';
import styles from './discover.module.css';

export function BackLink({ to = paths.discover, label }: { to?: string; label?: string }) {
  const { t } = useDiscoverTranslation();
  const name = label ?? t('discover:back');
  return (
    <Link to={to} className={styles.back} aria-label={name} title={name} data-testid="discover-back">
      <ChevronStartIcon size={22} />
    </Link>
  );
}

export interface CollectionProps {
  title: string;
  /** Controls beside the title (filters, the recognition switch). */
  tools?: ReactNode;
  /** Above the grid (progress, hints). */
  intro?: ReactNode;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  people?: boolean;
  children: ReactNode;
}

/** A see-all page: back, title, a grid of cards loaded 100 at a time as the end scrolls into view. */
export function Collection({
  title,
  tools,
  intro,
  loading,
  failed,
  onRetry,
  empty,
  hasMore,
  loadingMore,
  onLoadMore,
  people = false,
  children,
}: CollectionProps) {
  const { t } = useDiscoverTranslation();
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    hasMore,
    loading: loadingMore,
    onLoadMore,
  });
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <BackLink />
        <h1 className={styles.title}>{title}</h1>
        {tools}
      </header>
      {intro}
      {loading ? (
        <div className={styles.centered}>
          <Spinner size={32} label={t('common:loading')} />
        </div>
      ) : failed ? (
        <LoadError onRetry={onRetry} />
      ) : empty ? (
        <EmptyState title={empty} />
      ) : (
        <>
          <ul className={`${styles.grid} ${people ? styles.peopleGrid : ''}`}>{children}</ul>
          {hasMore ? (
            <div ref={sentinel.sentinel} className={styles.more}>
              <Button variant="secondary" onClick={onLoadMore} loading={loadingMore}>
                {t('discover:load_more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
