import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ChevronStartIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { paths } from '@/config/paths';
import type { ForyouItem } from '../api';
import { isRowKind, LIST_HOOKS, visibleItems, type RowKind } from '../kinds';
import { useForyouTranslation } from '../use-foryou-translation';
import { useStyledShown } from '../use-rows';
import { LoadError } from './foryou-screen';
import { ItemCard } from './item-card';
import { ItemViewer } from './item-viewer';
import styles from './foryou.module.css';

/** Items a page of the see-all grid asks for. */
export const SEE_ALL_SIZE = 30;

/** /main/foryou/seeAll?kind=<row>: every item of one kind in a grid, a page at a time ("Show more"). */
export function SeeAllScreen() {
  const { t } = useForyouTranslation();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const styledShown = useStyledShown();
  const [pages, setPages] = useState(1);
  const [opened, setOpened] = useState<ForyouItem | null>(null);
  const known = isRowKind(kind) && (kind !== 'styled' || styledShown);
  return (
    <div className={styles.screen} data-testid="foryou-see-all">
      <div className={styles.header}>
        <Link to={paths.forYou} className={styles.back} aria-label={t('foryou:back')}>
          <ChevronStartIcon size={24} />
        </Link>
        <h1 className={styles.title}>{known ? t(`foryou:row.${kind}`) : t('shell:menu_foryou')}</h1>
      </div>
      {known ? (
        <ul className={styles.grid}>
          {Array.from({ length: pages }, (_, page) => (
            <Page key={page} kind={kind} page={page} last={page === pages - 1} onMore={() => setPages(pages + 1)} onOpen={setOpened} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('foryou:unknown_kind')}</p>
      )}
      <ItemViewer item={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

interface PageProps {
  kind: RowKind;
  page: number;
  /** The last page asked for: it offers the next one when the server says there is more. */
  last: boolean;
  onMore: () => void;
  onOpen: (item: ForyouItem) => void;
}

/** One page of the grid: its own list call (page, size), so earlier pages stay as they are while the next loads. */
function Page({ kind, page, last, onMore, onOpen }: PageProps) {
  const { t } = useForyouTranslation();
  const query = LIST_HOOKS[kind]({ page, size: SEE_ALL_SIZE });
  const items = visibleItems(query.data?.items ?? []);
  const footer = !last ? null : query.isLoading ? (
    <Spinner size={24} label={t('common:loading')} />
  ) : query.isError ? (
    <LoadError onRetry={() => void query.refetch()} />
  ) : query.data?.hasMore ? (
    <Button variant="secondary" onClick={onMore}>
      {t('foryou:load_more')}
    </Button>
  ) : page === 0 && items.length === 0 ? (
    <p className={styles.muted}>{t('foryou:see_all_empty')}</p>
  ) : null;
  return (
    <>
      {items.map((item) => (
        <li key={item.id}>
          <ItemCard item={item} onOpen={onOpen} />
        </li>
      ))}
      {footer ? <li className={styles.gridFooter}>{footer}</li> : null}
    </>
  );
}
