import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { useRenameFileMutation, type FileItem } from '@/api/files';
import { fileErrorKey } from './file-errors';
import { nameProblem, stemLength } from './name-rules';
import styles from './dialogs.module.css';

export interface RenameDialogProps {
  item: FileItem | null;
  onClose: () => void;
}

/** Renames one item; the name without its extension is pre-selected. */
export function RenameDialog({ item, onClose }: RenameDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(item?.name ?? '');
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [rename, { isLoading }] = useRenameFileMutation();
  const problem = nameProblem(name);

  useEffect(() => {
    if (!item) return;
    setName(item.name);
    setTouched(false);
    // After Radix has moved focus into the dialog.
    const timer = setTimeout(() => {
      input.current?.focus();
      input.current?.setSelectionRange(0, stemLength(item.name, item.folder));
    }, 0);
    return () => clearTimeout(timer);
  }, [item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!item || problem || isLoading) return;
    const newName = name.normalize('NFC').trim();
    if (newName === item.name) {
      onClose();
      return;
    }
    try {
      await rename({ uuid: item.uuid, 'new-name': encodeURIComponent(newName) }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:renamed' }));
      onClose();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:rename_error') }));
    }
  };

  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('files:rename_title')}
      data-testid="rename-dialog"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          ref={input}
          label={t('files:new_name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={touched && problem ? t(`files:name_${problem}`) : undefined}
          maxLength={300}
          autoComplete="off"
          data-testid="rename-input"
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={isLoading} disabled={!name.trim()} data-testid="rename-submit">
            {t('files:rename')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
