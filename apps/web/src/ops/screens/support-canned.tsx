import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/i18n/languages';
import { opsPaths } from '../api/session';
import { Page, Panel } from '../components/page';
import { QueryState } from '../components/query-state';
import { usePermission } from '../components/use-permission';
import { useOpsSupportCannedDeleteMutation, useOpsSupportCannedQuery, useOpsSupportCannedSaveMutation } from '../support/endpoints';
import type { CannedReply } from '../support/types';
import styles from '../components/page.module.css';

const TEXT_MAX = 4000;
const TITLE_MAX = 200;

/**
 * /ops/support/canned — the agents' canned replies, per interface language (the language in the address). Support and
 * admin write them here; the ticket screen offers those of the ticket's language.
 */
export function SupportCannedScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language = params.get('language') ?? 'tr';
  const canned = useOpsSupportCannedQuery(language);
  const canWrite = usePermission('ops.support.write');
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [remove, removing] = useOpsSupportCannedDeleteMutation();
  const items = canned.data?.items ?? [];

  return (
    <Page title={t('ops_support:canned_title')} testId="support-canned" actions={<Link to={opsPaths.support}>{t('ops_support:back_to_inbox')}</Link>}>
      <SelectField
        label={t('ops_support:filter_language')}
        value={language}
        onChange={(e) => {
          setEditing(null);
          setParams({ language: e.target.value }, { replace: true });
        }}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {NATIVE_LANGUAGE_NAMES[code]}
          </option>
        ))}
      </SelectField>
      <QueryState isLoading={canned.isLoading} error={canned.error} onRetry={() => void canned.refetch()}>
        {items.length === 0 ? (
          <p className={styles.muted}>{t('ops_support:canned_empty')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('ops_support:canned_title')}>
            {items.map((item) => (
              <li key={item.id} data-testid="canned-item">
                <strong>{item.title}</strong>
                <p>{item.text}</p>
                {canWrite ? (
                  <div className={styles.row}>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(item)} aria-label={t('ops_support:canned_edit_named', { title: item.title })}>
                      {t('ops_support:canned_edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={removing.isLoading && removing.originalArgs === item.id}
                      onClick={() => void remove(item.id)}
                      aria-label={t('ops_support:canned_delete_named', { title: item.title })}
                    >
                      {t('ops_support:canned_delete')}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {canWrite ? (
        <Panel title={editing ? t('ops_support:canned_edit') : t('ops_support:canned_new')}>
          {/* A new key per reply edited, so the form starts from that reply's text. */}
          <CannedForm key={editing?.id ?? `new-${language}`} language={language} editing={editing} onDone={() => setEditing(null)} />
        </Panel>
      ) : null}
    </Page>
  );
}

function CannedForm({ language, editing, onDone }: { language: string; editing: CannedReply | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [text, setText] = useState(editing?.text ?? '');
  const [failed, setFailed] = useState(false);
  const [save, saving] = useOpsSupportCannedSaveMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    try {
      await save({ id: editing?.id, language: editing?.language ?? language, title: title.trim(), text }).unwrap();
      setTitle('');
      setText('');
      onDone();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)}>
      <TextField label={t('ops_support:canned_field_title')} value={title} maxLength={TITLE_MAX} required onChange={(e) => setTitle(e.target.value)} />
      <label className={styles.fieldLabel} htmlFor="canned-text">
        {t('ops_support:canned_field_text')}
      </label>
      <textarea id="canned-text" className={styles.textarea} value={text} rows={4} maxLength={TEXT_MAX} required onChange={(e) => setText(e.target.value)} />
      {failed ? (
        <p className={styles.error} role="alert">
          {t('ops_support:canned_failed')}
        </p>
      ) : null}
      <div className={styles.row}>
        <Button type="submit" disabled={!title.trim() || !text.trim()} loading={saving.isLoading}>
          {t('ops_support:canned_save')}
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('ops_support:canned_cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
