import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchTranslation } from '../use-search-translation';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { SEARCH_TEXT_MAX } from '@/config/constants';
import { SEARCH_PARAMS } from '@/config/paths';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { SEARCH_PAGE_SIZE, useSearchUnifiedInfiniteQuery, type SearchArgs, type SearchCounts, type SearchDocumentType, type SearchKind } from '../api';
import { rememberSearch } from '../recent-searches';
import { groupSearchHits, parseDocumentType, parseKind, SEARCH_KINDS, type GroupedResults } from '../results';
import { MediaResults } from './media-results';
import { AlbumResult, FileResult, Group } from './result-rows';
import { FilterChips, useCountFormat, type CountFormat } from './search-filters';
import styles from './search-screen.module.css';

/**
 * /main/search?text=…&kind=…: the results of one search grouped by kind — folders, albums, documents (with their
 * type) and other files as lists, photos and videos in the shared grid and viewer — with a filter chip per kind
 * (counts from the server), infinite scroll and an empty state. The text and filter live in the URL, so Back from an
 * opened result comes back to the same results. On narrow screens the shell puts the search box above it (the
 * header has only an icon there).
 */
export function SearchScreen() {
  const { t } = useSearchTranslation();
  const [params] = useSearchParams();
  const text = (params.get(SEARCH_PARAMS.text) ?? '').trim().slice(0, SEARCH_TEXT_MAX);
  const kind = parseKind(params.get(SEARCH_PARAMS.kind));
  const documentType = kind === 'DOCUMENT' ? parseDocumentType(params.get(SEARCH_PARAMS.documentType)) : null;

  // A search that ran (typed, picked, a link or Back) becomes the newest recent search on this device.
  useEffect(() => {
    if (text) rememberSearch(text);
  }, [text]);

  return (
    <div className={styles.screen} data-testid="search-screen">
      {text ? (
        <Results key={text} text={text} kind={kind} documentType={documentType} />
      ) : (
        <EmptyState icon={<SearchIcon size={40} />} title={t('search:start_title')} description={t('search:start_text')} data-testid="search-start" />
      )}
    </div>
  );
}

interface ResultsProps {
  text: string;
  kind: SearchKind | null;
  documentType: SearchDocumentType | null;
}

function Results({ text, kind, documentType }: ResultsProps) {
  const { t } = useSearchTranslation();
  const [, setParams] = useSearchParams();
  const args = useMemo<SearchArgs>(
    () => ({ text, size: SEARCH_PAGE_SIZE, ...(kind ? { kind } : {}), ...(documentType ? { documentType } : {}) }),
    [text, kind, documentType],
  );
  const search = useSearchUnifiedInfiniteQuery(args);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const pages = search.currentData?.pages;
  // The counts ignore the filter: keep the last ones for this text while a filter loads, so the chips stay put.
  const [counted, setCounted] = useState<{ counts: SearchCounts; limit: number } | null>(null);
  const latestCounts = pages?.[0]?.counts;
  const latestLimit = pages?.[0]?.countLimit ?? Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (latestCounts) setCounted({ counts: latestCounts, limit: latestLimit });
  }, [latestCounts, latestLimit]);
  const counts = counted?.counts ?? null;
  const countFormat = useCountFormat(counted?.limit ?? Number.POSITIVE_INFINITY);
  const groups = useMemo(() => groupSearchHits(pages?.flatMap((page) => page.items) ?? []), [pages]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { sentinel } = useInfiniteScroll<HTMLDivElement>({ hasMore: Boolean(hasNextPage), loading: isFetchingNextPage, onLoadMore: loadMore });

  const setFilter = (nextKind: SearchKind | null, nextType: SearchDocumentType | null = null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nextKind) next.set(SEARCH_PARAMS.kind, nextKind);
        else next.delete(SEARCH_PARAMS.kind);
        if (nextType) next.set(SEARCH_PARAMS.documentType, nextType);
        else next.delete(SEARCH_PARAMS.documentType);
        return next;
      },
      // A filter is a view of the same search: Back leaves the search rather than stepping through filters.
      { replace: true },
    );
  };

  let body: ReactNode;
  if (search.isError && !pages) {
    body = (
      <div className={styles.state} role="alert">
        <p>{t('search:load_error')}</p>
        <Button variant="secondary" onClick={() => void search.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  } else if (!pages) {
    body = (
      <div className={styles.state}>
        <Spinner size={32} label={t('search:searching')} />
      </div>
    );
  } else if (isEmpty(groups)) {
    body = (
      <EmptyState
        icon={<SearchIcon size={40} />}
        title={t('search:empty_title', { text })}
        description={t('search:empty_text')}
        action={
          kind ? (
            <Button variant="secondary" onClick={() => setFilter(null)}>
              {t('search:show_all')}
            </Button>
          ) : undefined
        }
        data-testid="search-empty"
      />
    );
  } else {
    body = <ResultGroups groups={groups} counts={counts} countFormat={countFormat} kind={kind} hasMore={Boolean(hasNextPage)} loadMore={loadMore} />;
  }

  const total = counts ? countFormat.text(...SEARCH_KINDS.map((k) => counts[k])) : null;
  return (
    <>
      {counts ? <FilterChips counts={counts} countFormat={countFormat} kind={kind} documentType={documentType} onChange={setFilter} /> : null}
      <p className={styles.summary} role="status" data-testid="search-summary">
        {total !== null ? t('search:result_count', { count: total, text }) : ''}
      </p>
      {body}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? (
        <div className={styles.more}>
          <Spinner size={24} label={t('search:loading_more')} />
        </div>
      ) : null}
    </>
  );
}

