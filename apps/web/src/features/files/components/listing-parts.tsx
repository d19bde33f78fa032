import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import styles from './files.module.css';

/** The first page of a listing is loading. */
export function ListingLoading() {
  return (
    <div className={styles.center}>
      <Spinner size={32} />
    </div>
  );
}

/** A listing failed to load and has nothing to show. */
export function ListingLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      {message}{' '}
      <Button variant="link" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </Alert>
  );
}

/** The column heads of a list view. */
export function ListHeader({ check, dateLabel }: { check?: ReactNode; dateLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.listHeader} aria-hidden="true">
      <span className={styles.check}>{check}</span>
      <span className={styles.listHeaderName}>{t('files:column_name')}</span>
      <span className={styles.size}>{t('files:column_size')}</span>
      <span className={styles.date}>{dateLabel}</span>
      <span className={styles.rowActions} />
    </div>
  );
}

/** After the rows: the infinite-scroll sentinel, then a spinner or (without IntersectionObserver) a "load more" button. */
export function ListingFooter({
  sentinel,
  sentinelTestId,
  fetchingNextPage,
  hasNextPage,
  scrollSupported,
  onLoadMore,
}: {
  sentinel: RefObject<HTMLDivElement | null>;
  sentinelTestId: string;
  fetchingNextPage: boolean;
  hasNextPage?: boolean;
  scrollSupported: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" data-testid={sentinelTestId} />
      {fetchingNextPage ? (
        <div className={styles.center}>
          <Spinner />
        </div>
      ) : hasNextPage && !scrollSupported ? (
        <div className={styles.center}>
          <Button variant="secondary" onClick={onLoadMore}>
            {t('files:load_more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** The slot above a listing: the selection bar (sticky) while something is selected, else the toolbar. */
export function ToolbarSlot({ selectionBar, children }: { selectionBar: ReactNode; children: ReactNode }) {
  const selecting = selectionBar !== null && selectionBar !== undefined && selectionBar !== false;
  return (
    <div className={`${styles.toolbarSlot} ${selecting ? styles.toolbarSlotSticky : ''}`}>
      {selecting ? selectionBar : <div className={styles.toolbar}>{children}</div>}
    </div>
  );
}
