import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { InfoIcon, MoreIcon, RestoreIcon, TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { showToast } from '../../../components/ui/toast-slice';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll';
import { setSortOrder } from '../../../state/ui-slice';
import { useDeleteForeverMutation, useRecoverFilesMutation, type FileItem } from '../api';
import { fileErrorKey } from '../errors';
import { selectionCleared } from '../files-slice';
import { focusSiblingRow } from '../row-keyboard';
import { useSelection } from '../hooks/use-selection';
import { useTrashListing } from '../hooks/use-trash-listing';
import { formatSortOrder } from '../sort';
import { FileRow } from './file-row';
import { SelectionBar } from './selection-bar';
import { SortMenu } from './sort-menu';
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
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={styles.kebab} aria-label={t('files:item_menu', { name })} data-testid="item-menu">
          <MoreIcon size={18} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={12}>
          <DropdownMenu.Item className={styles.menuItem} onSelect={onRecover} data-testid="menu-recover">
            <RestoreIcon size={18} />
            {t('files:recover')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${styles.menuItem} ${styles.menuItemDanger}`} onSelect={onDelete} data-testid="menu-delete-forever">
            <TrashIcon size={18} />
            {t('files:delete_forever')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Trash: what the user trashed, to recover or delete for good (Delete All sits in the header). */
export function TrashScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const listing = useTrashListing();
  const { items, sort } = listing;
  const order = useMemo(() => items.map((item) => item.uuid), [items]);
  const selection = useSelection(order);
  const selectedItems = useMemo(() => items.filter((item) => selection.selectedSet.has(item.uuid)), [items, selection.selectedSet]);
  const [recover, recoverState] = useRecoverFilesMutation();
  const [deleteForever, deleteState] = useDeleteForeverMutation();
  const [confirmDelete, setConfirmDelete] = useState<FileItem[] | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const { sentinel, supported: scrollSupported } = useInfiniteScroll<HTMLDivElement>({
    hasMore: Boolean(listing.hasNextPage) && !listing.isError,
    loading: listing.isFetching,
    onLoadMore: () => void listing.fetchNextPage(),
  });

  useEffect(() => {
    dispatch(selectionCleared());
  }, [dispatch, sort.sortBy, sort.sortOrder]);

  const targetsOf = (item: FileItem) => (selection.selectedSet.has(item.uuid) ? selectedItems : [item]);
  const openMenu = (item: FileItem) => {
    if (!selection.selectedSet.has(item.uuid)) selection.select(item.uuid, 'single');
    setMenuFor(item.uuid);
  };

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

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      selection.selectAll();
      return;
    }
    if (event.key === 'Escape') {
      selection.clear();
      return;
    }
    if (event.key === 'Delete' && selectedItems.length > 0) {
      setConfirmDelete(selectedItems);
      return;
    }
    const row = focusSiblingRow(event, ROW_SELECTOR);
    const uuid = row?.getAttribute('data-uuid');
    if (row && uuid && event.shiftKey) selection.select(uuid, 'range');
  };

  let content;
  if (listing.isLoading) {
    content = (
      <div className={styles.center}>
        <Spinner size={32} />
      </div>
    );
  } else if (listing.isError && items.length === 0) {
    content = (
      <Alert tone="error">
        {t('files:trash_load_error')}{' '}
        <Button variant="link" onClick={() => listing.refetch()}>
          {t('common:retry')}
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState icon={<TrashIcon size={32} />} title={t('files:trash_empty_title')} description={t('files:trash_empty_text')} data-testid="trash-empty" />
    );
  } else {
    content = (
      <>
        <div className={styles.listHeader} aria-hidden="true">
          <span className={styles.check} />
          <span className={styles.listHeaderName}>{t('files:column_name')}</span>
          <span className={styles.size}>{t('files:column_size')}</span>
          <span className={styles.date}>{t('files:column_trashed')}</span>
          <span className={styles.rowActions} />
        </div>
        <ul className={styles.list} aria-label={t('files:trash_list_label')} aria-busy={listing.isFetching || undefined} onKeyDown={handleKeyDown}>
          {items.map((item) => (
            <FileRow
              key={item.uuid}
              item={item}
              view="list"
              selected={selection.selectedSet.has(item.uuid)}
              onSelect={selection.select}
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
        </ul>
        <div ref={sentinel} className={styles.sentinel} aria-hidden="true" data-testid="trash-sentinel" />
        {listing.isFetchingNextPage ? (
          <div className={styles.center}>
            <Spinner />
          </div>
        ) : listing.hasNextPage && !scrollSupported ? (
          <div className={styles.center}>
            <Button variant="secondary" onClick={() => void listing.fetchNextPage()}>
              {t('files:load_more')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.screen} data-testid="trash-screen">
      <div className={`${styles.toolbarSlot} ${selectedItems.length > 0 ? styles.toolbarSlotSticky : ''}`}>
        {selectedItems.length > 0 ? (
          <SelectionBar
            count={selectedItems.length}
            total={Math.min(items.length, selection.max)}
            onSelectAll={selection.selectAll}
            onClear={selection.clear}
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
          />
        ) : (
          <div className={styles.toolbar}>
            <p className={styles.hint}>
              <InfoIcon size={16} />
              <span>{t('files:trash_hint')}</span>
            </p>
            <div className={styles.tools}>
              <SortMenu value={sort} onChange={(next) => dispatch(setSortOrder(formatSortOrder(next)))} />
            </div>
          </div>
        )}
      </div>
      {content}
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