function isEmpty(groups: GroupedResults): boolean {
  return groups.media.length + groups.folders.length + groups.albums.length + groups.documents.length + groups.others.length === 0;
}

interface ResultGroupsProps {
  groups: GroupedResults;
  counts: SearchCounts | null;
  countFormat: CountFormat;
  kind: SearchKind | null;
  hasMore: boolean;
  loadMore(): void;
}

/** Lists first (usually few), then the photo grid, which grows as pages arrive. */
function ResultGroups({ groups, counts, countFormat, kind, hasMore, loadMore }: ResultGroupsProps) {
  const { t } = useSearchTranslation();
  const show = (candidate: SearchKind) => kind === null || kind === candidate;
  return (
    <div className={styles.groups}>
      {show('FOLDER') && groups.folders.length > 0 ? (
        <Group title={t('search:kind_FOLDER')} count={counts ? countFormat.text(counts.FOLDER) : undefined} testId="search-group-folders">
          {groups.folders.map((item) => (
            <FileResult key={item.uuid} item={item} matched={groups.matched.get(item.uuid)} />
          ))}
        </Group>
      ) : null}
      {show('ALBUM') && groups.albums.length > 0 ? (
        <Group title={t('search:kind_ALBUM')} count={counts ? countFormat.text(counts.ALBUM) : undefined} testId="search-group-albums">
          {groups.albums.map((album) => (
            <AlbumResult key={album.uuid} album={album} />
          ))}
        </Group>
      ) : null}
      {show('DOCUMENT') && groups.documents.length > 0 ? (
        <Group title={t('search:kind_DOCUMENT')} count={counts ? countFormat.text(counts.DOCUMENT) : undefined} testId="search-group-documents">
          {groups.documents.map((item) => (
            <FileResult key={item.uuid} item={item} matched={groups.matched.get(item.uuid)} />
          ))}
        </Group>
      ) : null}
      {show('OTHER') && groups.others.length > 0 ? (
        <Group title={t('search:kind_OTHER')} count={counts ? countFormat.text(counts.OTHER) : undefined} testId="search-group-others">
          {groups.others.map((item) => (
            <FileResult key={item.uuid} item={item} matched={groups.matched.get(item.uuid)} />
          ))}
        </Group>
      ) : null}
      {(show('PHOTO') || show('VIDEO')) && groups.media.length > 0 ? (
        <MediaResults
          items={groups.media}
          total={counts ? (kind ? counts[kind] : counts.PHOTO + counts.VIDEO) : groups.media.length}
          totalText={counts ? (kind ? countFormat.text(counts[kind]) : countFormat.text(counts.PHOTO, counts.VIDEO)) : countFormat.text(groups.media.length)}
          title={kind === 'PHOTO' || kind === 'VIDEO' ? t(`search:kind_${kind}`) : t('search:group_MEDIA')}
          hasMore={hasMore}
          loadMore={loadMore}
        />
      ) : null}
    </div>
  );
}
