import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A small table with a caption-less label; numbers align to the end. */
export function SimpleTable({ label, headers, rows, numeric, empty }: { label: string; headers: string[]; rows: ReactNode[][]; numeric: boolean[]; empty: string }) {
  if (rows.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    // Focusable so a keyboard can scroll a table wider than a phone (it may hold no link to tab to).
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={h} scope="col" className={numeric[i] ? styles.num : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} className={numeric[i] ? styles.num : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
