import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchTranslation } from '../use-search-translation';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, PhotosIcon, SearchIcon, ZipIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { SEARCH_TEXT_MAX } from '@/config/constants';
import { albumLink, SEARCH_PARAMS } from '@/config/paths';
import type { Album } from '@/features/albums/api';
import type { FileItem } from '@/features/files/api';
import { itemTarget } from '@/features/files/item-target.public';
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll';
import { formatBytes, formatDateTime } from '@/lib/format';
import { isSafeUrl } from '@/lib/safe-url';
import { downloadsAsZip } from '@/media/actions/downloads';
import { useFileActions } from '@/media/actions/use-file-actions';
import { PhotoGrid } from '@/media/grid/photo-grid';
import type { SelectModifiers } from '@/media/grid/photo-tile';
import { SelectionBar } from '@/media/selection/selection-bar';
import { applySelect, EMPTY_SELECTION, type Selection } from '@/media/selection/selection';
import { useMaxSelectCount } from '@/media/selection/selection-limit';
import { fileKind } from '@/media/thumbnail/file-kind';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import { SEARCH_PAGE_SIZE, useSearchUnifiedInfiniteQuery, type SearchArgs, type SearchCounts, type SearchDocumentType, type SearchKind } from '../api';
import { rememberSearch } from '../recent-searches';
import { DOCUMENT_TYPES, groupSearchHits, parseDocumentType, parseKind, SEARCH_KINDS, type GroupedResults } from '../results';
import styles from './search-screen.module.css';

// Fetched when a photo is first opened (as on Photos).
const PhotoViewer = lazy(() => import('@/media/viewer/photo-viewer').then((module) => ({ default: module.PhotoViewer })));

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

/**
 * Counts as shown, in the user's language: "1,000+" once a count reached the server's limit (the server stops counting
 * there, so a search costs the same however many items it finds). A sum is "at least" when any of its parts is.
 */
interface CountFormat {
  text(...values: number[]): string;
}

