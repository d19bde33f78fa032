import type { ReactNode } from 'react';
import styles from './settings.module.css';

/** One titled card of a settings tab; the heading names the region. */
export function SettingsSection({ id, title, text, actions, children }: { id: string; title: ReactNode; text?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <header className={styles.sectionHeader}>
        <div>
          <h2 id={id}>{title}</h2>
          {text ? <p>{text}</p> : null}
        </div>
        {actions ? <div className={styles.sectionActions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A short on/off state next to a value ("Verified", "On"). */
export function StatusPill({ on, onText, offText }: { on: boolean; onText: ReactNode; offText: ReactNode }) {
  return <span className={`${styles.pill} ${on ? styles.pillOn : styles.pillOff}`}>{on ? onText : offText}</span>;
}
