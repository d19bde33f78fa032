import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { QueryState } from './query-state';
import styles from './page.module.css';

/** The search kept in the address (`?q=`), so a result page can be reloaded, shared and gone back to. */
export function useAddressQuery(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get('q') ?? '', (q) => setParams(q ? { q } : {})];
}

export interface AddressSearchProps {
  label: string;
  hint: string;
  /** The query of the address (see useAddressQuery); a new one is asked for with `onSearch`. */
  query: string;
  onSearch: (q: string) => void;
  /** The search's state; the results show only once something was asked. */
  result: { isFetching: boolean; hasData: boolean; error: unknown; refetch: () => unknown; count: number };
  /** The results table's column headers (a <tr>) and rows. */
  head: ReactNode;
  children: ReactNode;
}

/** A console search screen's body: the form, then its results as a table, "no results", or the failure with a retry. */
export function AddressSearch({ label, hint, query, onSearch, result, head, children }: AddressSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <>
      <form className={styles.row} role="search" onSubmit={submit}>
        <TextField label={label} hint={hint} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" className={styles.fixed}>
          {t('ops:search')}
        </Button>
      </form>
      {query ? (
        <QueryState isLoading={result.isFetching && !result.hasData} error={result.error} onRetry={() => void result.refetch()}>
          {result.count === 0 ? (
            <p className={styles.muted}>{t('ops:no_results')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-label={t('ops:results')}>
                <thead>{head}</thead>
                <tbody>{children}</tbody>
              </table>
            </div>
          )}
        </QueryState>
      ) : null}
    </>
  );
}
