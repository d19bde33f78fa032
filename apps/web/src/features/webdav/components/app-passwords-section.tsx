import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { SelectField, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/i18n/format';
import { useCreateAppPasswordMutation, useListAppPasswordsQuery, useRevokeAppPasswordMutation, type AppPassword, type AppPasswordScope } from '../api';
import styles from './webdav.module.css';

/** The address to type into Finder, Explorer, a Linux file manager or rclone. */
const mountUrl = () => `${window.location.origin}/dav/files/`;

/** The card a settings tab draws its sections in (the tab's own, so this one looks like its neighbours). */
export type SectionFrame = ComponentType<{ id: string; title: ReactNode; text?: ReactNode; children?: ReactNode }>;

/**
 * Settings → Security: device passwords for WebDAV (and CardDAV) clients, which cannot do two-factor sign-in.
 * A new password is shown once, in a dialog; the list shows names, scope and last use, and revokes.
 */
export function AppPasswordsSection({ frame: Frame }: { frame: SectionFrame }) {
  // Loaded on demand: the first render suspends until the namespace is there.
  useTranslation('webdav');
  const { t, i18n } = useTranslation();
  const query = useListAppPasswordsQuery();
  const [create, createState] = useCreateAppPasswordMutation();
  const [revoke, revokeState] = useRevokeAppPasswordMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AppPasswordScope>('files');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice(t('webdav:copied'));
    } catch {
      setError(t('webdav:copy_failed'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (name.trim() === '') {
      setNameError(t('webdav:name_required'));
      return;
    }
    setNameError(null);
    try {
      const result = await create({ name: name.trim(), scope }).unwrap();
      setCreated({ name: result.name, password: result.password });
      setName('');
      void query.refetch();
    } catch {
      setError(t('webdav:error'));
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setError(null);
    try {
      await revoke(revoking.id).unwrap();
      setNotice(t('webdav:revoked', { name: revoking.name }));
    } catch {
      setError(t('webdav:error'));
    }
    setRevoking(null);
    void query.refetch();
  };

  const items = query.data?.items ?? [];
  return (
    <Frame id="security-app-passwords" title={t('webdav:heading')} text={t('webdav:text')}>
      <div className={styles.mount}>
        <span className={styles.meta} id="webdav-url-label">
          {t('webdav:url_label')}
        </span>
        <code className={styles.url} aria-labelledby="webdav-url-label">
          {mountUrl()}
        </code>
        <Button variant="secondary" size="sm" onClick={() => void copy(mountUrl())}>
          {t('webdav:copy_url')}
        </Button>
      </div>
      <Alert tone="error" show={error !== null} onClose={() => setError(null)}>
        {error}
      </Alert>
      <Alert tone="success" show={notice !== null} onClose={() => setNotice(null)}>
        {notice}
      </Alert>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label={t('webdav:name_label')} hint={t('webdav:name_hint')} value={name} maxLength={100} error={nameError ?? undefined} onChange={(e) => setName(e.target.value)} />
        <SelectField label={t('webdav:scope_label')} value={scope} onChange={(e) => setScope(e.target.value as AppPasswordScope)}>
          <option value="files">{t('webdav:scope_files')}</option>
          <option value="contacts">{t('webdav:scope_contacts')}</option>
        </SelectField>
        <Button type="submit" loading={createState.isLoading}>
          {t('webdav:create')}
        </Button>
      </form>
      {query.isError ? <Alert tone="error">{t('webdav:error')}</Alert> : null}
      {query.isSuccess && items.length === 0 ? <p className={styles.meta}>{t('webdav:empty')}</p> : null}
      <ul className={styles.list} aria-label={t('webdav:list_label')}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <div>
              <div className={styles.name} id={`app-password-${item.id}`}>
                {item.name}
              </div>
              <div className={styles.meta}>
                {t(item.scope === 'files' ? 'webdav:scope_files' : 'webdav:scope_contacts')} ·{' '}
                {t('webdav:created_at', { date: formatDateTime(item.createdAt, i18n.language) })} ·{' '}
                {item.lastUsedAt === null ? t('webdav:never_used') : t('webdav:last_used', { date: formatDateTime(item.lastUsedAt, i18n.language) })}
              </div>
            </div>
            <Button variant="ghost" size="sm" aria-describedby={`app-password-${item.id}`} onClick={() => setRevoking(item)}>
              {t('webdav:revoke')}
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title={t('webdav:created_title', { name: created?.name ?? '' })}
        footer={
          <>
            <Button variant="secondary" onClick={() => created && void copy(created.password)}>
              {t('webdav:copy_password')}
            </Button>
            <Button onClick={() => setCreated(null)}>{t('webdav:done')}</Button>
          </>
        }
      >
        <p className={styles.meta}>{t('webdav:created_text')}</p>
        <code className={styles.secret} data-testid="app-password-secret">
          {created?.password}
        </code>
      </Modal>
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('webdav:revoke_title')}
        description={t('webdav:revoke_text', { name: revoking?.name ?? '' })}
        confirmLabel={t('webdav:revoke')}
        onConfirm={() => void confirmRevoke()}
        danger
        loading={revokeState.isLoading}
      />
    </Frame>
  );
}
