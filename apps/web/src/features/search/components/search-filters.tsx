import { useMemo } from 'react';
import { formatNumber } from '@/i18n/intl';
import type { SearchCounts, SearchDocumentType, SearchKind } from '../api';
import { DOCUMENT_TYPES, SEARCH_KINDS } from '../results';
import { useSearchTranslation } from '../use-search-translation';
import styles from './search-screen.module.css';

/**
 * Counts as shown, in the user's language: "1,000+" once a count reached the server's limit (the server stops counting
 * there, so a search costs the same however many items it finds). A sum is "at least" when any of its parts is.
 */
export interface CountFormat {
  text(...values: number[]): string;
}

export function useCountFormat(limit: number): CountFormat {
  const { t, i18n } = useSearchTranslation();
  return useMemo(
    () => ({
      text: (...values: number[]) => {
        const shown = formatNumber(values.reduce((sum, value) => sum + value, 0), i18n.language);
        return values.some((value) => value >= limit) ? t('search:count_at_least', { value: shown }) : shown;
      },
    }),
    [limit, t, i18n.language],
  );
}

interface FilterChipsProps {
  counts: SearchCounts;
  countFormat: CountFormat;
  kind: SearchKind | null;
  documentType: SearchDocumentType | null;
  onChange(kind: SearchKind | null, documentType?: SearchDocumentType | null): void;
}

/** One chip per kind that has results (and the chosen one), with its count; document types under Documents. */
export function FilterChips({ counts, countFormat, kind, documentType, onChange }: FilterChipsProps) {
  const { t } = useSearchTranslation();
  const kinds = SEARCH_KINDS.filter((candidate) => counts[candidate] > 0 || candidate === kind);
  return (
    <div className={styles.filters}>
      <div className={styles.chips} role="group" aria-label={t('search:filter_label')} data-testid="search-filters">
        <Chip pressed={kind === null} onClick={() => onChange(null)} label={t('search:kind_ALL')} count={countFormat.text(...SEARCH_KINDS.map((k) => counts[k]))} />
        {kinds.map((candidate) => (
          <Chip
            key={candidate}
            pressed={kind === candidate}
            onClick={() => onChange(candidate)}
            label={t(`search:kind_${candidate}`)}
            count={countFormat.text(counts[candidate])}
            testId={`search-filter-${candidate}`}
          />
        ))}
      </div>
      {kind === 'DOCUMENT' ? (
        <div className={styles.chips} role="group" aria-label={t('search:document_filter_label')}>
          <Chip pressed={documentType === null} onClick={() => onChange('DOCUMENT')} label={t('search:document_ALL')} />
          {DOCUMENT_TYPES.map((type) => (
            <Chip key={type} pressed={documentType === type} onClick={() => onChange('DOCUMENT', type)} label={t(`search:document_${type}`)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Chip({ pressed, onClick, label, count, testId }: { pressed: boolean; onClick(): void; label: string; count?: string; testId?: string }) {
  return (
    <button type="button" className={styles.chip} aria-pressed={pressed} onClick={onClick} data-testid={testId}>
      <span>{label}</span>
      {count !== undefined ? (
        <>
          {' '}
          <span className={styles.chipCount}>{count}</span>
        </>
      ) : null}
    </button>
  );
}
