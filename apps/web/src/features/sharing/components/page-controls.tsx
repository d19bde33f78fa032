import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChevronEndIcon, ChevronStartIcon } from '@/components/ui/icons';
import { formatNumber } from '@/i18n/intl';
import { SHARE_PAGE_SIZES, type SharePageSize } from '../constants';
import { pageRange } from '../tabs';
import styles from './shares.module.css';

/** "1–50 of 120", results per page (50 or 100, spec §9), previous and next. */
export function PageControls({
  page,
  size,
  total,
  onPage,
  onSize,
}: {
  page: number;
  size: SharePageSize;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: SharePageSize) => void;
}) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const { from, to } = pageRange(page, size, total);
  const number = (n: number) => formatNumber(n, i18n.language);
  return (
    <div className={styles.toolbar}>
      <span className={styles.count} aria-live="polite">
        {t('shares:range', { from: number(from), to: number(to), total: number(total) })}
      </span>
      <span className={styles.toolbarEnd}>
        <label htmlFor={sizeId} className={styles.count}>
          {t('shares:page_size')}
        </label>
        <select id={sizeId} className={styles.sizeSelect} value={size} onChange={(event) => onSize(Number(event.target.value) as SharePageSize)}>
          {SHARE_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {number(option)}
            </option>
          ))}
        </select>
        {total > size ? (
          <span className={styles.pager}>
            <Button variant="ghost" iconOnly onClick={() => onPage(page - 1)} disabled={page === 0} aria-label={t('shares:page_previous')}>
              <ChevronStartIcon size={18} />
            </Button>
            <Button variant="ghost" iconOnly onClick={() => onPage(page + 1)} disabled={to >= total} aria-label={t('shares:page_next')}>
              <ChevronEndIcon size={18} />
            </Button>
          </span>
        ) : null}
      </span>
    </div>
  );
}
