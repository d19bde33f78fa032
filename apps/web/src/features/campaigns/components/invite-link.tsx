import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-slice';
import { copyText } from '@/lib/clipboard';
import { useAppDispatch } from '@/state/hooks';
import { shareIntents } from '../share-intents';
import styles from './campaigns.module.css';

/** My invitation link: shown read-only, copied with a snackbar, shared by SMS, WhatsApp or e-mail. */
export function InviteLink({ url, withIntents = true }: { url: string; withIntents?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const copy = async () => {
    const ok = await copyText(url);
    dispatch(showToast(ok ? { kind: 'success', messageKey: 'campaigns:link_copied' } : { kind: 'error', messageKey: 'campaigns:link_copy_failed' }));
  };
  const intents = shareIntents(url, t('campaigns:share_message'), t('campaigns:share_subject'));
  return (
    <>
      <div className={styles.linkRow}>
        <input className={styles.link} readOnly value={url} aria-label={t('campaigns:your_link')} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()} data-testid="invite-copy">
          {t('campaigns:copy_link')}
        </Button>
      </div>
      {withIntents ? (
        <div className={styles.intents} role="group" aria-label={t('campaigns:share_with')}>
          <a className={styles.intent} href={intents.sms}>
            {t('campaigns:share_sms')}
          </a>
          <a className={styles.intent} href={intents.whatsapp} target="_blank" rel="noopener noreferrer">
            {t('campaigns:share_whatsapp')}
          </a>
          <a className={styles.intent} href={intents.email}>
            {t('campaigns:share_email')}
          </a>
        </div>
      ) : null}
    </>
  );
}
