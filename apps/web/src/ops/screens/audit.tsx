import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { saveText } from '../components/save-text';
import { useOpsExportAuditMutation, useOpsListAuditQuery, useOpsVerifyAuditMutation } from '../api/endpoints';
import { opsPaths } from '../api/session';
import type { AuditEntry, AuditFilter, AuditVerification } from '../api/types';
import { count, when } from '../components/format';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import styles from '../components/page.module.css';

const PAGE = 50;

const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

/** /ops/audit — every operator action and sign-in, newest first; filters, chain verification and CSV export. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ operatorId: '', accountId: '', action: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const [verify, verifying] = useOpsVerifyAuditMutation();
  const [exportCsv, exporting] = useOpsExportAuditMutation();
  const [verification, setVerification] = useState<AuditVerification | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next: AuditFilter = {};
    if (draft.operatorId.trim()) next.operatorId = draft.operatorId.trim();
    if (draft.accountId.trim()) next.accountId = draft.accountId.trim();
    if (draft.action.trim()) next.action = draft.action.trim();
    setFilter(next);
    setPages([undefined]);
  };

  return (
    <Page
      title={t('ops:menu_audit')}
      actions={
        <>
          <Button variant="secondary" loading={verifying.isLoading} onClick={() => void verify().unwrap().then(setVerification, () => setVerification(null))}>
            {t('ops:audit_verify')}
          </Button>
          <Button
            variant="secondary"
            loading={exporting.isLoading}
            onClick={() => void exportCsv(filter).unwrap().then((text) => saveText(text, `bulut-audit-${new Date().toISOString().slice(0, 10)}.csv`), () => undefined)}
          >
            {t('ops:audit_export')}
          </Button>
        </>
      }
    >
      {verification ? (
        verification.ok ? (
          <Alert tone="success" data-testid="ops-audit-verified">
            {t('ops:audit_ok', { n: count(verification.checked) })}
          </Alert>
        ) : (
          <Alert tone="error" data-testid="ops-audit-broken">
            {t('ops:audit_broken', { seq: verification.firstBroken?.seq ?? '?', reason: verification.firstBroken?.reason ?? '' })}
          </Alert>
        )
      ) : null}
      {verifying.isError || exporting.isError ? <Alert tone="error">{t('ops:action_failed')}</Alert> : null}
      <form className={styles.row} onSubmit={apply} aria-label={t('ops:filters')}>
        <TextField label={t('ops:filter_action')} placeholder="subscriber.suspend" value={draft.action} onChange={(e) => setDraft({ ...draft, action: e.target.value })} />
        <TextField label={t('ops:filter_operator')} value={draft.operatorId} onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })} />
        <TextField label={t('ops:filter_account')} value={draft.accountId} onChange={(e) => setDraft({ ...draft, accountId: e.target.value })} />
        <Button type="submit" className={styles.fixed}>
          {t('ops:apply')}
        </Button>
      </form>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label={t('ops:menu_audit')}>
          <thead>
            <tr>
              <th scope="col" className={styles.num}>#</th>
              <th scope="col">{t('ops:when')}</th>
              <th scope="col">{t('ops:operator')}</th>
              <th scope="col">{t('ops:action')}</th>
              <th scope="col">{t('ops:target')}</th>
              <th scope="col">{t('ops:reason_label')}</th>
              <th scope="col">{t('ops:change')}</th>
            </tr>
          </thead>
          {pages.map((before, index) => (
            <AuditPage
              key={before ?? 'first'}
              filter={{ ...filter, before, limit: PAGE }}
              last={index === pages.length - 1}
              onMore={(next) => setPages([...pages, next])}
            />
          ))}
        </table>
      </div>
    </Page>
  );
}

function AuditPage({ filter, last, onMore }: { filter: AuditFilter; last: boolean; onMore: (before: number) => void }) {
  const { t } = useTranslation();
  const page = useOpsListAuditQuery(filter);
  const items = page.data?.items ?? [];
  const next = page.data?.nextBefore;
  return (
    <tbody>
      {items.map((entry) => (
        <Row key={entry.seq} entry={entry} />
      ))}
      {last && (page.isLoading || page.error || next || items.length === 0) ? (
        <tr>
          <td colSpan={7}>
            <QueryState isLoading={page.isLoading} error={page.error} onRetry={() => void page.refetch()}>
              {next ? (
                <Button variant="secondary" size="sm" onClick={() => onMore(next)}>
                  {t('ops:load_more')}
                </Button>
              ) : items.length === 0 && filter.before === undefined ? (
                <span className={styles.muted}>{t('ops:audit_empty')}</span>
              ) : null}
            </QueryState>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function Row({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const before = json(entry.before);
  const after = json(entry.after);
  return (
    <tr>
      <td className={styles.num}>{entry.seq}</td>
      <td>{when(entry.at)}</td>
      <td>
        {entry.operatorEmail ?? entry.operatorId ?? '—'}
        {entry.ip ? <div className={`${styles.muted} ${styles.code}`}>{entry.ip}</div> : null}
      </td>
      <td className={styles.code}>{entry.action}</td>
      <td>
        {entry.targetKind ?? ''} {entry.targetId ? <span className={styles.code}>{entry.targetId}</span> : null}
        {entry.accountId ? (
          <div>
            <Link to={opsPaths.subscriber(entry.accountId)}>{t('ops:subscriber')}</Link>
          </div>
        ) : null}
      </td>
      <td>{entry.reason ?? '—'}</td>
      <td>
        {before || after ? (
          <details>
            <summary>{t('ops:show_change')}</summary>
            {before ? <div className={styles.code}>{t('ops:before')}: {before}</div> : null}
            {after ? <div className={styles.code}>{t('ops:after')}: {after}</div> : null}
          </details>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
