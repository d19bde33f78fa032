import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SparkleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import type { ForyouItem } from '../api';
import { seeAllPath } from '../kinds';
import { useForyouTranslation } from '../use-foryou-translation';
import { useRows, type RowState } from '../use-rows';
import { ItemCard } from './item-card';
import { ItemViewer } from './item-viewer';
import styles from './foryou.module.css';

/**
 * /main/foryou: a row per kind of generated content (years ago, stories, collages, animations, albums, memory videos,
 * styled photos when the operator allows them), each scrolling sideways with "See all"; a row with nothing is not
 * shown, and with nothing anywhere the page says what will come.
 */
export function ForyouScreen() {
  const { t } = useForyouTranslation();
  const rows = useRows();
  const [opened, setOpened] = useState<ForyouItem | null>(null);
  const loading = rows.some((row) => row.loading);
  const shown = rows.filter((row) => row.items.length > 0 || row.failed);
  return (
    <div className={styles.screen} data-testid="foryou-screen">
      {/* The shell's header carries the page's h1 ("For You"). */}
      <p className={styles.intro}>{t('foryou:intro')}</p>
      {shown.map((row) => (
        <Row key={row.kind} row={row} onOpen={setOpened} />
      ))}
      {loading ? (
        <Spinner size={28} label={t('common:loading')} />
      ) : shown.length === 0 ? (
        <EmptyState icon={<SparkleIcon size={40} />} title={t('foryou:empty_title')} description={t('foryou:empty_text')} data-testid="foryou-empty" />
      ) : null}
      <ItemViewer item={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function Row({ row, onOpen }: { row: RowState; onOpen: (item: ForyouItem) => void }) {
  const { t } = useForyouTranslation();
  const title = t(`foryou:row.${row.kind}`);
  const id = `foryou-row-${row.kind}`;
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {row.items.length > 0 ? (
          <Link to={seeAllPath(row.kind)} className={styles.seeAll} aria-label={t('foryou:see_all_label', { section: title })}>
            {t('foryou:see_all')}
          </Link>
        ) : null}
      </div>
      {row.failed ? (
        <LoadError onRetry={row.retry} />
      ) : (
        <ul className={`${styles.row} ${row.kind === 'yearsAgo' || row.kind === 'stories' ? styles.storyRow : ''}`}>
          {row.items.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useForyouTranslation();
  return (
    <div className={styles.error} role="alert">
      <span>{t('foryou:load_error')}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('foryou:retry')}
      </Button>
    </div>
  );
}
