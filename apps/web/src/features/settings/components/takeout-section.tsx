import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTakeoutStatusQuery } from '../api';
import { SettingsSection } from './settings-section';

/** How often the progress is asked while an import runs. */
const POLL_MS = 2000;

/**
 * The Google Photos Takeout import (issue 34): started from Files ("Import as photos" on the uploaded archive), its
 * progress and report shown here. Shows how to start when there has been none.
 */
export function TakeoutSection() {
  const { t } = useTranslation();
  const [polling, setPolling] = useState(false);
  const status = useTakeoutStatusQuery(undefined, { pollingInterval: polling ? POLL_MS : 0 });
  const run = status.data?.import ?? null;
  const running = run?.status === 'RUNNING';
  useEffect(() => setPolling(running), [running]);
  // A tarball is read once, so its count is known only at its end: until then the bar is indeterminate (no value).
  const percent = run?.mediaTotal ? Math.min(100, Math.round((run.mediaDone / run.mediaTotal) * 100)) : undefined;

  return (
    <SettingsSection id="takeout-import" title={t('settings:takeout_heading')} text={t('settings:takeout_text')}>
      {run ? (
        <div data-testid="takeout-progress">
          <p role="status">
            {t(`settings:takeout_status_${run.status}`)}{' '}
            {t('settings:takeout_counts', { done: run.mediaDone, total: run.mediaTotal ?? '…', imported: run.imported, skipped: run.skipped, albums: run.albums })}
          </p>
          {running ? <progress max={100} value={percent} aria-label={t('settings:takeout_heading')} /> : null}
          {run.failures.length > 0 ? (
            <details>
              <summary>{t('settings:takeout_failed', { count: run.failed })}</summary>
              <ul>
                {run.failures.map((f) => (
                  <li key={f.path}>
                    {f.path}: {t(`settings:takeout_reason_${f.reason}`)}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </SettingsSection>
  );
}
