import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronStartIcon, ContactsIcon, DownloadIcon, ImageIcon, PlusIcon, ShareIcon, TrashIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { paths } from '@/config/paths';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import type { SelectionBarAction } from '@/media/selection/selection-bar';
import { TrashConfirm } from '@/media/actions/trash-confirm';
import { useFileActions } from '@/media/actions/use-file-actions';
import { EMPTY_SELECTION } from '@/media/selection/selection';
import { CollectionUnavailable, PhotoCollection } from '@/media/grid/photo-collection';
import { usePagedPhotos } from '@/media/grid/use-paged-photos';
import { AddToFamilySlot, ShareSlot, useMediaSlots } from '@/media/slots';
import { AlbumRemoveIcon, CoverIcon } from '@/media/viewer/viewer-icons';
import { albumActions } from '../album-menu-actions';
import type { AlbumLocationState } from '../albums-slice';
import { useGetAlbumInfiniteQuery, useRemoveFilesFromAlbumMutation, useSetAlbumCoverMutation, type Album } from '../api';
import { albumErrorKey } from '../errors';
import { useAlbumActions } from '../hooks/use-album-actions';
import { useAlbumViewerActions } from '../hooks/use-album-viewer-actions';
import { AddPhotosDialog } from './add-photos-dialog';
import { AlbumCounts } from './album-counts';
import { AlbumMenu } from './album-menu';
import styles from './albums.module.css';
import { useAlbumMenu } from './use-album-menu';

/**
 * /main/photos/album/{uuid}: the album's photos in a justified grid with selection (set cover, remove, add to
 * another album, download, move to the trash), its menu (rename, hide, trash, recover, delete forever), "add photos" and the viewer.
 */
