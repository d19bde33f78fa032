import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { fileErrorKey } from '@/media/actions/file-errors';
import { fileKind } from '@/media/thumbnail/file-kind';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import { useUnhideFilesMutation, type FileItem } from '@/api/files';
import { filesPath } from '../folder-path';
import { useHiddenListing } from '../hooks/use-hidden-listing';
import { AccountListingScreen, useAccountListing } from './account-listing-screen';
import { KebabMenu } from './item-menu';
import styles from './files.module.css';

const isMedia = (item: FileItem) => !item.folder && ['image', 'video'].includes(fileKind(item));

/**
 * Hidden: every item the person hid, from any folder, with thumbnails and an unhide action. Photos and videos open
 * in the viewer, folders open as usual (their contents stay reachable); reached from Files and from Photos.
 */
export function HiddenScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const listing = useHiddenListing();
  const { items } = listing;
  const screen = useAccountListing(listing);
  const { selectedItems, targetsOf } = screen;
  const [unhide, unhideState] = useUnhideFilesMutation();
  const media = useMemo(() => items.filter(isMedia), [items]);
  // The open photo lives in the URL (`?photo=`), as on Photos: a reload reopens it, Back closes it.
  const viewerUrl = useViewerUrl();
  const { uuid: viewing, show: showInUrl, close: closeViewer } = viewerUrl;
  const viewerIndex = viewing ? media.findIndex((item) => item.uuid === viewing) : -1;
  const { hasNextPage, fetchNextPage, isSuccess, isFetching } = listing;
  useEffect(() => {
    if (viewing === null || viewerIndex >= 0 || !isSuccess || isFetching) return;
    // Not on the loaded pages (a reload far down the list): load on; not hidden (any more): no viewer.
    if (hasNextPage) void fetchNextPage();
    else closeViewer();
  }, [viewing, viewerIndex, isSuccess, isFetching, hasNextPage, fetchNextPage, closeViewer]);

  const runUnhide = async (targets: FileItem[]) => {
    if (targets.length === 0) return;
    try {
      await unhide(targets.map((item) => item.uuid)).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:unhidden' }));
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:unhide_error') }));
    }
  };

  const open = (item: FileItem) => {
    if (item.folder) navigate(filesPath(item.uuid));
    else showInUrl(item.uuid);
  };

  return (
    <AccountListingScreen
      name="hidden"
      title={t('files:hidden_title')}
      listing={listing}
      screen={screen}
      actions={[
        {
          key: 'unhide',
          label: t('files:action_unhide'),
          icon: <EyeIcon size={18} />,
          onClick: () => void runUnhide(selectedItems),
          testId: 'hidden-unhide',
          disabled: unhideState.isLoading,
        },
      ]}
      hintIcon={<EyeOffIcon size={16} />}
      hint={t('files:hidden_hint')}
      loadError={t('files:hidden_load_error')}
      empty={{ icon: <EyeOffIcon size={32} />, title: t('files:hidden_empty_title'), description: t('files:hidden_empty_text') }}
      listLabel={t('files:hidden_list_label')}
      dateLabel={t('files:column_date')}
      openOf={(item) => (item.folder || isMedia(item) ? open : undefined)}
      menuOf={(item, menuOpen, onOpenChange) => (
        <KebabMenu name={item.name} open={menuOpen} onOpenChange={onOpenChange}>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void runUnhide(targetsOf(item))} data-testid="menu-unhide">
            <EyeIcon size={18} />
            {t('files:action_unhide')}
          </DropdownMenu.Item>
        </KebabMenu>
      )}
    >
      {viewerIndex >= 0 ? (
        <PhotoViewer
          items={media}
          index={viewerIndex}
          onIndexChange={(index) => {
            const item = media[index];
            if (item) showInUrl(item.uuid);
          }}
          onClose={closeViewer}
          onNeedMore={hasNextPage ? () => void fetchNextPage() : undefined}
          onItemRemoved={closeViewer}
        />
      ) : null}
    </AccountListingScreen>
  );
}
