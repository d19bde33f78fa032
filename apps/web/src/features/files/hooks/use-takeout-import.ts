import { useCallback } from 'react';
import { generatedApi as migrationApi } from '@/api/generated/migration';
import type { FileItem } from '@/api/files';
import { showToast } from '@/components/ui/toast-slice';
import { fileErrorKey } from '@/media/actions/file-errors';
import { useAppDispatch } from '@/state/hooks';

/**
 * "Import as photos" on an uploaded Google Photos Takeout (issue 34): starts the server's import; its progress is in
 * Settings → Connected accounts and its report comes as a notification.
 */
export function useTakeoutImport() {
  const dispatch = useAppDispatch();
  const [start] = migrationApi.useTakeoutStartMutation();
  return useCallback(
    async (item: FileItem) => {
      try {
        await start({ uuid: item.uuid }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'files:import_photos_started' }));
      } catch (error) {
        dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:import_photos_error') }));
      }
    },
    [start, dispatch],
  );
}