function useCountFormat(limit: number): CountFormat {
  const { t, i18n } = useSearchTranslation();
  return useMemo(
    () => ({
      text: (...values: number[]) => {
        const shown = values.reduce((sum, value) => sum + value, 0).toLocaleString(i18n.language);
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
function FilterChips({ counts, countFormat, kind, documentType, onChange }: FilterChipsProps) {
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

function Group({ title, count, testId, children }: { title: string; count?: string; testId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.group} aria-labelledby={id} data-testid={testId}>
      <h2 className={styles.groupTitle} id={id}>
        {title}{' '}
        {count !== undefined ? <span className={styles.groupCount}>{count}</span> : null}
      </h2>
      <ul className={styles.list} aria-labelledby={id}>
        {children}
      </ul>
    </section>
  );
}

function FileResult({ item, matched }: { item: FileItem; matched?: string }) {
  const { t, i18n } = useSearchTranslation();
  const target = itemTarget(item);
  const kind = fileKind(item);
  const date = item.lastModifiedDate ? formatDateTime(item.lastModifiedDate, i18n.language) : '';
  const type = item.documentType ? t(`search:document_${item.documentType}`) : null;
  return (
    <li>
      <Link to={target.to} state={target.state} className={styles.row} data-testid="search-result" data-name={item.name}>
        <span className={styles.thumb}>
          <FileThumbnail item={item} kind={kind} variant="list" />
        </span>
        <span className={styles.rowText}>
          <bdi className={styles.name}>{item.name}</bdi>
          <span className={styles.meta}>
            {type ? <span className={styles.typeBadge}>{type}</span> : null}
            {item.folder ? <span>{t('files:kind_folder')}</span> : <span dir="ltr">{formatBytes(item.bytes, i18n.language)}</span>}
            {date ? <span dir="ltr">{date}</span> : null}
            {matched ? <span className={styles.matched}>{t(`search:matched_${matched as 'description'}`)}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function AlbumResult({ album }: { album: Album }) {
  const { t } = useSearchTranslation();
  const cover = album.coverPhoto?.thumbnailUrl && isSafeUrl(album.coverPhoto.thumbnailUrl) ? album.coverPhoto.thumbnailUrl : null;
  return (
    <li>
      <Link to={albumLink(album)} className={styles.row} data-testid="search-result" data-name={album.label}>
        <span className={`${styles.thumb} ${styles.albumThumb}`}>
          {cover ? <img src={cover} alt="" loading="lazy" decoding="async" /> : <PhotosIcon size={20} />}
        </span>
        <span className={styles.rowText}>
          <bdi className={styles.name}>{album.label}</bdi>
          <span className={styles.meta}>
            <span>{t('search:album_counts', { photos: album.imageCount, videos: album.videoCount })}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}

interface MediaResultsProps {
  items: FileItem[];
  total: number;
  /** The total as shown ("1,000+" when the server stopped counting). */
  totalText: string;
  title: string;
  hasMore: boolean;
  loadMore(): void;
}

/** Photos and videos in the shared grid; the open one lives in the URL (?photo=), so Back closes the viewer. */
function MediaResults({ items: found, total, totalText, title, hasMore, loadMore }: MediaResultsProps) {
  const { t } = useSearchTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const viewer = useViewerUrl();
  const max = useMaxSelectCount();
  const fileActions = useFileActions();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set<string>());
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const items = useMemo(() => (removed.size === 0 ? found : found.filter((item) => !removed.has(item.uuid))), [found, removed]);
  const order = useMemo(() => items.map((item) => item.uuid), [items]);
  const selected = useMemo(() => new Set(selection.selected), [selection.selected]);
  const selectedItems = useMemo(() => items.filter((item) => selected.has(item.uuid)), [items, selected]);
  const index = viewer.uuid ? items.findIndex((item) => item.uuid === viewer.uuid) : -1;
  const { show, close } = viewer;

  // Tiles are memoised: hand them callbacks that stay the same while pages arrive.
  const latest = useRef({ items, order, max });
  latest.current = { items, order, max };
  const onOpen = useCallback((at: number) => {
    const item = latest.current.items[at];
    if (item) show(item.uuid);
  }, [show]);
  const onToggleSelect = useCallback(
    (uuid: string, event: SelectModifiers) => {
      setSelection((current) => {
        const { order: all, max: cap } = latest.current;
        const { selection: next, capped } = applySelect(current, all, uuid, event.shiftKey ? 'range' : 'toggle', cap);
        if (capped) dispatch(showToast({ kind: 'alert', messageKey: 'files:select_capped', values: { count: cap } }));
        return next;
      });
    },
    [dispatch],
  );

  const onItemRemoved = (uuid: string) => {
    const at = items.findIndex((item) => item.uuid === uuid);
    const next = items[at + 1] ?? items[at - 1];
    setRemoved((current) => new Set(current).add(uuid));
    if (next) show(next.uuid);
    else close();
  };

  return (
    <section className={styles.group} aria-labelledby={id} data-testid="search-group-media">
      <h2 className={styles.groupTitle} id={id}>
        {title}{' '}
        <span className={styles.groupCount}>{totalText}</span>
      </h2>
      {selection.selected.length > 0 ? (
        <SelectionBar
          count={selection.selected.length}
          total={items.length}
          actions={[
            {
              key: 'download',
              label: t('files:action_download'),
              icon: downloadsAsZip(selectedItems) ? <ZipIcon size={18} /> : <DownloadIcon size={18} />,
              testId: 'search-action-download',
              disabled: fileActions.busy,
              onClick: () => void fileActions.download(selectedItems),
            },
          ]}
          onSelectAll={() => setSelection({ selected: order.slice(0, max), anchor: order[0] ?? null })}
          onClear={() => setSelection(EMPTY_SELECTION)}
          testId="search-selection-bar"
        />
      ) : null}
      <PhotoGrid
        items={items}
        hasMore={false}
        onLoadMore={loadMore}
        selected={selected}
        onToggleSelect={onToggleSelect}
        onOpen={onOpen}
        selectionMode={selection.selected.length > 0}
      />
      {index >= 0 ? (
        <Suspense fallback={null}>
          <PhotoViewer
            items={items}
            index={index}
            total={hasMore ? Math.max(total, items.length) : items.length}
            onIndexChange={(at) => {
              const item = items[at];
              if (item) show(item.uuid);
            }}
            onClose={close}
            onNeedMore={loadMore}
            onItemRemoved={onItemRemoved}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
