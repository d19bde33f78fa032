import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { ContactsIcon, DownloadIcon, EyeOffIcon, PlusIcon, ShareIcon, StarIcon, TrashIcon, ZipIcon } from '@/components/ui/icons';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import type { FileItem } from '@/api/files';
import { SelectionBar, type SelectionBarAction } from '@/media/selection/selection-bar';
import { downloadsAsZip } from '@/media/actions/downloads';
import { TrashConfirm } from '@/media/actions/trash-confirm';
import { useFileActions } from '@/media/actions/use-file-actions';
import { AddToAlbumSlot, AddToFamilySlot, ShareSlot, useMediaSlots } from '@/media/slots';
import { checkedCleared } from '../photos-slice';
import styles from './timeline.module.css';

export interface PhotosSelectionBarProps {
  items: readonly FileItem[];
  /** Loaded photos (for "select all"). */
  total: number;
  onSelectAll(): void;
  /** The trash confirmation, held by the screen so the Delete key in the grid can open it too. */
  confirmDelete: boolean;
  onConfirmDeleteChange(open: boolean): void;
}

/**
 * The actions on the checked photos: download (one file directly, several as a zip), add to album, share,
 * favourite or unfavourite, hide, and delete (to the trash, after a confirmation). The files mutations
 * raise the photo-state refresh flags, and the timeline reads its days again.
 */
export function PhotosSelectionBar({ items, total, onSelectAll, confirmDelete, onConfirmDeleteChange: setConfirmDelete }: PhotosSelectionBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const actions = useFileActions();
  const [albumOpen, setAlbumOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [familyOpen, setFamilyOpen] = useState(false);
  const { AddToAlbum, AddToFamily, Share } = useMediaSlots();
  // Only members of a family plan have a family library to put photos in.
  const inFamily = Boolean(AddToFamily) && readStorage(storageKeys.isFamilyMember) !== null;
  const uuids = items.map((item) => item.uuid);
  const allFavourite = items.length > 0 && items.every((item) => item.favourite);
  const zip = downloadsAsZip(items);

  const clear = () => dispatch(checkedCleared());

  const barActions: SelectionBarAction[] = [
    {
      key: 'download',
      label: t('photos:action_download'),
      icon: zip ? <ZipIcon size={18} /> : <DownloadIcon size={18} />,
      testId: 'photos-action-download',
      disabled: actions.busy,
      onClick: () => void actions.download(items),
    },
    ...(AddToAlbum
      ? [
          {
            key: 'album',
            label: t('photos:action_add_to_album'),
            icon: <PlusIcon size={18} />,
            testId: 'photos-action-album',
            onClick: () => setAlbumOpen(true),
          },
        ]
      : []),
    ...(inFamily
      ? [
          {
            key: 'family',
            label: t('photos:action_add_to_family'),
            icon: <ContactsIcon size={18} />,
            testId: 'photos-action-family',
            onClick: () => setFamilyOpen(true),
          },
        ]
      : []),
    ...(Share
      ? [
          {
            key: 'share',
            label: t('photos:action_share'),
            icon: <ShareIcon size={18} />,
            testId: 'photos-action-share',
            onClick: () => setShareOpen(true),
          },
        ]
      : []),
    {
      key: 'favourite',
      label: allFavourite ? t('photos:action_unfavourite') : t('photos:action_favourite'),
      icon: <StarIcon size={18} />,
      testId: 'photos-action-favourite',
      compact: true,
      disabled: actions.busy,
      onClick: () => void actions.favourite(items, !allFavourite),
    },
    {
      key: 'hide',
      label: t('photos:action_hide'),
      icon: <EyeOffIcon size={18} />,
      testId: 'photos-action-hide',
      compact: true,
      disabled: actions.busy,
      onClick: () => void actions.hide(items),
    },
    {
      key: 'delete',
      label: t('photos:action_delete'),
      icon: <TrashIcon size={18} />,
      testId: 'photos-action-delete',
      danger: true,
      compact: true,
      disabled: actions.busy,
      onClick: () => setConfirmDelete(true),
    },
  ];

  return (
    <div className={styles.selectionBar}>
      <SelectionBar count={items.length} total={total} actions={barActions} onSelectAll={onSelectAll} onClear={clear} testId="photos-selection-bar" />
      <AddToAlbumSlot
        open={albumOpen}
        uuids={uuids}
        onOpenChange={setAlbumOpen}
        onDone={clear}
      />
      <AddToFamilySlot open={familyOpen} uuids={uuids} onOpenChange={setFamilyOpen} onDone={clear} />
      <ShareSlot open={shareOpen} target={{ kind: 'items', items }} onOpenChange={setShareOpen} />
      <TrashConfirm
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        count={items.length}
        busy={actions.busy}
        onConfirm={() => {
          void actions.trash(items).then(() => setConfirmDelete(false));
        }}
        testId="photos-delete-confirm"
      />
    </div>
  );
}
