import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import { hasSession } from '@/api/session';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { FolderIcon, ShareIcon } from '@/components/ui/icons';
import type { FileItem } from '@/api/files';
import {
  Breadcrumb,
  flattenPages,
  ListingLoadError,
  ListingLoading,
  ReadOnlyFileListing,
  ToolbarSlot,
  useListingScreen,
  ViewToggle,
} from '@/features/files/file-listing.public';
import { formatDateTime } from '@/i18n/format';
import { mediaKind } from '@/media/viewer/viewer-media';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import { EmptyState } from '@/components/ui/empty-state';
import { useGetSharedListQuery, useListSharedFilesInfiniteQuery, visitorHeaders, type SharedLink } from '../api';
import { takePendingSave, useSaveShared } from '../hooks/use-save-shared';
import { useSharedDownload } from '../hooks/use-shared-download';
import { saveAbandoned } from '../share-slice';
import { FOLDER_PARAM, sharedFilesPath, useShareLink } from '../share-token';
import { LinkProblem } from './link-problem';
import { PasswordPrompt } from './password-prompt';
import { SaveResult, SignUpBanner } from './save-result';
import styles from './shared-files.module.css';

const ROW_SELECTOR = '[data-testid="file-row"]';

/** /sharedFiles?token=…: a public link's items for anyone holding the link, with or without an account. */
export function SharedFilesScreen() {
  const { token, unlock } = useShareLink();
  const link = useGetSharedListQuery(token ? visitorHeaders(token, unlock) : skipToken);
  if (!token) return <LinkProblem kind="notFound" />;
  if (link.isLoading) return <ListingLoading />;
  if (link.isError) {
    const code = apiErrorCode(link.error);
    if (code === 'SHARE_PASSWORD_REQUIRED') return <PasswordPrompt token={token} rejected={unlock !== null} />;
    if (code === 'NOT_FOUND') return <LinkProblem kind="notFound" />;
    if (code === 'TOO_MANY_REQUESTS' || code === '429') return <LinkProblem kind="tooMany" />;
    return <LinkProblem kind="error" onRetry={() => void link.refetch()} />;
  }
  if (!link.data) return <ListingLoading />;
  return <SharedListing link={link.data} token={token} unlock={unlock} />;
}

