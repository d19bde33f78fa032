import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { currentLanguage } from '@/i18n/i18n';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import {
  useOpsCloseCampaignMutation,
  useOpsCreateCampaignMutation,
  useOpsExportCampaignEntriesMutation,
  useOpsListCampaignsQuery,
  useOpsUpdateCampaignMutation,
  type Campaign,
  type CampaignKind,
} from '../api/campaigns';
import { bytes, count, when } from '../components/format';
import { Page, StatusPill } from '../components/page';
import { ReasonDialog } from '../components/reason-dialog';
import { saveText } from '../components/save-text';
import { usePermission } from '../components/use-permission';
import { RecordTable } from '../components/record-table';
import styles from '../components/page.module.css';

const GIB = 1024 ** 3;
/** `datetime-local` works in the operator's local time; the API takes ISO instants. */
const toLocalInput = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '');
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const campaignTitle = (c: Campaign) => c.texts[currentLanguage()]?.title ?? c.texts.en?.title ?? c.name;

/** /ops/campaigns — invite-friends and stars campaigns: define, edit, close, export entries (issue 30). */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const list = useOpsListCampaignsQuery();
  const canWrite = usePermission('ops.campaign.write');
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [closing, setClosing] = useState<Campaign | null>(null);
  const [close] = useOpsCloseCampaignMutation();
  const [exportCsv, exporting] = useOpsExportCampaignEntriesMutation();
  const items = list.data?.items ?? [];
  return (
    <Page
      title={t('ops_campaigns:menu')}
      testId="ops-campaigns"
      actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('ops_campaigns:new')}</Button> : null}
    >
      {exporting.isError ? <Alert tone="error">{t('ops:action_failed')}</Alert> : null}
      <RecordTable
        query={list}
        label={t('ops_campaigns:menu')}
        columns={[t('ops:name'), t('ops:kind'), t('ops:status'), t('ops_campaigns:starts'), t('ops_campaigns:ends'), t('ops_campaigns:reward')]}
        empty={items.length === 0 ? t('ops_campaigns:empty') : null}
        actions
      >
        {items.map((c) => (
          <tr key={c.id}>
            <th scope="row">
              {c.name}
              <br />
              <small>{campaignTitle(c)}</small>
            </th>
            <td>{c.kind === 'REFERRAL' ? t('ops_campaigns:kind_referral') : t('ops_campaigns:kind_stars')}</td>
            <td>
              <StatusPill tone={c.status === 'ACTIVE' ? 'ok' : 'muted'}>{c.status === 'ACTIVE' ? t('ops_campaigns:active') : t('ops_campaigns:closed')}</StatusPill>
            </td>
            <td>{when(c.startsAt)}</td>
            <td>{when(c.endsAt)}</td>
            <td>{c.kind === 'REFERRAL' ? t('ops_campaigns:reward_rule', { size: bytes(c.rules.bonusBytes ?? 0), cap: count(c.rules.monthlyCap ?? 0) }) : '—'}</td>
            <td>
              <div className={styles.row}>
                {canWrite ? (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(c)} aria-label={t('ops:edit_named', { name: c.name })}>
                    {t('ops:edit')}
                  </Button>
                ) : null}
                {canWrite && c.status === 'ACTIVE' ? (
                  <Button variant="secondary" size="sm" onClick={() => setClosing(c)} aria-label={t('ops_campaigns:close_named', { name: c.name })}>
                    {t('ops_campaigns:close')}
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('ops_campaigns:export_named', { name: c.name })}
                  onClick={() => void exportCsv(c.id).unwrap().then((text) => saveText(text, `bulut-campaign-${c.id}.csv`), () => undefined)}
                >
                  {t('ops_campaigns:export')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </RecordTable>
      {editing ? <CampaignDialog key={editing === 'new' ? 'new' : editing.id} campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {closing ? (
        <ReasonDialog
          open
          onOpenChange={(open) => (open ? undefined : setClosing(null))}
          title={t('ops_campaigns:close_named', { name: closing.name })}
          description={t('ops_campaigns:close_note')}
          // Not a bare "Close": the dialog's own close button already has that name.
          confirmLabel={t('ops_campaigns:close_named', { name: closing.name })}
          danger
          onConfirm={(reason) => close({ id: closing.id, reason }).unwrap()}
        >
          {null}
        </ReasonDialog>
      ) : null}
    </Page>
  );
}

function CampaignDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { details: useId() };
  const [create] = useOpsCreateCampaignMutation();
  const [update] = useOpsUpdateCampaignMutation();
  const [kind, setKind] = useState<CampaignKind>(campaign?.kind ?? 'REFERRAL');
  const [name, setName] = useState(campaign?.name ?? '');
  const [startsAt, setStartsAt] = useState(toLocalInput(campaign?.startsAt ?? new Date().toISOString()));
  const [endsAt, setEndsAt] = useState(toLocalInput(campaign?.endsAt ?? null));
  const [drawAt, setDrawAt] = useState(toLocalInput(campaign?.drawAt ?? null));
  const [bonusGb, setBonusGb] = useState(String((campaign?.rules.bonusBytes ?? GIB) / GIB));
  const [cap, setCap] = useState(String(campaign?.rules.monthlyCap ?? 10));
  const [language, setLanguage] = useState<string>('tr');
  const [texts, setTexts] = useState<Record<string, { title: string; summary: string }>>(campaign?.texts ?? {});
  const [details, setDetails] = useState<Record<string, string>>(campaign?.details ?? {});
  const text = texts[language] ?? { title: '', summary: '' };
  const bonusBytes = Math.round(Number(bonusGb.replace(',', '.')) * GIB);
  const valid =
    name.trim().length > 0 &&
    Boolean(startsAt && endsAt) &&
    new Date(endsAt) > new Date(startsAt) &&
    Boolean(texts.tr?.title.trim() && texts.en?.title.trim()) &&
    (kind !== 'REFERRAL' || (Number.isFinite(bonusBytes) && bonusBytes >= 0 && Number.isInteger(Number(cap)) && Number(cap) >= 0));
  const body = (reason: string) => ({
    kind,
    name: name.trim(),
    startsAt: fromLocalInput(startsAt)!,
    endsAt: fromLocalInput(endsAt)!,
    drawAt: fromLocalInput(drawAt),
    texts: Object.fromEntries(Object.entries(texts).filter(([, v]) => v.title.trim())),
    details: Object.fromEntries(Object.entries(details).filter(([, v]) => v.trim())),
    rules: kind === 'REFERRAL' ? { bonusBytes, monthlyCap: Number(cap) } : undefined,
    reason,
  });
  return (
    <ReasonDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={campaign ? t('ops:edit_named', { name: campaign.name }) : t('ops_campaigns:new')}
      description={t('ops_campaigns:texts_note')}
      confirmLabel={t('ops:save')}
      valid={valid}
      testId="ops-campaign-dialog"
      onConfirm={(reason) => (campaign ? update({ id: campaign.id, body: body(reason) }).unwrap() : create(body(reason)).unwrap())}
    >
      <div className={styles.row}>
        <SelectField label={t('ops:kind')} value={kind} disabled={campaign !== null} onChange={(e) => setKind(e.target.value as CampaignKind)}>
          <option value="REFERRAL">{t('ops_campaigns:kind_referral')}</option>
          <option value="STARS">{t('ops_campaigns:kind_stars')}</option>
        </SelectField>
        <TextField label={t('ops:name')} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className={styles.row}>
        <TextField label={t('ops_campaigns:starts')} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        <TextField label={t('ops_campaigns:ends')} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
        <TextField label={t('ops_campaigns:draw_at')} type="datetime-local" value={drawAt} onChange={(e) => setDrawAt(e.target.value)} />
      </div>
      {kind === 'REFERRAL' ? (
        <div className={styles.row}>
          <TextField label={t('ops_campaigns:bonus_gb')} type="number" min={0} inputMode="decimal" value={bonusGb} onChange={(e) => setBonusGb(e.target.value)} />
          <TextField label={t('ops_campaigns:monthly_cap')} type="number" min={0} inputMode="numeric" value={cap} onChange={(e) => setCap(e.target.value)} />
        </div>
      ) : null}
      <fieldset className={`${styles.form} ${styles.fieldset}`}>
        <legend className={styles.fieldLabel}>{t('ops_campaigns:texts')}</legend>
        <SelectField label={t('ops_campaigns:language')} value={language} onChange={(e) => setLanguage(e.target.value)}>
          {SUPPORTED_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {NATIVE_LANGUAGE_NAMES[l]}
              {texts[l]?.title ? ' ✓' : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('ops_campaigns:title')}
          lang={language}
          dir={language === 'ar' ? 'rtl' : 'ltr'}
          maxLength={120}
          value={text.title}
          onChange={(e) => setTexts({ ...texts, [language]: { ...text, title: e.target.value } })}
        />
        <TextField
          label={t('ops_campaigns:summary')}
          lang={language}
          dir={language === 'ar' ? 'rtl' : 'ltr'}
          maxLength={500}
          value={text.summary}
          onChange={(e) => setTexts({ ...texts, [language]: { ...text, summary: e.target.value } })}
        />
        <label className={styles.fieldLabel} htmlFor={ids.details}>
          {t('ops_campaigns:details')}
        </label>
        <textarea
          id={ids.details}
          className={styles.textarea}
          lang={language}
          dir={language === 'ar' ? 'rtl' : 'ltr'}
          rows={6}
          maxLength={20_000}
          value={details[language] ?? ''}
          onChange={(e) => setDetails({ ...details, [language]: e.target.value })}
        />
      </fieldset>
    </ReasonDialog>
  );
}
