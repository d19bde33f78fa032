import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { apiErrorCode } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CloudUploadIcon, EyeOffIcon, FolderIcon, FolderPlusIcon, UploadIcon } from '@/components/ui/icons';
import { useUploader } from '@/hooks/use-uploader';
import { changeOpenedFolders, setSortOrder, type FolderCrumb } from '@/state/ui-slice';
import type { FileItem } from '@/api/files';
import { actionsFor, actionTestId, type FileActionKey } from '../file-actions';
import { previewShown, selectionCleared } from '../files-slice';
import { FOLDER_PARAM, filesPath, resolveFolderPath, samePath } from '../folder-path';
import { useFileActions } from '@/media/actions/use-file-actions';
import { useFileDrop } from '../hooks/use-file-drop';
import { useTakeoutImport } from '../hooks/use-takeout-import';
import { useFilesListing } from '../hooks/use-files-listing';
import { useListingScreen } from '../hooks/use-listing-screen';
import { previewPath } from '../preview-path';
import { formatSortOrder } from '../sort';
import { Breadcrumb } from './breadcrumb';
import { FileRow } from './file-row';
import { ItemMenu } from './item-menu';
import { ListHeader, ListingFooter, ListingLoadError, ListingLoading, SelectAllCheckbox, ToolbarSlot, ViewToggle } from './listing-parts';
import { SelectionBar } from '@/media/selection/selection-bar';
import { ShareSlot, useMediaSlots } from '@/media/slots';
import { SortMenu } from './sort-menu';
import styles from './files.module.css';
import type { FilesDialog as Dialog } from './files-dialogs';

// The dialogs (and Radix's dialog code) load when the first one opens, not with the screen (issue 36).
const FilesDialogs = lazy(() => import('./files-dialogs').then((module) => ({ default: module.FilesDialogs })));

const ROW_SELECTOR = '[data-testid="file-row"]';

