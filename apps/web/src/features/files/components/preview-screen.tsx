import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon, DownloadIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { formatBytes } from '@/i18n/format';
import { isSafeUrl } from '@/lib/safe-url';
import { TEXT_PREVIEW_MAX_BYTES, useCreateDownloadUrlsQuery, useGetFileItemQuery, useGetTextPreviewQuery, type FileItem } from '@/api/files';
import { fileKind, previewKind, type PreviewKind } from '@/media/thumbnail/file-kind';
import { useFileActions } from '@/media/actions/use-file-actions';
import { useFilesListing } from '../hooks/use-files-listing';
import { filesPath } from '../folder-path';
import { InlineVideo, safeUrl } from '@/media/viewer/inline-video';
import { placeholderDataUrl } from '@/media/media-item';
import { previewPath } from '../preview-path';
import { previewShown } from '../files-slice';
import { editsInOfficeEditor, OfficeEditorSlot, useHasOfficeEditor } from '@/media/slots';
import { FileKindIcon } from '@/media/thumbnail/file-kind-icon';
import styles from './preview.module.css';

function NoPreview({ item, onDownload }: { item: FileItem; onDownload: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.noPreview}>
      <FileKindIcon kind={fileKind(item)} size={48} large />
      <p className={styles.noPreviewTitle}>{t('files:no_preview')}</p>
      <p className={styles.noPreviewMeta}>{formatBytes(item.bytes, i18n.language)}</p>
      <Button startIcon={<DownloadIcon size={18} />} onClick={onDownload}>
        {t('files:action_download')}
      </Button>
    </div>
  );
}

function TextPreview({ url, truncated }: { url: string; truncated: boolean }) {
  const { t, i18n } = useTranslation();
  const text = useGetTextPreviewQuery(url);
  if (text.isLoading) return <Spinner size={32} />;
  if (text.isError) return <p className={styles.message}>{t('files:preview_error')}</p>;
  return (
    <div className={styles.textWrap}>
      {truncated ? <p className={styles.truncated}>{t('files:preview_truncated', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language) })}</p> : null}
      <pre className={styles.text} dir="auto" tabIndex={0}>
        {text.data}
      </pre>
    </div>
  );
}

/**
 * A picture in the preview: the thumbhash placeholder is painted (scaled like the picture) until it loads. With
 * known dimensions the box has the picture's shape from the start, so nothing jumps when it arrives.
 */
function PreviewImage({ src, item, onError }: { src: string; item: FileItem; onError: () => void }) {
  const placeholder = useMemo(() => placeholderDataUrl(item.placeholder), [item.placeholder]);
  const [loaded, setLoaded] = useState(false);
  const sized = Boolean(item.width && item.height && item.width > 0 && item.height > 0);
  const style = {
    ...(sized ? { '--ratio': `${item.width! / item.height!}`, '--natural-width': `${item.width}px`, aspectRatio: `${item.width} / ${item.height}` } : {}),
    ...(placeholder && !loaded ? { backgroundImage: `url("${placeholder}")` } : {}),
  } as CSSProperties;
  return (
    <img
      className={`${styles.image} ${sized ? styles.imageSized : ''} ${placeholder && !loaded ? styles.imageLoading : ''}`}
      src={src}
      alt={item.name}
      decoding="async"
      style={style}
      onLoad={() => setLoaded(true)}
      onError={onError}
      data-loaded={loaded || undefined}
    />
  );
}

/** While the server makes a document's first page (a job, seconds after it was saved): how often to ask, and how long. */
const DOCUMENT_PREVIEW_POLL_MS = 2000;
const DOCUMENT_PREVIEW_WAIT_MS = 60_000;
const OFFICE_KINDS: ReadonlySet<string> = new Set(['doc', 'sheet', 'slide']);

/**
 * An office document, read-only: the first page the server rendered (LibreOffice), asked for again for a minute
 * while it is being made; the type icon and a download when there is none (no LibreOffice on the server).
 */
