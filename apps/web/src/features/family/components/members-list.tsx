import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { TextField } from '@/components/ui/field';
import { formatBytes } from '@/i18n/format';
import { useRemoveFamilyMemberMutation, useSetFamilyMemberLimitMutation, type FamilyMember } from '../api';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import styles from './family.module.css';

const GIB = 1024 ** 3;
const fullName = (m: Pick<FamilyMember, 'name' | 'surname'>) => [m.name, m.surname].filter(Boolean).join(' ');

/** The admin's cap on one member, typed in GB (binary, like every size the app shows); empty clears it. */
function LimitForm({ member }: { member: FamilyMember }) {
  const { t } = useFamilyTranslation();
  const [value, setValue] = useState(member.limitBytes === null ? '' : String(Math.round((member.limitBytes / GIB) * 100) / 100));
  const [setLimit, state] = useSetFamilyMemberLimitMutation();
  const name = fullName(member);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const gb = Number(value.replace(',', '.'));
    const limitBytes = value.trim() === '' ? null : Math.round(gb * GIB);
    if (limitBytes !== null && (!Number.isFinite(gb) || limitBytes < 1)) return;
    void setLimit({ accountId: member.accountId, body: { limitBytes } });
  };
  return (
    <>
      <form className={styles.limit} onSubmit={submit}>
        <TextField label={t('family:limit_label', { name })} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
        <Button type="submit" size="sm" variant="secondary" loading={state.isLoading}>
          {value.trim() === '' ? t('family:clear_limit') : t('family:save_limit')}
        </Button>
      </form>
      <FamilyError error={state.error} onClose={state.reset} />
    </>
  );
}

/** Everyone in the family with their use; the admin also sets limits and removes members. */
export function MembersList({ members, isAdmin, poolQuota }: { members: FamilyMember[]; isAdmin: boolean; poolQuota: number }) {
  const { t, i18n } = useFamilyTranslation();
  const [removing, setRemoving] = useState<FamilyMember | null>(null);
  const [remove, removeState] = useRemoveFamilyMemberMutation();
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  return (
    <section className={styles.section} aria-labelledby="family-members-heading">
      <h2 id="family-members-heading" className={styles.heading}>
        {t('family:members_heading')}
      </h2>
      <ul className={styles.list} data-testid="family-members">
        {members.map((m) => (
          <li key={m.accountId} className={styles.item}>
            <div className={styles.itemMain}>
              <strong>{fullName(m)}</strong>
              <span className={styles.meta}>
                {t(`family:role_${m.role}`)} · <span dir="ltr">{m.contactMask}</span>
              </span>
              <span className={styles.meta}>
                {t('family:used_of_limit', { used: size(m.usedBytes), limit: size(m.limitBytes ?? poolQuota), percent: m.usagePercent })}
                {m.limitBytes === null ? ` · ${t('family:no_limit')}` : ''}
              </span>
            </div>
            {isAdmin && m.role === 'MEMBER' ? (
              <div className={styles.actions}>
                <LimitForm member={m} />
                <Button size="sm" variant="danger" onClick={() => setRemoving(m)} aria-label={`${t('family:remove_member')} ${fullName(m)}`}>
                  {t('family:remove_member')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <FamilyError error={removeState.error} onClose={removeState.reset} />
      <ConfirmModal
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('family:remove_confirm_title', { name: removing ? fullName(removing) : '' })}
        description={t('family:remove_confirm_text')}
        confirmLabel={t('family:remove_member')}
        danger
        loading={removeState.isLoading}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove(removing.accountId).unwrap();
          } finally {
            setRemoving(null);
          }
        }}
      />
    </section>
  );
}