/** Files: the opened folder's items (folders first) in list or grid form, with selection and actions. */
export function FilesScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const uploader = useUploader();
  const [searchParams] = useSearchParams();
  const folderParam = searchParams.get(FOLDER_PARAM) || null;
  const stored = useAppSelector((state) => state.ui.openedFolders);
  // Paths opened during this visit, so back and forward keep their names.
  const known = useRef(new Map<string, FolderCrumb[]>());
  const path = useMemo(() => resolveFolderPath(folderParam, stored, known.current), [folderParam, stored]);
  const view = useAppSelector((state) => state.ui.view);
  const parentUuid = path.at(-1)?.uuid ?? null;
  const listing = useFilesListing(parentUuid);
  const { items, sort } = listing;
  const { selection, selecting, selectedItems, menuFor, setMenuFor, targetsOf, openMenu, footer, keyDownHandler, tabStop, onListFocus, focusRow } =
    useListingScreen(listing);
  const fileActions = useFileActions();
  const importPhotos = useTakeoutImport();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Mounted from the first opening on, so that each dialog can animate out.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (dialog && dialog.kind !== 'share' && !dialogsUsed) setDialogsUsed(true);
  const { Share } = useMediaSlots();

  const upload = useCallback((files: File[]) => uploader?.uploadFiles(files, parentUuid), [uploader, parentUuid]);
  const drop = useFileDrop(upload, uploader !== null);

  // The URL decides the folder; the stored opened folder (spec) follows it.
  useEffect(() => {
    if (!samePath(path, stored)) dispatch(changeOpenedFolders(path));
  }, [dispatch, path, stored]);

  // Another folder or another order is another listing: start with nothing selected.
  useEffect(() => {
    dispatch(selectionCleared());
  }, [dispatch, parentUuid, sort.sortBy, sort.sortOrder]);

  // Back from the preview: focus returns to the row of the file it showed last (it may have walked from the opener).
  const previewed = useAppSelector((state) => state.files.previewed);
  const listed = listing.isSuccess;
  useEffect(() => {
    if (!previewed || !listed) return;
    if (items.some((item) => item.uuid === previewed)) focusRow(previewed);
    dispatch(previewShown(null));
  }, [previewed, listed, items, focusRow, dispatch]);

  const openFolderPath = (next: FolderCrumb[]) => {
    const target = next.at(-1) ?? null;
    if (target) known.current.set(target.uuid, next);
    // The URL change makes the effect above store the new path.
    navigate(filesPath(target?.uuid ?? null));
    document.documentElement.scrollTop = 0;
  };

  const openItem = (item: FileItem) => {
    if (item.folder) openFolderPath([...path, { uuid: item.uuid, name: item.name }]);
    else navigate(previewPath(item.uuid, parentUuid), { state: { fromFiles: true } });
  };

  const run = (key: FileActionKey, targets: FileItem[]) => {
    if (targets.length === 0) return;
    switch (key) {
      case 'open':
        openItem(targets[0]!);
        break;
      case 'download':
      case 'zip':
        void fileActions.download(targets);
        break;
      case 'favourite':
      case 'unfavourite':
        void fileActions.favourite(targets, key === 'favourite');
        break;
      case 'move':
        setDialog({ kind: 'move', items: targets });
        break;
      case 'share':
        setDialog({ kind: 'share', items: targets });
        break;
      case 'rename':
        setDialog({ kind: 'rename', item: targets[0]! });
        break;
      case 'describe':
        setDialog({ kind: 'describe', item: targets[0]! });
        break;
      case 'versions':
        setDialog({ kind: 'versions', item: targets[0]! });
        break;
      case 'importPhotos':
        void importPhotos(targets[0]!);
        break;
      case 'hide':
        void fileActions.hide(targets);
        break;
      case 'trash':
        void fileActions.trash(targets);
        break;
    }
  };

  // Delete does what the toolbar's trash does (the trash can give it back, so it asks nothing).
  const handleKeyDown = keyDownHandler({ rowSelector: ROW_SELECTOR, onDelete: (targets) => run('trash', targets) });

  const folderGone = listing.isError && apiErrorCode(listing.error) === 'NOT_FOUND' && parentUuid !== null;
  const allSelected = items.length > 0 && selection.selected.length === Math.min(items.length, selection.max);

  let content;
  if (listing.isLoading) {
    content = <ListingLoading />;
  } else if (folderGone) {
    content = (
      <EmptyState
        icon={<FolderIcon size={32} />}
        title={t('files:folder_gone_title')}
        description={t('files:folder_gone_text')}
        action={<Button onClick={() => openFolderPath([])}>{t('files:go_to_root')}</Button>}
        data-testid="files-folder-gone"
      />
    );
  } else if (listing.isError && items.length === 0) {
    content = <ListingLoadError message={t('files:load_error')} onRetry={() => listing.refetch()} />;
  } else if (items.length === 0) {
    content =
      parentUuid === null ? (
        <EmptyState
          icon={<CloudUploadIcon size={32} />}
          title={t('files:empty_root_title')}
          description={t('files:empty_root_text')}
          action={
            <div className={styles.emptyActions}>
              {uploader ? (
                <Button startIcon={<UploadIcon size={18} />} onClick={() => uploader.pickFiles(parentUuid)} data-testid="empty-upload">
                  {t('files:upload_files')}
                </Button>
              ) : null}
              <Button variant="secondary" startIcon={<FolderPlusIcon size={18} />} onClick={() => setDialog({ kind: 'createFolder' })}>
                {t('files:new_folder')}
              </Button>
            </div>
          }
          data-testid="files-empty"
        />
      ) : (
        <EmptyState
          icon={<FolderIcon size={32} />}
          title={t('files:empty_folder_title')}
          description={t('files:empty_folder_text')}
          data-testid="files-empty-folder"
        />
      );
  } else {
    content = (
      <>
        {view === 'list' ? (
          <ListHeader
            dateLabel={t('files:column_date')}
            check={<SelectAllCheckbox allSelected={allSelected} onSelectAll={selection.selectAll} onClear={selection.clear} />}
          />
        ) : null}
        <ul
          className={view === 'grid' ? styles.grid : styles.list}
          aria-label={t('files:list_label')}
          aria-busy={listing.isFetching || undefined}
          onKeyDown={handleKeyDown}
          onFocus={onListFocus}
          data-view={view}
        >
          {items.map((item) => (
            <FileRow
              key={item.uuid}
              item={item}
              view={view}
              tabbable={item.uuid === tabStop}
              selected={selection.selectedSet.has(item.uuid)}
              onSelect={selection.select}
              selecting={selecting}
              onOpen={openItem}
              onToggleFavourite={(target) => void fileActions.favourite([target], !target.favourite)}
              onContextMenu={openMenu}
              menu={
                <ItemMenu
                  name={item.name}
                  open={menuFor === item.uuid}
                  onOpenChange={(open) => (open ? openMenu(item) : setMenuFor(null))}
                  actions={actionsFor(targetsOf(item), { includeOpen: true, share: Boolean(Share) })}
                  onAction={(key) => run(key, targetsOf(item))}
                />
              }
            />
          ))}
        </ul>
        <ListingFooter {...footer} sentinelTestId="files-sentinel" />
      </>
    );
  }

  const barActions = actionsFor(selectedItems, { share: Boolean(Share) }).map((action) => {
    const Icon = action.icon;
    return {
      key: action.key,
      label: t(`files:${action.labelKey}`),
      icon: <Icon size={18} fill={action.key === 'unfavourite' ? 'currentColor' : 'none'} />,
      onClick: () => run(action.key, selectedItems),
      testId: actionTestId(action.key),
      danger: action.danger,
      compact: !action.primary,
      disabled: fileActions.busy && (action.key === 'download' || action.key === 'zip'),
    };
  });

  return (
    <section className={styles.screen} aria-label={t('files:title')} data-testid="files-screen" {...drop.handlers}>
      <ToolbarSlot
        selectionBar={
          selectedItems.length > 0 ? (
            <SelectionBar
              count={selectedItems.length}
              total={Math.min(items.length, selection.max)}
              actions={barActions}
              onSelectAll={selection.selectAll}
              onClear={selection.clear}
            />
          ) : null
        }
      >
        <Breadcrumb path={path} onNavigate={(depth) => openFolderPath(path.slice(0, depth))} />
        <div className={styles.tools}>
          <Link to={paths.hidden} className={styles.toolButton} aria-label={t('files:open_hidden')} title={t('files:open_hidden')} data-testid="open-hidden">
            <EyeOffIcon size={18} />
          </Link>
          <ViewToggle view={view} />
          <SortMenu value={sort} onChange={(next) => dispatch(setSortOrder(formatSortOrder(next)))} />
        </div>
      </ToolbarSlot>
      {content}
      {drop.dragging ? (
        <div className={styles.dropOverlay} data-testid="drop-overlay">
          <div className={styles.dropMessage}>
            <CloudUploadIcon size={40} />
            <span>{t('files:drop_here', { folder: path.at(-1)?.name ?? t('files:root') })}</span>
          </div>
        </div>
      ) : null}
      {dialogsUsed ? (
        <Suspense fallback={null}>
          <FilesDialogs dialog={dialog} parentUuid={parentUuid} onChange={setDialog} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'share' ? <ShareSlot open target={{ kind: 'items', items: dialog.items }} onOpenChange={(open) => (open ? undefined : setDialog(null))} /> : null}
    </section>
  );
}
