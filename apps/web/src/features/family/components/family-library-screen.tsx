import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Loader } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { useFileActions } from '@/media/actions/use-file-actions';
import { PhotosTabs } from '@/media/photos-tabs/photos-tabs';
import { PhotoUploadControl } from '@/media/upload-control/photo-upload-control';
import { useViewerUrl } from '@/media/viewer/use-viewer-url';
import type { ViewerMenuAction } from '@/media/viewer/viewer-actions';
import { AlbumRemoveIcon } from '@/media/viewer/viewer-icons';
import { formatDate } from '@/i18n/dates';
import { fileKind } from '@/media/thumbnail/file-kind';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import type { FileItem } from '@/api/files';
import {
  familyErrorCode,
  useGetFamilyQuery,
  useListFamilyLibraryHeldQuery,
  useListFamilyLibraryQuery,
  useRemoveFromFamilyLibraryMutation,
  type FamilyLibraryItem,
} from '../api';
import { PersonHeading, PlaceHeading } from './family-filter-heading';
import { useNotThisPerson } from '../use-family-person-actions';
import { useFamilyTranslation } from '../use-family-translation';
import { FamilyError } from './error-alert';
import { LibraryTile, TILE_SIZES } from './library-tile';
import { AddToAlbumDialog } from './album-dialogs';
import styles from './family-library.module.css';

// Fetched when a photo is first opened, as on the timeline.
const PhotoViewer = lazy(() => import('@/media/viewer/photo-viewer').then((m) => ({ default: m.PhotoViewer })));

const PAGE = 120;

/**
 * The family library (issue 35): every member's view of the photos and videos the family put there, newest first under
 * day headings, each with who added it, opening in the viewer; "Upload photos" with "Add to Family library" on. The adder or the admin may remove an item (it goes to the remover's trash). Someone who
 * left without room for what they had added finds those items here, downloadable until they go.
 */
export function FamilyLibraryScreen() {
  const family = useGetFamilyQuery();
  if (family.isLoading) return <Loader />;
  if (family.isError) return <FamilyError error={family.error} />;
  return (
    <div className={styles.page}>
      <PhotosTabs />
      {family.data?.role ? <Library /> : <Held />}
    </div>
  );
}

/** The library's photos of one family person or one family place (`?person=` / `?place=`, issue 35), else all of them. */
export interface LibraryFilter {
  person?: string;
  place?: string;
}

function Library() {
  const [params] = useSearchParams();
  const filter: LibraryFilter = { person: params.get('person') ?? undefined, place: params.get('place') ?? undefined };
  // A new filter starts from its first page with nothing selected.
  return <FilteredLibrary key={`${filter.person ?? ''}|${filter.place ?? ''}`} filter={filter} />;
}

