import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { randomUuid } from '@/lib/uuid';
import { useCreateFolderMutation } from '@/api/files';
import { fileErrorKey } from '@/media/actions/file-errors';
import { nameProblem } from '@/media/actions/name-rules';
import styles from './files.module.css';

export interface CreateFolderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the folder goes (null = root). */
  parentUuid: string | null;
}

/**
 * The create-folder dialog. The Folder-Uuid is made once per name: submitting the same name again (after a
 * network failure) repeats the same request, which the server answers with the same folder.
 */
export function CreateFolderDialog({ open, onOpenChange, parentUuid }: CreateFolderDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const attempt = useRef<{ name: string; parentUuid: string | null; uuid: string } | null>(null);
  const [createFolder, { isLoading }] = useCreateFolderMutation();
  const problem = nameProblem(name);

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setTouched(false);
      attempt.current = null;
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || isLoading) return;
    const trimmed = name.normalize('NFC').trim();
    if (!attempt.current || attempt.current.name !== trimmed || attempt.current.parentUuid !== parentUuid) {
      attempt.current = { name: trimmed, parentUuid, uuid: randomUuid() };
    }
    try {
      await createFolder({ parentFolderUuid: parentUuid ?? '', 'folder-name': encodeURIComponent(trimmed), 'folder-uuid': attempt.current.uuid }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'files:WEB_CREATE_FOLDER_SUCCESS' }));
      close(false);
    } catch (error) {
      const key = fileErrorKey(error, 'files:WEB_CREATE_FOLDER_ERROR');
      dispatch(showToast({ kind: 'error', messageKey: key }));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('files:create_folder_title')}
      data-testid="create-folder-dialog"
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('files:folder_name')}
          placeholder={t('files:folder_name_placeholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={touched && problem ? t(`files:name_${problem}`) : undefined}
          autoFocus
          maxLength={300}
          autoComplete="off"
          data-testid="folder-name-input"
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={isLoading} disabled={!name.trim()} data-testid="folder-create-submit">
            {t('files:create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
