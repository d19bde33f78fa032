import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SelectAllIcon } from '@/components/ui/icons';
import styles from './selection-bar.module.css';

export interface SelectionBarAction {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  danger?: boolean;
  disabled?: boolean;
  /** Shown as an icon with a tooltip (the label stays for screen readers). */
  compact?: boolean;
}

export interface SelectionBarProps {
  count: number;
  total: number;
  actions: readonly SelectionBarAction[];
  onSelectAll: () => void;
  onClear: () => void;
  testId?: string;
}

/** Sticky bar over a listing while items are selected: count, select all, clear, and the actions. */
export function SelectionBar({ count, total, actions, onSelectAll, onClear, testId = 'selection-bar' }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.selectionBar} role="toolbar" aria-label={t('files:selection_actions')} data-testid={testId}>
      <div className={styles.selectionInfo}>
        <button type="button" className={styles.iconButton} onClick={onClear} aria-label={t('files:clear_selection')} data-testid="selection-clear">
          <CloseIcon size={18} />
        </button>
        <span className={styles.selectionCount} aria-live="polite">
          <span className={styles.selectionCountText}>{t('files:selected_count', { count })}</span>
          <span className={styles.selectionCountNumber} aria-hidden="true">
            {count}
          </span>
        </span>
        {count < total ? (
          <button type="button" className={styles.linkButton} onClick={onSelectAll} title={t('files:select_all')} data-testid="select-all">
            <SelectAllIcon size={18} className={styles.selectAllIcon} />
            <span className={styles.selectAllText}>{t('files:select_all')}</span>
          </button>
        ) : null}
      </div>
      <div className={styles.selectionActions}>
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            className={[styles.barAction, action.danger ? styles.barActionDanger : '', action.compact ? styles.barActionCompact : ''].filter(Boolean).join(' ')}
            onClick={action.onClick}
            disabled={action.disabled}
            title={action.label}
            data-testid={action.testId}
          >
            {action.icon}
            <span className={styles.barActionLabel}>{action.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
