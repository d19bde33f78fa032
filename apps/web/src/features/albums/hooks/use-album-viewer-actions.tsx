import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { showToast } from '@/components/ui/toast-slice';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { AlbumRemoveIcon, CoverIcon } from '@/media/viewer/viewer-icons';
import { useRemoveFilesFromAlbumMutation, useSetAlbumCoverMutation } from '../api';
import { albumErrorKey } from '../errors';

/** The viewer's More-menu entries inside an album: make the shown photo the cover, or take it out of the album. */
export function useAlbumViewerActions(albumUuid: string): ViewerMenuAction[] {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [removeFromAlbum] = useRemoveFilesFromAlbumMutation();
  const [setCover] = useSetAlbumCoverMutation();

  return useMemo(
    () => [
      {
        key: 'cover',
        label: t('viewer:set_cover'),
        icon: <CoverIcon size={18} />,
        testId: 'viewer-menu-cover',
        run: async (item) => {
          try {
            await setCover({ albumUuid, coverPhotoUuid: item.uuid }).unwrap();
            dispatch(showToast({ kind: 'success', messageKey: 'albums:cover_set' }));
          } catch (error) {
            dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:cover_error') }));
          }
          return 'kept';
        },
      },
      {
        key: 'remove',
        label: t('viewer:remove_from_album'),
        icon: <AlbumRemoveIcon size={18} />,
        testId: 'viewer-menu-remove',
        run: async (item) => {
          try {
            await removeFromAlbum({ uuid: albumUuid, body: [item.uuid] }).unwrap();
            dispatch(showToast({ kind: 'success', messageKey: 'albums:removed_from_album' }));
            return 'removed';
          } catch (error) {
            dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:remove_error') }));
            return 'kept';
          }
        },
      },
    ],
    [t, dispatch, albumUuid, setCover, removeFromAlbum],
  );
}
