import { useCallback, useEffect, useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import type { FileItem } from '@/api/files';
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
  /** Delete pressed in the listing: the selection, or else the focused row, goes through the screen's own trash or delete action. */
  onDelete?: (targets: FileItem[]) => void;
}

/** Selection, row menu and infinite scrolling shared by the Files and Trash screens. */
export function useListingScreen(listing: PagedListing) {
  const { items } = listing;
  const order = useMemo(() => items.map((item) => item.uuid), [items]);
  const selection = useSelection(order);
  const selectedItems = useMemo(() => items.filter((item) => selection.selectedSet.has(item.uuid)), [items, selection.selectedSet]);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  // Roving tab stop: one row is in the tab order (the last focused, else the first); arrows move between rows.
  const [focused, setFocused] = useState<string | null>(null);
  const tabStop = focused !== null && order.includes(focused) ? focused : (order[0] ?? null);
  const onListFocus = (event: FocusEvent<HTMLUListElement>) => {
    const uuid = (event.target as HTMLElement).closest('[data-uuid]')?.getAttribute('data-uuid');
    if (uuid) setFocused(uuid);
  };
  /** Moves the roving tab stop to a row and focuses it (a closed preview hands the focus back to its row). */
  const focusRow = useCallback((uuid: string) => {
    setFocused(uuid);
    document.querySelector<HTMLElement>(`[data-uuid="${CSS.escape(uuid)}"]`)?.focus();
  }, []);
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
    ({ rowSelector, escapeAlways = false, onKey, onDelete }: ListingKeyOptions) =>
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
      if (event.key === 'Delete' && onDelete) {
        const row = (event.target as HTMLElement).closest('[data-uuid]')?.getAttribute('data-uuid');
        const item = items.find((candidate) => candidate.uuid === row);
        const targets = selectedItems.length > 0 ? selectedItems : item ? [item] : [];
        if (targets.length === 0) return;
        event.preventDefault();
        onDelete(targets);
        return;
      }
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

  return { selection, selecting, selectedItems, menuFor, setMenuFor, targetsOf, openMenu, footer, keyDownHandler, tabStop, onListFocus, focusRow };
}
