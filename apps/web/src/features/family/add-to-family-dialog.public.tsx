import { useState } from 'react';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { familyErrorCode, useAddToFamilyLibraryMutation } from './api';
import { useFamilyTranslation } from './use-family-translation';
import styles from './components/family.module.css';

export interface AddToFamilyDialogProps {
  open: boolean;
  uuids: string[];
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}

type Mode = 'MOVE' | 'COPY';

/** Moves (out of My photos) or copies the chosen photos into the family library; a copy counts against the pool again. */
export function AddToFamilyDialog({ open, uuids, onOpenChange, onDone }: AddToFamilyDialogProps) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>('MOVE');
  const [add, { isLoading }] = useAddToFamilyLibraryMutation();

  const confirm = async () => {
    try {
      await add({ uuids, mode }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:library_added', values: { count: uuids.length } }));
      onOpenChange(false);
      onDone?.();
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('family:library_add_title')}
      description={t('family:library_add_description', { count: uuids.length })}
      data-testid="add-to-family-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common:cancel')}
          </Button>
          <Button loading={isLoading} onClick={() => void confirm()} data-testid="add-to-family-confirm">
            {t('family:library_add_confirm')}
          </Button>
        </>
      }
    >
      <fieldset className={styles.modes}>
        <legend className="visually-hidden">{t('family:library_mode_label')}</legend>
        {(['MOVE', 'COPY'] as const).map((m) => (
          <label key={m} className={styles.mode}>
            <input type="radio" name="family-library-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <span>
              <strong>{t(m === 'MOVE' ? 'family:library_mode_move' : 'family:library_mode_copy')}</strong>
              <span className={styles.text}>{t(m === 'MOVE' ? 'family:library_mode_move_hint' : 'family:library_mode_copy_hint')}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
