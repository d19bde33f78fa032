import { useTranslation } from 'react-i18next';
import { useOpsDashboardQuery } from '../api/endpoints';
import { BarChart, LineChart } from '../components/charts';
import { bytes, count, money, when } from '../components/format';
import { Page, Panel } from '../components/page';
import { QueryState } from '../components/query-state';
import styles from '../components/page.module.css';

/** How often the dashboard asks again while it is open: its figures are kept by a roll-up, not live. */
const REFRESH_MS = 60_000;

/** /ops — subscribers, storage and uploads over 30 days, the job queue, 5xx and today's payments. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useOpsDashboardQuery(undefined, { pollingInterval: REFRESH_MS });
  return (
    <Page title={t('ops:menu_dashboard')} testId="ops-dashboard">
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {data ? (
          <>
            <div className={styles.stats}>
              <Stat label={t('ops:dash_subscribers')} value={count(data.subscribers.total)} />
              <Stat label={t('ops:dash_active7d')} value={count(data.subscribers.active7d)} />
              <Stat label={t('ops:dash_premium')} value={count(data.subscribers.premium)} />
              <Stat label={t('ops:dash_storage')} value={bytes(data.storage.usedBytes)} />
              <Stat label={t('ops:dash_saved')} value={bytes(data.storage.savedBytes)} />
              <Stat label={t('ops:dash_errors')} value={count(data.errors5xxLastHour)} />
              <Stat label={t('ops:dash_payments')} value={`${money(data.payments.todayMinor, data.payments.currency)} · ${count(data.payments.todayCount)}`} />
            </div>
            <div className={styles.grid}>
              <Panel title={t('ops:dash_storage_growth')}>
                <LineChart
                  title={t('ops:dash_storage_growth')}
                  points={data.storage.series.map((p) => ({ label: p.day, value: p.usedBytes }))}
                  format={(v) => bytes(v)}
                  labelHeader={t('ops:day')}
                  valueHeader={t('ops:dash_storage')}
                />
              </Panel>
              <Panel title={t('ops:dash_uploads')}>
                <BarChart
                  title={t('ops:dash_uploads')}
                  points={data.uploads.map((p) => ({ label: p.day, value: p.count }))}
                  format={(v) => count(v)}
                  labelHeader={t('ops:day')}
                  valueHeader={t('ops:dash_upload_count')}
                />
              </Panel>
            </div>
            <Panel title={t('ops:dash_jobs')}>
              {data.jobs.length === 0 ? (
                <p className={styles.muted}>{t('ops:dash_jobs_empty')}</p>
              ) : (
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('ops:job_kind')}</th>
                        <th scope="col" className={styles.num}>
                          {t('ops:job_waiting')}
                        </th>
                        <th scope="col" className={styles.num}>
                          {t('ops:job_oldest')}
                        </th>
                        <th scope="col" className={styles.num}>
                          {t('ops:job_failed')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.jobs.map((job) => (
                        <tr key={job.kind}>
                          <th scope="row" className={styles.mono}>
                            {job.kind}
                          </th>
                          <td className={styles.num}>{count(job.waiting)}</td>
                          <td className={styles.num}>{t('ops:seconds', { n: count(job.oldestWaitingSeconds) })}</td>
                          <td className={styles.num}>{count(job.failed24h)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Panel>
            <p className={styles.muted}>{t('ops:generated_at', { at: when(data.generatedAt) })}</p>
          </>
        ) : null}
      </QueryState>
    </Page>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <div className={styles.statLabel}>{label}</div>
      <div className={styles.statValue}>{value}</div>
    </div>
  );
}
