import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PhotosIcon } from '@/components/ui/icons';
import { albumLink } from '@/config/paths';
import type { Album } from '@/api/generated/albums';
import type { FileItem } from '@/api/files';
import { itemTarget } from '@/features/files/item-target.public';
import { formatBytes, formatDateTime } from '@/i18n/format';
import { isSafeUrl } from '@/lib/safe-url';
import { fileKind } from '@/media/thumbnail/file-kind';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { useSearchTranslation } from '../use-search-translation';
import styles from './search-screen.module.css';

/** A titled list of results of one kind. */
export function Group({ title, count, testId, children }: { title: string; count?: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id} data-testid={testId}>
      <h2 className={styles.groupTitle} id={id}>
        {title}{' '}
        {count !== undefined ? <span className={styles.groupCount}>{count}</span> : null}
      </h2>
      <ul className={styles.list} aria-labelledby={id}>
        {children}
      </ul>
    </section>
  );
}

/** A file or folder found: its thumbnail, name, type, size or kind, date and what matched. */
export function FileResult({ item, matched }: { item: FileItem; matched?: string }) {
  const { t, i18n } = useSearchTranslation();
  const target = itemTarget(item);
  const kind = fileKind(item);
  const date = item.lastModifiedDate ? formatDateTime(item.lastModifiedDate, i18n.language) : '';
  const type = item.documentType ? t(`search:document_${item.documentType}`) : null;
  return (
    <li>
      <Link to={target.to} state={target.state} className={styles.row} data-testid="search-result" data-name={item.name}>
        <span className={styles.thumb}>
          <FileThumbnail item={item} kind={kind} variant="list" />
        </span>
        <span className={styles.rowText}>
          <bdi className={styles.name}>{item.name}</bdi>
          <span className={styles.meta}>
            {type ? <span className={styles.typeBadge}>{type}</span> : null}
            {item.folder ? <span>{t('files:kind_folder')}</span> : <span dir="ltr">{formatBytes(item.bytes, i18n.language)}</span>}
            {date ? <span dir="ltr">{date}</span> : null}
            {matched ? <span className={styles.matched}>{t(`search:matched_${matched as 'description'}`)}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** An album found: its cover, label and counts. */
export function AlbumResult({ album }: { album: Album }) {
  const { t } = useSearchTranslation();
  // The row's 40 px square: the small cover where the server has made it.
  const coverUrl = album.coverPhoto?.smallThumbnailUrl ?? album.coverPhoto?.thumbnailUrl ?? null;
  const cover = coverUrl && isSafeUrl(coverUrl) ? coverUrl : null;
  return (
    <li>
      <Link to={albumLink(album)} className={styles.row} data-testid="search-result" data-name={album.label}>
        <span className={`${styles.thumb} ${styles.albumThumb}`}>
          {cover ? <img src={cover} alt="" loading="lazy" decoding="async" /> : <PhotosIcon size={20} />}
        </span>
        <span className={styles.rowText}>
          <bdi className={styles.name}>{album.label}</bdi>
          <span className={styles.meta}>
            <span>{t('search:album_counts', { photos: album.imageCount, videos: album.videoCount })}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
