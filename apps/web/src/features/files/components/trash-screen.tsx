import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { InfoIcon, RestoreIcon, TrashIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { useDeleteFilesForeverMutation, useRecoverFilesMutation, type FileItem } from '../api';
import { fileErrorKey } from '@/media/actions/file-errors';
import { selectionCleared } from '../files-slice';
import { useListingScreen } from '../hooks/use-listing-screen';
import { useTrashListing } from '../hooks/use-trash-listing';
import { FileRow } from './file-row';
import { KebabMenu } from './item-menu';
import { AccountListing, AccountToolbar } from './listing-parts';
import { TrashPreview } from './trash-preview';
import { fileKind } from '@/media/thumbnail/file-kind';
import styles from './files.module.css';

const ROW_SELECTOR = '[data-testid="trash-row"]';

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
  const { items, sort } = listing;
  const { selection, selecting, selectedItems, menuFor, setMenuFor, targetsOf, openMenu, footer, keyDownHandler, tabStop, onListFocus } =
    useListingScreen(listing);
  const [previewing, setPreviewing] = useState<FileItem | null>(null);
  const [recover, recoverState] = useRecoverFilesMutation();
  const [deleteForever, deleteState] = useDeleteFilesForeverMutation();
  const [confirmDelete, setConfirmDelete] = useState<FileItem[] | null>(null);

  useEffect(() => {
    dispatch(selectionCleared());
  }, [dispatch, sort.sortBy, sort.sortOrder]);

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

  const handleKeyDown = keyDownHandler({
    rowSelector: ROW_SELECTOR,
    escapeAlways: true,
    // In the trash, Delete means forever: after the confirmation.
    onDelete: setConfirmDelete,
  });

  // Trashed photos and videos open a preview of their picture; other items only select.
  const previewable = (item: FileItem) => !item.folder && Boolean(item.previewUrl) && ['image', 'video'].includes(fileKind(item));

  const content = (
    <AccountListing
      listing={listing}
      loadError={t('files:trash_load_error')}
      empty={<EmptyState icon={<TrashIcon size={32} />} title={t('files:trash_empty_title')} description={t('files:trash_empty_text')} data-testid="trash-empty" />}
      listLabel={t('files:trash_list_label')}
      dateLabel={t('files:column_trashed')}
      selection={selection}
      onKeyDown={handleKeyDown}
      onFocus={onListFocus}
      footer={footer}
      sentinelTestId="trash-sentinel"
    >
      {items.map((item) => (
        <FileRow
          key={item.uuid}
          item={item}
          view="list"
          tabbable={item.uuid === tabStop}
          selected={selection.selectedSet.has(item.uuid)}
          selecting={selecting}
          onSelect={selection.select}
          onOpen={previewable(item) ? setPreviewing : undefined}
          onContextMenu={openMenu}
          date={item.trashedDate ?? item.lastModifiedDate}
          testId="trash-row"
          menu={
            <TrashItemMenu
              name={item.name}
              open={menuFor === item.uuid}
              onOpenChange={(open) => (open ? openMenu(item) : setMenuFor(null))}
              onRecover={() => void runRecover(targetsOf(item))}
              onDelete={() => setConfirmDelete(targetsOf(item))}
            />
          }
        />
      ))}
    </AccountListing>
  );

  return (
    <section className={styles.screen} aria-label={t('files:trash_title')} data-testid="trash-screen">
      <AccountToolbar
        selection={selection}
        loaded={items.length}
        testId="trash-selection-bar"
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
        hint={
          <>
            <InfoIcon size={16} />
            <span>{t('files:trash_hint')}</span>
          </>
        }
        sort={sort}
      />
      {content}
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
    </section>
  );
}
