import type { ReactNode } from 'react';
import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/generated/files';
import { EmptyState } from '@/components/ui/empty-state';
import { ImageIcon } from '@/components/ui/icons';
import { CollectionUnavailable, PhotoCollection } from '@/media/grid/photo-collection';
import { usePagedPhotos } from '@/media/grid/use-paged-photos';
import type { SelectionBarAction } from '@/media/selection/selection-bar';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { useGetEntityAlbumInfiniteQuery, type EntityContentType } from '../api';
import { useDiscoverTranslation } from '../use-discover-translation';
import { BackLink } from './collection';
import styles from './discover.module.css';

export interface EntityPhotosProps {
  contentType: EntityContentType;
  id: string;
  /** The page's header, given the entity as an album. */
  header: (album: Album) => ReactNode;
  /** The screen's own selection actions; `drop` takes photos out of the grid after they left the entity. */
  selectionActions?: (selected: FileItem[], drop: (uuids: readonly string[]) => void) => SelectionBarAction[];
  viewerActions?: readonly ViewerMenuAction[];
  /** Where "back" goes when the entity is missing. */
  backTo?: string;
}

/**
 * A person's, place's or thing's photos (GET /album/{id}?contentType=…): the shared justified grid with selection
 * (download, add to album, the screen's own actions) and the viewer, whose open photo is in the URL as on albums.
 */
export function EntityPhotos({ contentType, id, header, selectionActions, viewerActions, backTo }: EntityPhotosProps) {
  const { t, i18n } = useDiscoverTranslation();
  const detail = useGetEntityAlbumInfiniteQuery({ contentType, id, language: i18n.language }, { skip: !id });
  const album = detail.data?.pages[0]?.album ?? null;
  const photos = usePagedPhotos(detail, id);
  const { hasNextPage } = detail;

  if (detail.isLoading || !album) {
    return (
      <CollectionUnavailable
        query={detail}
        classes={styles}
        back={
          <header className={styles.header}>
            <BackLink to={backTo} />
          </header>
        }
        notFound={<EmptyState title={t('discover:not_found')} data-testid="discover-not-found" />}
        loadError={t('discover:load_error')}
      />
    );
  }

  return (
    <div className={styles.screen} data-testid="entity-photos">
      {header(album)}
      <PhotoCollection
        photos={photos}
        hasMore={Boolean(hasNextPage)}
        count={album.imageCount + album.videoCount}
        leadingActions={selectionActions?.(photos.selectedItems, photos.drop)}
        testIds={{ selectionBar: 'discover-selection-bar', download: 'discover-action-download', addToAlbum: 'discover-action-add-to-album' }}
        empty={<EmptyState icon={<ImageIcon size={40} />} title={t('albums:album_empty_title')} />}
        viewerActions={viewerActions}
      />
    </div>
  );
}
