import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/state/hooks';
import { AlertIcon, CheckIcon, ChevronDownIcon, CloseIcon, RefreshIcon, UploadIcon } from '@/components/ui/icons';
import { formatNumber } from '@/i18n/intl';
import { formatBytes } from '@/i18n/format';
import { durationParts, LONG_UPLOAD_SECONDS, secondsLeft } from '../upload-math';
import { allUploads, uploadTotals, type UploadItem } from '../upload-slice';
import { UploadStatus } from '../upload-status';
import styles from './upload.module.css';

export interface UploadPanelProps {
  onCancel: (uuid: string) => void;
  onRetry: (uuid: string) => void;
  /** Opens the picker to choose paused files again. */
  onResume: () => void;
  onClear: () => void;
}

type StatusKey =
  | 'upload:status_waiting'
  | 'upload:status_paused'
  | 'upload:status_cancelled'
  | 'upload:status_failed'
  | 'upload:status_failed_quota'
  | 'upload:status_failed_session'
  | 'upload:status_failed_not_found'
  | 'upload:status_failed_read_only'
  | 'upload:status_installed'
  | 'upload:status_loading'
  | 'upload:status_retrying'
  | 'upload:status_empty'
  | 'upload:status_timeout';

/** The text for each of the seven statuses (and the paused and retrying variants). */
export function statusKey(item: UploadItem): StatusKey {
  switch (item.status) {
    case UploadStatus.NotStarted:
      return item.needsFile ? 'upload:status_paused' : 'upload:status_waiting';
    case UploadStatus.Cancelled:
      return 'upload:status_cancelled';
    case UploadStatus.Failed:
      return item.failure && item.failure !== 'server' ? `upload:status_failed_${item.failure}` : 'upload:status_failed';
    case UploadStatus.Installed:
      return 'upload:status_installed';
    case UploadStatus.Loading:
      return item.retrying ? 'upload:status_retrying' : 'upload:status_loading';
    case UploadStatus.Empty:
      return 'upload:status_empty';
    case UploadStatus.Timeout:
      return 'upload:status_timeout';
  }
}

function UploadRow({ item, onCancel, onRetry, onResume }: { item: UploadItem } & Omit<UploadPanelProps, 'onClear'>) {
  const { t, i18n } = useTranslation();
  const problem = item.status === UploadStatus.Failed || item.status === UploadStatus.Timeout || item.status === UploadStatus.Empty;
  const cancellable = item.status === UploadStatus.NotStarted || item.status === UploadStatus.Loading;
  const retryable = item.status === UploadStatus.Failed || item.status === UploadStatus.Timeout;
  const nameId = useId();
  return (
    <li className={styles.item} aria-labelledby={nameId} data-name={item.name} data-status={item.status}>
      <div className={styles.itemHead}>
        <span className={styles.itemName} id={nameId} title={item.name}>
          <bdi>{item.name}</bdi>
        </span>
        <span className={styles.itemButtons}>
          {item.needsFile ? (
            <button type="button" className={styles.textButton} onClick={onResume} data-testid="upload-resume">
              {t('upload:choose_again')}
            </button>
          ) : null}
          {retryable ? (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => onRetry(item.uuid)}
              aria-label={t('upload:retry_item', { name: item.name })}
              title={t('upload:retry')}
            >
              <RefreshIcon size={16} />
            </button>
          ) : null}
          {cancellable ? (
            <button
              type="button"
              className={styles.iconButton}
              onClick={() => onCancel(item.uuid)}
              aria-label={t('upload:cancel_item', { name: item.name })}
              title={t('upload:cancel')}
            >
              <CloseIcon size={16} />
            </button>
          ) : null}
          {item.status === UploadStatus.Installed ? <CheckIcon size={18} className={styles.okIcon} aria-hidden="true" /> : null}
          {problem ? <AlertIcon size={18} className={styles.problemIcon} aria-hidden="true" /> : null}
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        aria-label={t('upload:progress_of', { name: item.name })}
      >
        <span className={`${styles.fill} ${problem ? styles.fillProblem : ''}`} style={{ inlineSize: `${item.progress}%` }} />
      </div>
      <div className={styles.itemMeta}>
        <span className={problem ? styles.problemText : undefined}>
          {t(statusKey(item))}
          {item.familyLibrary ? <span data-testid="upload-to-family"> · {t('upload:to_family_library')}</span> : null}
        </span>
        <span className={styles.itemNumbers}>
          <span dir="ltr">{formatBytes(item.size, i18n.language)}</span> · <span dir="ltr">{t('upload:percent', { percent: item.progress })}</span>
        </span>
      </div>
      <Pace estimate={estimateOf([item])} />
    </li>
  );
}

