import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronStartIcon, DownloadIcon, EditIcon, ImageIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Loader } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { useFileActions } from '@/media/actions/use-file-actions';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import type { FileItem } from '@/api/files';
import {
  familyErrorCode,
  useDeleteFamilyAlbumMutation,
  useGetFamilyAlbumQuery,
  useListFamilyAlbumItemsQuery,
  useRemoveFromFamilyAlbumMutation,
  useUpdateFamilyAlbumMutation,
  type FamilyAlbum,
  type FamilyAlbumItem,
} from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { AddPhotosDialog, AlbumNameDialog } from './album-dialogs';
import { FamilyError } from './error-alert';
import { LibraryTile } from './library-tile';
import styles from './family-albums.module.css';
import library from './family-library.module.css';
import collections from './family-collections.module.css';

// Fetched when a photo is first opened, as on the timeline.
const PhotoViewer = lazy(() => import('@/media/viewer/photo-viewer').then((m) => ({ default: m.PhotoViewer })));

const PAGE = 120;

/**
 * One family album (issue 35): its items newest first with who added each to the library, opening in the viewer; any
 * member adds photos of the library, removes items from the album and renames it; its creator or the admin deletes it.
 */
export function FamilyAlbumScreen() {
  const { albumId = '' } = useParams();
  const album = useGetFamilyAlbumQuery(albumId);
  if (album.isLoading) return <Loader />;
  if (album.isError || !album.data) return <FamilyError error={album.error} />;
  // Another album starts from its first page with nothing selected.
  return <Album key={albumId} album={album.data} />;
}

