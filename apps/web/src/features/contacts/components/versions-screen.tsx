import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { ContactsIcon, DownloadIcon, RestoreIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/i18n/format';
import {
  useDeleteContactVersionMutation,
  useExportContactVersionMutation,
  useImportContactsMutation,
  useListContactVersionsQuery,
  useRestoreContactVersionMutation,
  type ContactVersion,
  type ImportOutcome,
} from '../api';
import { saveTextFile } from '../save-file';
import styles from './contacts.module.css';

type Pending = { kind: 'restore' | 'delete'; version: ContactVersion } | null;

/** Where a version opens: the spec's details route with the backup's date and contact count in the query. */
export const versionPath = (v: ContactVersion) => `${paths.contacts}/${encodeURIComponent(v.id)}?date=${v.createdAt}&count=${v.count}`;

function ImportReport({ outcome, onClose }: { outcome: ImportOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const problems = [...outcome.skipped, ...outcome.warnings];
  return (
    <div className={styles.report} data-testid="contacts-import-report">
      <Alert tone="success">{t('contacts:import_done', { added: outcome.added, merged: outcome.merged })}</Alert>
      {problems.length > 0 ? (
        <details className={styles.problems}>
          <summary>{t('contacts:import_problems', { count: problems.length })}</summary>
          <ul>
            {problems.map((p) => (
              <li key={`${p.line}-${p.reason}`}>{t(`contacts:problem_${p.reason}`, { line: p.line })}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <Button variant="link" onClick={onClose}>
        {t('common:close')}
      </Button>
    </div>
  );
}

/** /main/contacts: the backup versions, newest first, with import, export, restore and delete. */
export function VersionsScreen() {
  const { ready } = useTranslation('contacts');
  const { t, i18n } = useTranslation();
  const versions = useListContactVersionsQuery();
  const [importFile, importState] = useImportContactsMutation();
  const [exportVersion] = useExportContactVersionMutation();
  const [restore, restoreState] = useRestoreContactVersionMutation();
  const [remove, removeState] = useDeleteContactVersionMutation();
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [error, setError] = useState<'import' | 'export' | 'action' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (!ready) return <Spinner size={32} />;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setOutcome(null);
    try {
      setOutcome(await importFile(file).unwrap());
    } catch {
      setError('import');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onExport = async (v: ContactVersion) => {
    setError(null);
    try {
      const text = await exportVersion(v.id).unwrap();
      saveTextFile(text, `contacts-${new Date(v.createdAt).toISOString().slice(0, 10)}.vcf`, 'text/vcard');
    } catch {
      setError('export');
    }
  };

  const onConfirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'restore') await restore(pending.version.id).unwrap();
      else await remove(pending.version.id).unwrap();
      setDone(pending.kind === 'restore' ? t('contacts:restore_done') : t('contacts:delete_done'));
    } catch {
      setError('action');
    }
    setPending(null);
  };

  const items = versions.data?.data.items ?? [];
  const date = (v: ContactVersion) => formatDateTime(v.createdAt, i18n.language);

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>{t('contacts:versions_intro')}</p>
        <input
          ref={input}
          type="file"
          accept=".vcf,text/vcard,text/x-vcard"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('contacts:import')}
          data-testid="contacts-import-input"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <Button onClick={() => input.current?.click()} loading={importState.isLoading} startIcon={<UploadIcon size={18} />}>
          {t('contacts:import')}
        </Button>
      </div>
      {error ? (
        <Alert tone="error" onClose={() => setError(null)}>
          {t(`contacts:${error}_error`)}
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      ) : null}
      {outcome ? <ImportReport outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      {versions.isLoading ? (
        <div className={styles.center}>
          <Spinner size={32} />
        </div>
      ) : versions.isError ? (
        <Alert tone="error">{t('contacts:load_error')}</Alert>
      ) : items.length === 0 ? (
        <EmptyState icon={<ContactsIcon size={32} />} title={t('contacts:versions_empty_title')} description={t('contacts:versions_empty_text')} />
      ) : (
        <ul className={styles.versions} aria-label={t('contacts:versions_label')}>
          {items.map((v) => (
            <li key={v.id} className={styles.version} data-testid="contacts-version">
              <div className={styles.versionMain}>
                <Link to={versionPath(v)} className={styles.versionLink}>
                  <time dateTime={new Date(v.createdAt).toISOString()}>{date(v)}</time>
                </Link>
                <span className={styles.meta}>
                  {t('contacts:count', { count: v.count })} · {t(`contacts:source_${v.source}`)}
                  {v.current ? <span className={styles.current}>{t('contacts:current')}</span> : null}
                </span>
              </div>
              <div className={styles.actions}>
                <Button variant="secondary" size="sm" startIcon={<DownloadIcon size={16} />} onClick={() => void onExport(v)} aria-label={`${t('contacts:export')} ${date(v)}`}>
                  {t('contacts:export')}
                </Button>
                {!v.current ? (
                  <Button variant="secondary" size="sm" startIcon={<RestoreIcon size={16} />} onClick={() => setPending({ kind: 'restore', version: v })} aria-label={`${t('contacts:restore')} ${date(v)}`}>
                    {t('contacts:restore')}
                  </Button>
                ) : null}
                <Button variant="ghost" size="sm" startIcon={<TrashIcon size={16} />} onClick={() => setPending({ kind: 'delete', version: v })} aria-label={`${t('contacts:delete')} ${date(v)}`}>
                  <span className={styles.hideNarrow}>{t('contacts:delete')}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'delete' ? t('contacts:delete_title') : t('contacts:restore_title')}
        description={pending ? t(pending.kind === 'delete' ? 'contacts:delete_text' : 'contacts:restore_text', { date: date(pending.version) }) : undefined}
        confirmLabel={pending?.kind === 'delete' ? t('contacts:delete') : t('contacts:restore')}
        danger={pending?.kind === 'delete'}
        loading={restoreState.isLoading || removeState.isLoading}
        onConfirm={() => void onConfirm()}
      />
    </div>
  );
}
