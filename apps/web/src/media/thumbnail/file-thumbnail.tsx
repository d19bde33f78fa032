import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeUrl } from '@/lib/safe-url';
import type { FileItem } from '@/api/files';
import type { FileKind } from './file-kind';
import { formatDuration, placeholderDataUrl } from '../media-item';
import { FileKindIcon } from './file-kind-icon';
import styles from './file-thumbnail.module.css';

export interface FileThumbnailProps {
  item: Pick<FileItem, 'uuid' | 'thumbnailUrl' | 'smallThumbnailUrl' | 'placeholder' | 'mediaStatus' | 'durationMs'>;
  kind: FileKind;
  /** Grid: a square tile; list: a 40 px rounded thumb. */
  variant: 'grid' | 'list';
  /**
   * A grid tile's width as a `sizes` value, where it changes with the screen: the browser then takes the small
   * thumbnail for a tile it fills. Without it a tile shows the big thumbnail.
   */
  sizes?: string;
}

/** The short side of each thumbnail: the pixels a square slot cut with object-fit: cover shows across. */
const SMALL_WIDTH = 128;
const THUMB_WIDTH = 250;
const LIST_SIZES = '40px';

interface Picture {
  src: string;
  srcSet?: string;
  sizes?: string;
}

// A URL with a comma or a space would be split by the srcset parser; signed URLs have neither.
const safe = (url: string | null | undefined) => (url && isSafeUrl(url) && !/[\s,]/.test(url) ? url : null);

/** Which thumbnail an image shows: the small one in a list row, both in a srcset where the slot's width varies. */
function pictureOf(item: FileThumbnailProps['item'], variant: FileThumbnailProps['variant'], sizes: string | undefined): Picture | null {
  if (item.mediaStatus === 'FAILED') return null;
  const small = safe(item.smallThumbnailUrl);
  const thumb = safe(item.thumbnailUrl);
  const slot = variant === 'list' ? LIST_SIZES : sizes;
  const src = variant === 'list' ? (small ?? thumb) : (thumb ?? small);
  if (src === null) return null;
  if (!small || !thumb || !slot) return { src };
  return { src, srcSet: `${small} ${SMALL_WIDTH}w, ${thumb} ${THUMB_WIDTH}w`, sizes: slot };
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
export function FileThumbnail({ item, kind, variant, sizes }: FileThumbnailProps) {
  const { t } = useTranslation();
  const grid = variant === 'grid';
  const picture = pictureOf(item, variant, sizes);
  const url = picture?.src ?? null;
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
          // Before src, so the browser picks from the set without first fetching src.
          loading="lazy"
          decoding="async"
          sizes={picture?.sizes}
          srcSet={picture?.srcSet}
          src={url}
          alt=""
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
