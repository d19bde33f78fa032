import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeUrl } from '@/lib/safe-url';
import type { FileItem } from '@/api/files';
import type { FileKind } from './file-kind';
import { formatDuration, placeholderDataUrl } from '../media-item';
import { FileKindIcon } from './file-kind-icon';
import styles from './file-thumbnail.module.css';

export interface FileThumbnailProps {
  item: Pick<FileItem, 'uuid' | 'thumbnailUrl' | 'placeholder' | 'mediaStatus' | 'durationMs'>;
  kind: FileKind;
  /** Grid: a square tile; list: a 40 px rounded thumb. */
  variant: 'grid' | 'list';
}

function PlayGlyph({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * An item's picture: the thumbhash placeholder first, the signed WebP thumbnail fading in over it once loaded.
 * While the server still makes it (PENDING) the placeholder or kind icon shimmers; without a thumbnail (or when
 * it failed) the kind icon. The box has a fixed size, so nothing shifts when the picture arrives.
 */
export function FileThumbnail({ item, kind, variant }: FileThumbnailProps) {
  const { t } = useTranslation();
  const grid = variant === 'grid';
  const url = item.mediaStatus !== 'FAILED' && item.thumbnailUrl && isSafeUrl(item.thumbnailUrl) ? item.thumbnailUrl : null;
  const placeholder = useMemo(() => placeholderDataUrl(item.placeholder), [item.placeholder]);
  // Once a picture has loaded it stays shown: a re-signed URL on a later listing must not flash the placeholder.
  const [loaded, setLoaded] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const pending = item.mediaStatus === 'PENDING';
  const showImage = url !== null && failedUrl !== url;
  const icon = <FileKindIcon kind={kind} large={grid} size={grid ? 40 : 20} />;

  if (!showImage && !pending) return icon;

  const duration = kind === 'video' ? formatDuration(item.durationMs) : null;
  const label = pending ? t('files:media_processing') : kind === 'video' && duration ? t('files:video_duration', { duration }) : undefined;

  return (
    <span
      className={`${styles.thumb} ${grid ? styles.thumbGrid : styles.thumbList} ${pending && !showImage ? styles.thumbPending : ''}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      aria-busy={pending || undefined}
      data-testid="file-thumbnail"
      data-state={showImage ? (loaded ? 'loaded' : 'loading') : 'pending'}
    >
      {placeholder ? (
        <img className={styles.thumbPlaceholder} src={placeholder} alt="" aria-hidden="true" draggable={false} data-testid="file-thumbnail-placeholder" />
      ) : showImage ? null : (
        icon
      )}
      {showImage ? (
        <img
          className={`${styles.thumbImage} ${loaded ? styles.thumbImageLoaded : ''}`}
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setFailedUrl(url)}
          data-testid="file-thumbnail-image"
        />
      ) : null}
      {kind === 'video' ? (
        <span className={styles.thumbVideo} aria-hidden="true" data-testid="file-thumbnail-video">
          <PlayGlyph size={grid ? 14 : 10} />
          {duration ? <span className={styles.thumbDuration}>{duration}</span> : null}
        </span>
      ) : null}
    </span>
  );
}
