import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { NATIVE_LANGUAGE_NAMES, SUPPORTED_LANGUAGES, isSupportedLanguage } from '@/i18n/languages';
import { itemsOf, useOpsConfigHistoryQuery, useOpsListConfigQuery, useOpsRollbackConfigMutation, useOpsUpdateConfigMutation } from '../api/endpoints';
import type { ConfigKey, ConfigVersion } from '../api/types';
import { when } from '../components/format';
import { Page } from '../components/page';
import { QueryState } from '../components/query-state';
import { ActionDialog } from '../components/action-dialog';
import { usePermission } from '../components/use-permission';
import { RecordTable } from '../components/record-table';
import styles from '../components/page.module.css';

/** Whether `value` is acceptable for the key (the server validates again and answers 400 with the field). */
export function validConfigValue(key: ConfigKey, value: string): boolean {
  switch (key.type) {
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'integer': {
      if (!/^-?\d+$/.test(value.trim())) return false;
      const n = Number(value);
      return (key.min === undefined || n >= key.min) && (key.max === undefined || n <= key.max);
    }
    case 'enum':
      return (key.allowed ?? []).includes(value);
    case 'json':
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    default:
      return true;
  }
}

function languageName(t: (key: 'ops:all_languages') => string, language: string): string {
  return isSupportedLanguage(language) ? NATIVE_LANGUAGE_NAMES[language] : t('ops:all_languages');
}

