import { Spinner } from '@/components/ui/loader';
import { isSafeUrl } from '@/lib/safe-url';
import type { ForyouItem } from '../api';
import { useItemTitles } from '../titles';
import { useItemActions } from '../use-item-actions';
import { useItemDetail } from '../use-item-detail';
import { useForyouTranslation } from '../use-foryou-translation';
import { ItemActions } from './item-actions';
import { ViewerShell } from './viewer-shell';
import styles from './viewer.module.css';

/** A collage, an animation, a styled photo (the rendered picture) or a memory video (a player), with its actions. */
export function MediaViewer({ item, onClose }: { item: ForyouItem; onClose: () => void }) {
  const { t } = useForyouTranslation();
  const titles = useItemTitles();
  const detail = useItemDetail(item);
  const shown = detail.item ?? item;
  const actions = useItemActions(shown, detail.photos[0]?.projectId ?? null, onClose);
  const url = shown.media?.url && isSafeUrl(shown.media.url) ? shown.media.url : null;
  const title = titles.title(shown);
  const video = shown.media?.contentType.startsWith('video/') ?? false;
  return (
    <ViewerShell title={title} meta={titles.meta(shown)} onClose={onClose} actions={<ItemActions item={shown} actions={actions} />} data-testid="media-viewer">
      <div className={styles.stage}>
        {!url && detail.isLoading ? (
          <Spinner size={40} label={t('common:loading')} />
        ) : !url ? (
          <p className={styles.stageMessage}>{t('foryou:load_error')}</p>
        ) : video ? (
          // A memory video has no sound: there is nothing to caption.
          <video className={styles.photo} src={url} controls autoPlay playsInline poster={shown.coverPhoto?.previewUrl ?? undefined} aria-label={title} />
        ) : (
          <img className={styles.photo} src={url} alt={title} width={shown.media?.width} height={shown.media?.height} decoding="async" />
        )}
      </div>
    </ViewerShell>
  );
}
