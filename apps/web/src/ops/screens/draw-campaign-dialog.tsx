import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import {
  useOpsCreateDrawCampaignMutation,
  useOpsGetDrawCampaignQuery,
  useOpsUpdateDrawCampaignMutation,
  type DrawCampaignInput,
  type DrawTexts,
} from '../api/draw-endpoints';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import styles from '../components/page.module.css';

const DAY = 86_400_000;
const toInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const emptyTexts = (): DrawTexts => Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, { title: '', conditions: '', result: '' }]));

type Initial = Omit<DrawCampaignInput, 'reason'>;

/** A new draw campaign: the seed and its commitment are made by the server. */
export function CreateDrawDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [create] = useOpsCreateDrawCampaignMutation();
  const [initial] = useState<Initial>(() => ({ name: '', startsAt: Date.now(), endsAt: Date.now() + 30 * DAY, winnerCount: 1, texts: emptyTexts() }));
  return (
    <CampaignForm
      title={t('opsDraw:new_campaign')}
      description={t('opsDraw:commitment_note')}
      confirmLabel={t('opsDraw:create')}
      initial={initial}
      onClose={onClose}
      onSave={(input) => create(input).unwrap().then((c) => onCreated(c.id))}
    />
  );
}

/** Changes an open campaign's label, period, winner count and texts (the server refuses once entries close). */
export function EditDrawDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const campaign = useOpsGetDrawCampaignQuery(id);
  const [update] = useOpsUpdateDrawCampaignMutation();
  const c = campaign.data;
  if (!c) {
    return (
      <QueryState isLoading={campaign.isLoading} error={campaign.error} onRetry={() => void campaign.refetch()}>
        {null}
      </QueryState>
    );
  }
  return (
    <CampaignForm
      title={t('opsDraw:edit_named', { name: c.label })}
      description={t('opsDraw:edit_note')}
      confirmLabel={t('opsDraw:save')}
      initial={{ name: c.label, startsAt: c.startsAt, endsAt: c.endsAt, winnerCount: c.winnerCount, texts: { ...emptyTexts(), ...c.texts } }}
      onClose={onClose}
      onSave={(input) => update({ id, ...input }).unwrap().then(onClose)}
    />
  );
}

interface FormProps {
  title: string;
  description: string;
  confirmLabel: string;
  initial: Initial;
  onClose: () => void;
  onSave: (input: DrawCampaignInput) => Promise<unknown>;
}

/** One form for create and edit, so both check the same things the server checks. */
function CampaignForm({ title, description, confirmLabel, initial, onClose, onSave }: FormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [startsAt, setStartsAt] = useState(() => toInput(initial.startsAt));
  const [endsAt, setEndsAt] = useState(() => toInput(initial.endsAt));
  const [winners, setWinners] = useState(String(initial.winnerCount));
  const [texts, setTexts] = useState<DrawTexts>(initial.texts);
  const start = new Date(startsAt).getTime();
  const end = new Date(endsAt).getTime();
  const filled = SUPPORTED_LANGUAGES.every((l) => texts[l]!.title.trim() && texts[l]!.conditions.trim() && texts[l]!.result.trim());
  const valid = name.trim().length > 0 && end > start && Number.isInteger(Number(winners)) && Number(winners) >= 1 && filled;
  const set = (language: string, field: 'title' | 'conditions' | 'result', value: string) =>
    setTexts((now) => ({ ...now, [language]: { ...now[language]!, [field]: value } }));
  const copyEnglish = () => setTexts((now) => Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, now[l]!.title || now[l]!.conditions || now[l]!.result ? now[l]! : { ...now.en! }])));
  return (
    <ReasonDialog
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      valid={valid}
      onConfirm={(reason) => onSave({ name: name.trim(), startsAt: start, endsAt: end, winnerCount: Number(winners), texts, reason })}
    >
      <TextField label={t('opsDraw:label')} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      <div className={styles.row}>
        <TextField label={t('opsDraw:starts')} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        <TextField
          label={t('opsDraw:ends')}
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
          {...(end > start ? {} : { error: t('opsDraw:ends_after_start') })}
        />
        <TextField label={t('opsDraw:winner_count')} type="number" min={1} inputMode="numeric" value={winners} onChange={(e) => setWinners(e.target.value)} />
      </div>
      <Button size="sm" variant="link" onClick={copyEnglish}>{t('opsDraw:copy_english')}</Button>
      {SUPPORTED_LANGUAGES.map((language) => (
        <fieldset key={language} className={`${styles.form} ${styles.fieldset}`}>
          <legend className={styles.fieldLabel}>{NATIVE_LANGUAGE_NAMES[language]}</legend>
          <TextField label={t('opsDraw:text_title')} maxLength={200} value={texts[language]!.title} onChange={(e) => set(language, 'title', e.target.value)} />
          <TextField label={t('opsDraw:text_conditions')} maxLength={4000} value={texts[language]!.conditions} onChange={(e) => set(language, 'conditions', e.target.value)} />
          <TextField label={t('opsDraw:text_result')} maxLength={4000} value={texts[language]!.result} onChange={(e) => set(language, 'result', e.target.value)} />
        </fieldset>
      ))}
    </ReasonDialog>
  );
}
