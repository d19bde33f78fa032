import { useEffect, type ReactNode } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { EmptyState } from '@/components/ui/empty-state';
import type { SelectionBarAction } from '@/media/selection/selection-bar';
import type { FileItem, SortArgs } from '@/api/files';
import { selectionCleared } from '../files-slice';
import { useListingScreen, type ListingKeyOptions, type PagedListing } from '../hooks/use-listing-screen';
import { FileRow } from './file-row';
import { AccountListing, AccountToolbar } from './listing-parts';
import styles from './files.module.css';

type AccountListingQuery = PagedListing & { isLoading: boolean; refetch: () => unknown; sort: SortArgs };

/** Selection, menus and keys of a whole-account listing (trash, hidden); a new sort order starts with nothing selected. */
export function useAccountListing(listing: AccountListingQuery) {
  const dispatch = useAppDispatch();
  const screen = useListingScreen(listing);
  const { sortBy, sortOrder } = listing.sort;
  useEffect(() => {
    dispatch(selectionCleared());
  }, [dispatch, sortBy, sortOrder]);
  return screen;
}

export interface AccountListingScreenProps {
  /** Names the test ids: `<name>-screen`, `<name>-row`, `<name>-empty`, `<name>-selection-bar`, `<name>-sentinel`. */
  name: string;
  title: string;
  listing: AccountListingQuery;
  screen: ReturnType<typeof useAccountListing>;
  actions: readonly SelectionBarAction[];
  hintIcon: ReactNode;
  hint: string;
  loadError: string;
  empty: { icon: ReactNode; title: string; description: string };
  listLabel: string;
  dateLabel: string;
  /** The screen's own keys (Delete, Escape) besides the shared ones. */
  keys?: Omit<ListingKeyOptions, 'rowSelector'>;
  /** What a click on a row does; rows without it only select. */
  openOf: (item: FileItem) => ((item: FileItem) => void) | undefined;
  dateOf?: (item: FileItem) => number | null | undefined;
  /** The row's kebab menu, open or closed. */
  menuOf: (item: FileItem, open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  /** Dialogs and viewers of the screen. */
  children?: ReactNode;
}

/**
 * The scaffold of a whole-account listing (trash, hidden): the toolbar with its hint, sort and selection actions, and
 * the list of rows with their menus, or its loading, error and empty states.
 */
export function AccountListingScreen({
  name,
  title,
  listing,
  screen,
  actions,
  hintIcon,
  hint,
  loadError,
  empty,
  listLabel,
  dateLabel,
  keys,
  openOf,
  dateOf,
  menuOf,
  children,
}: AccountListingScreenProps) {
  const { selection, selecting, menuFor, setMenuFor, openMenu, footer, keyDownHandler, tabStop, onListFocus } = screen;
  const rowTestId = `${name}-row`;
  return (
    <section className={styles.screen} aria-label={title} data-testid={`${name}-screen`}>
      <AccountToolbar
        selection={selection}
        loaded={listing.items.length}
        testId={`${name}-selection-bar`}
        actions={actions}
        hint={
          <>
            {hintIcon}
            <span>{hint}</span>
          </>
        }
        sort={listing.sort}
      />
      <AccountListing
        listing={listing}
        loadError={loadError}
        empty={<EmptyState icon={empty.icon} title={empty.title} description={empty.description} data-testid={`${name}-empty`} />}
        listLabel={listLabel}
        dateLabel={dateLabel}
        selection={selection}
        onKeyDown={keyDownHandler({ rowSelector: `[data-testid="${rowTestId}"]`, ...keys })}
        onFocus={onListFocus}
        footer={footer}
        sentinelTestId={`${name}-sentinel`}
      >
        {listing.items.map((item) => (
          <FileRow
            key={item.uuid}
            item={item}
            view="list"
            tabbable={item.uuid === tabStop}
            selected={selection.selectedSet.has(item.uuid)}
            selecting={selecting}
            onSelect={selection.select}
            onOpen={openOf(item)}
            onContextMenu={openMenu}
            date={dateOf?.(item)}
            testId={rowTestId}
            menu={menuOf(item, menuFor === item.uuid, (open) => (open ? openMenu(item) : setMenuFor(null)))}
          />
        ))}
      </AccountListing>
      {children}
    </section>
  );
}
