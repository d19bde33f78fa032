import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from './query-state';
import styles from './page.module.css';

/** A column heading: its text, and whether its cells are numbers (aligned to the end). */
export type RecordColumn = string | { label: string; numeric: boolean };

/** The list query a table shows (an RTK Query result): loading, its failure with a retry, or the rows. */
export interface RecordQuery {
  isLoading: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface RecordTableProps {
  label: string;
  query: RecordQuery;
  columns: RecordColumn[];
  actions?: boolean;
  /** Said under the table once loaded (a screen passes it when it has no rows). */
  empty?: ReactNode;
  children: ReactNode;
}

/**
 * A screen's table of records (operators, config keys, plans, campaigns) in its query's state: the headings, an
 * unlabelled last column for each row's buttons when `actions` is set (named for screen readers), and the rows the
 * screen writes.
 */
export function RecordTable({ label, query, columns, actions = false, empty, children }: RecordTableProps) {
  const { t } = useTranslation();
  return (
    <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label={label}>
          <thead>
            <tr>
              {columns.map((column) => {
                const { label: heading, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
                return (
                  <th key={heading} scope="col" className={numeric ? styles.num : undefined}>
                    {heading}
                  </th>
                );
              })}
              {actions ? (
                <th scope="col">
                  <span className="visually-hidden">{t('ops:actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {empty ? <p>{empty}</p> : null}
    </QueryState>
  );
}
