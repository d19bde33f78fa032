import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CloudUploadIcon, PhotosIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { useUploader } from '@/hooks/use-uploader';
import type { PhotoGroup } from '../api';
import { useLayoutConfig } from '@/media/grid/use-layout-config';

// Fetched when a photo is first opened, not with the timeline (initial JavaScript budget, bench/initial-js.mjs).
const PhotoViewer = lazy(() => import('@/media/viewer/photo-viewer').then((m) => ({ default: m.PhotoViewer })));
import { usePhotoSelection } from '../hooks/use-photo-selection';
import { useTimeline } from '../hooks/use-timeline';
import { useTimelineRefresh } from '../hooks/use-timeline-refresh';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import { useGetFileItemQuery } from '@/api/files';
import { activeTabChanged, photoOpened } from '../photos-slice';
import { isPhotoCategory, type PhotoCategory } from '../tabs';
import { DateScrubber, type DateScrubberHandle } from './date-scrubber';
import type { SelectModifiers } from '@/media/grid/photo-tile';
import { PhotosSelectionBar } from './photos-selection-bar';
import { PhotosTabs } from '@/media/photos-tabs/photos-tabs';
import { PhotoUploadControl } from '@/media/upload-control/photo-upload-control';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import { TimelineHeader } from './timeline-header';
import styles from './timeline.module.css';
import { VirtualPhotoList, type VirtualPhotoListHandle } from '@/media/grid/virtual-photo-list';
import { useTileFocusReturn } from '@/media/grid/use-tile-focus-return';

/** /main/photos/:tab — the timeline of one category; anything else goes to All. */
export function PhotosScreen() {
  const { tab } = useParams();
  if (!isPhotoCategory(tab)) return <Navigate to="/main/photos/all" replace />;
  return <PhotosTimeline key={tab} category={tab} />;
}