function FilteredLibrary({ filter }: { filter: LibraryFilter }) {
  const { t } = useFamilyTranslation();
  const dispatch = useAppDispatch();
  const actions = useFileActions();
  // Pages by their cursor: each "show more" adds the next page below the ones loaded.
  const [cursors, setCursors] = useState<string[]>(['']);
  const [loaded, setLoaded] = useState<Record<string, FamilyLibraryItem[]>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [toAlbum, setToAlbum] = useState(false);
  const [remove, { isLoading: removing }] = useRemoveFromFamilyLibraryMutation();
  const items = useMemo(() => cursors.flatMap((c) => loaded[c] ?? []), [cursors, loaded]);
  const chosen = items.filter((i) => selected.has(i.file.uuid));
  const days = useMemo(() => byDay(items), [items]);
  const files = useMemo(() => items.map((i) => i.file as FileItem), [items]);
  const viewer = useViewerUrl();
  const openIndex = viewer.uuid === null ? -1 : files.findIndex((f) => f.uuid === viewer.uuid);
  // Filtered to a family person: any member may say a photo is not them (issue 35).
  const notThisPerson = useNotThisPerson(filter.person ?? '');
  const { removePhotos } = notThisPerson;
  const viewerActions = useMemo<ViewerMenuAction[]>(
    () =>
      filter.person
        ? [
            {
              key: 'not-this-person',
              label: t('family:not_this_person'),
              icon: <AlbumRemoveIcon size={18} />,
              testId: 'viewer-menu-not-this-person',
              // When the person went, the page goes too: the viewer must not step back over that navigation.
              run: async (item) => ((await removePhotos([item.uuid])) === 'done' ? 'removed' : 'kept'),
            },
          ]
        : [],
    [filter.person, removePhotos, t],
  );

  const onItems = useCallback((after: string, page: FamilyLibraryItem[]) => setLoaded((prev) => (prev[after] === page ? prev : { ...prev, [after]: page })), []);
  const toggle = (uuid: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const confirmRemove = async () => {
    try {
      await remove({ uuids: chosen.map((i) => i.file.uuid) }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'family:library_removed', values: { count: chosen.length } }));
      setSelected(new Set());
      setConfirming(false);
    } catch (error) {
      dispatch(showToast({ kind: 'error', messageKey: `family:error_${familyErrorCode(error)}` }));
    }
  };

  return (
    <section className={styles.library} aria-labelledby="family-library-heading">
      <header className={styles.header}>
        {filter.person ? (
          <PersonHeading personId={filter.person} headingId="family-library-heading" />
        ) : filter.place ? (
          <PlaceHeading placeKey={filter.place} headingId="family-library-heading" />
        ) : (
          <>
            <h1 id="family-library-heading" className={styles.title}>
              {t('family:library_title')}
            </h1>
            <p className={styles.text}>{t('family:library_text')}</p>
            <nav className={styles.browse} aria-label={t('family:browse_label')} data-testid="family-library-browse">
              <Link to={paths.familyPeople} className={styles.browseLink}>
                {t('family:people_title')}
              </Link>
              <Link to={paths.familyPlaces} className={styles.browseLink}>
                {t('family:places_title')}
              </Link>
              <Link to={paths.familyAlbums} className={styles.browseLink}>
                {t('family:albums_title')}
              </Link>
            </nav>
            <PhotoUploadControl familyByDefault />
          </>
        )}
      </header>
      {chosen.length > 0 ? (
        <div className={styles.toolbar} role="toolbar" aria-label={t('family:library_selection_label')} data-testid="family-library-toolbar">
          <span className={styles.count}>{t('family:library_selected', { count: chosen.length })}</span>
          <Button variant="secondary" size="sm" startIcon={<DownloadIcon size={16} />} disabled={actions.busy} onClick={() => void Promise.all(chosen.map((i) => actions.download([i.file])))}>
            {t('family:library_download')}
          </Button>
          <Button variant="secondary" size="sm" startIcon={<PlusIcon size={16} />} onClick={() => setToAlbum(true)} data-testid="family-library-to-album">
            {t('family:library_add_to_album')}
          </Button>
          {filter.person ? (
            <Button
              variant="secondary"
              size="sm"
              startIcon={<AlbumRemoveIcon size={16} />}
              disabled={notThisPerson.removing}
              onClick={() => {
                const uuids = chosen.map((i) => i.file.uuid);
                void removePhotos(uuids).then((done) => done && setSelected(new Set()));
              }}
              data-testid="family-not-this-person"
            >
              {t('family:not_this_person')}
            </Button>
          ) : null}
          {chosen.every((i) => i.canRemove) ? (
            <Button variant="danger" size="sm" startIcon={<TrashIcon size={16} />} onClick={() => setConfirming(true)} data-testid="family-library-remove">
              {t('family:library_remove')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {t('family:library_clear')}
          </Button>
        </div>
      ) : null}
      <div className={styles.days} data-testid="family-library-grid">
        {days.map((day) => (
          <Day key={day.key} day={day} selected={selected} onToggle={toggle} onOpen={viewer.show} />
        ))}
        {cursors.map((after, i) => (
          <LibraryPage
            key={after}
            after={after}
            filter={filter}
            last={i === cursors.length - 1}
            onItems={onItems}
            onMore={(next) => setCursors((prev) => (prev.includes(next) ? prev : [...prev, next]))}
          />
        ))}
      </div>
      {openIndex >= 0 ? (
        <Suspense fallback={null}>
          {/* Someone else's photos among them: look and download only; removal is the library's own action. */}
          <PhotoViewer
            items={files}
            index={openIndex}
            onIndexChange={(i) => (files[i] ? viewer.show(files[i].uuid) : viewer.close())}
            onClose={viewer.close}
            menuActions={viewerActions}
            readOnly
          />
        </Suspense>
      ) : null}
      <AddToAlbumDialog open={toAlbum} onOpenChange={setToAlbum} uuids={chosen.map((i) => i.file.uuid)} onDone={() => setSelected(new Set())} />
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('family:library_remove_title', { count: chosen.length })}
        description={t('family:library_remove_text')}
        confirmLabel={t('family:library_remove')}
        onConfirm={() => void confirmRemove()}
        danger
        loading={removing}
        data-testid="family-library-remove-confirm"
      />
    </section>
  );
}

interface LibraryDay {
  key: string;
  date: Date;
  items: FamilyLibraryItem[];
}

/** Consecutive items of one calendar day (the viewer's own), in the list's order: newest first. */
function byDay(items: readonly FamilyLibraryItem[]): LibraryDay[] {
  const days: LibraryDay[] = [];
  for (const item of items) {
    const at = new Date(item.file.takenDate ?? item.file.createdDate);
    const date = new Date(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate()));
    const key = date.toISOString().slice(0, 10);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, date, items: [item] });
  }
  return days;
}