/** /ops/config — every remote-config key with its type and values; edit (validated), history and rollback. */
export function ConfigScreen() {
  const { t } = useTranslation();
  const list = useOpsListConfigQuery();
  const canWrite = usePermission('ops.config.write');
  const [editing, setEditing] = useState<ConfigKey | null>(null);
  const [history, setHistory] = useState<ConfigKey | null>(null);
  const [filter, setFilter] = useState('');
  const items = itemsOf(list.data).filter((key) => key.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Page title={t('ops:menu_config')}>
      <TextField label={t('ops:config_filter')} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <RecordTable query={list} label={t('ops:menu_config')} columns={[t('ops:key'), t('ops:type'), t('ops:values'), t('ops:updated_at')]} actions>
        {items.map((key) => (
          <tr key={key.name} data-testid={`ops-config-${key.name}`}>
            <th scope="row">
              <span className={styles.code}>{key.name}</span>
              {key.summary ? <div className={styles.muted}>{key.summary}</div> : null}
            </th>
            <td>
              {t(`ops:type_${key.type}`)}
              {key.allowed?.length ? <div className={styles.muted}>{key.allowed.join(' · ')}</div> : null}
              {key.min !== undefined || key.max !== undefined ? (
                <div className={styles.muted}>{t('ops:range', { min: key.min ?? '−∞', max: key.max ?? '∞' })}</div>
              ) : null}
            </td>
            <td>
              <ul className={styles.valueList}>
                {key.values.map((v) => (
                  <li key={v.language}>
                    <span className={styles.muted}>{languageName(t, v.language)}:</span> <span className={styles.code}>{v.value}</span>
                  </li>
                ))}
              </ul>
            </td>
            <td>{when(key.updatedAt)}</td>
            <td>
              <div className={styles.actions}>
                {canWrite ? (
                  <Button variant="secondary" size="sm" onClick={() => setEditing(key)} aria-label={t('ops:edit_named', { name: key.name })}>
                    {t('ops:edit')}
                  </Button>
                ) : null}
                <Button variant="ghost" size="sm" onClick={() => setHistory(key)} aria-label={t('ops:history_named', { name: key.name })}>
                  {t('ops:history')}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </RecordTable>
      {editing ? <EditDialog key={editing.name} configKey={editing} onClose={() => setEditing(null)} /> : null}
      {history ? <HistoryDialog key={history.name} configKey={history} canWrite={canWrite} onClose={() => setHistory(null)} /> : null}
    </Page>
  );
}

function EditDialog({ configKey, onClose }: { configKey: ConfigKey; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useOpsUpdateConfigMutation();
  const languages = [...new Set([...configKey.values.map((v) => v.language), ...SUPPORTED_LANGUAGES])];
  const [language, setLanguage] = useState(languages[0] ?? 'tr');
  const current = configKey.values.find((v) => v.language === language)?.value ?? '';
  const [value, setValue] = useState(current);
  const valid = validConfigValue(configKey, value);
  return (
    <ActionDialog
      onClose={onClose}
      title={t('ops:config_edit_title', { name: configKey.name })}
      description={t('ops:config_edit_text')}
      confirmLabel={t('ops:save')}
      valid={valid}
      testId="ops-config-dialog"
      onConfirm={(reason) => update({ name: configKey.name, language, value, reason }).unwrap()}
    >
      <SelectField
        label={t('ops:language')}
        value={language}
        onChange={(e) => {
          setLanguage(e.target.value);
          setValue(configKey.values.find((v) => v.language === e.target.value)?.value ?? '');
        }}
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {languageName(t, l)}
          </option>
        ))}
      </SelectField>
      {configKey.type === 'boolean' || configKey.type === 'enum' ? (
        <SelectField label={t('ops:value')} value={value} onChange={(e) => setValue(e.target.value)}>
          {value === '' ? <option value="">—</option> : null}
          {(configKey.type === 'boolean' ? ['true', 'false'] : (configKey.allowed ?? [])).map((option) => (
            <option key={option} value={option}>
              {configKey.type === 'boolean' ? t(option === 'true' ? 'ops:on' : 'ops:off') : option}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField
          label={t('ops:value')}
          value={value}
          inputMode={configKey.type === 'integer' ? 'numeric' : undefined}
          dir="ltr"
          onChange={(e) => setValue(e.target.value)}
          error={value !== '' && !valid ? t(configKey.type === 'json' ? 'ops:invalid_json' : 'ops:invalid_value') : undefined}
        />
      )}
    </ActionDialog>
  );
}

function HistoryDialog({ configKey, canWrite, onClose }: { configKey: ConfigKey; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useOpsConfigHistoryQuery(configKey.name);
  const [rollback] = useOpsRollbackConfigMutation();
  const [target, setTarget] = useState<ConfigVersion | null>(null);
  const versions = itemsOf(history.data);
  return (
    <>
      <Modal open={!target} onOpenChange={(open) => (open ? undefined : onClose())} title={t('ops:history_title', { name: configKey.name })} data-testid="ops-config-history">
        <QueryState isLoading={history.isLoading} error={history.error}>
          {versions.length === 0 ? (
            <p className={styles.muted}>{t('ops:history_empty')}</p>
          ) : (
            <ol className={styles.list}>
              {versions.map((version) => (
                <li key={version.id} className={styles.stat}>
                  <div className={styles.panelHeader}>
                    <span>
                      <span className={styles.code}>{version.value}</span>{' '}
                      <span className={styles.muted}>({languageName(t, version.language)})</span>
                    </span>
                    {canWrite ? (
                      <Button variant="secondary" size="sm" onClick={() => setTarget(version)}>
                        {t('ops:rollback')}
                      </Button>
                    ) : null}
                  </div>
                  <div className={styles.muted}>
                    {when(version.createdAt)}
                    {version.operatorEmail ? ` · ${version.operatorEmail}` : ''}
                    {version.reason ? ` · ${version.reason}` : ''}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </Modal>
      {target ? (
        <ActionDialog
          onClose={() => setTarget(null)}
          title={t('ops:rollback_title', { name: configKey.name })}
          description={t('ops:rollback_text', { value: target.value })}
          confirmLabel={t('ops:rollback')}
          onConfirm={async (reason) => {
            await rollback({ name: configKey.name, versionId: target.id, reason }).unwrap();
            onClose();
          }}
        />
      ) : null}
    </>
  );
}
