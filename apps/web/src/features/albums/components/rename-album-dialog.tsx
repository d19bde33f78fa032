import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { albumLabel, filterAlbumName } from '../album-name';
import { useRenameAlbumMutation, type Album } from '../api';
import { ALBUM_LABEL_MAX_LENGTH } from '../constants';
import { albumErrorKey } from '../errors';
import styles from './albums.module.css';

export interface RenameAlbumDialogProps {
  album: Pick<Album, 'uuid' | 'label'> | null;
  onClose: () => void;
}

/** Renames an album; typed names are filtered as when creating one. */
export function RenameAlbumDialog({ album, onClose }: RenameAlbumDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const [rename, { isLoading }] = useRenameAlbumMutation();
  const label = albumLabel(name);

  useEffect(() => {
    if (!album) return;
    setName(album.label);
    const timer = setTimeout(() => input.current?.select(), 0);
    return () => clearTimeout(timer);
  }, [album]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!album || !label || isLoading) return;
    if (label === album.label) {
      onClose();
      return;
    }
    try {
      await rename({ uuid: album.uuid, newLabel: label }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'albums:renamed' }));
      onClose();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: albumErrorKey(error, 'albums:rename_error') }));
    }
  };

  return (
    <Modal
      open={album !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('albums:rename_title')}
      data-testid="rename-album-dialog"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label={t('albums:album_name')}
          value={name}
          onChange={(event) => setName(filterAlbumName(event.target.value))}
          maxLength={ALBUM_LABEL_MAX_LENGTH}
          autoComplete="off"
          dir="auto"
          data-testid="rename-album-input"
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('albums:cancel')}
          </Button>
          <Button type="submit" disabled={!label} loading={isLoading} data-testid="rename-album-submit">
            {t('albums:save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
