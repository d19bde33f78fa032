import type { ReactNode } from 'react';
import styles from './settings.module.css';

/** A standalone account page (verification, updates): one card in the signed-out layout, usable signed in too. */
export function AccountPage({ titleId, title, text, children }: { titleId: string; title: ReactNode; text?: ReactNode; children?: ReactNode }) {
  return (
    <section className={styles.pageCard} aria-labelledby={titleId}>
      <header className={styles.pageCardHeader}>
        <h1 id={titleId}>{title}</h1>
        {text ? <p>{text}</p> : null}
      </header>
      {children}
    </section>
  );
}
