import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { useAppSelector } from '@/state/hooks';
import type { ViewMode } from '@/state/ui-slice';
import type { SelectMode } from '@/media/selection/selection';
import type { FileItem } from '@/api/files';
import { FileRow } from './components/file-row';
import { ListHeader, ListingFooter, SelectAllCheckbox } from './components/listing-parts';
import styles from './components/files.module.css';

/*
 * The Files screen's listing parts for other features' listings of file items (a public link's items, a folder shared
 * with me), so they look and behave as one's own: the same rows, grid, keys, selection and infinite scroll.
 */
export { Breadcrumb } from './components/breadcrumb';
export { FileRow, type FileRowProps } from './components/file-row';
export { filesPath } from './folder-path';
export { ListingLoadError, ListingLoading, ToolbarSlot, ViewToggle } from './components/listing-parts';
export { flattenPages } from './hooks/use-files-listing';
export { useListingScreen, type PagedListing } from './hooks/use-listing-screen';

export interface ReadOnlyFileListingProps {
  items: readonly FileItem[];
  view: ViewMode;
  label: string;
  dateLabel: string;
  busy: boolean;
  selectedSet: ReadonlySet<string>;
  selecting: boolean;
  allSelected: boolean;
  tabStop: string | null;
  onSelect: (uuid: string, mode: SelectMode) => void;
  onSelectAll: () => void;
  onClear: () => void;
  onOpen: (item: FileItem) => void;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  onFocus: (event: FocusEvent<HTMLUListElement>) => void;
  footer: Omit<Parameters<typeof ListingFooter>[0], 'sentinelTestId'>;
  sentinelTestId: string;
}

/** A listing without per-item actions (no favourite star, no item menu): list header, rows or cards, footer. */
export function ReadOnlyFileListing(props: ReadOnlyFileListingProps) {
  const { items, view, selectedSet } = props;
  return (
    <>
      {view === 'list' ? (
        <ListHeader
          dateLabel={props.dateLabel}
          check={<SelectAllCheckbox allSelected={props.allSelected} onSelectAll={props.onSelectAll} onClear={props.onClear} />}
        />
      ) : null}
      <ul
        className={view === 'grid' ? styles.grid : styles.list}
        aria-label={props.label}
        aria-busy={props.busy || undefined}
        onKeyDown={props.onKeyDown}
        onFocus={props.onFocus}
        data-view={view}
      >
        {items.map((item) => (
          <FileRow
            key={item.uuid}
            item={item}
            view={view}
            tabbable={item.uuid === props.tabStop}
            selected={selectedSet.has(item.uuid)}
            onSelect={props.onSelect}
            selecting={props.selecting}
            onOpen={props.onOpen}
          />
        ))}
      </ul>
      <ListingFooter {...props.footer} sentinelTestId={props.sentinelTestId} />
    </>
  );
}

/** The checked items of the files listings (a public link's listing uses the same selection). */
export function useSelectedUuids(): readonly string[] {
  return useAppSelector((state) => state.files.selection.selected);
}

/** The list or grid around FileRows, as the Files screen draws it. */
export function FileList({ view, label, busy, children }: { view: ViewMode; label: string; busy?: boolean; children: ReactNode }) {
  return (
    <ul className={view === 'grid' ? styles.grid : styles.list} aria-label={label} aria-busy={busy || undefined} data-view={view}>
      {children}
    </ul>
  );
}
