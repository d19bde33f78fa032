import { useId, type ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  'data-testid'?: string;
}

export function EmptyState({ icon, title, description, action, ...rest }: EmptyStateProps) {
  const titleId = useId();
  return (
    <div className={styles.empty} role="group" aria-labelledby={titleId} data-testid={rest['data-testid']}>
      {icon ? <div className={styles.icon}>{icon}</div> : null}
      <h2 className={styles.title} id={titleId}>
        {title}
      </h2>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
