import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasSession } from '@/api/session';
import { Button } from '@/components/ui/button';
import { AlertIcon, ShareIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import styles from './shared-files.module.css';

export type LinkProblemKind = 'notFound' | 'tooMany' | 'error';

const TEXT: Record<LinkProblemKind, { title: 'sharedFiles:not_found_title' | 'sharedFiles:too_many_title' | 'sharedFiles:error_title'; text: 'sharedFiles:not_found_text' | 'sharedFiles:too_many_text' | 'sharedFiles:error_text' }> = {
  notFound: { title: 'sharedFiles:not_found_title', text: 'sharedFiles:not_found_text' },
  tooMany: { title: 'sharedFiles:too_many_title', text: 'sharedFiles:too_many_text' },
  error: { title: 'sharedFiles:error_title', text: 'sharedFiles:error_text' },
};

/**
 * A link that cannot be shown: unknown, expired and revoked look the same (the server does not say which), too many
 * tries, or a failure to retry. The way on is one's own Bulut, or signing up for one.
 */
export function LinkProblem({ kind, onRetry }: { kind: LinkProblemKind; onRetry?: () => void }) {
  const { t } = useTranslation();
  const signedIn = hasSession();
  const text = TEXT[kind];
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="link-problem-title" data-testid={`shared-${kind}`}>
        <span className={styles.cardIcon} aria-hidden="true">
          {kind === 'notFound' ? <ShareIcon size={28} /> : <AlertIcon size={28} />}
        </span>
        <h2 id="link-problem-title" className={styles.cardTitle}>
          {t(text.title)}
        </h2>
        <p className={styles.cardText}>{t(text.text)}</p>
        <div className={styles.cardLinks}>
          {onRetry ? <Button onClick={onRetry}>{t('common:retry')}</Button> : null}
          <Link to={signedIn ? paths.main : paths.home}>{signedIn ? t('sharedFiles:go_to_my_files') : t('sharedFiles:go_to_bulut')}</Link>
        </div>
      </section>
    </div>
  );
}
