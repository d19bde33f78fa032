import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, FolderIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { FileList, FileRow } from '@/features/files/file-listing.public';
import type { FileItem } from '@/api/generated/files';
import { useFileActions } from '@/media/actions/use-file-actions';
import { useListSharedFolderInfiniteQuery } from '../api';
import styles from './shares.module.css';

export interface FolderCrumb {
  uuid: string;
  name: string;
}

export interface SharedFolderProps {
  projectId: string;
  /** From the shared folder down to the one shown. */
  path: FolderCrumb[];
  onNavigate: (path: FolderCrumb[]) => void;
  onBack: () => void;
  onOpenFile: (item: FileItem, siblings: FileItem[]) => void;
}

/** Inside a folder someone shared with me: the Files list or grid (the chosen view), through the owner's project. */
export function SharedFolder({ projectId, path, onNavigate, onBack, onOpenFile }: SharedFolderProps) {
  const { t } = useTranslation();
  const view = useAppSelector((state) => state.ui.view);
  const current = path.at(-1)!;
  const listing = useListSharedFolderInfiniteQuery({ projectId, parentFolderUuid: current.uuid, sortBy: 'name', sortOrder: 'ASC', size: 50 });
  const items = listing.data?.pages.flatMap((page) => page.fileList) ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { download, busy } = useFileActions();

  const toggle = (uuid: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const open = (item: FileItem) => {
    if (item.folder) {
      setSelected(new Set());
      onNavigate([...path, { uuid: item.uuid, name: item.name }]);
    } else onOpenFile(item, items);
  };

  const chosen = items.filter((item) => selected.has(item.uuid));

  return (
    <>
      <div className={styles.toolbar}>
        <nav aria-label={t('shares:folder_path')}>
          <ol className={styles.crumbs}>
            <li>
              <button type="button" className={styles.crumb} onClick={onBack}>
                {t('shares:tab_with_me')}
              </button>
            </li>
            {path.map((crumb, index) => (
              <li key={crumb.uuid}>
                <span aria-hidden="true">›</span>
                {index === path.length - 1 ? (
                  <span className={styles.crumbCurrent} aria-current="page">
                    <bdi>{crumb.name}</bdi>
                  </span>
                ) : (
                  <button type="button" className={styles.crumb} onClick={() => onNavigate(path.slice(0, index + 1))}>
                    <bdi>{crumb.name}</bdi>
                  </button>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {chosen.length > 0 ? (
          <Button variant="secondary" size="sm" startIcon={<DownloadIcon size={16} />} onClick={() => void download(chosen)} disabled={busy}>
            {t('shares:download_selected', { count: chosen.length })}
          </Button>
        ) : null}
      </div>
      {listing.isLoading ? (
        <Spinner />
      ) : listing.isError ? (
        <EmptyState icon={<FolderIcon size={32} />} title={t('shares:folder_gone')} action={<Button onClick={onBack}>{t('shares:tab_with_me')}</Button>} data-testid="shared-folder-gone" />
      ) : items.length === 0 ? (
        <EmptyState icon={<FolderIcon size={32} />} title={t('shares:folder_empty')} data-testid="shared-folder-empty" />
      ) : (
        <>
          <FileList view={view} label={t('shares:folder_list', { name: current.name })} busy={listing.isFetching}>
            {items.map((item, index) => (
              <FileRow
                key={item.uuid}
                item={item}
                view={view}
                tabbable={index === 0}
                selected={selected.has(item.uuid)}
                onSelect={(uuid) => toggle(uuid)}
                selecting={selected.size > 0}
                onOpen={open}
              />
            ))}
          </FileList>
          {listing.hasNextPage ? (
            <Button variant="secondary" onClick={() => void listing.fetchNextPage()} loading={listing.isFetchingNextPage}>
              {t('shares:load_more')}
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
