import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DownloadIcon, FileIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { useCreateDownloadUrlsQuery, type FileItem } from '@/api/files';
import { InlineVideo, safeUrl } from './inline-video';
import type { ZoomState } from './zoom';
import styles from './viewer.module.css';
import { ZoomStage } from './zoom-stage';

export type MediaKind = 'image' | 'video' | 'other';

export function mediaKind(item: Pick<FileItem, 'contentType'>): MediaKind {
  const type = item.contentType?.toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'other';
}


/** Starts loading a picture into the browser cache (neighbours of the one on screen). */
export function preloadUrl(url: string | null | undefined): void {
  const safe = safeUrl(url);
  if (!safe || typeof Image === 'undefined') return;
  const image = new Image();
  image.decoding = 'async';
  image.src = safe;
}

export interface ViewerMediaProps {
  item: FileItem;
  zoom: ZoomState;
  onZoomChange: (zoom: ZoomState) => void;
  onSwipe: (direction: 'next' | 'previous') => void;
  onDownload: () => void;
  /** False for a visitor: only the signed preview in the item is shown (the owner's download URLs are not theirs). */
  ownerUrls?: boolean;
}

/**
 * What the viewer shows: a picture's ~1440 px preview (the original through its signed inline URL when there is no
 * preview or it fails), or a video from its inline URL with the poster.
 */
export function ViewerMedia({ item, zoom, onZoomChange, onSwipe, onDownload, ownerUrls = true }: ViewerMediaProps) {
  const { t } = useTranslation();
  const kind = mediaKind(item);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [failed, setFailed] = useState(false);
  const previewUrl = kind === 'image' && !previewFailed ? safeUrl(item.previewUrl) : null;
  const signed = useCreateDownloadUrlsQuery([{ projectId: item.projectId, uuid: item.uuid }], { skip: kind === 'other' || previewUrl !== null || !ownerUrls });
  const inline = safeUrl(signed.data?.[0]?.inlineUrl ?? signed.data?.[0]?.url);

  if (previewUrl) {
    return <ZoomStage item={item} src={previewUrl} zoom={zoom} onZoomChange={onZoomChange} onSwipe={onSwipe} onError={() => setPreviewFailed(true)} />;
  }
  if (kind !== 'other' && ownerUrls && (signed.isLoading || signed.isFetching)) {
    return (
      <div className={styles.message}>
        <Spinner size={32} label={t('common:loading')} />
      </div>
    );
  }
  if (kind === 'other' || failed || signed.isError || !inline) {
    return (
      <div className={styles.message} data-testid="viewer-unavailable">
        <FileIcon size={48} />
        <p>{kind === 'other' ? t('viewer:not_viewable') : t('viewer:load_error')}</p>
        <Button startIcon={<DownloadIcon size={18} />} onClick={onDownload}>
          {t('viewer:download')}
        </Button>
      </div>
    );
  }
  if (kind === 'image') {
    return <ZoomStage item={item} src={inline} zoom={zoom} onZoomChange={onZoomChange} onSwipe={onSwipe} onError={() => setFailed(true)} />;
  }
  return (
    <InlineVideo key={inline} src={inline} item={item} className={styles.video} onError={() => setFailed(true)} testId="viewer-video">
      {t('viewer:load_error')}
    </InlineVideo>
  );
}
