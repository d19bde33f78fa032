import { useMemo, useState, type CSSProperties } from 'react';
import { ImageIcon } from '@/components/ui/icons';
import { isSafeUrl } from '@/lib/safe-url';
import { placeholderDataUrl } from '@/media/media-item';
import type { AlbumCover as Cover } from '../api';
import styles from './albums.module.css';

/** An album's cover: the thumbhash first, then the signed thumbnail; a picture icon for an empty album. */
export function AlbumCover({ cover, className }: { cover: Cover | null | undefined; className?: string }) {
  const placeholder = useMemo(() => placeholderDataUrl(cover?.placeholder), [cover?.placeholder]);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const src = cover?.thumbnailUrl && isSafeUrl(cover.thumbnailUrl) && !failed ? cover.thumbnailUrl : null;
  const style = placeholder && !loaded ? ({ backgroundImage: `url("${placeholder}")` } as CSSProperties) : undefined;
  return (
    <div className={[styles.cover, className].filter(Boolean).join(' ')} style={style} data-testid="album-cover" data-cover={cover?.uuid ?? ''}>
      {src ? (
        <img
          key={src}
          className={`${styles.coverImage} ${loaded ? styles.coverLoaded : ''}`}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
        />
      ) : placeholder ? null : (
        <ImageIcon size={32} className={styles.coverIcon} aria-hidden="true" />
      )}
    </div>
  );
}
