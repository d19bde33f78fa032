import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { ClashChoice } from '../upload-clash';
import styles from './upload.module.css';

/** Names listed in the question; the rest are counted. */
const LISTED = 5;

export interface UploadClashDialogProps {
  /** The files whose name a file in the folder already has (at least one). */
  clashing: readonly File[];
  /** The choice for all of them; null when the question was closed (nothing is uploaded). */
  onAnswer: (choice: ClashChoice | null) => void;
}

/**
 * "Already in this folder" (issue 33), asked once before uploading: replace (the old content stays as a version),
 * keep both (a numbered name) or skip; with several clashes the choice applies to all.
 */
export function UploadClashDialog({ clashing, onAnswer }: UploadClashDialogProps) {
  const { t } = useTranslation('upload');
  const count = clashing.length;
  const single = count === 1 ? clashing[0] : undefined;
  const more = count - LISTED;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onAnswer(null);
      }}
      title={single ? t('clash_title_single', { name: single.name }) : t('clash_title', { count })}
      description={single ? t('clash_description_single') : t('clash_description')}
      data-testid="upload-clash-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer('skip')} data-testid="clash-skip">
            {t('clash_skip')}
          </Button>
          <Button variant="secondary" onClick={() => onAnswer('keepBoth')} data-testid="clash-keep-both">
            {t('clash_keep_both')}
          </Button>
          <Button variant="primary" onClick={() => onAnswer('replace')} data-testid="clash-replace">
            {t('clash_replace')}
          </Button>
        </>
      }
    >
      {single ? null : (
        <ul className={styles.clashList} aria-label={t('clash_list_label')}>
          {clashing.slice(0, LISTED).map((file, index) => (
            <li key={`${index}-${file.name}`} className={styles.clashName}>
              {file.name}
            </li>
          ))}
          {more > 0 ? <li className={styles.clashMore}>{t('clash_more', { count: more })}</li> : null}
        </ul>
      )}
    </Modal>
  );
}
