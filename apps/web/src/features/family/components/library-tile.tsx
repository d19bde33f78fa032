import type { FileItem } from '@/api/files';
import { fileKind } from '@/media/thumbnail/file-kind';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import type { FamilyLibraryItem } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import styles from './family-library.module.css';

const TILE_SIZES = '(max-width: 767px) 33vw, 180px';

/** What a tile shows of an item of the family library, or of a family album (issue 35). */
export type TileItem = Pick<FamilyLibraryItem, 'file' | 'addedBy' | 'mine'>;

/** A picture of the family library with who added it: opens in the viewer, with a box to select it. */
export function LibraryTile({ item, selected, onToggle, onOpen }: { item: TileItem; selected: boolean; onToggle(uuid: string): void; onOpen(uuid: string): void }) {
  const { t } = useFamilyTranslation();
  const file = item.file as FileItem;
  const by = item.mine ? t('family:library_added_by_you') : t('family:library_added_by', { name: item.addedBy.name || t('family:library_someone') });
  return (
    <li className={styles.tile} data-testid="family-library-item" data-uuid={file.uuid}>
      <figure className={styles.figure}>
        <button type="button" className={styles.open} onClick={() => onOpen(file.uuid)} aria-label={t('family:library_open', { name: file.name })} data-testid="family-library-open">
          <FileThumbnail item={file} kind={fileKind(file)} variant="grid" sizes={TILE_SIZES} />
        </button>
        <figcaption className={styles.caption}>{by}</figcaption>
      </figure>
      <label className={styles.check}>
        <input type="checkbox" checked={selected} onChange={() => onToggle(file.uuid)} />
        <span className="visually-hidden">{t('family:library_select', { name: file.name })}</span>
      </label>
    </li>
  );
}

export { TILE_SIZES };
