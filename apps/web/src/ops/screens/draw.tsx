import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import {
  useOpsDrawStepMutation,
  useOpsExportDrawMutation,
  useOpsGenerateDrawCodesMutation,
  useOpsImportDrawCodesMutation,
  useOpsListDrawCampaignsQuery,
  useOpsListDrawEntriesQuery,
  type DrawCampaignSummary,
  type DrawStatus,
} from '../api/draw-endpoints';
import { count, when } from '../components/format';
import { Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { usePermission } from '../components/use-permission';
import { CreateDrawDialog, EditDrawDialog } from './draw-campaign-dialog';
import styles from '../components/page.module.css';

const TONE: Record<DrawStatus, 'ok' | 'warn' | 'muted'> = { OPEN: 'ok', CLOSED: 'warn', DRAWN: 'muted' };

/** Saves text as a file through a blob link. */
function saveText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** /ops/draw — telesales prize draws: campaigns, codes, entries, closing and running the verifiable draw. */
export function DrawScreen() {
  const { t } = useTranslation();
  const campaigns = useOpsListDrawCampaignsQuery();
  const canWrite = usePermission('ops.draw.write');
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = campaigns.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? null;
  return (
    <Page
      title={t('opsDraw:menu')}
      testId="ops-draw"
      actions={canWrite ? <Button onClick={() => setCreating(true)}>{t('opsDraw:new_campaign')}</Button> : null}
    >
      <QueryState isLoading={campaigns.isLoading} error={campaigns.error} onRetry={() => void campaigns.refetch()}>
        {items.length === 0 ? <p className={styles.muted}>{t('opsDraw:empty')}</p> : null}
        {items.length > 0 ? (
          <div className={styles.tableWrap} role="region" aria-label={t('opsDraw:menu')} tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('opsDraw:label')}</th>
                  <th scope="col">{t('opsDraw:status')}</th>
                  <th scope="col">{t('opsDraw:period')}</th>
                  <th scope="col" className={styles.num}>{t('opsDraw:entries')}</th>
                  <th scope="col" className={styles.num}>{t('opsDraw:codes_used')}</th>
                  <th scope="col"><span className="visually-hidden">{t('opsDraw:actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.label}</th>
                    <td>
                      <StatusPill tone={TONE[c.status]}>{t(`opsDraw:status_${c.status.toLowerCase() as 'open'}`)}</StatusPill>
                    </td>
                    <td>
                      {when(c.startsAt)} – {when(c.endsAt)}
                    </td>
                    <td className={styles.num}>{count(c.entries)}</td>
                    <td className={styles.num}>
                      {count(c.codesUsed)} / {count(c.codesIssued)}
                    </td>
                    <td>
                      <Button variant="secondary" size="sm" onClick={() => setSelectedId(c.id)} aria-label={t('opsDraw:manage_named', { name: c.label })}>
                        {t('opsDraw:manage')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </QueryState>
      {selected ? <CampaignPanel key={selected.id} campaign={selected} canWrite={canWrite} /> : null}
      {creating ? <CreateDrawDialog onClose={() => setCreating(false)} onCreated={(id) => setSelectedId(id)} /> : null}
    </Page>
  );
}

function CampaignPanel({ campaign, canWrite }: { campaign: DrawCampaignSummary; canWrite: boolean }) {
  const { t } = useTranslation();
  const entries = useOpsListDrawEntriesQuery(campaign.id);
  const [dialog, setDialog] = useState<'edit' | 'generate' | 'import' | 'close' | 'run' | null>(null);
  const [exportCsv, exporting] = useOpsExportDrawMutation();
  const [issued, setIssued] = useState<string[] | null>(null);
  const open = campaign.status === 'OPEN';
  const download = (kind: 'entries' | 'winners') =>
    void exportCsv({ id: campaign.id, kind }).unwrap().then((text) => saveText(text, `draw-${kind}-${campaign.id.slice(0, 8)}.csv`), () => undefined);
  return (
    <Panel
      title={campaign.label}
      actions={
        <>
          {canWrite && open ? (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDialog('edit')}>{t('opsDraw:edit')}</Button>
              <Button size="sm" variant="secondary" onClick={() => setDialog('generate')}>{t('opsDraw:generate')}</Button>
              <Button size="sm" variant="secondary" onClick={() => setDialog('import')}>{t('opsDraw:import')}</Button>
              <Button size="sm" variant="danger" onClick={() => setDialog('close')}>{t('opsDraw:close')}</Button>
            </>
          ) : null}
          {canWrite && campaign.status === 'CLOSED' ? <Button size="sm" onClick={() => setDialog('run')}>{t('opsDraw:run')}</Button> : null}
          <Button size="sm" variant="secondary" loading={exporting.isLoading} onClick={() => download('entries')}>{t('opsDraw:export_entries')}</Button>
          {campaign.status === 'DRAWN' ? <Button size="sm" variant="secondary" onClick={() => download('winners')}>{t('opsDraw:export_winners')}</Button> : null}
        </>
      }
    >
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('opsDraw:commitment')}</dt>
          <dd className={styles.mono}>{campaign.commitment}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('opsDraw:winner_count')}</dt>
          <dd>{count(campaign.winnerCount)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('opsDraw:verification')}</dt>
          <dd>
            <a href={`/api/draw/campaigns/${encodeURIComponent(campaign.id)}/verification`} target="_blank" rel="noreferrer">
              {t('opsDraw:verification_link')}
            </a>
          </dd>
        </div>
      </dl>
      {issued ? (
        <Alert tone="success">
          {t('opsDraw:issued', { n: issued.length })}{' '}
          <Button size="sm" variant="link" onClick={() => saveText(`code\n${issued.join('\n')}\n`, `draw-codes-${campaign.id.slice(0, 8)}.csv`)}>
            {t('opsDraw:download_codes')}
          </Button>
        </Alert>
      ) : null}
      <QueryState isLoading={entries.isLoading} error={entries.error} onRetry={() => void entries.refetch()}>
        <div className={styles.tableWrap} role="region" aria-label={t('opsDraw:latest_entries')} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('opsDraw:entry_hash')}</th>
                <th scope="col">{t('opsDraw:phone')}</th>
                <th scope="col">{t('opsDraw:entered_at')}</th>
                <th scope="col" className={styles.num}>{t('opsDraw:winner_rank')}</th>
              </tr>
            </thead>
            <tbody>
              {(entries.data?.items ?? []).map((e) => (
                <tr key={e.entryHash}>
                  <td className={styles.mono}>{e.entryHash.slice(0, 16)}…</td>
                  <td>{e.phone}</td>
                  <td>{when(e.enteredAt)}</td>
                  <td className={styles.num}>{e.winnerRank ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
      {dialog === 'edit' ? <EditDrawDialog id={campaign.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'generate' ? <GenerateDialog id={campaign.id} onClose={() => setDialog(null)} onIssued={setIssued} /> : null}
      {dialog === 'import' ? <ImportDialog id={campaign.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'close' || dialog === 'run' ? <StepDialog id={campaign.id} step={dialog} onClose={() => setDialog(null)} /> : null}
    </Panel>
  );
}

function StepDialog({ id, step, onClose }: { id: string; step: 'close' | 'run'; onClose: () => void }) {
  const { t } = useTranslation();
  const [advance] = useOpsDrawStepMutation();
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={step === 'close' ? t('opsDraw:close') : t('opsDraw:run')}
      description={step === 'close' ? t('opsDraw:close_note') : t('opsDraw:run_note')}
      confirmLabel={step === 'close' ? t('opsDraw:close') : t('opsDraw:run')}
      danger={step === 'close'}
      onConfirm={(reason) => advance({ id, step, reason }).unwrap()}
    />
  );
}

function GenerateDialog({ id, onClose, onIssued }: { id: string; onClose: () => void; onIssued: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [generate] = useOpsGenerateDrawCodesMutation();
  const [amount, setAmount] = useState('100');
  const [phone, setPhone] = useState('');
  const n = Number(amount);
  const valid = Number.isInteger(n) && n >= 1 && n <= 10_000 && (phone === '' || /^\d{10}$/.test(phone));
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('opsDraw:generate')}
      description={t('opsDraw:generate_note')}
      confirmLabel={t('opsDraw:generate')}
      valid={valid}
      onConfirm={(reason) => generate({ id, count: n, reason, ...(phone ? { msisdn: phone } : {}) }).unwrap().then((r) => onIssued(r.codes))}
    >
      <div className={styles.row}>
        <TextField label={t('opsDraw:count')} type="number" min={1} max={10000} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <TextField label={t('opsDraw:bound_phone')} hint={t('opsDraw:bound_phone_hint')} inputMode="numeric" maxLength={10} value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
      </div>
    </ReasonDialog>
  );
}

function ImportDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [importCodes] = useOpsImportDrawCodesMutation();
  const [csv, setCsv] = useState('');
  const [summary, setSummary] = useState<string | null>(null);
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t('opsDraw:import')}
      description={summary ?? t('opsDraw:import_note')}
      confirmLabel={t('opsDraw:import')}
      valid={csv.trim().length > 0}
      onConfirm={(reason) =>
        importCodes({ id, csv, reason })
          .unwrap()
          .then((r) => setSummary(t('opsDraw:imported', { imported: r.imported, rejected: r.rejected.length })))
      }
    >
      <label className={styles.fieldLabel} htmlFor={fieldId}>
        {t('opsDraw:csv')}
      </label>
      <input type="file" accept=".csv,text/csv" aria-label={t('opsDraw:csv_file')} onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      <textarea id={fieldId} className={styles.textarea} rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} placeholder="code,phone" />
    </ReasonDialog>
  );
}
