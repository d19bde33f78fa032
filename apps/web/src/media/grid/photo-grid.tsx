import { useEffect, useMemo, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@/api/files';
import { useLayoutConfig } from './use-layout-config';
import { aspectRatioOf, justifiedLayout } from './layout';
import { buildVirtualModel, type VisibleRange } from './virtual-window';
import type { SelectModifiers } from './photo-tile';
import styles from './grid.module.css';
import { VirtualPhotoList, type PhotoSection, type VirtualPhotoListHandle } from './virtual-photo-list';

export interface PhotoGridProps {
  items: FileItem[];
  hasMore: boolean;
  onLoadMore(): void;
  selected: ReadonlySet<string>;
  onToggleSelect(uuid: string, event: SelectModifiers): void;
  onOpen(index: number): void;
  selectionMode: boolean;
  /** Delete pressed on a picture (see VirtualPhotoList). */
  onDeleteKey?(uuid: string): void;
  handleRef?: Ref<VirtualPhotoListHandle>;
}

const SECTION_KEYS = ['all'] as const;

/**
 * A virtualised justified grid of a flat list (an album's contents): a stand-in row at the end while more
 * can be loaded asks for the next page when it nears the window.
 */
export function PhotoGrid({ items, hasMore, onLoadMore, selected, onToggleSelect, onOpen, selectionMode, onDeleteKey, handleRef }: PhotoGridProps) {
  const { t } = useTranslation();
  const sizeRef = useRef<HTMLDivElement>(null);
  const { config, width } = useLayoutConfig(sizeRef);
  const layout = useMemo(
    () => justifiedLayout(items.map((item) => aspectRatioOf(item.width, item.height)), width, config),
    [items, width, config],
  );
  const sections = useMemo<PhotoSection[]>(() => [{ key: 'all', items, firstIndex: 0, headerHeight: 0, layout }], [items, layout]);
  const model = useMemo(
    () => buildVirtualModel([{ key: 'all', headerHeight: 0, layout, pendingHeight: hasMore ? config.targetRowHeight : 0 }]),
    [layout, hasMore, config.targetRowHeight],
  );

  // Ask once per length: the caller's page request is then in flight.
  const askedAt = useRef(-1);
  const loadMoreRef = useRef(onLoadMore);
  loadMoreRef.current = onLoadMore;
  const onRangeChange = (range: VisibleRange) => {
    const last = model.blocks[model.blocks.length - 1];
    if (!hasMore || !last || last.kind !== 'pending' || range.end < model.blocks.length) return;
    if (askedAt.current === items.length) return;
    askedAt.current = items.length;
    loadMoreRef.current();
  };
  useEffect(() => {
    if (!hasMore) askedAt.current = -1;
  }, [hasMore]);

  return (
    <div ref={sizeRef} className={styles.grid}>
      <VirtualPhotoList
        sections={sections}
        sectionKeys={SECTION_KEYS}
        model={model}
        selected={selected}
        selectionMode={selectionMode}
        onToggleSelect={onToggleSelect}
        onOpen={onOpen}
        onRangeChange={onRangeChange}
        onDeleteKey={onDeleteKey}
        label={t('photos:grid_label')}
        handleRef={handleRef}
      />
    </div>
  );
}
