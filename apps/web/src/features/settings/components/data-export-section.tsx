import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/i18n/format';
import { useGetDataExportQuery, useStartDataExportMutation } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** How often the progress is asked while an export is being prepared. */
const POLL_MS = 2000;

/**
 * Download all my data (issue 34): ask for an archive of everything, watch it being prepared, then download its parts
 * (signed links valid for 7 days; the same links come by e-mail).
 */
export function DataExportSection() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [polling, setPolling] = useState(false);
  const status = useGetDataExportQuery(undefined, { pollingInterval: polling ? POLL_MS : 0 });
  const [start, starting] = useStartDataExportMutation();
  const [error, setError] = useState<string | null>(null);
  const current = status.data?.export ?? null;
  const running = current?.status === 'RUNNING';
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  useEffect(() => setPolling(running), [running]);

  const request = async () => {
    setError(null);
    try {
      await start().unwrap();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const percent = current?.bytesTotal ? Math.min(100, Math.round((current.bytesDone / current.bytesTotal) * 100)) : running ? 0 : 100;
  const until = current?.expiresAt ? new Date(current.expiresAt).toLocaleDateString(i18n.language) : '';

  return (
    <SettingsSection id="data-export" title={t('settings:export_heading')} text={t('settings:export_text')}>
      {current ? (
        <div data-testid="data-export-progress">
          <p role="status">
            {t(`settings:export_status_${current.status}`)}{' '}
            {running
              ? t('settings:export_counts', {
                  done: current.filesDone,
                  total: current.filesTotal ?? '…',
                  bytes: size(current.bytesDone),
                  bytesTotal: current.bytesTotal === null ? '…' : size(current.bytesTotal),
                })
              : null}
          </p>
          {running ? <progress max={100} value={percent} aria-label={t('settings:export_heading')} /> : null}
          {current.status === 'READY' ? (
            <>
              <p>{t('settings:export_until', { date: until })}</p>
              <ul>
                {current.parts.map((part) => (
                  <li key={part.number}>
                    <a href={part.url} download={part.name}>
                      {t('settings:export_part', { number: part.number, total: current.parts.length, size: size(part.bytes) })}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.sectionActions}>
        <Button size="sm" disabled={running} loading={starting.isLoading} onClick={() => void request()}>
          {current && !running ? t('settings:export_again') : t('settings:export_start')}
        </Button>
      </div>
    </SettingsSection>
  );
}