function DocumentPreview({ item, onDownload }: { item: FileItem; onDownload: () => void }) {
  const [waiting, setWaiting] = useState(!item.previewUrl);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), DOCUMENT_PREVIEW_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const fresh = useGetFileItemQuery(item.uuid, { skip: Boolean(item.previewUrl), pollingInterval: waiting ? DOCUMENT_PREVIEW_POLL_MS : 0 });
  const src = safeUrl(item.previewUrl ?? fresh.data?.previewUrl ?? null);
  useEffect(() => {
    if (src) setWaiting(false);
  }, [src]);
  if (src && !failed) return <PreviewImage src={src} item={item} onError={() => setFailed(true)} />;
  return <NoPreview item={item} onDownload={onDownload} />;
}

function PreviewContent({ item, kind, onDownload }: { item: FileItem; kind: PreviewKind; onDownload: () => void }) {
  const { t } = useTranslation();
  const hasEditor = useHasOfficeEditor();
  const [failed, setFailed] = useState(false);
  // Pictures show the server's ~1440 px WebP when there is one; the original (inline URL) when not, or when it fails.
  const [previewFailed, setPreviewFailed] = useState(false);
  const previewUrl = kind === 'image' && !previewFailed ? safeUrl(item.previewUrl) : null;
  const url = useCreateDownloadUrlsQuery([{ projectId: item.projectId, uuid: item.uuid }], { skip: kind === 'none' || previewUrl !== null });

  useEffect(() => {
    setFailed(false);
    setPreviewFailed(false);
  }, [item.uuid]);

  if (kind === 'none' && OFFICE_KINDS.has(fileKind(item))) {
    // Documents open in the embedded editor (read-only for viewers); the rest show their first page.
    if (hasEditor && editsInOfficeEditor(item.name)) return <OfficeEditorSlot uuid={item.uuid} projectId={item.projectId} name={item.name} fallback={<Spinner size={32} />} />;
    return <DocumentPreview item={item} onDownload={onDownload} />;
  }
  if (kind === 'none') return <NoPreview item={item} onDownload={onDownload} />;
  if (previewUrl) return <PreviewImage src={previewUrl} item={item} onError={() => setPreviewFailed(true)} />;
  if (url.isLoading || url.isFetching) return <Spinner size={32} />;
  const inline = url.data?.[0]?.inlineUrl ?? (kind === 'pdf' ? undefined : url.data?.[0]?.url);
  if (url.isError || !inline || !isSafeUrl(inline) || failed) {
    return failed || url.isError ? (
      <div className={styles.noPreview}>
        <p className={styles.message}>{t('files:preview_error')}</p>
        <Button startIcon={<DownloadIcon size={18} />} onClick={onDownload}>
          {t('files:action_download')}
        </Button>
      </div>
    ) : (
      <NoPreview item={item} onDownload={onDownload} />
    );
  }
  switch (kind) {
    case 'image':
      return <PreviewImage key={inline} src={inline} item={item} onError={() => setFailed(true)} />;
    case 'video':
      return (
        <InlineVideo key={inline} src={inline} item={item} className={styles.video} onError={() => setFailed(true)} testId="preview-video">
          {t('files:preview_error')}
        </InlineVideo>
      );
    case 'audio':
      return (
        <div className={styles.audioWrap}>
          <FileKindIcon kind="audio" size={48} large />
          <audio key={inline} className={styles.audio} src={inline} controls preload="metadata" onError={() => setFailed(true)}>
            {t('files:preview_error')}
          </audio>
        </div>
      );
    case 'pdf':
      return <iframe key={inline} className={styles.frame} src={inline} title={item.name} />;
    case 'text':
      return <TextPreview url={inline} truncated={item.bytes > TEXT_PREVIEW_MAX_BYTES} />;
  }
}

interface PreviewLocationState {
  fromFiles?: boolean;
}

const isTypingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.matches('input, textarea, select, video, audio, [contenteditable="true"]') || target.isContentEditable);