export function AlbumDetailScreen() {
  const { t } = useTranslation();
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const detail = useGetAlbumInfiniteQuery(uuid, { skip: !uuid });
  const album = detail.data?.pages[0]?.album ?? null;
  const photos = usePagedPhotos(detail, uuid);
  const { selection, setSelection, selectedItems, drop: dropFromView } = photos;
  const { hasNextPage } = detail;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [confirmTrash, setConfirmTrash] = useState(false);
  const [picking, setPicking] = useState(false);
  const [sharing, setSharing] = useState(false);
  const { Share, AddToFamily } = useMediaSlots();
  const [addingToFamily, setAddingToFamily] = useState(false);
  // Members of a family plan can put an album's photos in the family library (issue 35).
  const inFamily = Boolean(AddToFamily) && readStorage(storageKeys.isFamilyMember) !== null;
  const location = useLocation();
  const fileActions = useFileActions();
  const albumActionsApi = useAlbumActions();
  const [removeFiles, removeState] = useRemoveFilesFromAlbumMutation();
  const [setCover, coverState] = useSetAlbumCoverMutation();
  const viewerActions = useAlbumViewerActions(uuid);
  const menu = useAlbumMenu((_album, key) => {
    if (key === 'deleteForever') navigate(paths.albums, { replace: true });
  });

  // The follow-up of a creation arrives here with the photo picker asked for; asked once only.
  useEffect(() => {
    if (!(location.state as AlbumLocationState | null)?.addPhotos || !album) return;
    setPicking(true);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, album, navigate]);

  // Delete on a tile: the selection (or else that photo) leaves the album after the selection bar's confirmation.
  const onDeleteKey = useCallback(
    (photo: string) => {
      if (selection.selected.length === 0) setSelection({ selected: [photo], anchor: photo });
      setConfirmRemove(true);
    },
    [selection.selected.length, setSelection],
  );

  if (detail.isLoading || !album) {
    return (
      <CollectionUnavailable
        query={detail}
        classes={styles}
        back={<BackLink />}
        notFound={<EmptyState title={t('albums:not_found')} data-testid="album-not-found" />}
        loadError={t('albums:load_error')}
      />
    );
  }

  const active = album.status === 'ACTIVE';
  const count = album.imageCount + album.videoCount;

  const removeSelected = async (uuids: string[]) => {
    try {
      await removeFiles({ uuid: album.uuid, body: uuids }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'albums:removed_from_album' }));
      dropFromView(uuids);
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:remove_error') }));
    }
  };

  const coverFromSelection = async (photo: string) => {
    try {
      await setCover({ albumUuid: album.uuid, coverPhotoUuid: photo }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'albums:cover_set' }));
      setSelection(EMPTY_SELECTION);
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:cover_error') }));
    }
  };

  const trashSelected = async () => {
    const targets = selectedItems;
    if (await fileActions.trash(targets)) dropFromView(targets.map((item) => item.uuid));
    setConfirmTrash(false);
  };

  const coverAction: SelectionBarAction[] =
    selectedItems.length === 1 && active
      ? [
          {
            key: 'cover',
            label: t('albums:set_cover'),
            icon: <CoverIcon size={18} />,
            testId: 'album-action-cover',
            disabled: coverState.isLoading,
            onClick: () => void coverFromSelection(selectedItems[0]!.uuid),
          },
        ]
      : [];
  const familyAction: SelectionBarAction[] =
    inFamily && selectedItems.length > 0
      ? [
          {
            key: 'family',
            label: t('photos:action_add_to_family'),
            icon: <ContactsIcon size={18} />,
            testId: 'album-action-family',
            onClick: () => setAddingToFamily(true),
          },
        ]
      : [];
  const removeActions: SelectionBarAction[] = [
    {
      key: 'remove',
      label: t('albums:remove_from_album'),
      icon: <AlbumRemoveIcon size={18} />,
      testId: 'album-action-remove',
      danger: true,
      disabled: removeState.isLoading,
      onClick: () => setConfirmRemove(true),
    },
    {
      key: 'delete',
      label: t('photos:action_delete'),
      icon: <TrashIcon size={18} />,
      testId: 'album-action-delete',
      danger: true,
      compact: true,
      disabled: fileActions.busy,
      onClick: () => setConfirmTrash(true),
    },
  ];

  return (
    <div className={styles.screen} data-testid="album-detail">
      <header className={styles.detailHeader}>
        <BackLink />
        <div className={styles.detailTitle}>
          <h1 className={styles.detailLabel} dir="auto" data-testid="album-label">
            {album.label}
          </h1>
          <div className={styles.detailMeta}>
            <AlbumCounts album={album} />
            <StatusBadge album={album} />
          </div>
        </div>
        <div className={styles.detailActions} role="toolbar" aria-label={t('albums:album_actions')}>
          {active ? (
            <Button startIcon={<PlusIcon size={18} />} onClick={() => setPicking(true)} data-testid="album-add-photos">
              <span className={styles.hideNarrow}>{t('albums:add_photos')}</span>
            </Button>
          ) : null}
          {count > 0 ? (
            <button
              type="button"
              className={styles.toolbarButton}
              onClick={() => void albumActionsApi.download(album.uuid)}
              disabled={albumActionsApi.busy}
              aria-label={t('albums:action_download')}
              title={t('albums:action_download')}
              data-testid="album-download"
            >
              <DownloadIcon size={18} />
            </button>
          ) : null}
          {active && Share ? (
            <button
              type="button"
              className={styles.toolbarButton}
              onClick={() => setSharing(true)}
              aria-label={t('albums:action_share')}
              title={t('albums:action_share')}
              data-testid="album-share"
            >
              <ShareIcon size={18} />
            </button>
          ) : null}
          <AlbumMenu
            label={album.label}
            actions={albumActions(album.status).filter((key) => key !== 'download')}
            onAction={(key) => menu.onAction(album, key)}
            disabled={menu.busy}
            variant="toolbar"
          />
        </div>
      </header>

      <PhotoCollection
        photos={photos}
        hasMore={Boolean(hasNextPage)}
        count={count}
        leadingActions={[...coverAction, ...familyAction]}
        trailingActions={removeActions}
        testIds={{ selectionBar: 'album-selection-bar', download: 'album-action-download-selected', addToAlbum: 'album-action-add-to-album' }}
        empty={
          <EmptyState
            icon={<ImageIcon size={40} />}
            title={t('albums:album_empty_title')}
            description={t('albums:album_empty_text')}
            action={
              active ? (
                <Button startIcon={<PlusIcon size={18} />} onClick={() => setPicking(true)}>
                  {t('albums:add_photos')}
                </Button>
              ) : null
            }
            data-testid="album-empty"
          />
        }
        onDeleteKey={onDeleteKey}
        viewerActions={viewerActions}
      />
      <ConfirmModal
        open={confirmRemove && selection.selected.length > 0}
        onOpenChange={setConfirmRemove}
        title={t('albums:remove_confirm_title')}
        description={t('albums:remove_confirm_text')}
        confirmLabel={t('albums:remove_from_album')}
        danger
        loading={removeState.isLoading}
        onConfirm={() => void removeSelected(selection.selected).then(() => setConfirmRemove(false))}
        data-testid="album-remove-confirm"
      />
      {menu.dialogs}
      <ShareSlot open={sharing} target={{ kind: 'album', uuid: album.uuid, name: album.label }} onOpenChange={setSharing} />
      <AddToFamilySlot
        open={addingToFamily}
        uuids={selectedItems.map((item) => item.uuid)}
        onOpenChange={setAddingToFamily}
        onDone={() => setSelection(EMPTY_SELECTION)}
      />
      <TrashConfirm
        open={confirmTrash && selection.selected.length > 0}
        onOpenChange={setConfirmTrash}
        count={selection.selected.length}
        busy={fileActions.busy}
        onConfirm={() => void trashSelected()}
        testId="album-trash-confirm"
      />
      <AddPhotosDialog open={picking} album={album} onOpenChange={setPicking} />
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.albums} className={styles.back} aria-label={t('albums:back_to_albums')} title={t('albums:back_to_albums')} data-testid="album-back">
      <ChevronStartIcon size={22} />
    </Link>
  );
}

function StatusBadge({ album }: { album: Pick<Album, 'status'> }) {
  const { t } = useTranslation();
  if (album.status === 'HIDDEN') return <span className={styles.statusTag}>{t('albums:status_hidden')}</span>;
  if (album.status === 'TRASHED') return <span className={styles.statusTag}>{t('albums:status_trashed')}</span>;
  return null;
}
