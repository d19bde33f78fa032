import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { CheckIcon, ShareIcon, TrashIcon } from '@/components/ui/icons';
import { ShareSlot, useMediaSlots } from '@/media/slots';
import type { ForyouItem } from '../api';
import { canSave, canShare } from '../kinds';
import type { useItemActions } from '../use-item-actions';
import { useForyouTranslation } from '../use-foryou-translation';
import { SaveIcon } from './icons';
import styles from './viewer.module.css';

interface ItemActionsProps {
  item: ForyouItem;
  actions: ReturnType<typeof useItemActions>;
  /** Called around the confirmation, so a story holds still while the question is open. */
  onConfirming?: (open: boolean) => void;
}

/** Save, Share and Delete (with a confirmation) in a viewer's top bar; the labels show from tablet width up. */
export function ItemActions({ item, actions, onConfirming }: ItemActionsProps) {
  const { t } = useForyouTranslation();
  const { Share } = useMediaSlots();
  const [confirming, setConfirming] = useState(false);
  const confirm = (open: boolean) => {
    setConfirming(open);
    onConfirming?.(open);
  };
  const saved = Boolean(actions.saved);
  return (
    <>
      {canSave(item.kind) ? (
        <button
          type="button"
          className={styles.action}
          // aria-disabled, not disabled: the button keeps focus (and the dialog its keys) once saved.
          onClick={saved || actions.saving ? undefined : actions.save}
          aria-disabled={saved || actions.saving}
          aria-label={saved ? t('foryou:saved') : t('foryou:save')}
          data-testid="foryou-save"
        >
          {saved ? <CheckIcon size={20} /> : <SaveIcon size={20} />}
          <span className={styles.actionText} aria-hidden="true">
            {saved ? t('foryou:saved') : t('foryou:save')}
          </span>
        </button>
      ) : null}
      {Share && canShare(item.kind) ? (
        <button type="button" className={styles.action} onClick={actions.saving ? undefined : actions.share} aria-disabled={actions.saving} aria-label={t('foryou:share')} data-testid="foryou-share">
          <ShareIcon size={20} />
          <span className={styles.actionText} aria-hidden="true">
            {t('foryou:share')}
          </span>
        </button>
      ) : null}
      <button type="button" className={styles.action} onClick={() => confirm(true)} aria-label={t('foryou:delete')} data-testid="foryou-delete">
        <TrashIcon size={20} />
        <span className={styles.actionText} aria-hidden="true">
          {t('foryou:delete')}
        </span>
      </button>
      <ConfirmModal
        open={confirming}
        onOpenChange={confirm}
        title={t('foryou:delete_title')}
        description={t('foryou:delete_text')}
        confirmLabel={t('foryou:delete_confirm')}
        danger
        loading={actions.deleting}
        onConfirm={() => {
          void actions.remove().then((done) => (done ? undefined : confirm(false)));
        }}
        data-testid="foryou-delete-confirm"
      />
      {actions.shareTarget ? <ShareSlot open target={actions.shareTarget} onOpenChange={(open) => (open ? undefined : actions.closeShare())} /> : null}
    </>
  );
}
