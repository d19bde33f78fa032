import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { EyeOffIcon, PhotosIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { albumPath } from '@/config/paths';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { PhotosTabs } from '@/media/photos-tabs/photos-tabs';
import { albumActions, ALBUM_STATUSES, statusFromParam } from '../album-menu-actions';
import { useListAlbumsInfiniteQuery, type Album, type AlbumStatus } from '../api';
import { AlbumCounts } from './album-counts';
import { AlbumCover } from './album-cover';
import { AlbumMenu } from './album-menu';
import styles from './albums.module.css';
import { CreateAlbumModal } from './create-album-modal';
import { useAlbumMenu } from './use-album-menu';

const FILTER_LABEL = { ACTIVE: 'albums:filter_active', HIDDEN: 'albums:filter_hidden', TRASHED: 'albums:filter_trash' } as const;

/** /main/album: the user's albums as cover cards, filtered by state (active, hidden, trash), with create and per-album menus. */
export function AlbumsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = statusFromParam(params.get('status'));
  const albums = useListAlbumsInfiniteQuery(status);
  const [creating, setCreating] = useState(false);
  const menu = useAlbumMenu();
  const list = albums.data?.pages.flatMap((page) => page.albumList) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = albums;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { sentinel, supported } = useInfiniteScroll<HTMLDivElement>({ hasMore: hasNextPage, loading: isFetchingNextPage, onLoadMore: loadMore });

  const selectStatus = (next: AlbumStatus) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'ACTIVE') nextParams.delete('status');
    else nextParams.set('status', next);
    setParams(nextParams, { replace: true });
  };

  const createButton = (
    <Button startIcon={<PlusIcon size={18} />} onClick={() => setCreating(true)} data-testid="albums-create">
      {t('albums:create_album')}
    </Button>
  );

  return (
    <div className={styles.screen} data-testid="albums-screen">
      <PhotosTabs />
      <div className={styles.toolbar}>
        <div className={styles.filters} role="tablist" aria-label={t('albums:filter_label')}>
          {ALBUM_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={value === status}
              className={styles.filter}
              onClick={() => selectStatus(value)}
              data-testid={`albums-filter-${value.toLowerCase()}`}
            >
              {t(FILTER_LABEL[value])}
            </button>
          ))}
        </div>
        {status === 'ACTIVE' && list.length > 0 ? createButton : null}
      </div>

      {albums.isLoading ? (
        <div className={styles.centered}>
          <Spinner size={32} label={t('common:loading')} />
        </div>
      ) : albums.isError ? (
        <div className={styles.centered} role="alert">
          <p className={styles.muted}>{t('albums:load_error')}</p>
          <Button variant="secondary" onClick={() => void albums.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <EmptyAlbums status={status} action={status === 'ACTIVE' ? createButton : null} />
      ) : (
        <>
          <ul className={styles.albumGrid} aria-label={t(FILTER_LABEL[status])}>
            {list.map((album) => (
              <li key={album.uuid}>
                <AlbumCard album={album} onAction={menu.onAction} busy={menu.busy} />
              </li>
            ))}
          </ul>
          {hasNextPage ? (
            <div ref={sentinel} className={styles.centered}>
              {supported ? (
                isFetchingNextPage ? <Spinner size={24} /> : null
              ) : (
                <Button variant="secondary" loading={isFetchingNextPage} onClick={loadMore}>
                  {t('albums:load_more')}
                </Button>
              )}
            </div>
          ) : null}
        </>
      )}
      {menu.dialogs}
      <CreateAlbumModal open={creating} onOpenChange={setCreating} title={t('albums:create_title')} placeholder={t('albums:create_placeholder')} />
    </div>
  );
}

function AlbumCard({ album, onAction, busy }: { album: Album; onAction: ReturnType<typeof useAlbumMenu>['onAction']; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid="album-card">
      <Link to={albumPath(album.uuid)} className={styles.cardLink} aria-label={t('albums:open_album', { name: album.label })}>
        <AlbumCover cover={album.coverPhoto} className={styles.cardCover} />
        <span className={styles.cardLabel} dir="auto">
          {album.label}
        </span>
      </Link>
      <div className={styles.cardFooter}>
        <AlbumCounts album={album} />
        <AlbumMenu label={album.label} actions={albumActions(album.status)} onAction={(key) => onAction(album, key)} disabled={busy} />
      </div>
    </article>
  );
}

function EmptyAlbums({ status, action }: { status: AlbumStatus; action: ReactNode }) {
  const { t } = useTranslation();
  const view = {
    ACTIVE: { icon: <PhotosIcon size={40} />, title: t('albums:empty_active_title'), text: t('albums:empty_active_text') },
    HIDDEN: { icon: <EyeOffIcon size={40} />, title: t('albums:empty_hidden_title'), text: t('albums:empty_hidden_text') },
    TRASHED: { icon: <TrashIcon size={40} />, title: t('albums:empty_trash_title'), text: t('albums:empty_trash_text') },
  }[status];
  return <EmptyState icon={view.icon} title={view.title} description={view.text} action={action} data-testid="albums-empty" />;
}
