import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { FileItem } from '../api';
import { focusSiblingRow } from '../row-keyboard';
import { useSelection } from './use-selection';

/** The parts of a paged listing that a listing screen reads. */
export interface PagedListing {
  items: FileItem[];
  hasNextPage?: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export interface ListingKeyOptions {
  rowSelector: string;
  /** Escape clears even an empty selection (and ends there). */
  escapeAlways?: boolean;
  /** Runs after the selection keys and before arrow navigation; returns true when it handled the key. */
  onKey?: (event: KeyboardEvent<HTMLUListElement>) => boolean;
}

/** Selection, row menu and infinite scrolling shared by the Files and Trash screens. */
export function useListingScreen(listing: PagedListing) {
  const { items } = listing;
  const order = useMemo(() => items.map((item) => item.uuid), [items]);
  const selection = useSelection(order);
  const selectedItems = useMemo(() => items.filter((item) => selection.selectedSet.has(item.uuid)), [items, selection.selectedSet]);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const { sentinel, supported: scrollSupported } = useInfiniteScroll<HTMLDivElement>({
    hasMore: Boolean(listing.hasNextPage) && !listing.isError,
    loading: listing.isFetching,
    onLoadMore: () => void listing.fetchNextPage(),
  });

  /** A row's menu acts on the selection when the row is part of it, else on the row alone. */
  const targetsOf = (item: FileItem) => (selection.selectedSet.has(item.uuid) ? selectedItems : [item]);

  // Opening a row's menu leaves the selection alone: the menu acts on the row (or on the selection it belongs to).
  const openMenu = (item: FileItem) => setMenuFor(item.uuid);

  // Escape anywhere on the screen clears the selection bar, unless a dialog or menu is open (Escape closes that).
  const { clear } = selection;
  const selecting = selection.selected.length > 0;
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="alertdialog"]')) return;
      clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selecting, clear]);

  const keyDownHandler =
    ({ rowSelector, escapeAlways = false, onKey }: ListingKeyOptions) =>
    (event: KeyboardEvent<HTMLUListElement>) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
        event.preventDefault();
        selection.selectAll();
        return;
      }
      if (event.key === 'Escape' && (escapeAlways || selection.selected.length > 0)) {
        selection.clear();
        return;
      }
      if (onKey?.(event)) return;
      const row = focusSiblingRow(event, rowSelector);
      const uuid = row?.getAttribute('data-uuid');
      if (row && uuid && event.shiftKey) selection.select(uuid, 'range');
    };

  /** What the listing's footer (sentinel, spinner, "load more") needs. */
  const footer = {
    sentinel,
    scrollSupported,
    fetchingNextPage: listing.isFetchingNextPage,
    hasNextPage: listing.hasNextPage,
    onLoadMore: () => void listing.fetchNextPage(),
  };

  return { selection, selecting, selectedItems, menuFor, setMenuFor, targetsOf, openMenu, footer, keyDownHandler };
}
