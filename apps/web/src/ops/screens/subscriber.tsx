import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useOpsGetSubscriberQuery, useOpsSubscriberActionMutation, type SubscriberAction } from '../api/endpoints';
import { opsPaths } from '../api/session';
import type { QuotaGrant, SubscriberDetail, SubscriberSession } from '../api/types';
import { bytes, count, when } from '../components/format';
import { Facts, Page, Panel, StatusPill } from '../components/page';
import { QueryState } from '../components/query-state';
import { ReasonDialog } from '../components/reason-dialog';
import { SimpleTable } from '../components/simple-table';
import { subscriberStatusTone } from '../components/status';
import { usePermission } from '../components/use-permission';
import styles from '../components/page.module.css';

const GIB = 1024 ** 3;

type DialogKind = 'suspend' | 'unsuspend' | 'sessions' | 'lockout' | 'quota' | 'verification' | 'twofactor';

function twoFactorMethods(detail: SubscriberDetail): string[] {
  return detail.twoFactor.enabled ? detail.twoFactor.methods : [];
}

/** A date a month from today, YYYY-MM-DD: the bonus quota's default expiry. */
function inAMonth(): string {
  const date = new Date(Date.now() + 30 * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * /ops/subscribers/:id — what support needs to help (status, package, quota and usage per kind, sessions, 2FA methods,
 * sign-ins, lockouts) and never what the subscriber stores; each action asks for a reason.
 */
export function SubscriberScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useOpsGetSubscriberQuery(id);
  const canWrite = usePermission('ops.subscriber.write');
  const canIdentity = usePermission('ops.subscriber.identity');
  const [act] = useOpsSubscriberActionMutation();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [grantGb, setGrantGb] = useState('10');
  const [grantUntil, setGrantUntil] = useState(inAMonth);
  const [channel, setChannel] = useState<'email' | 'phone'>('email');
  const [identityCheck, setIdentityCheck] = useState('');

  const run = (action: SubscriberAction) => (reason: string) => act({ id, reason, action }).unwrap();
  const open = (kind: DialogKind) => () => setDialog(kind);
  const dialogProps = (kind: DialogKind) => ({ open: dialog === kind, onOpenChange: (next: boolean) => setDialog(next ? kind : null) });

  const s = detail.data;
  const title = s ? [s.name, s.surname].filter(Boolean).join(' ') || s.email || s.phone || s.id : t('ops:subscriber');
  const suspended = s?.status === 'SUSPENDED';
  const sessions: SubscriberSession[] = s?.sessions ?? [];
  const grants: QuotaGrant[] = s?.grants ?? [];
  const lockout = s?.lockout ?? null;
  const grantBytes = Math.round(Number(grantGb) * GIB);
  const grantValid = Number.isFinite(grantBytes) && grantBytes > 0 && grantUntil > new Date().toISOString().slice(0, 10);

  return (
    <Page
      title={title}
      testId="ops-subscriber"
      actions={
        <Link to={opsPaths.subscribers} className={styles.muted}>
          {t('ops:back_to_search')}
        </Link>
      }
    >
      <QueryState isLoading={detail.isLoading} error={detail.error} onRetry={() => void detail.refetch()}>
        {s ? (
          <>
            <Panel
              title={t('ops:overview')}
              actions={
                canWrite ? (
                  suspended ? (
                    <Button onClick={open('unsuspend')}>{t('ops:action_unsuspend')}</Button>
                  ) : (
                    <Button variant="danger" onClick={open('suspend')}>
                      {t('ops:action_suspend')}
                    </Button>
                  )
                ) : null
              }
            >
              <Facts
                items={[
                  [t('ops:status'), <StatusPill key="s" tone={subscriberStatusTone(s.status)}>{statusLabel(t, s.status)}</StatusPill>],
                  [t('ops:email'), s.email ?? '—'],
                  [t('ops:phone'), <span key="p" dir="ltr">{s.phone ?? '—'}</span>],
                  [t('ops:id'), <span key="i" className={styles.mono}>{s.id}</span>],
                  [t('ops:created_at'), when(s.createdAt)],
                  [t('ops:plan'), s.package ? `${s.package.code} · ${s.package.status}` : t('ops:plan_free')],
                  [t('ops:renewal'), s.package ? when(s.package.renewsAt ?? s.package.periodEnd) : '—'],
                  [t('ops:family'), s.family ? [s.family.role, s.family.limitBytes === null ? null : bytes(s.family.limitBytes)].filter(Boolean).join(' · ') : '—'],
                ]}
              />
            </Panel>
            <div className={styles.grid}>
              <Panel
                title={t('ops:quota')}
                actions={canWrite ? <Button variant="secondary" size="sm" onClick={open('quota')}>{t('ops:action_grant')}</Button> : null}
              >
                <Facts
                  items={[
                    [t('ops:quota_used'), `${bytes(s.quota.usedBytes)} / ${bytes(s.quota.quotaBytes)}`],
                    [t('ops:quota_bonus'), bytes(s.quota.bonusBytes)],
                  ]}
                />
                <SimpleTable
                  label={t('ops:usage_by_kind')}
                  headers={[t('ops:kind'), t('ops:files'), t('ops:size')]}
                  numeric={[false, true, true]}
                  rows={s.usage.map((u) => [t(`ops:kind_${u.kind.toLowerCase()}` as 'ops:kind_other', { defaultValue: u.kind }), count(u.files), bytes(u.bytes)])}
                  empty={t('ops:none')}
                />
                {grants.length > 0 ? (
                  <SimpleTable
                    label={t('ops:grants')}
                    headers={[t('ops:size'), t('ops:expires_at')]}
                    numeric={[true, false]}
                    rows={grants.map((g) => [bytes(g.bytes), when(g.endedAt ?? g.expiresAt)])}
                    empty={t('ops:none')}
                  />
                ) : null}
              </Panel>
              <Panel
                title={t('ops:security')}
                actions={
                  <>
                    {canWrite ? (
                      <Button variant="secondary" size="sm" onClick={open('verification')}>
                        {t('ops:action_resend')}
                      </Button>
                    ) : null}
                    {canIdentity && twoFactorMethods(s).length > 0 ? (
                      <Button variant="secondary" size="sm" onClick={open('twofactor')}>
                        {t('ops:action_remove_2fa')}
                      </Button>
                    ) : null}
                  </>
                }
              >
                <Facts
                  items={[
                    [t('ops:two_factor'), twoFactorMethods(s).join(', ') || t('ops:none')],
                    [t('ops:email_verified'), s.emailVerified === undefined ? '—' : s.emailVerified ? t('ops:yes') : t('ops:no')],
                    [t('ops:phone_verified'), s.phoneVerified === undefined ? '—' : s.phoneVerified ? t('ops:yes') : t('ops:no')],
                  ]}
                />
                <div className={styles.panelHeader}>
                  <h3 className={styles.statLabel}>{t('ops:lockouts')}</h3>
                  {canWrite && lockout ? (
                    <Button variant="secondary" size="sm" onClick={open('lockout')}>
                      {t('ops:action_lift_lockout')}
                    </Button>
                  ) : null}
                </div>
                <SimpleTable
                  label={t('ops:lockouts')}
                  headers={[t('ops:failures'), t('ops:until')]}
                  numeric={[true, false]}
                  rows={lockout ? [[count(lockout.failures), lockout.lockedUntil ? when(lockout.lockedUntil) : '—']] : []}
                  empty={t('ops:no_lockouts')}
                />
              </Panel>
            </div>
            <Panel
              title={t('ops:sessions')}
              actions={canWrite && sessions.length > 0 ? <Button variant="secondary" size="sm" onClick={open('sessions')}>{t('ops:action_end_sessions')}</Button> : null}
            >
              <SimpleTable
                label={t('ops:sessions')}
                headers={[t('ops:device'), t('ops:created_at'), t('ops:last_seen')]}
                numeric={[false, false, false]}
                rows={sessions.map((x) => [x.deviceName || x.deviceType, when(x.createdAt), when(x.lastSeenAt)])}
                empty={t('ops:none')}
              />
            </Panel>
            <Panel title={t('ops:sign_ins')}>
              <SimpleTable
                label={t('ops:sign_ins')}
                headers={[t('ops:when'), t('ops:ip'), t('ops:device'), t('ops:outcome')]}
                numeric={[false, false, false, false]}
                rows={s.signIns.map((x) => [when(x.at), <span key="ip" dir="ltr">{x.ip}</span>, x.deviceType, x.result])}
                empty={t('ops:none')}
              />
            </Panel>

            <ReasonDialog {...dialogProps('suspend')} title={t('ops:suspend_title')} description={t('ops:suspend_text')} confirmLabel={t('ops:action_suspend')} danger onConfirm={run({ kind: 'suspend' })} testId="ops-dialog-suspend" />
            <ReasonDialog {...dialogProps('unsuspend')} title={t('ops:unsuspend_title')} description={t('ops:unsuspend_text')} confirmLabel={t('ops:action_unsuspend')} onConfirm={run({ kind: 'unsuspend' })} />
            <ReasonDialog {...dialogProps('sessions')} title={t('ops:end_sessions_title')} description={t('ops:end_sessions_text')} confirmLabel={t('ops:action_end_sessions')} danger onConfirm={run({ kind: 'sessions/end' })} />
            <ReasonDialog {...dialogProps('lockout')} title={t('ops:lift_lockout_title')} description={t('ops:lift_lockout_text')} confirmLabel={t('ops:action_lift_lockout')} onConfirm={run({ kind: 'lockout/lift' })} />
            <ReasonDialog
              {...dialogProps('quota')}
              title={t('ops:grant_title')}
              description={t('ops:grant_text')}
              confirmLabel={t('ops:action_grant')}
              valid={grantValid}
              onConfirm={run({ kind: 'quota-grants', bytes: grantBytes, expiresAt: new Date(`${grantUntil}T23:59:59`).toISOString() })}
            >
              <div className={styles.row}>
                <TextField label={t('ops:grant_gb')} type="number" min={1} step={1} inputMode="numeric" value={grantGb} onChange={(e) => setGrantGb(e.target.value)} />
                <TextField label={t('ops:expires_at')} type="date" value={grantUntil} onChange={(e) => setGrantUntil(e.target.value)} />
              </div>
            </ReasonDialog>
            <ReasonDialog
              {...dialogProps('verification')}
              title={t('ops:resend_title')}
              description={t('ops:resend_text')}
              confirmLabel={t('ops:action_resend')}
              onConfirm={run({ kind: 'verification/resend', channel })}
            >
              <SelectField label={t('ops:channel')} value={channel} onChange={(e) => setChannel(e.target.value as 'email' | 'phone')}>
                <option value="email">{t('ops:email')}</option>
                <option value="phone">{t('ops:phone')}</option>
              </SelectField>
            </ReasonDialog>
            <ReasonDialog
              {...dialogProps('twofactor')}
              title={t('ops:remove_2fa_title')}
              description={t('ops:remove_2fa_text')}
              confirmLabel={t('ops:action_remove_2fa')}
              danger
              valid={identityCheck.trim().length >= 3}
              onConfirm={run({ kind: 'two-factor/remove', identityCheck: identityCheck.trim() })}
            >
              <TextField label={t('ops:identity_check')} hint={t('ops:identity_check_hint')} value={identityCheck} onChange={(e) => setIdentityCheck(e.target.value)} />
            </ReasonDialog>
          </>
        ) : null}
      </QueryState>
    </Page>
  );
}

function statusLabel(t: (key: 'ops:status_ACTIVE', options?: { defaultValue: string }) => string, status: string): string {
  return t(`ops:status_${status}` as 'ops:status_ACTIVE', { defaultValue: status });
}
