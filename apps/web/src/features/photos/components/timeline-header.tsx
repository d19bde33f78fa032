import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/icons';
import type { PhotoGroup } from '../api';
import { formatDay, formatFullDay, formatMonth, relativeDay } from '../dates';
import styles from './timeline.module.css';

export interface TimelineHeaderProps {
  group: PhotoGroup;
  /** The first day of a month also names the month. */
  monthStart: boolean;
  /** Every loaded photo of the day is checked. */
  checked: boolean;
  /** The day's photos are loaded (so it can be checked as a whole). */
  canCheck: boolean;
  selectionMode: boolean;
  onToggle(group: PhotoGroup): void;
}

/** A day's heading: the month above the first day of each month, the day's date, and a check box for the day. */
export const TimelineHeader = memo(function TimelineHeader({ group, monthStart, checked, canCheck, selectionMode, onToggle }: TimelineHeaderProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const relative = relativeDay(group.year, group.month, group.day);
  const dayText = relative ? t(`photos:${relative}`) : formatDay(group.year, group.month, group.day, language);
  return (
    <div className={styles.header} data-testid="timeline-day" data-key={group.key}>
      {monthStart ? (
        <h2 className={styles.month} data-testid="timeline-month">
          {formatMonth(group.year, group.month, language)}
        </h2>
      ) : null}
      <div className={`${styles.day} ${selectionMode ? styles.daySelecting : ''}`}>
        {canCheck ? (
          <button
            type="button"
            role="checkbox"
            aria-checked={checked}
            className={styles.dayCheck}
            onClick={() => onToggle(group)}
            aria-label={t('photos:select_day', { date: formatFullDay(group.year, group.month, group.day, language) })}
            data-testid="timeline-day-check"
          >
            <CheckIcon size={12} />
          </button>
        ) : null}
        <h3 className={styles.dayTitle}>{dayText}</h3>
      </div>
    </div>
  );
});
