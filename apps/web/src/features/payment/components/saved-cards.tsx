import { useState } from 'react';
import { apiErrorField } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { checkCard, flagForServerField, hasCardErrors, NO_CARD_ERRORS, toCardInput, type CardDraft, type CardErrorFlags } from '../card';
import { useDeleteSavedCardMutation, useSaveCardMutation, useSetDefaultCardMutation, type SavedCard } from '../api';
import { PAYMENT_TYPE } from '../payment-slice';
import { usePaymentTranslation } from '../use-payment-translation';
import { CardForm, EMPTY_DRAFT } from './card-form';
import styles from './payment.module.css';

export interface SavedCardsProps {
  cards: SavedCard[];
  /** The chosen card id, or null for a new card (card choice 1). */
  selected: string | null;
  onSelect: (cardId: string | null) => void;
  onMessage: (icon: 'success' | 'error', text: string) => void;
  disabled?: boolean;
}

/** The saved cards as radio choices (card choice 0), with update (payment type 3), default and delete. */
export function SavedCards({ cards, selected, onSelect, onMessage, disabled }: SavedCardsProps) {
  const { t } = usePaymentTranslation();
  const [updating, setUpdating] = useState<string | null>(null);
  const [deleteCard, deleteState] = useDeleteSavedCardMutation();
  const [setDefault, defaultState] = useSetDefaultCardMutation();
  const busy = disabled || deleteState.isLoading || defaultState.isLoading;

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      onMessage('success', success);
    } catch {
      onMessage('error', t('payment:error_GENERIC'));
    }
  };

  return (
    <div role="radiogroup" aria-label={t('payment:saved_cards')} className={styles.cardList}>
      {cards.map((card) => (
        <div key={card.id} className={styles.savedCard} data-testid="saved-card">
          <label className={styles.savedCardChoice}>
            <input
              type="radio"
              name="payment-card"
              checked={selected === card.id}
              disabled={busy || card.expired}
              onChange={() => onSelect(card.id)}
            />
            <span className={styles.savedCardText}>
              <span>
                {t(`payment:brand_${card.brand}`)} <bdi dir="ltr">{card.mask}</bdi>
              </span>
              <span className={styles.muted}>
                {t('payment:card_expiry', { month: String(card.expiryMonth).padStart(2, '0'), year: String(card.expiryYear) })}
              </span>
            </span>
            {card.isDefault ? <span className={styles.tag}>{t('payment:card_default')}</span> : null}
            {card.expired ? <span className={`${styles.tag} ${styles.tagDanger}`}>{t('payment:card_expired')}</span> : card.expiresSoon ? <span className={`${styles.tag} ${styles.tagWarning}`}>{t('payment:card_expires_soon')}</span> : null}
          </label>
          <div className={styles.savedCardActions}>
            <Button variant="link" size="sm" disabled={busy} onClick={() => setUpdating(updating === card.id ? null : card.id)} aria-expanded={updating === card.id}>
              {t('payment:card_update')}
            </Button>
            {!card.isDefault && !card.expired ? (
              <Button variant="link" size="sm" disabled={busy} onClick={() => run(() => setDefault(card.id).unwrap(), t('payment:card_default_done'))}>
                {t('payment:card_make_default')}
              </Button>
            ) : null}
            <Button
              variant="link"
              size="sm"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await deleteCard(card.id).unwrap();
                  if (selected === card.id) onSelect(null);
                }, t('payment:card_deleted'))
              }
              aria-label={t('payment:card_delete_named', { mask: card.mask })}
            >
              {t('payment:card_delete')}
            </Button>
          </div>
          {updating === card.id ? (
            <UpdateCard
              card={card}
              onDone={(text) => {
                setUpdating(null);
                onMessage('success', text);
              }}
            />
          ) : null}
        </div>
      ))}
      <label className={styles.savedCardChoice}>
        <input type="radio" name="payment-card" checked={selected === null} disabled={busy} onChange={() => onSelect(null)} />
        <span>{t('payment:new_card')}</span>
      </label>
    </div>
  );
}

/** Replaces a saved card with new card details (payment type 3: update card); the old card is then removed. */
function UpdateCard({ card, onDone }: { card: SavedCard; onDone: (text: string) => void }) {
  const { t } = usePaymentTranslation();
  const [draft, setDraft] = useState<CardDraft>({ ...EMPTY_DRAFT, holderName: card.holderName, confirmed: true });
  const [errors, setErrors] = useState<CardErrorFlags>(NO_CARD_ERRORS);
  const [failed, setFailed] = useState(false);
  const [saveCard, saveState] = useSaveCardMutation();
  const [deleteCard] = useDeleteSavedCardMutation();
  const [setDefault] = useSetDefaultCardMutation();

  const submit = async () => {
    const flags = checkCard(draft);
    setErrors(flags);
    setFailed(false);
    if (hasCardErrors(flags) || saveState.isLoading) return;
    try {
      const saved = await saveCard({ card: toCardInput(draft), paymentType: PAYMENT_TYPE.UPDATE_CARD }).unwrap();
      if (card.isDefault) await setDefault(saved.id).unwrap();
      await deleteCard(card.id).unwrap();
      onDone(t('payment:card_updated'));
    } catch (error) {
      const flag = flagForServerField(apiErrorField(error));
      if (flag) setErrors({ ...NO_CARD_ERRORS, [flag]: true });
      else setFailed(true);
    }
  };

  return (
    <div className={styles.updateCard}>
      <CardForm draft={draft} onChange={setDraft} errors={errors} disabled={saveState.isLoading} />
      {failed ? (
        <p className={styles.fieldError} role="alert">
          {t('payment:error_GENERIC')}
        </p>
      ) : null}
      <Button size="sm" loading={saveState.isLoading} onClick={submit}>
        {t('payment:card_update_save')}
      </Button>
    </div>
  );
}
