import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '@/api/base-api';
import { useAppDispatch } from '@/state/hooks';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import {
  ChevronEndIcon,
  ChevronStartIcon,
  CloseIcon,
  DownloadIcon,
  EditIcon,
  EyeOffIcon,
  InfoIcon,
  MoreIcon,
  ShareIcon,
  StarIcon,
  TrashIcon,
} from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { useHideFilesMutation, useSetFavouriteMutation, useTrashFilesMutation, type FileItem } from '@/api/files';
import { numberFormat } from '@/i18n/intl';
import { DescribeDialog } from '../actions/describe-dialog';
import { fileErrorKey } from '../actions/file-errors';
import { RenameDialog } from '../actions/rename-dialog';
import { useFileActions } from '../actions/use-file-actions';
import { AddToAlbumSlot, ShareSlot, useMediaSlots } from '../slots';
import { InfoPanel } from './info-panel';
import type { ViewerMenuAction } from './viewer-actions';
import { AlbumAddIcon, ZoomInIcon, ZoomOutIcon } from './viewer-icons';
import { useViewerKeys, useViewerNavigation } from './use-viewer-navigation';
import { ViewerMedia, mediaKind } from './viewer-media';
import { clampScale, FIT, ZOOM_STEP, type ZoomState } from './zoom';
import styles from './viewer.module.css';

export interface PhotoViewerProps {
  /** The loaded part of the collection, in display order. */
  items: FileItem[];
  index: number;
  /** The whole collection's size when more is still to load (the counter shows it). */
  total?: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Called near the end of `items` while `total` says more exist. */
  onNeedMore?: () => void;
  /** The screen's own More-menu entries (inside an album: "set as cover" and "remove from album"). */
  menuActions?: readonly ViewerMenuAction[];
  /**
   * After a hide, trash or remove-from-album succeeded. The parent drops the item from `items` and keeps `index`,
   * so the next photo takes its place (the viewer steps back when it was the last, and closes when none is left).
   * Without it the viewer moves on to the next item itself.
   */
  onItemRemoved?: (uuid: string) => void;
  /**
   * Someone else's items: look and download only. `true` for a share with me (downloads through the usual calls);
   * for a visitor of a public link, the download goes through the given call instead of the owner's download URLs.
   */
  readOnly?: boolean | { onDownload: (item: FileItem) => void };
}

/**
 * Full-screen photo and video viewer (portal, focus trapped, Escape closes, page scroll locked): previous and next by
 * buttons, arrow keys and swipes; zoom and pan; info panel; favourite, download, add to album, rename, hide, delete.
 */
