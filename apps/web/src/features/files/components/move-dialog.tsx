import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronEndIcon, FolderIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import type { FolderCrumb } from '@/state/ui-slice';
import { folderPickerArgs, useListFilesInfiniteQuery, useMoveFilesMutation, type FileItem } from '@/api/files';
import { fileErrorKey } from '@/media/actions/file-errors';
import styles from './files.module.css';

export interface MoveDialogProps {
  /** The items to move; null closes the dialog. */
  items: readonly FileItem[] | null;
  onClose: () => void;
  onMoved?: () => void;
}

/**
 * A navigable folder tree: click a folder to choose it, open it with its arrow (or a double-click) to go
 * deeper. Moving a folder into itself is refused here as it is on the server: the folders being moved can
 * be neither chosen nor entered, so nothing under them is reachable either.
 */
export function MoveDialog({ items, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [path, setPath] = useState<FolderCrumb[]>([]);
  const [target, setTarget] = useState<FolderCrumb | null>(null);
  const browsing = path.at(-1) ?? null;
  const open = items !== null;
  const folders = useListFilesInfiniteQuery(folderPickerArgs(browsing?.uuid ?? null), { skip: !open });
  const folderList = useMemo(() => folders.data?.pages.flatMap((page) => page.fileList).filter((item) => item.folder), [folders.data]);
  const [move, { isLoading }] = useMoveFilesMutation();
  const moving = useMemo(() => new Set(items?.map((item) => item.uuid) ?? []), [items]);

  useEffect(() => {
    if (open) {
      setPath([]);
      setTarget(null);
    }
  }, [open]);

  // Without a chosen folder the move goes into the folder being browsed.
  const destination = target ?? browsing;
  const destinationUuid = destination?.uuid ?? null;
  const alreadyThere = Boolean(items?.length) && items!.every((item) => (item.parentFolderUuid ?? null) === destinationUuid);
  const intoItself = destinationUuid !== null && moving.has(destinationUuid);

  const enter = (folder: FileItem) => {
    if (moving.has(folder.uuid)) return;
    setPath((current) => [...current, { uuid: folder.uuid, name: folder.name }]);
    setTarget(null);
  };

  const submit = async () => {
    if (!items || alreadyThere || intoItself || isLoading) return;
    try {
      await move({ body: items.map((item) => item.uuid), targetFolderUuid: destinationUuid ?? '' }).unwrap();
      dispatch(
        showToast({
          kind: 'success',
          messageKey: 'files:moved',
          values: { folder: destination?.name ?? t('files:root') },
        }),
      );
      onMoved?.();
      onClose();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:move_error') }));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('files:move_title')}
      description={t('files:move_description', { n: items?.length ?? 0 })}
      data-testid="move-dialog"
    >
      <nav className={styles.pickerPath} aria-label={t('files:move_path')}>
        <ol>
          <li>
            <button type="button" className={styles.crumbButton} onClick={() => { setPath([]); setTarget(null); }} disabled={path.length === 0}>
              {t('files:root')}
            </button>
          </li>
          {path.map((crumb, index) => (
            <li key={crumb.uuid}>
              <ChevronEndIcon size={14} className={styles.crumbSeparator} />
              <button
                type="button"
                className={styles.crumbButton}
                onClick={() => {
                  setPath(path.slice(0, index + 1));
                  setTarget(null);
                }}
                disabled={index === path.length - 1}
              >
                <bdi>{crumb.name}</bdi>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.picker}>
        {folders.isLoading || folders.isFetching ? (
          <div className={styles.pickerState}>
            <Spinner />
          </div>
        ) : folders.isError ? (
          <Alert tone="error">
            {t('files:folders_error')}{' '}
            <Button variant="link" onClick={() => folders.refetch()}>
              {t('common:retry')}
            </Button>
          </Alert>
        ) : (folderList ?? []).length === 0 ? (
          <p className={styles.pickerState}>{t('files:no_subfolders')}</p>
        ) : (
          // A list of rows, each a choose toggle and an open button: a listbox may not hold the second control.
          <ul className={styles.pickerList} aria-label={t('files:move_choose')}>
            {(folderList ?? []).map((folder) => {
              const disabled = moving.has(folder.uuid);
              const chosen = target?.uuid === folder.uuid;
              return (
                <li key={folder.uuid} className={styles.pickerRow}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    className={`${styles.pickerFolder} ${chosen ? styles.pickerChosen : ''}`}
                    onClick={() => setTarget(chosen ? null : { uuid: folder.uuid, name: folder.name })}
                    onDoubleClick={() => enter(folder)}
                    disabled={disabled}
                    title={disabled ? t('files:move_into_itself') : undefined}
                    data-testid="move-target"
                    data-name={folder.name}
                  >
                    <FolderIcon size={20} />
                    <span className={styles.pickerName}>
                      <bdi>{folder.name}</bdi>
                    </span>
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    onClick={() => enter(folder)}
                    disabled={disabled}
                    aria-label={t('files:open_folder', { name: folder.name })}
                    data-testid="move-enter"
                  >
                    <ChevronEndIcon size={18} className={styles.flipRtl} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {intoItself ? <p className={styles.pickerNote}>{t('files:move_into_itself')}</p> : null}
      {alreadyThere && !intoItself ? <p className={styles.pickerNote}>{t('files:move_already_there')}</p> : null}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button onClick={submit} loading={isLoading} disabled={alreadyThere || intoItself} data-testid="move-submit">
          {t('files:move_here', { folder: destination?.name ?? t('files:root') })}
        </Button>
      </div>
    </Modal>
  );
}
