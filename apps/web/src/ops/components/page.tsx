import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './page.module.css';

interface PageProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A console screen: its heading (and the tab's title), actions beside it, then the content. */
export function Page({ title, actions, children, testId }: PageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('ops:console_title')}`;
  }, [title, t]);
  return (
    <section className={styles.page} aria-labelledby="ops-page-title" data-testid={testId}>
      <header className={styles.header}>
        <h1 id="ops-page-title" className={styles.title}>
          {title}
        </h1>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A titled card on a screen. */
export function Panel({ title, children, actions, id }: { title: string; children: ReactNode; actions?: ReactNode; id?: string }) {
  const headingId = id ?? `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          {title}
        </h2>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A status word in a coloured pill. */
export function StatusPill({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'muted'; children: ReactNode }) {
  return <span className={`${styles.pill} ${styles[`pill_${tone}`]}`}>{children}</span>;
}
