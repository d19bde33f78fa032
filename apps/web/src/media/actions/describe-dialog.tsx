import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { useSetFileDescriptionMutation, type FileItem } from '@/api/files';
import { fileErrorKey } from './file-errors';
import styles from './dialogs.module.css';

/** Description metadata limit (docs/api.md). */
const DESCRIPTION_MAX_LENGTH = 1000;

export interface DescribeDialogProps {
  item: FileItem | null;
  onClose: () => void;
}

/** Sets the item's Description metadata (empty removes it). */
export function DescribeDialog({ item, onClose }: DescribeDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const [value, setValue] = useState('');
  const [save, { isLoading }] = useSetFileDescriptionMutation();

  useEffect(() => {
    setValue(item?.metadata?.Description ?? '');
  }, [item]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!item || isLoading) return;
    try {
      await save({ uuid: item.uuid, body: { key: 'Description', value: value.trim() } }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: value.trim() ? 'files:description_saved' : 'files:description_removed' }));
      onClose();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: fileErrorKey(error, 'files:description_error') }));
    }
  };

  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('files:describe_title')}
      description={item ? item.name : undefined}
      data-testid="describe-dialog"
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className={styles.fieldLabel}>
          {t('files:description_label')}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          value={value}
          onChange={(event) => setValue(event.target.value.slice(0, DESCRIPTION_MAX_LENGTH))}
          maxLength={DESCRIPTION_MAX_LENGTH}
          rows={5}
          placeholder={t('files:description_placeholder')}
          aria-describedby={`${id}-count`}
          dir="auto"
          data-testid="describe-input"
        />
        <p id={`${id}-count`} className={styles.counter}>
          {t('files:description_count', { length: value.length, max: DESCRIPTION_MAX_LENGTH })}
        </p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={isLoading} data-testid="describe-submit">
            {t('files:save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
