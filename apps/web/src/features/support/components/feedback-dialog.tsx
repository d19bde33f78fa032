import { useEffect, useId, useState } from 'react';
import { useSupportTranslation } from '../use-support-translation';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { CheckIcon } from '@/components/ui/icons';
import { useSendFeedbackMutation } from '../api';
import {
  capFeedbackText,
  clientDetails,
  FEEDBACK_FAILURE_CLOSE_MS,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TYPES,
  feedbackLanguage,
  isTallFeedback,
  type FeedbackType,
} from '../support-rules';
import styles from './support.module.css';

export interface FeedbackDialogProps {
  onClose: () => void;
  /** The subscriber's country code: 995 gets the taller dialog with the complaint note. */
  countryCode: string | null | undefined;
}

/** Spec 000 §2 feedback dialog: type, text ≤ 700 with a live counter, and the same thank-you whatever the answer. */
export function FeedbackDialog({ onClose, countryCode }: FeedbackDialogProps) {
  const { t, i18n } = useSupportTranslation();
  const [type, setType] = useState<FeedbackType>('SUGGESTION');
  const [text, setText] = useState('');
  const [sent, setSent] = useState<'ok' | 'failed' | null>(null);
  const [send, { isLoading }] = useSendFeedbackMutation();
  const textId = useId();
  const counterId = useId();
  const noteId = useId();
  const tall = isTallFeedback(countryCode);

  // On failure the thank-you still shows (spec §8), and the dialog closes itself after 4 s.
  useEffect(() => {
    if (sent !== 'failed') return;
    const timer = setTimeout(onClose, FEEDBACK_FAILURE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  const submit = async () => {
    if (!text.trim()) return;
    const language = feedbackLanguage(i18n.language).toLowerCase() as 'tr' | 'ar' | 'en';
    try {
      await send({ type, language, body: { text, client: clientDetails() } }).unwrap();
      setSent('ok');
    } catch {
      setSent('failed');
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('support:feedback_title')}
      className={[styles.feedback, tall ? styles.feedbackTall : ''].filter(Boolean).join(' ')}
      data-testid="feedback-dialog"
    >
      {sent ? (
        <div className={styles.sent} role="status" data-testid="feedback-sent">
          <CheckIcon size={40} className={styles.sentIcon} />
          <p>{t('support:SUCCESSFULLY_SENT_FEEDBACK')}</p>
          <Button variant="secondary" onClick={onClose}>
            {t('support:feedback_done')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className={styles.intro}>{t('support:feedback_intro')}</p>
          <fieldset className={styles.types}>
            <legend className={styles.legend}>{t('support:feedback_type_label')}</legend>
            {FEEDBACK_TYPES.map((value) => (
              <label key={value} data-testid={`feedback-type-${value}`} className={[styles.type, type === value ? styles.typeChecked : ''].filter(Boolean).join(' ')}>
                <input type="radio" name="feedback-type" value={value} checked={type === value} onChange={() => setType(value)} className={styles.typeInput} />
                {t(`support:type_${value}`)}
              </label>
            ))}
          </fieldset>
          <div className={styles.textField}>
            <label htmlFor={textId} className={styles.legend}>
              {t('support:feedback_text_label')}
            </label>
            <textarea
              id={textId}
              className={styles.textarea}
              value={text}
              maxLength={FEEDBACK_TEXT_MAX}
              placeholder={t('support:feedback_text_placeholder')}
              aria-describedby={[counterId, tall ? noteId : ''].filter(Boolean).join(' ')}
              onChange={(event) => setText(capFeedbackText(event.target.value))}
              data-testid="feedback-text"
            />
            <p className={styles.counter} data-testid="feedback-counter">
              <span aria-hidden="true">{t('support:feedback_counter', { count: text.length, max: FEEDBACK_TEXT_MAX })}</span>
              <span id={counterId} className="visually-hidden">
                {t('support:feedback_counter_label', { count: text.length, max: FEEDBACK_TEXT_MAX })}
              </span>
            </p>
          </div>
          {tall ? (
            <p id={noteId} className={styles.note} data-testid="feedback-complaint-note">
              {t('support:feedback_complaint_note')}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onClose}>
              {t('support:feedback_cancel')}
            </Button>
            <Button type="submit" disabled={!text.trim()} loading={isLoading} data-testid="feedback-send">
              {t('support:feedback_send')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