/** A day heading as the timeline words it: today, yesterday, else the weekday and date (with the year if not this one). */
function useDayTitle(date: Date): string {
  const { t, i18n } = useFamilyTranslation();
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  if (date.getTime() === today) return t('photos:today');
  if (date.getTime() === today - 86_400_000) return t('photos:yesterday');
  const shape = date.getUTCFullYear() === now.getFullYear() ? 'weekday_day_month' : 'weekday_day_month_year';
  return formatDate(date, i18n.language, shape, { utc: true });
}

function Day({ day, selected, onToggle, onOpen }: { day: LibraryDay; selected: ReadonlySet<string>; onToggle(uuid: string): void; onOpen(uuid: string): void }) {
  const headingId = useId();
  const title = useDayTitle(day.date);
  return (
    <section className={styles.day} aria-labelledby={headingId} data-testid="family-library-day" data-key={day.key}>
      <h2 id={headingId} className={styles.dayTitle}>
        {title}
      </h2>
      <ul className={styles.grid} aria-labelledby={headingId}>
        {day.items.map((item) => (
          <LibraryTile key={item.file.uuid} item={item} selected={selected.has(item.file.uuid)} onToggle={onToggle} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

interface LibraryPageProps {
  after: string;
  filter: LibraryFilter;
  last: boolean;
  onItems(after: string, items: FamilyLibraryItem[]): void;
  onMore(next: string): void;
}

/** Loads one page of the library (shown by day above), with "show more" after the last page when there is more. */
function LibraryPage({ after, filter, last, onItems, onMore }: LibraryPageProps) {
  const { t } = useFamilyTranslation();
  const page = useListFamilyLibraryQuery({
    limit: PAGE,
    ...(after ? { after } : {}),
    ...(filter.person ? { person: filter.person } : {}),
    ...(filter.place ? { place: filter.place } : {}),
  });
  const items = page.data?.items;
  useEffect(() => {
    if (items) onItems(after, items);
  }, [after, items, onItems]);
  if (page.isLoading) {
    return (
      <div className={styles.status}>
        <Loader />
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className={styles.status}>
        <FamilyError error={page.error} />
      </div>
    );
  }
  if (!items || (after === '' && items.length === 0)) {
    const filtered = Boolean(filter.person || filter.place);
    return (
      <div className={styles.status}>
        <EmptyState
          title={t(filtered ? 'family:filter_empty_title' : 'family:library_empty_title')}
          description={t(filtered ? 'family:filter_empty_text' : 'family:library_empty_text')}
          data-testid="family-library-empty"
        />
      </div>
    );
  }
  const next = page.data?.next ?? null;
  if (!last || !next) return null;
  return (
    <div className={styles.status}>
      <Button variant="secondary" onClick={() => onMore(next)}>
        {t('family:library_more')}
      </Button>
    </div>
  );
}

/** Not in a family: what one had added before leaving without room for it, until it goes. */
function Held() {
  const { t, i18n } = useFamilyTranslation();
  const actions = useFileActions();
  const held = useListFamilyLibraryHeldQuery();
  if (held.isLoading) return <Loader />;
  const items = held.data?.items ?? [];
  if (items.length === 0) {
    return <EmptyState title={t('family:library_none_title')} description={t('family:library_none_text')} data-testid="family-library-none" />;
  }
  return (
    <section className={styles.library} aria-labelledby="family-held-heading">
      <header className={styles.header}>
        <h1 id="family-held-heading" className={styles.title}>
          {t('family:library_held_title')}
        </h1>
        <p className={styles.text}>{t('family:library_held_text')}</p>
      </header>
      <ul className={styles.grid} aria-label={t('family:library_held_title')}>
        {items.map(({ file, heldUntil }) => (
          <li key={file.uuid} className={styles.tile}>
            <figure className={styles.figure}>
              <FileThumbnail item={file} kind={fileKind(file as FileItem)} variant="grid" sizes={TILE_SIZES} />
              <figcaption className={styles.caption}>{t('family:library_held_until', { date: new Date(heldUntil).toLocaleDateString(i18n.language) })}</figcaption>
            </figure>
            <Button variant="secondary" size="sm" startIcon={<DownloadIcon size={16} />} onClick={() => void actions.download([file as FileItem])}>
              {t('family:library_download')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