export function PhotoViewer({ items, index, total, onIndexChange, onClose, onNeedMore, menuActions = [], onItemRemoved, readOnly = false }: PhotoViewerProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const item = items[index];
  const count = Math.max(total ?? 0, items.length);
  const [zoom, setZoom] = useState<ZoomState>(FIT);
  const [infoOpen, setInfoOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [favourites, setFavourites] = useState<Record<string, boolean>>({});
  const [confirmTrash, setConfirmTrash] = useState(false);
  const [renaming, setRenaming] = useState<FileItem | null>(null);
  const [describing, setDescribing] = useState<FileItem | null>(null);
  const [addingToAlbum, setAddingToAlbum] = useState(false);
  const [sharing, setSharing] = useState(false);
  const returnFocus = useRef<Element | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const { download } = useFileActions();
  const [setFavourite] = useSetFavouriteMutation();
  const [hideFiles, hideState] = useHideFilesMutation();
  const [trashFiles, trashState] = useTrashFilesMutation();
  const [running, setRunning] = useState(false);
  const { AddToAlbum, Share } = useMediaSlots();
  const busy = hideState.isLoading || trashState.isLoading || running;

  // The page behind must not scroll; focus goes back where it was when the viewer closes.
  useEffect(() => {
    returnFocus.current = document.activeElement;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    };
  }, []);

  useEffect(() => setZoom(FIT), [item?.uuid]);

  const go = useViewerNavigation({ items, index, count, onIndexChange, onClose, onNeedMore });

  const zoomBy = useCallback(
    (factor: number) => setZoom((current) => (clampScale(current.scale * factor) === 1 ? FIT : { ...current, scale: clampScale(current.scale * factor) })),
    [],
  );

  useViewerKeys(content, { go, zoomBy, onClose });

  const toast = useCallback(
    (kind: 'success' | 'error', messageKey: string, values?: Record<string, string | number>) => dispatch(showToast({ kind, messageKey, values })),
    [dispatch],
  );

  const removed = (uuid: string) => {
    // The timeline and albums count and show photos too.
    dispatch(baseApi.util.invalidateTags(['Group', 'Album']));
    if (onItemRemoved) onItemRemoved(uuid);
    else if (index < items.length - 1) onIndexChange(index + 1);
    else if (index > 0) onIndexChange(index - 1);
    else onClose();
  };

  if (!item) return null;
  const favourite = favourites[item.uuid] ?? Boolean(item.favourite);

  const toggleFavourite = async () => {
    const target = item;
    const value = !favourite;
    setFavourites((current) => ({ ...current, [target.uuid]: value }));
    try {
      await setFavourite({ uuids: [target.uuid], favourite: value }).unwrap();
      dispatch(baseApi.util.invalidateTags(['Group']));
      toast('success', value ? 'files:favourite_added' : 'files:favourite_removed');
    } catch (error) {
      setFavourites((current) => ({ ...current, [target.uuid]: !value }));
      toast('error', fileErrorKey(error, 'files:favourite_error'));
    }
  };

  const hide = async () => {
    const target = item;
    try {
      await hideFiles([target.uuid]).unwrap();
      toast('success', 'files:hidden');
      removed(target.uuid);
    } catch (error) {
      toast('error', fileErrorKey(error, 'files:hide_error'));
    }
  };

  const trash = async () => {
    const target = item;
    try {
      await trashFiles([target.uuid]).unwrap();
      setConfirmTrash(false);
      toast('success', 'files:trashed');
      removed(target.uuid);
    } catch (error) {
      setConfirmTrash(false);
      toast('error', fileErrorKey(error, 'files:trash_error'));
    }
  };

  const runAction = async (action: ViewerMenuAction) => {
    const target = item;
    setRunning(true);
    try {
      if ((await action.run(target)) === 'removed') removed(target.uuid);
    } finally {
      setRunning(false);
    }
  };

  const isImage = mediaKind(item) === 'image';
  const downloadItem = () => (typeof readOnly === 'object' ? readOnly.onDownload(item) : void download([item]));
  const number = numberFormat(i18n.language);

  return (
    <>
      <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
        <Dialog.Portal>
          <Dialog.Content ref={content} className={styles.viewer} aria-describedby={undefined} data-testid="photo-viewer">
            <header className={styles.bar}>
              <Dialog.Close className={styles.barButton} aria-label={t('viewer:close')} data-testid="viewer-close">
                <CloseIcon size={22} />
              </Dialog.Close>
              <div className={styles.title}>
                <Dialog.Title className={styles.name}>
                  <bdi>{item.name}</bdi>
                </Dialog.Title>
                {/* A plain span may not carry aria-label: the sentence is hidden text, the figures are hidden from readers. */}
                <span className={styles.counter} data-testid="viewer-counter">
                  <span aria-hidden="true" dir="ltr">
                    {number.format(index + 1)} / {number.format(count)}
                  </span>
                  <span className="visually-hidden">{t('viewer:position', { n: index + 1, total: count })}</span>
                </span>
              </div>
              <div className={styles.toolbar} role="toolbar" aria-label={t('viewer:actions')}>
                {isImage ? (
                  <>
                    <ToolButton label={t('viewer:zoom_out')} onClick={() => zoomBy(1 / ZOOM_STEP)} disabled={zoom.scale <= 1} testId="viewer-zoom-out" desktopOnly>
                      <ZoomOutIcon size={22} />
                    </ToolButton>
                    <ToolButton label={t('viewer:zoom_in')} onClick={() => zoomBy(ZOOM_STEP)} testId="viewer-zoom-in" desktopOnly>
                      <ZoomInIcon size={22} />
                    </ToolButton>
                  </>
                ) : null}
                {!readOnly ? (
                <ToolButton
                  label={favourite ? t('viewer:unfavourite') : t('viewer:favourite')}
                  onClick={() => void toggleFavourite()}
                  pressed={favourite}
                  testId="viewer-favourite"
                >
                  <StarIcon size={22} fill={favourite ? 'currentColor' : 'none'} />
                </ToolButton>
                ) : null}
                <ToolButton label={t('viewer:download')} onClick={downloadItem} testId="viewer-download">
                  <DownloadIcon size={22} />
                </ToolButton>
                {Share && !readOnly ? (
                  <ToolButton label={t('viewer:share')} onClick={() => setSharing(true)} testId="viewer-share">
                    <ShareIcon size={22} />
                  </ToolButton>
                ) : null}
                {AddToAlbum && !readOnly ? (
                  <ToolButton label={t('viewer:add_to_album')} onClick={() => setAddingToAlbum(true)} testId="viewer-add-to-album">
                    <AlbumAddIcon size={22} />
                  </ToolButton>
                ) : null}
                <ToolButton label={t('viewer:info')} onClick={() => setInfoOpen((open) => !open)} pressed={infoOpen} testId="viewer-info">
                  <InfoIcon size={22} />
                </ToolButton>
                {!readOnly || menuActions.length > 0 ? (
                <DropdownMenu.Root modal={false} open={menuOpen} onOpenChange={setMenuOpen}>
                  <DropdownMenu.Trigger asChild>
                    <button type="button" className={styles.barButton} aria-label={t('viewer:more')} title={t('viewer:more')} disabled={busy} data-testid="viewer-more">
                      <MoreIcon size={22} />
                    </button>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={12}>
                      {!readOnly ? (
                        <MenuItem onSelect={() => setRenaming(item)} testId="viewer-menu-rename" icon={<EditIcon size={18} />}>
                          {t('viewer:rename')}
                        </MenuItem>
                      ) : null}
                      {menuActions.map((action) => (
                        <MenuItem key={action.key} onSelect={() => void runAction(action)} testId={action.testId} icon={action.icon}>
                          {action.label}
                        </MenuItem>
                      ))}
                      {!readOnly ? (
                        <>
                          <MenuItem onSelect={() => void hide()} testId="viewer-menu-hide" icon={<EyeOffIcon size={18} />}>
                            {t('viewer:hide')}
                          </MenuItem>
                          <MenuItem onSelect={() => setConfirmTrash(true)} testId="viewer-menu-delete" icon={<TrashIcon size={18} />} danger>
                            {t('viewer:delete')}
                          </MenuItem>
                        </>
                      ) : null}
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
                ) : null}
              </div>
            </header>
            <div className={`${styles.body} ${infoOpen ? styles.bodyWithInfo : ''}`}>
              <div className={`${styles.stage} ${isImage ? '' : styles.stageVideo}`} data-kind={isImage ? 'image' : 'video'}>
                <ViewerMedia
                  key={item.uuid}
                  item={item}
                  zoom={zoom}
                  onZoomChange={setZoom}
                  onSwipe={(direction) => go(direction === 'next' ? 1 : -1)}
                  onDownload={downloadItem}
                  ownerUrls={typeof readOnly !== 'object'}
                />
                <button
                  type="button"
                  className={`${styles.nav} ${styles.navPrevious}`}
                  onClick={() => go(-1)}
                  disabled={index === 0}
                  aria-label={t('viewer:previous')}
                  data-testid="viewer-prev"
                >
                  <ChevronStartIcon size={28} />
                </button>
                <button
                  type="button"
                  className={`${styles.nav} ${styles.navNext}`}
                  onClick={() => go(1)}
                  disabled={index >= count - 1}
                  aria-label={t('viewer:next')}
                  data-testid="viewer-next"
                >
                  <ChevronEndIcon size={28} />
                </button>
              </div>
              {infoOpen ? (
                <InfoPanel item={item} onClose={() => setInfoOpen(false)} onEditDescription={readOnly ? undefined : () => setDescribing(item)} />
              ) : null}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <ConfirmModal
        open={confirmTrash}
        onOpenChange={setConfirmTrash}
        title={t('viewer:delete_title')}
        description={t('viewer:delete_description')}
        confirmLabel={t('viewer:delete')}
        onConfirm={() => void trash()}
        loading={trashState.isLoading}
        danger
        data-testid="viewer-delete-confirm"
      />
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
      <DescribeDialog item={describing} onClose={() => setDescribing(null)} />
      <AddToAlbumSlot open={addingToAlbum} uuids={[item.uuid]} onOpenChange={setAddingToAlbum} />
      <ShareSlot open={sharing} target={{ kind: 'items', items: [item] }} onOpenChange={setSharing} />
    </>
  );
}

function ToolButton({
  label,
  onClick,
  children,
  pressed,
  disabled,
  testId,
  desktopOnly,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  testId: string;
  desktopOnly?: boolean;
}) {
  return (
    <button
      type="button"
      className={`${styles.barButton} ${desktopOnly ? styles.desktopOnly : ''} ${pressed ? styles.pressed : ''}`}
      onClick={onClick}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

function MenuItem({
  onSelect,
  icon,
  children,
  danger,
  testId,
}: {
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  danger?: boolean;
  testId: string;
}) {
  return (
    <DropdownMenu.Item className={`${styles.menuItem} ${danger ? styles.menuItemDanger : ''}`} onSelect={onSelect} data-testid={testId}>
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}
