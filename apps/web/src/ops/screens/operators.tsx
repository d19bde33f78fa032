import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { itemsOf, useOpsCreateOperatorMutation, useOpsListOperatorsQuery, useOpsMeQuery, useOpsSetOperatorRoleMutation, useOpsSetOperatorStatusMutation } from '../api/endpoints';
import { OPERATOR_ROLES, type Operator, type OperatorRole } from '../api/types';
import { when } from '../components/format';
import { Page, Panel, StatusPill } from '../components/page';
import { ActionDialog } from '../components/action-dialog';
import { RecordTable } from '../components/record-table';
import styles from '../components/page.module.css';

type Dialog = { kind: 'create' } | { kind: 'status'; operator: Operator } | { kind: 'role'; operator: Operator };

/** /ops/operators — who can use the console; a new operator gets a one-time set-up link (shown once, here). */
export function OperatorsScreen() {
  const { t } = useTranslation();
  const list = useOpsListOperatorsQuery();
  const me = useOpsMeQuery();
  const [create] = useOpsCreateOperatorMutation();
  const [setStatus] = useOpsSetOperatorStatusMutation();
  const [setRole] = useOpsSetOperatorRoleMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form, setForm] = useState<{ email: string; name: string; role: OperatorRole }>({ email: '', name: '', role: 'support' });
  const [role, setRoleChoice] = useState<OperatorRole>('support');
  const [setupUrl, setSetupUrl] = useState<string | null>(null);
  const close = () => setDialog(null);
  const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim());

  return (
    <Page title={t('ops:menu_operators')} actions={<Button onClick={() => setDialog({ kind: 'create' })}>{t('ops:operator_new')}</Button>}>
      {setupUrl ? (
        <Panel title={t('ops:setup_link_title')}>
          <p>{t('ops:setup_link_text')}</p>
          <p className={`${styles.code} ${styles.setupLink}`} data-testid="ops-setup-url">
            {setupUrl}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(setupUrl)}>
              {t('ops:copy')}
            </Button>
            <Button variant="ghost" onClick={() => setSetupUrl(null)}>
              {t('ops:done')}
            </Button>
          </div>
        </Panel>
      ) : null}
      <RecordTable query={list} label={t('ops:menu_operators')} columns={[t('ops:name'), t('ops:email'), t('ops:role'), t('ops:status'), t('ops:last_sign_in')]} actions>
        {itemsOf(list.data).map((operator) => {
          const self = operator.id === me.data?.id;
          const active = operator.status === 'ACTIVE';
          return (
            <tr key={operator.id}>
              <th scope="row">{operator.name}</th>
              <td>{operator.email}</td>
              <td>{t(`ops:role_${operator.role}`)}</td>
              <td>
                <StatusPill tone={active ? 'ok' : 'bad'}>{active ? t('ops:status_ACTIVE') : t('ops:status_DISABLED')}</StatusPill>
                {/* Created, but the one-time set-up link is not used yet: no password or authenticator. */}
                {operator.setupPending ? (
                  <>
                    {' '}
                    <StatusPill tone="warn">{t('ops:status_setup_pending')}</StatusPill>
                  </>
                ) : null}
              </td>
              <td>{when(operator.lastSignInAt)}</td>
              <td>
                {self ? (
                  <span className={styles.muted}>{t('ops:you')}</span>
                ) : (
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('ops:change_role_named', { name: operator.name })}
                      onClick={() => {
                        setRoleChoice(operator.role);
                        setDialog({ kind: 'role', operator });
                      }}
                    >
                      {t('ops:change_role')}
                    </Button>
                    <Button
                      variant={active ? 'danger' : 'secondary'}
                      size="sm"
                      aria-label={t(active ? 'ops:disable_named' : 'ops:enable_named', { name: operator.name })}
                      onClick={() => setDialog({ kind: 'status', operator })}
                    >
                      {active ? t('ops:disable') : t('ops:enable')}
                    </Button>
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </RecordTable>

      {dialog?.kind === 'create' ? (
        <ActionDialog
          onClose={close}
          title={t('ops:operator_new')}
          description={t('ops:operator_new_text')}
          confirmLabel={t('ops:create')}
          valid={emailOk && form.name.trim().length > 0}
          testId="ops-operator-dialog"
          onConfirm={async (reason) => {
            const result = await create({ email: form.email.trim(), name: form.name.trim(), role: form.role, reason }).unwrap();
            setSetupUrl(result.setupUrl);
            setForm({ email: '', name: '', role: 'support' });
          }}
        >
          <TextField label={t('ops:name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoComplete="off" />
          <TextField label={t('ops:email')} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} autoComplete="off" />
          <RoleSelect value={form.role} onChange={(next) => setForm({ ...form, role: next })} />
        </ActionDialog>
      ) : null}
      {dialog?.kind === 'status' ? (
        <ActionDialog
          onClose={close}
          title={t(dialog.operator.status === 'ACTIVE' ? 'ops:disable_named' : 'ops:enable_named', { name: dialog.operator.name })}
          description={dialog.operator.status === 'ACTIVE' ? t('ops:disable_text') : t('ops:enable_text')}
          confirmLabel={dialog.operator.status === 'ACTIVE' ? t('ops:disable') : t('ops:enable')}
          danger={dialog.operator.status === 'ACTIVE'}
          onConfirm={(reason) => setStatus({ id: dialog.operator.id, enable: dialog.operator.status !== 'ACTIVE', reason }).unwrap()}
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ActionDialog
          onClose={close}
          title={t('ops:change_role_named', { name: dialog.operator.name })}
          confirmLabel={t('ops:save')}
          valid={role !== dialog.operator.role}
          onConfirm={(reason) => setRole({ id: dialog.operator.id, role, reason }).unwrap()}
        >
          <RoleSelect value={role} onChange={setRoleChoice} />
        </ActionDialog>
      ) : null}
      {list.isError ? <Alert tone="error">{t('ops:load_failed')}</Alert> : null}
    </Page>
  );
}

function RoleSelect({ value, onChange }: { value: OperatorRole; onChange: (role: OperatorRole) => void }) {
  const { t } = useTranslation();
  return (
    <SelectField label={t('ops:role')} value={value} onChange={(e) => onChange(e.target.value as OperatorRole)} hint={t(`ops:role_${value}_hint`)}>
      {OPERATOR_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`ops:role_${role}`)}
        </option>
      ))}
    </SelectField>
  );
}
