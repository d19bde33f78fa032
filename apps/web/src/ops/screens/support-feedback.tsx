import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { NATIVE_LANGUAGE_NAMES } from '@/i18n/languages';
import { opsPaths } from '../api/session';
import { when } from '../components/format';
import { Facts, Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { usePermission } from '../components/use-permission';
import { useOpsSupportFeedbackDoneMutation, useOpsSupportFeedbackQuery } from '../support/endpoints';
import { supportStateTone } from '../support/support-status';
import styles from '../support/support.module.css';

/** /ops/support/feedback/:id — one feedback message with the client details it came with; mark it handled. */
export function SupportFeedbackScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOpsSupportFeedbackQuery(id);
  const canWrite = usePermission('ops.support.write');
  const [done, marking] = useOpsSupportFeedbackDoneMutation();
  const feedback = query.data?.feedback;
  return (
    <Page title={t('ops_support:feedback_title')} testId="support-feedback" actions={<Link to={opsPaths.support}>{t('ops_support:back_to_inbox')}</Link>}>
      <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {feedback ? (
          <>
            <Panel
              title={t(`ops_support:type_${feedback.type === 'COMPLAINT' ? 'COMPLAINT' : 'SUGGESTION'}`)}
              id="feedback-text"
              actions={
                canWrite && feedback.state !== 'done' ? (
                  <Button size="sm" onClick={() => void done(id)} loading={marking.isLoading}>
                    {t('ops_support:mark_done')}
                  </Button>
                ) : (
                  <StatusPill tone={supportStateTone(feedback.state)}>{t(`ops_support:state_${feedback.state === 'done' ? 'done' : 'new'}`)}</StatusPill>
                )
              }
            >
              <p className={styles.messageText}>{feedback.text}</p>
            </Panel>
            <Panel title={t('ops_support:details')} id="feedback-details">
              <Facts
                items={[
                  [t('ops_support:fact_language'), NATIVE_LANGUAGE_NAMES[feedback.language.toLowerCase() as keyof typeof NATIVE_LANGUAGE_NAMES] ?? feedback.language],
                  [t('ops_support:received'), when(feedback.createdAt)],
                  ...Object.entries(feedback.client).map(([key, value]): [string, string] => [key, value]),
                ]}
              />
              <Link to={opsPaths.subscriber(feedback.accountId)}>{t('ops_support:open_subscriber')}</Link>
            </Panel>
          </>
        ) : null}
      </QueryState>
    </Page>
  );
}
