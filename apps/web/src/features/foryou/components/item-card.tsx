import { ImageIcon, VideoIcon } from '@/components/ui/icons';
import { isSafeUrl } from '@/lib/safe-url';
import type { ForyouItem } from '../api';
import { openingOf } from '../kinds';
import { useItemTitles } from '../titles';
import { useForyouTranslation } from '../use-foryou-translation';
import { PlayIcon } from './icons';
import styles from './foryou.module.css';

/**
 * An item as a card: the rendered picture when there is one (a collage, an animation, a styled photo), else its
 * cover photo; the translated title and a line below. A button: it opens the item's viewer.
 */
export function ItemCard({ item, onOpen }: { item: ForyouItem; onOpen: (item: ForyouItem) => void }) {
  const { t } = useForyouTranslation();
  const titles = useItemTitles();
  const title = titles.title(item);
  const meta = titles.meta(item);
  const opening = openingOf(item.kind);
  const rendered = opening === 'image' && item.media?.url && isSafeUrl(item.media.url) ? item.media.url : null;
  const cover = item.coverPhoto?.previewUrl ?? item.coverPhoto?.thumbnailUrl ?? null;
  const src = rendered ?? (cover && isSafeUrl(cover) ? cover : null);
  return (
    <button
      type="button"
      // Memories and stories are tall like the player they open; albums keep the photo shape.
      className={`${styles.card} ${item.kind === 'YEARS_AGO' || item.kind === 'STORY' ? styles.storyCard : ''}`}
      onClick={() => onOpen(item)}
      aria-label={`${title}, ${meta}`}
      title={t('foryou:open_label', { title })}
      data-testid="foryou-card"
      data-kind={item.kind}
    >
      <span className={styles.cover} aria-hidden="true">
        {src ? <img className={styles.coverImage} src={src} alt="" loading="lazy" decoding="async" /> : <ImageIcon size={32} />}
        {opening === 'video' ? (
          <span className={styles.badge}>
            <PlayIcon size={18} />
          </span>
        ) : opening === 'story' ? (
          <span className={styles.storyRing} />
        ) : null}
        {item.kind === 'VIDEO' && !src ? <VideoIcon size={32} /> : null}
      </span>
      <span className={styles.cardText}>
        {/* The space keeps the visible text "title meta", which the name "title, meta" contains (axe label-content-name-mismatch ignores punctuation). */}
        <bdi className={styles.cardTitle}>{title}</bdi>{' '}
        <span className={styles.cardMeta}>{meta}</span>
      </span>
    </button>
  );
}