/**
 * Full-screen preview of one file of a folder: next and previous walk the folder's loaded listing (arrow
 * keys too), Escape closes. Content comes from the file's signed inline URL.
 */
export function PreviewScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const parentUuid = params.get('parent') || null;
  const listing = useFilesListing(parentUuid);
  const files = useMemo(() => listing.items.filter((item) => !item.folder), [listing.items]);
  const index = files.findIndex((item) => item.uuid === uuid);
  const item = index >= 0 ? files[index] : undefined;
  const previous = index > 0 ? files[index - 1] : undefined;
  const next = index >= 0 ? files[index + 1] : undefined;
  const { download } = useFileActions();
  const closeButton = useRef<HTMLButtonElement>(null);
  const { hasNextPage, isFetching, fetchNextPage } = listing;

  // Opened from a link or after a reload: load further pages until the file (or the end) turns up; near the
  // end of what is loaded, load the next page so "next" keeps going.
  useEffect(() => {
    if (!hasNextPage || isFetching) return;
    if (!item || !next) void fetchNextPage();
  }, [item, next, hasNextPage, isFetching, fetchNextPage]);

  useEffect(() => {
    closeButton.current?.focus();
  }, []);
  // The listing focuses this file's row when it comes back.
  const dispatch = useAppDispatch();
  const shown = item?.uuid;
  useEffect(() => {
    if (shown) dispatch(previewShown(shown));
  }, [dispatch, shown]);

  const close = useCallback(() => {
    if ((location.state as PreviewLocationState | null)?.fromFiles) navigate(-1);
    else navigate(filesPath(parentUuid));
  }, [location.state, navigate, parentUuid]);

  const go = useCallback(
    (target: FileItem | undefined) => {
      if (target) navigate(previewPath(target.uuid, parentUuid), { replace: true, state: location.state });
    },
    [navigate, parentUuid, location.state],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const rtl = document.documentElement.dir === 'rtl';
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) {
        event.preventDefault();
        go(next);
      } else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) {
        event.preventDefault();
        go(previous);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close, go, next, previous]);

  const loading = !item && (listing.isLoading || listing.isFetching || Boolean(listing.hasNextPage));
  const kind = item ? previewKind(item) : 'none';

  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={item?.name ?? t('files:preview_title')} data-testid="preview">
      <header className={styles.bar}>
        <button ref={closeButton} type="button" className={styles.barButton} onClick={close} aria-label={t('common:close')}>
          <CloseIcon size={22} />
        </button>
        <div className={styles.title}>
          <span className={styles.name} title={item?.name}>
            <bdi>{item?.name ?? ''}</bdi>
          </span>
          {item ? <span className={styles.position}>{t('files:preview_position', { n: index + 1, total: files.length })}</span> : null}
        </div>
        <button
          type="button"
          className={styles.barButton}
          onClick={() => item && void download([item])}
          disabled={!item}
          aria-label={t('files:action_download')}
          title={t('files:action_download')}
        >
          <DownloadIcon size={22} />
        </button>
      </header>
      <div className={styles.stage}>
        {item ? (
          <PreviewContent key={item.uuid} item={item} kind={kind} onDownload={() => void download([item])} />
        ) : loading ? (
          <Spinner size={32} />
        ) : (
          <div className={styles.noPreview}>
            <p className={styles.noPreviewTitle}>{t('files:preview_missing')}</p>
            <Button onClick={close}>{t('common:close')}</Button>
          </div>
        )}
        <button
          type="button"
          className={`${styles.nav} ${styles.navPrev}`}
          onClick={() => go(previous)}
          disabled={!previous}
          aria-label={t('files:preview_prev')}
        >
          <ChevronStartIcon size={28} />
        </button>
        <button
          type="button"
          className={`${styles.nav} ${styles.navNext}`}
          onClick={() => go(next)}
          disabled={!next}
          aria-label={t('files:preview_next')}
        >
          <ChevronEndIcon size={28} />
        </button>
      </div>
    </div>
  );
}
