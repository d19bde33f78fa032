import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { DropboxStatusApiResponse } from '@/api/generated/migration';
import { formatBytes } from '@/i18n/format';
import {
  useDropboxAuthorizeUrlMutation,
  useDropboxConnectMutation,
  useDropboxDisconnectMutation,
  useDropboxStartMutation,
  useDropboxStatusQuery,
  useLazyDropboxStatusQuery,
} from '../api';
import { useErrorText } from '../hooks/use-messages';
import { SettingsSection, StatusPill } from './settings-section';
import styles from './settings.module.css';

/** The service's name (a brand, the same in every language). */
const DROPBOX = 'Dropbox';
/** How often the progress is asked while an import runs. */
const POLL_MS = 2000;

/**
 * Import from Dropbox: connect (Dropbox's consent page, back here with a code the server exchanges), check what
 * would come and whether it fits, start, watch the progress, disconnect. Hidden when the server has it off (404).
 */
export function DropboxSection() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const [polling, setPolling] = useState(false);
  const status = useDropboxStatusQuery(undefined, { pollingInterval: polling ? POLL_MS : 0 });
  const [check, checked] = useLazyDropboxStatusQuery();
  const [authorize, authorizing] = useDropboxAuthorizeUrlMutation();
  const [connect, connecting] = useDropboxConnectMutation();
  const [start, starting] = useDropboxStartMutation();
  const [disconnect, disconnecting] = useDropboxDisconnectMutation();
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const running = status.data?.import?.status === 'RUNNING';

  useEffect(() => setPolling(running), [running]);

  // Back from Dropbox's consent page: the code and state are in the address; the server exchanges the code.
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || (!code && !denied)) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    for (const key of ['code', 'state', 'error', 'error_description']) next.delete(key);
    setParams(next, { replace: true });
    if (denied || !code || !state) {
      setError(t('settings:dropbox_denied'));
      return;
    }
    connect({ code, state })
      .unwrap()
      .catch((failure: unknown) => setError(errorText(failure)));
  }, [code, state, denied, params, setParams, connect, errorText, t]);

  // Off on this server (404), or not known yet: nothing to offer.
  if (!status.data) return null;
  const data = status.data;
  const progress = data.import ?? null;

  const goToDropbox = async () => {
    setError(null);
    try {
      const { url } = await authorize().unwrap();
      window.location.assign(url);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const act = async (call: () => Promise<unknown>, own: Record<string, string> = {}) => {
    setError(null);
    try {
      await call();
    } catch (failure) {
      setError(errorText(failure, own));
    }
  };
  const quotaText = { QUOTA_EXCEEDED: t('settings:dropbox_not_fit'), '413': t('settings:dropbox_not_fit') };

  return (
    <SettingsSection id="dropbox-import" title={t('settings:dropbox_heading')} text={t('settings:dropbox_text')}>
      <div className={styles.toggleText}>
        <span className={styles.toggleLabel}>
          {DROPBOX} <StatusPill on={data.connected} onText={t('settings:connected')} offText={t('settings:not_connected')} />
        </span>
        {data.connected ? <span className={styles.toggleDescription}>{t('settings:dropbox_account', { email: data.email ?? '' })}</span> : null}
      </div>
      {checked.data?.toImport ? (
        <p role="status">
          {t('settings:dropbox_to_import', { count: checked.data.toImport.files, size: size(checked.data.toImport.bytes) })}{' '}
          {t('settings:dropbox_fits', { free: size(checked.data.toImport.freeBytes) })}
        </p>
      ) : null}
      {progress ? <DropboxProgress progress={progress} size={size} /> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.sectionActions}>
        {data.connected ? (
          <>
            <Button variant="secondary" size="sm" loading={checked.isFetching} onClick={() => void act(() => check(true).unwrap(), quotaText)}>
              {t('settings:dropbox_check')}
            </Button>
            <Button size="sm" disabled={running} loading={starting.isLoading} onClick={() => void act(() => start().unwrap(), quotaText)}>
              {progress ? t('settings:dropbox_start_again') : t('settings:dropbox_start')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirm(true)}>
              {t('settings:disconnect')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" loading={authorizing.isLoading || connecting.isLoading} onClick={() => void goToDropbox()}>
            {t('settings:connect', { provider: DROPBOX })}
          </Button>
        )}
      </div>
      <ConfirmModal
        open={confirm}
        onOpenChange={setConfirm}
        title={t('settings:disconnect_title', { provider: DROPBOX })}
        description={t('settings:dropbox_disconnect_text')}
        confirmLabel={t('settings:disconnect')}
        danger
        loading={disconnecting.isLoading}
        onConfirm={() => {
          void act(() => disconnect().unwrap()).finally(() => setConfirm(false));
        }}
      />
    </SettingsSection>
  );
}

type Progress = NonNullable<DropboxStatusApiResponse['import']>;

function DropboxProgress({ progress: p, size }: { progress: Progress; size: (bytes: number) => string }) {
  const { t } = useTranslation();
  const percent = p.bytesTotal ? Math.min(100, Math.round((p.bytesDone / p.bytesTotal) * 100)) : p.status === 'RUNNING' ? 0 : 100;
  const minutes = p.secondsLeft === null ? null : Math.max(1, Math.ceil(p.secondsLeft / 60));
  return (
    <div data-testid="dropbox-progress">
      <p role="status">
        {t(`settings:dropbox_status_${p.status}`)}{' '}
        {t('settings:dropbox_counts', { done: p.filesDone, total: p.filesTotal ?? '…', bytes: size(p.bytesDone), bytesTotal: p.bytesTotal === null ? '…' : size(p.bytesTotal) })}
      </p>
      <progress max={100} value={percent} aria-label={t('settings:dropbox_heading')} />
      {p.status === 'RUNNING' ? (
        <p>{minutes === null ? t('settings:dropbox_speed', { speed: size(p.bytesPerSecond) }) : t('settings:dropbox_speed_left', { speed: size(p.bytesPerSecond), count: minutes })}</p>
      ) : null}
      {p.filesUnchanged > 0 ? <p>{t('settings:dropbox_unchanged', { count: p.filesUnchanged })}</p> : null}
      {p.failures.length > 0 ? (
        <details>
          <summary>{t('settings:dropbox_failed', { count: p.filesFailed })}</summary>
          <ul>
            {p.failures.map((f) => (
              <li key={f.path}>
                {f.path}: {t(`settings:dropbox_reason_${f.reason}`)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
