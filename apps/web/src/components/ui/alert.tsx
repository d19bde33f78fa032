import { useEffect, type ReactNode } from 'react';
import { ALERT_MS } from '@/config/constants';
import { AlertIcon, CheckIcon, InfoIcon } from './icons-base';
import styles from './alert.module.css';

export interface AlertProps {
  tone?: 'info' | 'success' | 'error' | 'warning';
  children: ReactNode;
  /** When set with show, the alert closes itself after 3 s. */
  show?: boolean;
  onClose?: () => void;
  autoCloseMs?: number;
  className?: string;
  'data-testid'?: string;
}

const ICONS = { info: InfoIcon, success: CheckIcon, error: AlertIcon, warning: AlertIcon };

export function Alert({ tone = 'info', children, show = true, onClose, autoCloseMs = ALERT_MS, className, ...rest }: AlertProps) {
  useEffect(() => {
    if (!show || !onClose) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [show, onClose, autoCloseMs]);

  if (!show) return null;
  const Icon = ICONS[tone];
  return (
    <div
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={rest['data-testid']}
    >
      <Icon size={18} className={styles.icon} />
      <div className={styles.text}>{children}</div>
    </div>
  );
}