function PhotosTimeline({ category }: { category: PhotoCategory }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const uploader = useUploader();
  const inFamily = readStorage(storageKeys.isFamilyMember) !== null;
  const sizeRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<VirtualPhotoListHandle>(null);
  const scrubberRef = useRef<DateScrubberHandle>(null);
  const { config, width } = useLayoutConfig(sizeRef);
  const timeline = useTimeline(category, width, config);
  const selection = usePhotoSelection(timeline.items);
  const openedIndex = useAppSelector((state) => state.photos.openedImage);
  const viewerUrl = useViewerUrl();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set<string>());
  const [confirmDelete, setConfirmDelete] = useState(false);
  useTimelineRefresh(timeline.pendingVisible);

  useEffect(() => {
    dispatch(activeTabChanged(category));
  }, [dispatch, category]);

  // Close the viewer when leaving the screen.
  useEffect(() => () => void dispatch(photoOpened(null)), [dispatch]);

  const viewerItems = useMemo(
    () => (removed.size === 0 ? timeline.items : timeline.items.filter((item) => !removed.has(item.uuid))),
    [timeline.items, removed],
  );
  // The open photo is named by uuid in the URL: new uploads above it must not change which one is shown.
  const openUuid = viewerUrl.uuid;
  const removedOpen = openUuid !== null && removed.has(openUuid);
  // A photo hidden or trashed from the viewer: the next one takes its place at once (the URL follows below).
  const viewerIndex = useMemo(() => {
    if (!openUuid) return -1;
    const found = viewerItems.findIndex((item) => item.uuid === openUuid);
    return found < 0 && removedOpen ? Math.min(openedIndex, viewerItems.length - 1) : found;
  }, [openUuid, viewerItems, removedOpen, openedIndex]);
  // Opened from a link or a reload before its day has loaded: the photo alone until the timeline reaches it.
  const single = useGetFileItemQuery(openUuid ?? '', { skip: openUuid === null || viewerIndex >= 0 || removedOpen });
  const { show: showInUrl, close: closeViewer } = viewerUrl;

  useTileFocusReturn(viewerIndex, viewerItems, timeline.items, listRef);

  const openAt = useCallback(
    (index: number) => {
      const item = viewerItems[index];
      if (item) showInUrl(item.uuid);
      else closeViewer();
    },
    [viewerItems, showInUrl, closeViewer],
  );

  // The spec's photo-state store follows the URL, and the URL follows a removed photo's successor.
  const openItem = viewerIndex >= 0 ? viewerItems[viewerIndex] : undefined;
  useEffect(() => {
    if (removedOpen) {
      if (openItem) showInUrl(openItem.uuid);
      else closeViewer();
    } else if (openItem) dispatch(photoOpened({ index: viewerIndex, item: openItem }));
    else if (openUuid === null) dispatch(photoOpened(null));
  }, [dispatch, openItem, viewerIndex, openUuid, removedOpen, showInUrl, closeViewer]);

  // A link to a photo that is gone (or never was): drop it from the URL rather than show an empty viewer.
  useEffect(() => {
    if (single.isError) closeViewer();
  }, [single.isError, closeViewer]);
  // Tiles are memoised: hand them callbacks that stay the same while data loads and the selection changes.
  const latest = useRef({ openAt, toggle: selection.toggle });
  latest.current = { openAt, toggle: selection.toggle };
  const onOpen = useCallback((index: number) => latest.current.openAt(index), []);
  const onToggleSelect = useCallback((uuid: string, event: SelectModifiers) => latest.current.toggle(uuid, event), []);
  // Delete in the grid trashes the selection, or else the focused photo, after the selection bar's confirmation.
  const onDeleteKey = useCallback(
    (uuid: string) => {
      if (selection.count === 0) selection.toggle(uuid, { shiftKey: false, ctrlKey: false, metaKey: false });
      setConfirmDelete(true);
    },
    [selection],
  );

  // Stable, so the memoised day headers do not all re-render whenever the selection or the data changes.
  const groupToggle = useRef({ timeline, selection });
  groupToggle.current = { timeline, selection };
  const onToggleGroup = useCallback((group: PhotoGroup) => {
    const { timeline: current, selection: checked } = groupToggle.current;
    const index = current.groups.findIndex((candidate) => candidate.key === group.key);
    if (index >= 0) checked.toggleGroup(current.groupItems(index));
  }, []);

  const selectionMode = selection.count > 0;
  // A confirmation left open by a selection that emptied must not come back with the next selection.
  useEffect(() => {
    if (!selectionMode) setConfirmDelete(false);
  }, [selectionMode]);
  const dayHeader = (groupIndex: number) => {
    const group = timeline.groups[groupIndex];
    if (!group) return null;
    // Only the headers on screen ask: a day's loaded photos are a few pages at most.
    const items = timeline.groupItems(groupIndex);
    const canCheck = items.length > 0;
    return (
      <TimelineHeader
        group={group}
        monthStart={timeline.monthStarts[groupIndex] ?? false}
        canCheck={canCheck}
        checked={canCheck && items.every((item) => selection.selectedSet.has(item.uuid))}
        selectionMode={selectionMode}
        onToggle={onToggleGroup}
      />
    );
  };
  const renderHeader = (index: number) => {
    const section = timeline.sections[index];
    if (!section) return null;
    if (!section.members) return dayHeader(section.group);
    // Short days sharing a row: each date label above its own photos.
    return (
      <div className={styles.sharedHeaders}>
        {section.members.map((member) => (
          <div key={member.group} className={styles.sharedHeader} style={{ insetInlineStart: member.left, inlineSize: member.width }}>
            {dayHeader(member.group)}
          </div>
        ))}
      </div>
    );
  };

  const onScroll = useCallback((offset: number) => scrubberRef.current?.update(offset), []);
  const onSeek = useCallback((offset: number) => listRef.current?.scrollToOffset(offset), []);

  let body;
  if (timeline.isLoading) {
    body = (
      <div className={styles.state} data-testid="photos-loading">
        <Spinner size={32} label={t('photos:loading')} />
      </div>
    );
  } else if (timeline.isError) {
    body = (
      <div className={styles.state} role="alert" data-testid="photos-error">
        <p className={styles.stateTitle}>{t('photos:error_title')}</p>
        <Button variant="secondary" onClick={() => timeline.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  } else if (timeline.groups.length === 0) {
    body = (
      <EmptyState
        icon={<PhotosIcon size={40} />}
        title={t(`photos:empty_${category}_title`)}
        description={t(`photos:empty_${category}_description`)}
        action={
          uploader ? (
            <Button startIcon={<CloudUploadIcon size={18} />} onClick={() => uploader.pickFiles(null)} data-testid="photos-upload">
              {t('photos:upload_cta')}
            </Button>
          ) : undefined
        }
        data-testid="photos-empty"
      />
    );
  } else {
    body = (
      <>
        <VirtualPhotoList
          sections={timeline.sections}
          sectionKeys={timeline.sectionKeys}
          model={timeline.model}
          renderHeader={renderHeader}
          selected={selection.selectedSet}
          selectionMode={selectionMode}
          onToggleSelect={onToggleSelect}
          onOpen={onOpen}
          onRangeChange={timeline.onRangeChange}
          onScroll={onScroll}
          onDeleteKey={onDeleteKey}
          label={t('photos:timeline_label')}
          handleRef={listRef}
        />
        <DateScrubber
          groups={timeline.groups}
          sectionTops={timeline.groupTops}
          totalHeight={timeline.model.totalHeight}
          onSeek={onSeek}
          handleRef={scrubberRef}
        />
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="photos-screen">
      <PhotosTabs />
      {/* In a family: uploads may go straight into the Family library (issue 35); the switch starts off here. */}
      {inFamily && !selectionMode ? <PhotoUploadControl /> : null}
      {selectionMode ? (
        <PhotosSelectionBar
          items={selection.selectedItems}
          total={timeline.items.length}
          onSelectAll={selection.selectAll}
          confirmDelete={confirmDelete}
          onConfirmDeleteChange={setConfirmDelete}
        />
      ) : null}
      <div ref={sizeRef} className={styles.timeline}>
        {body}
      </div>
      {viewerIndex >= 0 && viewerItems[viewerIndex] ? (
        <Suspense fallback={null}>
          <PhotoViewer
            items={viewerItems}
            index={viewerIndex}
            total={timeline.total - removed.size}
            onIndexChange={openAt}
            onClose={closeViewer}
            onNeedMore={timeline.loadMore}
            onItemRemoved={(uuid) => setRemoved((current) => new Set<string>(current).add(uuid))}
          />
        </Suspense>
      ) : single.data && !removedOpen && openUuid === single.data.uuid ? (
        <Suspense fallback={null}>
          <PhotoViewer
            items={[single.data]}
            index={0}
            onIndexChange={() => undefined}
            onClose={closeViewer}
            onItemRemoved={closeViewer}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
