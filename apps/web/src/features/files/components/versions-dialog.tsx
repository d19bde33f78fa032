import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { DownloadIcon, RestoreIcon, TrashIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { formatBytes, formatDateTime } from '@/i18n/format';
import {
  useDeleteFileVersionMutation,
  useDeleteFileVersionsMutation,
  useLazyDownloadFileVersionUrlQuery,
  useListFileVersionsQuery,
  useRestoreFileVersionMutation,
  type FileItem,
  type FileVersion,
} from '@/api/files';
import { fileErrorKey } from '@/media/actions/file-errors';
import styles from './versions-dialog.module.css';

export interface VersionsDialogProps {
  item: FileItem | null;
  onClose: () => void;
}

/** A file's earlier contents (issue 33): when, how big, who saved each; download, restore, delete one or all. */
export function VersionsDialog({ item, onClose }: VersionsDialogProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useListFileVersionsQuery(item?.uuid ?? skipToken);
  const [download] = useLazyDownloadFileVersionUrlQuery();
  const [restore] = useRestoreFileVersionMutation();
  const [remove] = useDeleteFileVersionMutation();
  const [removeAll, removeAllState] = useDeleteFileVersionsMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const versions = item && list.data ? list.data.versionList : [];
  const language = i18n.language;

  const failed = (error: unknown, fallback: 'files:versions_error') =>
    dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, fallback) }));

  const save = async (version: FileVersion) => {
    if (!item) return;
    try {
      const url = await download({ uuid: item.uuid, versionId: version.id }).unwrap();
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = item.name;
      anchor.hidden = true;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // After the click has handed the blob to the browser's download.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      failed(error, 'files:versions_error');
    }
  };

  const act = async (version: FileVersion, kind: 'restore' | 'delete') => {
    if (!item || busy) return;
    setBusy(`${kind}:${version.id}`);
    try {
      if (kind === 'restore') {
        await restore({ uuid: item.uuid, versionId: version.id }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'files:versions_restored' }));
        onClose();
      } else {
        await remove({ uuid: item.uuid, versionId: version.id }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'files:versions_deleted' }));
      }
    } catch (error) {
      failed(error, 'files:versions_error');
    } finally {
      setBusy(null);
    }
  };

  const deleteAll = async () => {
    if (!item) return;
    try {
      await removeAll(item.uuid).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:versions_all_deleted' }));
      setConfirmAll(false);
    } catch (error) {
      failed(error, 'files:versions_error');
    }
  };

  const savedBy = (version: FileVersion) =>
    version.savedBy.owner ? t('files:versions_by_owner') : t('files:versions_by', { name: version.savedBy.name ?? t('files:versions_by_unknown') });

  return (
    <>
      <Modal
        open={item !== null && !confirmAll}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={t('files:versions_title')}
        description={item ? t('files:versions_description', { name: item.name }) : undefined}
        data-testid="versions-dialog"
        footer={
          <>
            <Button
              variant="danger"
              startIcon={<TrashIcon size={18} />}
              disabled={versions.length === 0}
              onClick={() => setConfirmAll(true)}
              data-testid="versions-delete-all"
            >
              {t('files:versions_delete_all')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('common:close')}
            </Button>
          </>
        }
      >
        <p className={styles.space} data-testid="versions-space">
          {t('files:versions_space', { size: formatBytes(list.data?.totalBytes ?? 0, language) })} {t('files:versions_retention')}
        </p>
        {list.isLoading || list.isFetching ? (
          <div className={styles.loading}>
            <Spinner label={t('common:loading')} />
          </div>
        ) : list.isError ? (
          <p role="alert">{t('files:versions_load_error')}</p>
        ) : versions.length === 0 ? (
          <p className={styles.empty}>{t('files:versions_empty')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('files:versions_list')}>
            {versions.map((version) => {
              const when = formatDateTime(version.savedDate, language);
              return (
                <li key={version.id} className={styles.row} data-testid="version-row">
                  <div className={styles.facts}>
                    <span className={styles.when}>{when}</span>
                    <span className={styles.meta}>
                      {formatBytes(version.bytes, language)} · {savedBy(version)}
                    </span>
                  </div>
                  <div className={styles.actions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      aria-label={t('files:versions_download', { when })}
                      title={t('files:versions_download', { when })}
                      onClick={() => void save(version)}
                    >
                      <DownloadIcon size={18} />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      startIcon={<RestoreIcon size={18} />}
                      aria-label={t('files:versions_restore', { when })}
                      loading={busy === `restore:${version.id}`}
                      disabled={busy !== null}
                      onClick={() => void act(version, 'restore')}
                      data-testid="version-restore"
                    >
                      {t('files:versions_restore_short')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      aria-label={t('files:versions_delete', { when })}
                      title={t('files:versions_delete', { when })}
                      loading={busy === `delete:${version.id}`}
                      disabled={busy !== null}
                      onClick={() => void act(version, 'delete')}
                    >
                      <TrashIcon size={18} />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Modal>
      <ConfirmModal
        open={item !== null && confirmAll}
        onOpenChange={(open) => {
          if (!open) setConfirmAll(false);
        }}
        title={t('files:versions_delete_all_title')}
        description={t('files:versions_delete_all_text', { size: formatBytes(list.data?.totalBytes ?? 0, language) })}
        confirmLabel={t('files:versions_delete_all')}
        onConfirm={() => void deleteAll()}
        danger
        loading={removeAllState.isLoading}
        data-testid="versions-delete-all-confirm"
      />
    </>
  );
}
