import { useTranslation } from 'react-i18next';
import { ImageIcon, VideoIcon } from '@/components/ui/icons';
import { numberFormat } from '@/i18n/intl';
import type { Album } from '../api';
import styles from './albums.module.css';

/** "🖼 12 · 🎞 1": photo and video counts as icons and numbers (the video count only when there are videos). */
export function AlbumCounts({ album, className }: { album: Pick<Album, 'imageCount' | 'videoCount'>; className?: string }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <span className={[styles.counts, className].filter(Boolean).join(' ')} data-testid="album-counts">
      <span className={styles.count} role="img" aria-label={t('albums:photo_count', { count: album.imageCount })} title={t('albums:photo_count', { count: album.imageCount })}>
        <ImageIcon size={15} aria-hidden="true" />
        <span aria-hidden="true">{number.format(album.imageCount)}</span>
      </span>
      {album.videoCount > 0 ? (
        <span className={styles.count} role="img" aria-label={t('albums:video_count', { count: album.videoCount })} title={t('albums:video_count', { count: album.videoCount })}>
          <VideoIcon size={15} aria-hidden="true" />
          <span aria-hidden="true">{number.format(album.videoCount)}</span>
        </span>
      ) : null}
    </span>
  );
}