/** Speed and time left of the uploads still running, or null while unknown or when they will be done soon. */
export function estimateOf(items: readonly UploadItem[]): { bytesPerSecond: number; seconds: number } | null {
  const running = items.filter((item) => item.status === UploadStatus.Loading && !item.retrying);
  const bytesPerSecond = running.reduce((sum, item) => sum + (item.rate?.bytesPerSecond ?? 0), 0);
  if (running.length === 0 || running.some((item) => item.rate?.bytesPerSecond === undefined)) return null;
  // Files still waiting their turn count too: they go through the same link.
  const waiting = items.filter((item) => item.status === UploadStatus.NotStarted && !item.needsFile);
  const remaining =
    running.reduce((sum, item) => sum + Math.max(0, item.size - (item.rate?.bytes ?? 0)), 0) + waiting.reduce((sum, item) => sum + item.size, 0);
  const seconds = secondsLeft(remaining, bytesPerSecond);
  return seconds === null || seconds < LONG_UPLOAD_SECONDS ? null : { bytesPerSecond, seconds };
}

/** "2.4 MB/s · 3 min left", in the interface language's numbers and units. */
function Pace({ estimate, className }: { estimate: ReturnType<typeof estimateOf>; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!estimate) return null;
  const { value, unit } = durationParts(estimate.seconds);
  const time = formatNumber(value, i18n.language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  return (
    <span className={className ?? styles.pace} data-testid="upload-pace">
      {t('upload:pace', { speed: formatBytes(estimate.bytesPerSecond, i18n.language), time })}
    </span>
  );
}

/** The upload panel: bottom corner, collapsible; a full-width sheet under 768 px. */
export function UploadPanel({ onCancel, onRetry, onResume, onClear }: UploadPanelProps) {
  const { t, i18n } = useTranslation();
  const state = useAppSelector((root) => root.upload);
  const items = useMemo(() => allUploads(state), [state]);
  const totals = useMemo(() => uploadTotals(items), [items]);
  const [collapsed, setCollapsed] = useState(false);
  const wasActive = useRef(totals.active);
  const panel = useRef<HTMLElement>(null);
  const [panelHeight, setPanelHeight] = useState<number | null>(null);

  // The panel folds down to its header once everything is done, to uncover the rows (and their actions) under it.
  useEffect(() => {
    if (wasActive.current && !totals.active) setCollapsed(true);
    if (!wasActive.current && totals.active) setCollapsed(false);
    wasActive.current = totals.active;
  }, [totals.active]);

  // While it is open, the page ends that much lower, so every row can be scrolled clear of the panel.
  const shown = items.length > 0;
  useEffect(() => {
    const element = panel.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setPanelHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!shown) return null;
  return (
    <>
    {/* Room at the end of the page so nothing stays hidden under the panel. */}
    <div
      className={collapsed ? styles.spacerCollapsed : styles.spacer}
      style={panelHeight === null ? undefined : { blockSize: `calc(${panelHeight}px + var(--space-6))` }}
      aria-hidden="true"
      data-testid="upload-room"
    />
    <section ref={panel} className={styles.panel} aria-label={t('upload:panel_label')} data-testid="upload-panel" data-collapsed={collapsed || undefined}>
      <header className={styles.header}>
        <span className={styles.headerIcon} aria-hidden="true">
          <UploadIcon size={18} />
        </span>
        <div className={styles.headerText}>
          <span className={styles.title}>
            {totals.running ? t('upload:title_active') : totals.active ? t('upload:title_paused') : t('upload:title_done')}
          </span>
          <span className={styles.total} aria-live="polite">
            {t('upload:total', { done: totals.done, total: totals.total, percent: totals.percent })}
          </span>
          <Pace estimate={estimateOf(items)} className={styles.total} />
          {totals.skippedBytes > 0 ? (
            <span className={styles.total} data-testid="upload-skipped">
              {t('upload:already_stored', { size: formatBytes(totals.skippedBytes, i18n.language) })}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setCollapsed((value) => !value)}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('upload:expand') : t('upload:collapse')}
        >
          <ChevronDownIcon size={18} className={collapsed ? styles.chevronUp : undefined} />
        </button>
        {!totals.active ? (
          <button type="button" className={styles.iconButton} onClick={onClear} aria-label={t('upload:close')}>
            <CloseIcon size={18} />
          </button>
        ) : null}
      </header>
      <div className={styles.totalBar} aria-hidden="true">
        <span className={styles.fill} style={{ inlineSize: `${totals.percent}%` }} />
      </div>
      {/* Focusable: the list scrolls, and a keyboard user must be able to scroll it (axe scrollable-region-focusable). */}
      <ul className={styles.list} hidden={collapsed} tabIndex={0} aria-label={t('upload:panel_label')}>
        {items.map((item) => (
          <UploadRow key={item.uuid} item={item} onCancel={onCancel} onRetry={onRetry} onResume={onResume} />
        ))}
      </ul>
    </section>
    </>
  );
}
