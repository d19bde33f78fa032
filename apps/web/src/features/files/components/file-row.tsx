import type { KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon } from '@/components/ui/icons';
import { formatBytes, formatDateTime } from '@/i18n/format';
import type { ViewMode } from '@/state/ui-slice';
import type { FileItem } from '@/api/files';
import { fileKind } from '@/media/thumbnail/file-kind';
import { selectModeOf, type SelectMode } from '@/media/selection/selection';
import { formatDuration } from '@/media/media-item';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { useLongPress } from '../hooks/use-long-press';
import styles from './files.module.css';

export interface FileRowProps {
  item: FileItem;
  view: ViewMode;
  selected: boolean;
  onSelect: (uuid: string, mode: SelectMode) => void;
  /** A click, a tap or Enter; without it a click selects. */
  onOpen?: (item: FileItem) => void;
  /** Something in the listing is selected: a plain click then adds or removes the row, as in Drive and Photos. */
  selecting?: boolean;
  onToggleFavourite?: (item: FileItem) => void;
  /** Right-click: opens the item's menu. */
  onContextMenu?: (item: FileItem) => void;
  /** The kebab menu. */
  menu?: ReactNode;
  /** Which date to show (trash shows when it was trashed). */
  date?: number | null;
  /** The listing's one tab stop (roving tabindex); the other rows are reached with the arrow keys. */
  tabbable?: boolean;
  testId?: string;
}

const stop = (event: MouseEvent | KeyboardEvent | PointerEvent) => event.stopPropagation();

/**
 * One file or folder in list or grid form. A click or tap opens it; the checkbox, Ctrl/Cmd-click, Shift-click and a
 * long press on touch select (as in Drive and Dropbox); once something is selected a plain click toggles.
 */
export function FileRow({ item, view, selected, onSelect, onOpen, selecting = false, onToggleFavourite, onContextMenu, menu, date, tabbable = true, testId = 'file-row' }: FileRowProps) {
  const { t, i18n } = useTranslation();
  const longPress = useLongPress(() => onSelect(item.uuid, 'toggle'));
  const kind = fileKind(item);
  const when = date ?? item.lastModifiedDate ?? item.createdDate;
  const dateText = when ? formatDateTime(when, i18n.language) : '';
  const sizeText = item.folder ? '' : formatBytes(item.bytes, i18n.language);
  const description = item.metadata?.Description;
  const kindLabel = t(`files:kind_${kind}`);
  const duration = kind === 'video' ? formatDuration(item.durationMs) : null;
  // The row's name overrides its content for screen readers, so it carries the video length and "processing" too.
  const label = [item.name, duration ? t('files:video_duration', { duration }) : kindLabel, item.mediaStatus === 'PENDING' ? t('files:media_processing') : null]
    .filter(Boolean)
    .join(', ');

  const handleKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onOpen?.(item);
    } else if (event.key === ' ') {
      event.preventDefault();
      onSelect(item.uuid, event.shiftKey ? 'range' : 'toggle');
    }
  };

  return (
    <li
      className={`${view === 'grid' ? styles.card : styles.row} ${selected ? styles.selected : ''}`}
      data-testid={testId}
      data-name={item.name}
      data-uuid={item.uuid}
      data-folder={item.folder ? 'true' : 'false'}
      data-selected={selected || undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      onClick={(event) => {
        if (longPress.consumeClick()) return;
        const mode = selectModeOf(event);
        if (mode !== 'single') onSelect(item.uuid, mode);
        else if (selecting || !onOpen) onSelect(item.uuid, selecting ? 'toggle' : 'single');
        else onOpen(item);
      }}
      {...longPress.handlers}
      onKeyDown={handleKeyDown}
      onContextMenu={
        onContextMenu
          ? (event) => {
              event.preventDefault();
              // A finger resting on the row selects it; the menu it would also raise on touch stays closed.
              if (!longPress.touching()) onContextMenu(item);
            }
          : undefined
      }
    >
      <span className={styles.check} onClick={stop} onPointerDown={stop}>
        <input
          type="checkbox"
          checked={selected}
          readOnly
          onClick={(event) => {
            event.stopPropagation();
            onSelect(item.uuid, event.shiftKey ? 'range' : 'toggle');
          }}
          aria-label={t('files:select_item', { name: item.name })}
          tabIndex={-1}
        />
      </span>
      <span className={styles.rowIcon}>
        <FileThumbnail item={item} kind={kind} variant={view === 'grid' ? 'grid' : 'list'} />
      </span>
      <span className={styles.main}>
        <span className={styles.name} title={item.name}>
          <bdi>{item.name}</bdi>
        </span>
        <span className={styles.subline}>
          <span className={styles.sublineSize}>{item.folder ? t('files:kind_folder') : <span dir="ltr">{sizeText}</span>}</span>
          {dateText ? (
            <span className={styles.sublineDate}>
              <span dir="ltr">{dateText}</span>
            </span>
          ) : null}
        </span>
        {description && view === 'list' ? (
          <span className={styles.description} title={description}>
            <bdi>{description}</bdi>
          </span>
        ) : null}
      </span>
      {/* Numbers and dates read left to right in every language, Arabic included. */}
      <span className={styles.size}>
        <span dir="ltr">{sizeText || '—'}</span>
      </span>
      <span className={styles.date}>
        <span dir="ltr">{dateText}</span>
      </span>
      <span className={styles.rowActions} onClick={stop} onPointerDown={stop}>
        {onToggleFavourite ? (
          <button
            type="button"
            className={`${styles.star} ${item.favourite ? styles.starOn : styles.starOff}`}
            aria-pressed={Boolean(item.favourite)}
            aria-label={item.favourite ? t('files:unfavourite_item', { name: item.name }) : t('files:favourite_item', { name: item.name })}
            onClick={() => onToggleFavourite(item)}
            data-testid="file-favourite"
          >
            <StarIcon size={18} fill={item.favourite ? 'currentColor' : 'none'} />
          </button>
        ) : item.favourite ? (
          <span className={`${styles.star} ${styles.starOn}`} role="img" aria-label={t('files:favourite')}>
            <StarIcon size={18} fill="currentColor" />
          </span>
        ) : null}
        {menu}
      </span>
    </li>
  );
}
