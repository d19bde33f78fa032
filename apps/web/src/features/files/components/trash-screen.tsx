import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { InfoIcon, RestoreIcon, TrashIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { useDeleteFilesForeverMutation, useRecoverFilesMutation, type FileItem } from '@/api/files';
import { fileErrorKey } from '@/media/actions/file-errors';
import { useTrashListing } from '../hooks/use-trash-listing';
import { AccountListingScreen, useAccountListing } from './account-listing-screen';
import { KebabMenu } from './item-menu';
import { TrashPreview } from './trash-preview';
import { fileKind } from '@/media/thumbnail/file-kind';
import styles from './files.module.css';

function TrashItemMenu({
  name,
  open,
  onOpenChange,
  onRecover,
  onDelete,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecover: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <KebabMenu name={name} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Item className={styles.menuItem} onSelect={onRecover} data-testid="menu-recover">
        <RestoreIcon size={18} />
        {t('files:recover')}
      </DropdownMenu.Item>
      <DropdownMenu.Item className={`${styles.menuItem} ${styles.menuItemDanger}`} onSelect={onDelete} data-testid="menu-delete-forever">
        <TrashIcon size={18} />
        {t('files:delete_forever')}
      </DropdownMenu.Item>
    </KebabMenu>
  );
}

/**
 * Trash: what the user trashed, with thumbnails, to recover or delete for good (Delete All sits in the header); a
 * trashed photo or video opens a preview of its picture.
 */
export function TrashScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const listing = useTrashListing();
  const screen = useAccountListing(listing);
  const { selectedItems, targetsOf } = screen;
  const [previewing, setPreviewing] = useState<FileItem | null>(null);
  const [recover, recoverState] = useRecoverFilesMutation();
  const [deleteForever, deleteState] = useDeleteFilesForeverMutation();
  const [confirmDelete, setConfirmDelete] = useState<FileItem[] | null>(null);

  const runRecover = async (targets: FileItem[]) => {
    if (targets.length === 0) return;
    try {
      await recover(targets.map((item) => item.uuid)).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:recovered'}));
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:recover_error') }));
    }
  };

  const runDelete = async () => {
    if (!confirmDelete) return;
    try {
      await deleteForever(confirmDelete.map((item) => item.uuid)).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:deleted_forever'}));
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:delete_error') }));
    } finally {
      setConfirmDelete(null);
    }
  };

  // Trashed photos and videos open a preview of their picture; other items only select.
  const previewable = (item: FileItem) => !item.folder && Boolean(item.previewUrl) && ['image', 'video'].includes(fileKind(item));

  return (
    <AccountListingScreen
      name="trash"
      title={t('files:trash_title')}
      listing={listing}
      screen={screen}
      actions={[
        {
          key: 'recover',
          label: t('files:recover'),
          icon: <RestoreIcon size={18} />,
          onClick: () => void runRecover(selectedItems),
          testId: 'trash-recover',
          disabled: recoverState.isLoading,
        },
        {
          key: 'delete',
          label: t('files:delete_forever'),
          icon: <TrashIcon size={18} />,
          onClick: () => setConfirmDelete(selectedItems),
          testId: 'trash-delete-forever',
          danger: true,
        },
      ]}
      hintIcon={<InfoIcon size={16} />}
      hint={t('files:trash_hint')}
      loadError={t('files:trash_load_error')}
      empty={{ icon: <TrashIcon size={32} />, title: t('files:trash_empty_title'), description: t('files:trash_empty_text') }}
      listLabel={t('files:trash_list_label')}
      dateLabel={t('files:column_trashed')}
      // In the trash, Delete means forever: after the confirmation.
      keys={{ escapeAlways: true, onDelete: setConfirmDelete }}
      openOf={(item) => (previewable(item) ? setPreviewing : undefined)}
      dateOf={(item) => item.trashedDate ?? item.lastModifiedDate}
      menuOf={(item, open, onOpenChange) => (
        <TrashItemMenu
          name={item.name}
          open={open}
          onOpenChange={onOpenChange}
          onRecover={() => void runRecover(targetsOf(item))}
          onDelete={() => setConfirmDelete(targetsOf(item))}
        />
      )}
    >
      <TrashPreview
        item={previewing}
        onClose={() => setPreviewing(null)}
        onRecover={(item) => {
          setPreviewing(null);
          void runRecover([item]);
        }}
      />
      <ConfirmModal
        open={confirmDelete !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmDelete(null);
        }}
        title={t('files:delete_forever_title')}
        description={t('files:delete_forever_text', { n: confirmDelete?.length ?? 0 })}
        confirmLabel={t('files:delete_forever')}
        onConfirm={runDelete}
        danger
        loading={deleteState.isLoading}
        data-testid="delete-forever-dialog"
      />
    </AccountListingScreen>
  );
}