function SharedListing({ link, token, unlock }: { link: SharedLink; token: string; unlock: string | null }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const folder = params.get(FOLDER_PARAM) || null;
  const view = useAppSelector((state) => state.ui.view);
  const storeLanding = useAppSelector((state) => state.share.storeLanding);
  const query = useListSharedFilesInfiniteQuery({ ...visitorHeaders(token, unlock), parentFolderUuid: folder ?? undefined, sortBy: 'name', sortOrder: 'ASC' });
  const items = useMemo(() => flattenPages(query.data?.pages as { fileList: FileItem[] }[] | undefined), [query.data]);
  const first = query.data?.pages[0];
  const listing = { ...query, items };
  const { selection, selecting, footer, keyDownHandler, tabStop, onListFocus } = useListingScreen(listing);
  const { save } = useSaveShared();
  const { download } = useSharedDownload();
  const [viewerUuid, setViewerUuid] = useState<string | null>(null);
  const photos = useMemo(() => items.filter((item) => !item.folder && mediaKind(item) === 'image'), [items]);
  const viewerIndex = photos.findIndex((item) => item.uuid === viewerUuid);
  const finishing = useRef(false);

  // Back from sign-in or sign-up with a save waiting: finish it (the selection made before, or everything). Back
  // without signing in (the browser's back button): the wish is dropped. A wish made on this page is left alone: the
  // sign-in screen is on its way.
  const arrived = useRef(true);
  useEffect(() => {
    const onArrival = arrived.current;
    arrived.current = false;
    if (!storeLanding || finishing.current) return;
    if (!hasSession()) {
      if (onArrival) dispatch(saveAbandoned());
      return;
    }
    finishing.current = true;
    void save(takePendingSave());
  }, [dispatch, save, storeLanding]);

  // Crumbs from the link's root down to the opened folder (the server never answers above the root).
  const crumbs = useMemo(() => {
    const path = (first?.path ?? []).map((entry) => ({ uuid: entry.uuid, name: entry.name }));
    const current = first?.folder;
    if (current && path.at(-1)?.uuid !== current.uuid) path.push({ uuid: current.uuid, name: current.name });
    return path;
  }, [first]);
  // A link to one folder is that folder: the first crumb is the link's root, so nothing above it is offered.
  const rootLabel = link.isFolder ? (crumbs[0]?.name ?? link.name) : t('sharedFiles:title');
  const belowRoot = link.isFolder ? crumbs.slice(1) : crumbs;

  const openFolder = (uuid: string | null) => {
    selection.clear();
    navigate(sharedFilesPath(token, '', uuid ? { [FOLDER_PARAM]: uuid } : {}));
    document.documentElement.scrollTop = 0;
  };

  const openItem = (item: FileItem) => {
    if (item.folder) openFolder(item.uuid);
    else if (mediaKind(item) === 'image') setViewerUuid(item.uuid);
    else navigate(sharedFilesPath(token, 'preview', { uuid: item.uuid, ...(folder ? { [FOLDER_PARAM]: folder } : {}) }));
  };

  const handleKeyDown = keyDownHandler({ rowSelector: ROW_SELECTOR });
  const allSelected = items.length > 0 && selection.selected.length === Math.min(items.length, selection.max);
  const folderGone = query.isError && apiErrorCode(query.error) === 'NOT_FOUND' && folder !== null;

  let content;
  if (query.isLoading) content = <ListingLoading />;
  else if (folderGone)
    content = (
      <EmptyState
        icon={<FolderIcon size={32} />}
        title={t('sharedFiles:folder_gone_title')}
        description={t('sharedFiles:folder_gone_text')}
        action={
          <Button variant="secondary" onClick={() => openFolder(null)}>
            {t('sharedFiles:back_to_link')}
          </Button>
        }
      />
    );
  else if (query.isError && items.length === 0) content = <ListingLoadError message={t('sharedFiles:load_error')} onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    content = <EmptyState icon={<FolderIcon size={32} />} title={t('sharedFiles:empty_title')} description={t('sharedFiles:empty_text')} data-testid="shared-empty" />;
  else
    content = (
      <ReadOnlyFileListing
        items={items}
        view={view}
        label={t('sharedFiles:list_label')}
        dateLabel={t('files:column_date')}
        busy={query.isFetching}
        selectedSet={selection.selectedSet}
        selecting={selecting}
        allSelected={allSelected}
        tabStop={tabStop}
        onSelect={selection.select}
        onSelectAll={selection.selectAll}
        onClear={selection.clear}
        onOpen={openItem}
        onKeyDown={handleKeyDown}
        onFocus={onListFocus}
        footer={footer}
        sentinelTestId="shared-sentinel"
      />
    );

  const meta = [
    t('sharedFiles:shared_by', { name: link.ownerName }),
    t('sharedFiles:item_count', { count: link.itemCount }),
    link.expirationDate ? t('sharedFiles:expires', { date: formatDateTime(Date.parse(link.expirationDate), i18n.language) }) : null,
  ].filter(Boolean);

  return (
    <section className={styles.screen} aria-labelledby="shared-link-name" data-testid="shared-files-screen">
      <div className={styles.linkCard}>
        <span className={styles.linkIcon} aria-hidden="true">
          <ShareIcon size={24} />
        </span>
        <div className={styles.linkText}>
          <h2 id="shared-link-name" className={styles.linkName} title={link.name}>
            <bdi>{link.name}</bdi>
          </h2>
          <p className={styles.linkMeta}>
            {meta.map((part) => (
              <span key={part}>{part}</span>
            ))}
          </p>
        </div>
      </div>
      <SaveResult />
      <SignUpBanner token={token} />
      <ToolbarSlot selectionBar={null}>
        <Breadcrumb path={belowRoot} rootLabel={rootLabel} onNavigate={(depth) => openFolder(depth === 0 ? null : (belowRoot[depth - 1]?.uuid ?? null))} />
        <div className={styles.toolsEnd}>
          {selecting ? (
            <span className={styles.selectionNote} role="status" data-testid="shared-selection-count">
              {t('sharedFiles:selected_count', { count: selection.selected.length })}
            </span>
          ) : null}
          <ViewToggle view={view} />
        </div>
      </ToolbarSlot>
      {content}
      {viewerIndex >= 0 ? (
        <PhotoViewer
          items={photos}
          index={viewerIndex}
          onIndexChange={(index) => setViewerUuid(photos[index]?.uuid ?? null)}
          onClose={() => setViewerUuid(null)}
          onNeedMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
          readOnly={{ onDownload: (item) => void download([item.uuid]) }}
        />
      ) : null}
    </section>
  );
}
