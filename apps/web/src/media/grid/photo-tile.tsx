import { memo, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, StarIcon, VideoIcon } from '@/components/ui/icons';
import { isSafeUrl } from '@/lib/safe-url';
import type { FileItem } from '@/api/files';
import { formatDuration, placeholderDataUrl } from '../media-item';
import type { Box } from './layout';
import styles from './grid.module.css';

/** Click modifiers passed up with a selection toggle. */
export interface SelectModifiers {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export interface PhotoTileProps {
  item: FileItem;
  /** Position in the flat order (what the viewer opens). */
  index: number;
  box: Box;
  /** Top of the box within the whole list. */
  top: number;
  selected: boolean;
  selectionMode: boolean;
  /** The grid's one tab stop (roving tabindex); the other pictures are reached with the arrow keys. */
  tabbable: boolean;
  /** The day group the tile sits in on the timeline (exposed as data-group for tests and styling hooks). */
  group?: string;
  onToggleSelect(uuid: string, event: SelectModifiers): void;
  onOpen(index: number): void;
}

/** A press this long on a touch screen selects instead of opening. */
const LONG_PRESS_MS = 500;
const NO_MODIFIERS: SelectModifiers = { shiftKey: false, ctrlKey: false, metaKey: false };

export function isVideo(item: Pick<FileItem, 'contentType'>): boolean {
  return Boolean(item.contentType?.startsWith('video/'));
}

function PlayGlyph() {
  return (
    <svg width={12} height={12} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * One picture of a justified grid: the thumbhash first, the thumbnail fading in over it; video and favourite
 * badges; a check box on hover (always shown while selecting). Click opens, or toggles while selecting;
 * Ctrl/Cmd/Shift-click and a long press select.
 */
export const PhotoTile = memo(function PhotoTile({ item, index, box, top, selected, selectionMode, tabbable, group, onToggleSelect, onOpen }: PhotoTileProps) {
  const { t } = useTranslation();
  const video = isVideo(item);
  const url = item.mediaStatus !== 'FAILED' && item.thumbnailUrl && isSafeUrl(item.thumbnailUrl) ? item.thumbnailUrl : null;
  const placeholder = useMemo(() => placeholderDataUrl(item.placeholder), [item.placeholder]);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const pressTimer = useRef<number | null>(null);
  const longPressed = useRef(false);
  const showImage = url !== null && failedUrl !== url;
  const pending = item.mediaStatus === 'PENDING';
  const duration = video ? formatDuration(item.durationMs) : null;

  const style: CSSProperties = { insetBlockStart: top, insetInlineStart: box.left, inlineSize: box.width, blockSize: box.height };

  const cancelPress = () => {
    if (pressTimer.current !== null) window.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };

  const onPointerDown = (event: PointerEvent) => {
    longPressed.current = false;
    if (event.pointerType !== 'touch') return;
    cancelPress();
    pressTimer.current = window.setTimeout(() => {
      longPressed.current = true;
      onToggleSelect(item.uuid, NO_MODIFIERS);
    }, LONG_PRESS_MS);
  };

  const onClick = (event: MouseEvent) => {
    cancelPress();
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    const modifiers = { shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey };
    if (selectionMode || modifiers.shiftKey || modifiers.ctrlKey || modifiers.metaKey) onToggleSelect(item.uuid, modifiers);
    else onOpen(index);
  };

  const label = [
    item.name,
    video && duration ? t('photos:video_duration', { duration }) : video ? t('photos:video') : null,
    item.favourite ? t('photos:favourite') : null,
    pending ? t('photos:processing') : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div
      className={`${styles.tile} ${selected ? styles.tileSelected : ''} ${selectionMode ? styles.tileSelecting : ''}`}
      style={style}
      role="gridcell"
      aria-selected={selected}
      data-index={index}
      data-testid="photo-tile"
      data-uuid={item.uuid}
      data-name={item.name}
      data-group={group}
      data-state={showImage ? (loadedUrl === url ? 'loaded' : 'loading') : pending ? 'pending' : 'none'}
    >
      <button
        type="button"
        className={styles.tileOpen}
        onClick={onClick}
        onPointerDown={onPointerDown}
        onPointerUp={cancelPress}
        onPointerLeave={cancelPress}
        onPointerCancel={cancelPress}
        onContextMenu={(event) => {
          if (longPressed.current) event.preventDefault();
        }}
        aria-label={label}
        aria-pressed={selectionMode ? selected : undefined}
        tabIndex={tabbable ? 0 : -1}
        data-cell-focus
        data-testid="photo-open"
      >
        <span className={`${styles.tilePicture} ${pending && !showImage ? styles.tilePending : ''}`}>
          {placeholder ? <img className={styles.tilePlaceholder} src={placeholder} alt="" draggable={false} /> : null}
          {showImage ? (
            <img
              className={`${styles.tileImage} ${loadedUrl === url ? styles.tileImageLoaded : ''}`}
              src={url}
              alt=""
              decoding="async"
              draggable={false}
              onLoad={() => setLoadedUrl(url)}
              onError={() => setFailedUrl(url)}
              data-testid="photo-thumbnail"
            />
          ) : !placeholder && video ? (
            <span className={styles.videoPoster} data-testid="photo-video-poster">
              <VideoIcon size={28} />
            </span>
          ) : null}
        </span>
        {video ? (
          <span className={styles.videoBadge} data-testid="photo-video-badge">
            <PlayGlyph />
            {duration ? <span>{duration}</span> : null}
          </span>
        ) : null}
        {item.favourite ? (
          <span className={styles.favouriteBadge} data-testid="photo-favourite-badge">
            <StarIcon size={14} />
          </span>
        ) : null}
      </button>
      <button
        type="button"
        role="checkbox"
        aria-checked={selected}
        className={styles.tileCheck}
        onClick={(event) => onToggleSelect(item.uuid, { shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, metaKey: event.metaKey })}
        aria-label={t('photos:select_photo', { name: item.name })}
        // Out of the tab order: Space on the picture selects it.
        tabIndex={-1}
        data-testid="photo-check"
      >
        <CheckIcon size={14} />
      </button>
    </div>
  );
});
