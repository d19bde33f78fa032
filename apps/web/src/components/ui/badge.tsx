import { UNREAD_BADGE_CAP } from '@/config/constants';
import { badgeText } from '@/i18n/format';
import styles from './badge.module.css';

export interface BadgeProps {
  count: number;
  /** Accessible text, e.g. "3 unread notifications". */
  label?: string;
  className?: string;
  'data-testid'?: string;
}

/** Count badge: hidden at 0, "9+" above 9 (spec). */
export function Badge({ count, label, className, ...rest }: BadgeProps) {
  if (count <= 0) return null;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')} data-testid={rest['data-testid']}>
      <span aria-hidden={label ? true : undefined}>{badgeText(count, UNREAD_BADGE_CAP)}</span>
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
