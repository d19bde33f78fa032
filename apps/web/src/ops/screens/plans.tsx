import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox, TextField } from '@/components/ui/field';
import { currentLanguage } from '@/i18n/i18n';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { itemsOf, useOpsListPlansQuery, useOpsUpdatePlanMutation } from '../api/endpoints';
import { PLAN_FEATURES, type Plan, type PlanFeature } from '../api/types';
import { bytes, count, money } from '../components/format';
import { Page, StatusPill } from '../components/page';
import { ActionDialog } from '../components/action-dialog';
import { usePermission } from '../components/use-permission';
import { RecordTable } from '../components/record-table';
import styles from '../components/page.module.css';

const GIB = 1024 ** 3;

/** A plan's name in the interface language, else English, else any. */
export function planName(plan: Plan): string {
  return plan.names[currentLanguage()] ?? plan.names.en ?? Object.values(plan.names)[0] ?? plan.id;
}

/** /ops/plans — the package catalogue; a price change applies from each subscriber's next renewal. */
export function PlansScreen() {
  const { t } = useTranslation();
  const plans = useOpsListPlansQuery();
  const canWrite = usePermission('ops.plan.write');
  const [editing, setEditing] = useState<Plan | null>(null);
  const items = itemsOf(plans.data);
  return (
    <Page title={t('ops:menu_plans')}>
      <RecordTable
        query={plans}
        label={t('ops:menu_plans')}
        columns={[
          t('ops:name'),
          { label: t('ops:quota'), numeric: true },
          { label: t('ops:price'), numeric: true },
          t('ops:period'),
          { label: t('ops:family_seats'), numeric: true },
          t('ops:visibility'),
        ]}
        actions={canWrite}
      >
        {items.map((plan) => (
          <tr key={plan.id}>
            <th scope="row">{planName(plan)}</th>
            <td className={styles.num}>{bytes(plan.quotaBytes)}</td>
            <td className={styles.num}>{money(plan.priceMinor, plan.currency)}</td>
            <td>{t(`ops:period_${plan.period.toLowerCase()}` as 'ops:period_monthly', { defaultValue: plan.period })}</td>
            <td className={styles.num}>{count(plan.familySeats)}</td>
            <td>
              <StatusPill tone={plan.visible ? 'ok' : 'muted'}>{plan.visible ? t('ops:visible') : t('ops:hidden')}</StatusPill>
            </td>
            {canWrite ? (
              <td>
                <Button variant="secondary" size="sm" onClick={() => setEditing(plan)} aria-label={t('ops:edit_named', { name: planName(plan) })}>
                  {t('ops:edit')}
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </RecordTable>
      {editing ? <PlanDialog key={editing.id} plan={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function PlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useOpsUpdatePlanMutation();
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, plan.names[l] ?? ''])));
  const [quotaGb, setQuotaGb] = useState(String(Math.round((plan.quotaBytes / GIB) * 100) / 100));
  const [price, setPrice] = useState((plan.priceMinor / 100).toFixed(2));
  const [seats, setSeats] = useState(String(plan.familySeats));
  const [features, setFeatures] = useState<PlanFeature[]>(plan.features);
  const [visible, setVisible] = useState(plan.visible);
  const priceMinor = Math.round(Number(price.replace(',', '.')) * 100);
  const quotaBytes = Math.round(Number(quotaGb.replace(',', '.')) * GIB);
  const valid =
    SUPPORTED_LANGUAGES.every((l) => (names[l] ?? '').trim().length > 0) &&
    Number.isFinite(priceMinor) && priceMinor >= 0 &&
    Number.isFinite(quotaBytes) && quotaBytes > 0 &&
    Number.isInteger(Number(seats)) && Number(seats) >= 0;
  return (
    <ActionDialog
      onClose={onClose}
      title={t('ops:plan_edit_title', { name: planName(plan) })}
      description={t('ops:plan_price_note')}
      confirmLabel={t('ops:save')}
      valid={valid}
      testId="ops-plan-dialog"
      onConfirm={(reason) =>
        update({
          id: plan.id,
          body: {
            // Every supported language is named (checked by `valid`): the contract's object of 11 names.
            names: Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, (names[l] ?? '').trim()])) as Plan['names'],
            quotaBytes,
            priceMinor,
            currency: plan.currency,
            period: plan.period,
            familySeats: Number(seats),
            features,
            visible,
            reason,
          },
        }).unwrap()
      }
    >
      <fieldset className={`${styles.form} ${styles.fieldset}`}>
        <legend className={styles.fieldLabel}>{t('ops:plan_names')}</legend>
        <div className={styles.grid}>
          {SUPPORTED_LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={NATIVE_LANGUAGE_NAMES[language]}
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
              value={names[language] ?? ''}
              onChange={(e) => setNames({ ...names, [language]: e.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <div className={styles.row}>
        <TextField label={t('ops:quota_gb')} type="number" min={1} inputMode="decimal" value={quotaGb} onChange={(e) => setQuotaGb(e.target.value)} />
        <TextField label={t('ops:price_in', { currency: plan.currency })} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        <TextField label={t('ops:family_seats')} type="number" min={0} inputMode="numeric" value={seats} onChange={(e) => setSeats(e.target.value)} />
      </div>
      <fieldset className={`${styles.form} ${styles.fieldset}`}>
        <legend className={styles.fieldLabel}>{t('ops:features')}</legend>
        {PLAN_FEATURES.map((feature) => (
          <Checkbox
            key={feature}
            label={feature}
            checked={features.includes(feature)}
            onChange={(e) => setFeatures((now) => (e.target.checked ? [...now, feature] : now.filter((f) => f !== feature)))}
          />
        ))}
      </fieldset>
      <Checkbox label={t('ops:visible_to_subscribers')} checked={visible} onChange={(e) => setVisible(e.target.checked)} />
    </ActionDialog>
  );
}
