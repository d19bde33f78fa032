import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { familyAlbumPath } from '@/config/paths';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Loader } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import type { FileItem } from '@/api/files';
import { fileKind } from '@/media/thumbnail/file-kind';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import {
  familyErrorCode,
  useAddToFamilyAlbumMutation,
  useCreateFamilyAlbumMutation,
  useListFamilyAlbumsQuery,
  useListFamilyLibraryQuery,
  useUpdateFamilyAlbumMutation,
} from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import styles from './family-albums.module.css';

const MAX_NAME = 255;
/** One page of the library in the "Add photos" picker (the server's largest). */
const PICKER_PAGE = 200;

function useFailure() {
  const dispatch = useAppDispatch();
  return (error: unknown) => dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
}

/**
 * Names a new family album (optionally with the library's selected items) or renames one. A new album opens once made
 * unless `stay` (the library's selection stays where it is).
 */
export function AlbumNameDialog({ album, uuids = [], stay, onClose, onDone }: { album?: { id: string; name: string }; uuids?: string[]; stay?: boolean; onClose(): void; onDone?(): void }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const failed = useFailure();
  const [value, setValue] = useState(album?.name ?? '');
  const [create, creating] = useCreateFamilyAlbumMutation();
  const [update, updating] = useUpdateFamilyAlbumMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    if (!name) return;
    try {
      if (album) {
        await update({ albumId: album.id, body: { name } }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'family:album_renamed' }));
        onClose();
      } else {
        const made = await create({ name, ...(uuids.length > 0 ? { uuids } : {}) }).unwrap();
        dispatch(showToast({ kind: 'success', messageKey: 'family:album_created' }));
        onDone?.();
        onClose();
        if (!stay) void navigate(familyAlbumPath(made.id));
      }
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t(album ? 'family:album_rename_title' : 'family:album_create_title')}
      description={uuids.length > 0 ? t('family:album_create_with', { count: uuids.length }) : t('family:albums_text')}
      data-testid="family-album-name-dialog"
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <TextField label={t('family:album_name_label')} value={value} onChange={(e) => setValue(e.target.value)} maxLength={MAX_NAME} required autoFocus />
        <div className={styles.formActions}>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!value.trim()} loading={creating.isLoading || updating.isLoading} data-testid="family-album-name-save">
            {t(album ? 'family:album_rename_save' : 'family:album_create_confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** "Add to family album" from the library's selection: one of the family's albums, or a new one. */
export function AddToAlbumDialog({ open, uuids, onOpenChange, onDone }: { open: boolean; uuids: string[]; onOpenChange(open: boolean): void; onDone?(): void }) {
  if (!open) return null;
  return <AddToAlbum uuids={uuids} onClose={() => onOpenChange(false)} onDone={onDone} />;
}

// Mounted only while open, so the album list is read only then.
function AddToAlbum({ uuids, onClose, onDone }: { uuids: string[]; onClose(): void; onDone?(): void }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const failed = useFailure();
  const [creating, setCreating] = useState(false);
  const albums = useListFamilyAlbumsQuery();
  const [add, adding] = useAddToFamilyAlbumMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (creating) return <AlbumNameDialog uuids={uuids} stay onClose={onClose} onDone={onDone} />;
  const confirm = async () => {
    if (!chosen) return;
    try {
      await add({ albumId: chosen, body: { uuids } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:album_added', values: { count: uuids.length } }));
      onDone?.();
      onClose();
    } catch (error) {
      failed(error);
    }
  };
  const list = albums.data?.albums ?? [];
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('family:album_add_to_title')}
      description={t('family:album_add_to_text', { count: uuids.length })}
      data-testid="family-add-to-album-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => setCreating(true)} data-testid="family-add-to-album-new">
            {t('family:album_new')}
          </Button>
          <Button disabled={!chosen} loading={adding.isLoading} onClick={() => void confirm()} data-testid="family-add-to-album-confirm">
            {t('family:album_add_confirm')}
          </Button>
        </>
      }
    >
      {albums.isLoading ? (
        <Loader />
      ) : list.length === 0 ? (
        <p className={styles.text}>{t('family:albums_empty_title')}</p>
      ) : (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{t('family:albums_title')}</legend>
          {list.map((a) => (
            <label key={a.id} className={styles.choice}>
              <input type="radio" name="family-album" value={a.id} checked={chosen === a.id} onChange={() => setChosen(a.id)} />
              <bdi className={styles.choiceName}>{a.name}</bdi>
              <span className={styles.choiceMeta}>{t('family:photo_count', { count: a.itemCount })}</span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}

/** The album's "Add photos": pick items of the family library (its newest page) that are not in the album yet. */
export function AddPhotosDialog({ albumId, present, onClose }: { albumId: string; present: ReadonlySet<string>; onClose(): void }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const failed = useFailure();
  const library = useListFamilyLibraryQuery({ limit: PICKER_PAGE });
  const [add, adding] = useAddToFamilyAlbumMutation();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const items = (library.data?.items ?? []).filter((i) => !present.has(i.file.uuid));
  const toggle = (uuid: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });
  const confirm = async () => {
    try {
      await add({ albumId, body: { uuids: [...picked] } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:album_added', values: { count: picked.size } }));
      onClose();
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('family:album_add_photos_title')}
      description={t('family:album_add_photos_text')}
      data-testid="family-add-photos-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button disabled={picked.size === 0} loading={adding.isLoading} onClick={() => void confirm()} data-testid="family-add-photos-confirm">
            {t('family:album_add_selected', { count: picked.size })}
          </Button>
        </>
      }
    >
      {library.isLoading ? (
        <Loader />
      ) : items.length === 0 ? (
        <p className={styles.text}>{t('family:album_add_photos_none')}</p>
      ) : (
        <ul className={styles.picker} aria-label={t('family:library_title')}>
          {items.map((item) => {
            const file = item.file as FileItem;
            return (
              <li key={file.uuid} className={styles.pick}>
                <label className={styles.pickLabel}>
                  <input type="checkbox" className={styles.pickBox} checked={picked.has(file.uuid)} onChange={() => toggle(file.uuid)} />
                  <span className="visually-hidden">{t('family:library_select', { name: file.name })}</span>
                  <FileThumbnail item={file} kind={fileKind(file)} variant="grid" sizes="96px" />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
