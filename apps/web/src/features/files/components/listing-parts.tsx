import type { FocusEvent, KeyboardEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { useAppDispatch } from '@/state/hooks';
import { SelectionBar, type SelectionBarAction } from '@/media/selection/selection-bar';
import { GridIcon, ListIcon } from '@/components/ui/icons';
import { setSortOrder, setView, type ViewMode } from '@/state/ui-slice';
import type { SortArgs } from '@/api/files';
import { formatSortOrder } from '../sort';
import { SortMenu } from './sort-menu';
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

/** What the listing parts read of a screen's selection. */
interface ListSelection {
  selected: readonly string[];
  max: number;
  selectAll: () => void;
  clear: () => void;
}

/** The list header's checkbox: selects every loaded item (up to the cap), or clears when all are selected. */
export function SelectAllCheckbox({ allSelected, onSelectAll, onClear }: { allSelected: boolean; onSelectAll: () => void; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      checked={allSelected}
      readOnly
      aria-label={t('files:select_all')}
      onClick={() => (allSelected ? onClear() : onSelectAll())}
      data-testid="select-all-checkbox"
    />
  );
}

/**
 * A whole-account listing's body (trash, hidden): loading, a load error, its empty state, or the list under a header
 * whose checkbox selects all.
 */
export function AccountListing({
  listing,
  loadError,
  empty,
  listLabel,
  dateLabel,
  selection,
  onKeyDown,
  onFocus,
  footer,
  sentinelTestId,
  children,
}: {
  listing: { isLoading: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown; items: readonly unknown[] };
  loadError: string;
  empty: ReactNode;
  listLabel: string;
  dateLabel: string;
  selection: ListSelection;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  /** Keeps the list's one tab stop on the row that last had focus. */
  onFocus?: (event: FocusEvent<HTMLUListElement>) => void;
  footer: Omit<Parameters<typeof ListingFooter>[0], 'sentinelTestId'>;
  sentinelTestId: string;
  children: ReactNode;
}) {
  if (listing.isLoading) return <ListingLoading />;
  if (listing.isError && listing.items.length === 0) return <ListingLoadError message={loadError} onRetry={() => void listing.refetch()} />;
  if (listing.items.length === 0) return <>{empty}</>;
  const count = selection.selected.length;
  const allSelected = count > 0 && count === Math.min(listing.items.length, selection.max);
  return (
    <>
      <ListHeader dateLabel={dateLabel} check={<SelectAllCheckbox allSelected={allSelected} onSelectAll={selection.selectAll} onClear={selection.clear} />} />
      <ul className={styles.list} aria-label={listLabel} aria-busy={listing.isFetching || undefined} onKeyDown={onKeyDown} onFocus={onFocus}>
        {children}
      </ul>
      <ListingFooter {...footer} sentinelTestId={sentinelTestId} />
    </>
  );
}

/** The column heads of a list view. */
export function ListHeader({ check, dateLabel }: { check?: ReactNode; dateLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.listHeader}>
      {/* The select-all checkbox stays reachable; the column names only repeat what each row says. */}
      <span className={styles.check}>{check}</span>
      <span className={styles.listHeaderName} aria-hidden="true">
        {t('files:column_name')}
      </span>
      <span className={styles.size} aria-hidden="true">
        {t('files:column_size')}
      </span>
      <span className={styles.date} aria-hidden="true">
        {dateLabel}
      </span>
      <span className={styles.rowActions} aria-hidden="true" />
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

/**
 * The toolbar of a whole-account listing (trash, hidden): a hint and the sort menu, or the selection bar with the
 * screen's actions while something is selected.
 */
export function AccountToolbar({
  selection,
  loaded,
  actions,
  testId,
  hint,
  sort,
}: {
  selection: ListSelection;
  /** How many items are loaded (select-all takes them, up to the cap). */
  loaded: number;
  actions: readonly SelectionBarAction[];
  testId: string;
  hint: ReactNode;
  sort: SortArgs;
}) {
  const dispatch = useAppDispatch();
  return (
    <ToolbarSlot
      selectionBar={
        selection.selected.length > 0 ? (
          <SelectionBar count={selection.selected.length} total={Math.min(loaded, selection.max)} onSelectAll={selection.selectAll} onClear={selection.clear} testId={testId} actions={actions} />
        ) : null
      }
    >
      <p className={styles.hint}>{hint}</p>
      <div className={styles.tools}>
        <SortMenu value={sort} onChange={(next) => dispatch(setSortOrder(formatSortOrder(next)))} />
      </div>
    </ToolbarSlot>
  );
}

/** Switches the listing between list and grid (the choice is the app's, kept in the ui slice). */
export function ViewToggle({ view }: { view: ViewMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const label = view === 'list' ? t('files:view_grid') : t('files:view_list');
  return (
    <button
      type="button"
      className={styles.toolButton}
      onClick={() => dispatch(setView(view === 'list' ? 'grid' : 'list'))}
      aria-label={label}
      title={label}
      data-testid="view-toggle"
      data-view={view}
    >
      {view === 'list' ? <GridIcon size={18} /> : <ListIcon size={18} />}
    </button>
  );
}
