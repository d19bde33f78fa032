import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import styles from './settings.module.css';

/** Recovery codes, shown once: copy them or save them as a text file, then close. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = codes.join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('settings:recovery_codes_file_title')}\n\n${text}\n`], { type: 'text/plain' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = 'bulut-recovery-codes.txt';
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className={`${styles.subform} ${styles.form}`} data-testid="recovery-codes">
      <Alert tone="warning">{t('settings:recovery_codes_once')}</Alert>
      <ol className={styles.codes} aria-label={t('settings:recovery_codes_label')} dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      {copied !== null ? <p className={styles.muted} role="status">{copied ? t('settings:copied') : t('settings:copy_failed')}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={async () => setCopied(await copyText(text))}>
          {t('settings:copy')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('settings:download')}
        </Button>
        <Button onClick={onDone}>{t('settings:recovery_codes_saved')}</Button>
      </div>
    </div>
  );
}