function Album({ album }: { album: FamilyAlbum }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const actions = useFileActions();
  const [cursors, setCursors] = useState<string[]>(['']);
  const [loaded, setLoaded] = useState<Record<string, FamilyAlbumItem[]>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'rename' | 'add' | 'delete' | null>(null);
  const [remove, removing] = useRemoveFromFamilyAlbumMutation();
  const [del, deleting] = useDeleteFamilyAlbumMutation();
  const [update, updating] = useUpdateFamilyAlbumMutation();
  const items = useMemo(() => cursors.flatMap((c) => loaded[c] ?? []), [cursors, loaded]);
  const present = useMemo(() => new Set(items.map((i) => i.file.uuid)), [items]);
  const chosen = items.filter((i) => selected.has(i.file.uuid));
  const files = useMemo(() => items.map((i) => i.file as FileItem), [items]);
  const viewer = useViewerUrl();
  const openIndex = viewer.uuid === null ? -1 : files.findIndex((f) => f.uuid === viewer.uuid);
  const onItems = useCallback((after: string, page: FamilyAlbumItem[]) => setLoaded((prev) => (prev[after] === page ? prev : { ...prev, [after]: page })), []);
  const toggle = (uuid: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });
  const failed = (error: unknown) => dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));

  const removeChosen = async () => {
    try {
      const { removed } = await remove({ albumId: album.id, body: { uuids: chosen.map((i) => i.file.uuid) } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:album_removed', values: { count: removed } }));
      setSelected(new Set());
    } catch (error) {
      failed(error);
    }
  };
  const makeCover = async (uuid: string) => {
    try {
      await update({ albumId: album.id, body: { coverFileId: uuid } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:album_cover_set' }));
      setSelected(new Set());
    } catch (error) {
      failed(error);
    }
  };
  const deleteAlbum = async () => {
    try {
      await del(album.id).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:album_deleted' }));
      void navigate(paths.familyAlbums);
    } catch (error) {
      failed(error);
    }
  };

  const by = album.createdBy.name ? t('family:album_created_by', { name: album.createdBy.name }) : null;
  return (
    <section className={collections.page} aria-labelledby="family-album-heading" data-testid="family-album">
      <header className={collections.header}>
        <Link to={paths.familyAlbums} className={collections.back} aria-label={t('family:back_to_albums')} title={t('family:back_to_albums')} data-testid="family-back">
          <ChevronStartIcon size={22} />
        </Link>
        <h1 id="family-album-heading" className={`${collections.title} ${styles.title}`}>
          <bdi>{album.name}</bdi>
        </h1>
        <p className={styles.meta}>{[t('family:photo_count', { count: album.itemCount }), by].filter(Boolean).join(' · ')}</p>
        <div className={styles.actions}>
          <Button startIcon={<PlusIcon size={16} />} onClick={() => setDialog('add')} data-testid="family-album-add-photos">
            {t('family:album_add_photos')}
          </Button>
          <Button variant="secondary" startIcon={<EditIcon size={16} />} onClick={() => setDialog('rename')} data-testid="family-album-rename">
            {t('family:album_rename')}
          </Button>
          {album.canDelete ? (
            <Button variant="secondary" startIcon={<TrashIcon size={16} />} onClick={() => setDialog('delete')} data-testid="family-album-delete">
              {t('family:album_delete')}
            </Button>
          ) : null}
        </div>
      </header>
      {chosen.length > 0 ? (
        <div className={library.toolbar} role="toolbar" aria-label={t('family:library_selection_label')} data-testid="family-album-toolbar">
          <span className={library.count}>{t('family:library_selected', { count: chosen.length })}</span>
          <Button variant="secondary" size="sm" startIcon={<DownloadIcon size={16} />} disabled={actions.busy} onClick={() => void Promise.all(chosen.map((i) => actions.download([i.file as FileItem])))}>
            {t('family:library_download')}
          </Button>
          {chosen.length === 1 && chosen[0]!.file.uuid !== album.coverFileId ? (
            <Button variant="secondary" size="sm" startIcon={<ImageIcon size={16} />} loading={updating.isLoading} onClick={() => void makeCover(chosen[0]!.file.uuid)} data-testid="family-album-cover">
              {t('family:album_cover')}
            </Button>
          ) : null}
          <Button variant="danger" size="sm" loading={removing.isLoading} onClick={() => void removeChosen()} data-testid="family-album-remove">
            {t('family:album_remove')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {t('family:library_clear')}
          </Button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className={library.grid} aria-label={album.name} data-testid="family-album-grid">
          {items.map((item) => (
            <LibraryTile key={item.file.uuid} item={item} selected={selected.has(item.file.uuid)} onToggle={toggle} onOpen={viewer.show} />
          ))}
        </ul>
      ) : null}
      {cursors.map((after, i) => (
        <ItemsPage
          key={after}
          albumId={album.id}
          after={after}
          last={i === cursors.length - 1}
          onItems={onItems}
          onMore={(next) => setCursors((prev) => (prev.includes(next) ? prev : [...prev, next]))}
        />
      ))}
      {openIndex >= 0 ? (
        <Suspense fallback={null}>
          <PhotoViewer items={files} index={openIndex} onIndexChange={(i) => (files[i] ? viewer.show(files[i].uuid) : viewer.close())} onClose={viewer.close} readOnly />
        </Suspense>
      ) : null}
      {dialog === 'rename' ? <AlbumNameDialog album={album} onClose={() => setDialog(null)} /> : null}
      {dialog === 'add' ? <AddPhotosDialog albumId={album.id} present={present} onClose={() => setDialog(null)} /> : null}
      <ConfirmModal
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('family:album_delete_title', { name: album.name })}
        description={t('family:album_delete_text')}
        confirmLabel={t('family:album_delete')}
        onConfirm={() => void deleteAlbum()}
        danger
        loading={deleting.isLoading}
        data-testid="family-album-delete-confirm"
      />
    </section>
  );
}

/** Loads one page of the album (shown above), with "show more" after the last page when there is more. */
function ItemsPage({ albumId, after, last, onItems, onMore }: { albumId: string; after: string; last: boolean; onItems(after: string, items: FamilyAlbumItem[]): void; onMore(next: string): void }) {
  const { t } = useFamilyTranslation();
  const page = useListFamilyAlbumItemsQuery({ albumId, limit: PAGE, ...(after ? { after } : {}) });
  const items = page.data?.items;
  useEffect(() => {
    if (items) onItems(after, items);
  }, [after, items, onItems]);
  if (page.isLoading) return <Loader />;
  if (page.isError) return <FamilyError error={page.error} />;
  if (!items || (after === '' && items.length === 0)) {
    return <EmptyState title={t('family:album_empty_title')} description={t('family:album_empty_text')} data-testid="family-album-empty" />;
  }
  const next = page.data?.next ?? null;
  if (!last || !next) return null;
  return (
    <div className={styles.more}>
      <Button variant="secondary" onClick={() => onMore(next)}>
        {t('family:library_more')}
      </Button>
    </div>
  );
}
