import { useId, type ReactNode } from 'react';
import styles from './settings.module.css';

export interface ToggleRowProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A labelled on/off switch (role switch) with its explanation under the label. */
export function ToggleRow({ label, description, checked, onChange, disabled, 'data-testid': testId }: ToggleRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className={styles.toggleRow}>
      <div className={styles.toggleText}>
        <span id={labelId} className={styles.toggleLabel}>
          {label}
        </span>
        {description ? (
          <span id={descriptionId} className={styles.toggleDescription}>
            {description}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.switch}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={testId}
      >
        <span className={styles.switchThumb} aria-hidden="true" />
      </button>
    </div>
  );
}
