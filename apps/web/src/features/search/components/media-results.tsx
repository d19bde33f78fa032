import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { DownloadIcon, ZipIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import type { FileItem } from '@/api/files';
import { downloadsAsZip } from '@/media/actions/downloads';
import { useFileActions } from '@/media/actions/use-file-actions';
import { PhotoGrid } from '@/media/grid/photo-grid';
import type { SelectModifiers } from '@/media/grid/photo-tile';
import { SelectionBar } from '@/media/selection/selection-bar';
import { applySelect, EMPTY_SELECTION, type Selection } from '@/media/selection/selection';
import { useMaxSelectCount } from '@/media/selection/selection-limit';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import { useSearchTranslation } from '../use-search-translation';
import styles from './search-screen.module.css';

// Fetched when a photo is first opened (as on Photos).
const PhotoViewer = lazy(() => import('@/media/viewer/photo-viewer').then((module) => ({ default: module.PhotoViewer })));

interface MediaResultsProps {
  items: FileItem[];
  total: number;
  /** The total as shown ("1,000+" when the server stopped counting). */
  totalText: string;
  title: string;
  hasMore: boolean;
  loadMore(): void;
}

/** Photos and videos in the shared grid; the open one lives in the URL (?photo=), so Back closes the viewer. */
export function MediaResults({ items: found, total, totalText, title, hasMore, loadMore }: MediaResultsProps) {
  const { t } = useSearchTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const viewer = useViewerUrl();
  const max = useMaxSelectCount();
  const fileActions = useFileActions();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set<string>());
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const items = useMemo(() => (removed.size === 0 ? found : found.filter((item) => !removed.has(item.uuid))), [found, removed]);
  const order = useMemo(() => items.map((item) => item.uuid), [items]);
  const selected = useMemo(() => new Set(selection.selected), [selection.selected]);
  const selectedItems = useMemo(() => items.filter((item) => selected.has(item.uuid)), [items, selected]);
  const index = viewer.uuid ? items.findIndex((item) => item.uuid === viewer.uuid) : -1;
  const { show, close } = viewer;

  // Tiles are memoised: hand them callbacks that stay the same while pages arrive.
  const latest = useRef({ items, order, max });
  latest.current = { items, order, max };
  const onOpen = useCallback((at: number) => {
    const item = latest.current.items[at];
    if (item) show(item.uuid);
  }, [show]);
  const onToggleSelect = useCallback(
    (uuid: string, event: SelectModifiers) => {
      setSelection((current) => {
        const { order: all, max: cap } = latest.current;
        const { selection: next, capped } = applySelect(current, all, uuid, event.shiftKey ? 'range' : 'toggle', cap);
        if (capped) dispatch(showToast({ kind: 'alert', messageKey: 'files:select_capped', values: { count: cap } }));
        return next;
      });
    },
    [dispatch],
  );

  const onItemRemoved = (uuid: string) => {
    const at = items.findIndex((item) => item.uuid === uuid);
    const next = items[at + 1] ?? items[at - 1];
    setRemoved((current) => new Set(current).add(uuid));
    if (next) show(next.uuid);
    else close();
  };

  return (
    <section className={styles.group} aria-labelledby={id} data-testid="search-group-media">
      <h2 className={styles.groupTitle} id={id}>
        {title}{' '}
        <span className={styles.groupCount}>{totalText}</span>
      </h2>
      {selection.selected.length > 0 ? (
        <SelectionBar
          count={selection.selected.length}
          total={items.length}
          actions={[
            {
              key: 'download',
              label: t('files:action_download'),
              icon: downloadsAsZip(selectedItems) ? <ZipIcon size={18} /> : <DownloadIcon size={18} />,
              testId: 'search-action-download',
              disabled: fileActions.busy,
              onClick: () => void fileActions.download(selectedItems),
            },
          ]}
          onSelectAll={() => setSelection({ selected: order.slice(0, max), anchor: order[0] ?? null })}
          onClear={() => setSelection(EMPTY_SELECTION)}
          testId="search-selection-bar"
        />
      ) : null}
      <PhotoGrid
        items={items}
        hasMore={false}
        onLoadMore={loadMore}
        selected={selected}
        onToggleSelect={onToggleSelect}
        onOpen={onOpen}
        selectionMode={selection.selected.length > 0}
      />
      {index >= 0 ? (
        <Suspense fallback={null}>
          <PhotoViewer
            items={items}
            index={index}
            total={hasMore ? Math.max(total, items.length) : items.length}
            onIndexChange={(at) => {
              const item = items[at];
              if (item) show(item.uuid);
            }}
            onClose={close}
            onNeedMore={loadMore}
            onItemRemoved={onItemRemoved}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
