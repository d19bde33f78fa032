import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorCode } from '@/api/errors';
import type { FileItem } from '@/api/files';
import { hasSession } from '@/api/session';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { AlertIcon, CloudUploadIcon, DownloadIcon, ImageIcon, LockIcon, ShareIcon } from '@/components/ui/icons';
import { Loader } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { loginReturningTo, paths } from '@/config/paths';
import { formatDateTime } from '@/i18n/format';
import { startDownload } from '@/lib/download';
import { PhotoGrid } from '@/media/grid/photo-grid';
import { PhotoViewer } from '@/media/viewer/photo-viewer';
import { useAppDispatch } from '@/state/hooks';
import { rememberSave, setUnlock, sharedAlbumPath, takePendingSave, useAlbumLink, visitorHeaders } from '../album-link';
import {
  useDownloadSharedFilesMutation,
  useGetSharedListQuery,
  useListSharedAlbumPhotosInfiniteQuery,
  useSaveSharedFilesMutation,
  useUnlockSharedLinkMutation,
  type AlbumLink,
} from '../api';
import styles from './shared-album.module.css';

/**
 * /sharedAlbum?token=…: a live person or place link (issue 35) for anyone holding it. The photos are the person's or
 * place's as they are at this visit; the name shows only if the owner chose to show it.
 */
export function SharedAlbumScreen() {
  const { token, unlock } = useAlbumLink();
  const link = useGetSharedListQuery(token ? visitorHeaders(token, unlock) : skipToken);
  if (!token) return <Problem kind="notFound" />;
  if (link.isLoading) return <Loader />;
  if (link.isError) {
    const code = apiErrorCode(link.error);
    if (code === 'SHARE_PASSWORD_REQUIRED') return <PasswordPrompt token={token} rejected={unlock !== null} />;
    if (code === 'NOT_FOUND') return <Problem kind="notFound" />;
    if (code === 'TOO_MANY_REQUESTS' || code === '429') return <Problem kind="tooMany" />;
    return <Problem kind="error" onRetry={() => void link.refetch()} />;
  }
  if (!link.data) return <Loader />;
  return <AlbumPhotos link={link.data} token={token} unlock={unlock} />;
}

type SaveState = { kind: 'idle' } | { kind: 'saved'; count: number } | { kind: 'failed'; quota: boolean };

function AlbumPhotos({ link, token, unlock }: { link: AlbumLink; token: string; unlock: string | null }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const headers = visitorHeaders(token, unlock);
  const query = useListSharedAlbumPhotosInfiniteQuery(headers);
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.fileList) as FileItem[], [query.data]);
  const total = query.data?.pages[0]?.totalCount ?? link.itemCount;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [downloadFiles, downloading] = useDownloadSharedFilesMutation();
  const [saveFiles, saving] = useSaveSharedFilesMutation();

  const person = link.contentType === 'album/person';
  const title = link.nameShown && link.name ? link.name : t('shares:visitor_title');
  const chosen = [...selected];

  const download = async (uuids: readonly string[]) => {
    try {
      const { url } = await downloadFiles({ ...headers, body: uuids.length > 0 ? { uuids: [...uuids] } : {} }).unwrap();
      startDownload(url);
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:visitor_download_failed' }));
    }
  };

  const save = useCallback(
    async (uuids: readonly string[]) => {
      try {
        const result = await saveFiles({ ...visitorHeaders(token, unlock), body: uuids.length > 0 ? { uuids: [...uuids] } : {} }).unwrap();
        setSaveState({ kind: 'saved', count: result.savedCount });
      } catch (error) {
        setSaveState({ kind: 'failed', quota: apiErrorCode(error) === 'QUOTA_EXCEEDED' });
      }
    },
    [saveFiles, token, unlock],
  );

  // Back from signing in with a save waiting: finish it.
  const finishing = useRef(false);
  useEffect(() => {
    if (finishing.current || !hasSession()) return;
    const waiting = takePendingSave();
    if (waiting === null) return;
    finishing.current = true;
    void save(waiting);
  }, [save]);

  const requestSave = () => {
    if (hasSession()) {
      void save(chosen);
      return;
    }
    // A visitor without a session signs in first; the page finishes the save when they come back.
    rememberSave(chosen);
    navigate(loginReturningTo(sharedAlbumPath(token)));
  };

  const toggle = (uuid: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(uuid)) next.delete(uuid);
      else next.add(uuid);
      return next;
    });

  const meta = [
    t('shares:visitor_shared_by', { name: link.ownerName }),
    t('shares:visitor_photo_count', { count: total }),
    link.expirationDate ? t('shares:visitor_expires', { date: formatDateTime(Date.parse(link.expirationDate), i18n.language) }) : null,
  ].filter(Boolean);

  let content;
  if (query.isLoading) content = <Loader />;
  else if (query.isError && items.length === 0)
    content = (
      <EmptyState
        icon={<AlertIcon size={32} />}
        title={t('shares:visitor_load_error')}
        action={<Button onClick={() => void query.refetch()}>{t('common:retry')}</Button>}
      />
    );
  else if (items.length === 0)
    content = <EmptyState icon={<ImageIcon size={32} />} title={t('shares:visitor_empty_title')} description={t('shares:visitor_empty_text')} data-testid="shared-album-empty" />;
  else
    content = (
      <PhotoGrid
        items={items}
        hasMore={Boolean(query.hasNextPage)}
        onLoadMore={() => void query.fetchNextPage()}
        selected={selected}
        selectionMode={selected.size > 0}
        onToggleSelect={toggle}
        onOpen={setViewerIndex}
      />
    );

  return (
    <section className={styles.screen} aria-labelledby="shared-album-title" data-testid="shared-album-screen">
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <ShareIcon size={24} />
        </span>
        <div className={styles.text}>
          <h2 id="shared-album-title" className={styles.name} title={title}>
            <bdi>{title}</bdi>
          </h2>
          <p className={styles.meta}>
            {meta.map((part) => (
              <span key={part}>{part}</span>
            ))}
          </p>
          <p className={styles.note}>{person ? t('shares:visitor_live_person') : t('shares:visitor_live_place')}</p>
        </div>
        {items.length > 0 ? (
          <div className={styles.actions}>
            <Button startIcon={<CloudUploadIcon size={18} />} onClick={requestSave} loading={saving.isLoading} data-testid="shared-album-save">
              {chosen.length > 0 ? t('shares:visitor_save_selected', { count: chosen.length }) : t('shares:visitor_save_all')}
            </Button>
            <Button
              variant="secondary"
              startIcon={<DownloadIcon size={18} />}
              onClick={() => void download(chosen)}
              loading={downloading.isLoading}
              data-testid="shared-album-download"
            >
              {chosen.length > 0 ? t('shares:visitor_download_selected', { count: chosen.length }) : t('shares:visitor_download_all')}
            </Button>
            {chosen.length > 0 ? (
              <Button variant="ghost" onClick={() => setSelected(new Set())}>
                {t('shares:visitor_clear_selection')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div role="status" className={styles.status}>
        {saveState.kind === 'saved' ? (
          <Alert tone="success" data-testid="shared-album-saved">
            {t('shares:visitor_saved', { count: saveState.count })} <Link to={paths.files}>{t('shares:visitor_open_files')}</Link>
          </Alert>
        ) : saveState.kind === 'failed' ? (
          <Alert tone="error">
            {saveState.quota ? t('shares:visitor_save_quota') : t('shares:visitor_save_failed')}
          </Alert>
        ) : null}
      </div>
      {content}
      {viewerIndex !== null && items[viewerIndex] ? (
        <PhotoViewer
          items={items}
          index={viewerIndex}
          total={total}
          onIndexChange={setViewerIndex}
          onClose={() => setViewerIndex(null)}
          onNeedMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
          readOnly={{ onDownload: (item) => void download([item.uuid]) }}
        />
      ) : null}
    </section>
  );
}

type ProblemKind = 'notFound' | 'tooMany' | 'error';

const PROBLEM = {
  notFound: { title: 'shares:visitor_not_found_title', text: 'shares:visitor_not_found_text' },
  tooMany: { title: 'shares:visitor_too_many_title', text: 'shares:visitor_too_many_text' },
  error: { title: 'shares:visitor_error_title', text: 'shares:visitor_error_text' },
} as const;

/** A link that cannot be shown: unknown, expired and revoked look the same (the server does not say which). */
function Problem({ kind, onRetry }: { kind: ProblemKind; onRetry?: () => void }) {
  const { t } = useTranslation();
  const signedIn = hasSession();
  return (
    <div className={styles.page}>
      <section className={styles.panel} aria-labelledby="shared-album-problem" data-testid={`shared-album-${kind}`}>
        <span className={styles.panelIcon} aria-hidden="true">
          {kind === 'notFound' ? <ShareIcon size={28} /> : <AlertIcon size={28} />}
        </span>
        <h2 id="shared-album-problem" className={styles.panelTitle}>
          {t(PROBLEM[kind].title)}
        </h2>
        <p className={styles.panelText}>{t(PROBLEM[kind].text)}</p>
        <div className={styles.panelLinks}>
          {onRetry ? <Button onClick={onRetry}>{t('common:retry')}</Button> : null}
          <Link to={signedIn ? paths.main : paths.home}>{signedIn ? t('shares:visitor_go_to_files') : t('shares:visitor_go_to_bulut')}</Link>
        </div>
      </section>
    </div>
  );
}

/** A password link: the visitor types it once; the proof is kept in this tab and sent with every later call. */
function PasswordPrompt({ token, rejected }: { token: string; rejected: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(rejected ? t('shares:visitor_password_expired') : null);
  const [unlock, state] = useUnlockSharedLinkMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('shares:visitor_password_required'));
      return;
    }
    setError(null);
    try {
      const result = await unlock({ 'x-share-token': token, body: { password } }).unwrap();
      setUnlock(token, result.unlock);
    } catch (failure) {
      const code = apiErrorCode(failure);
      if (code === 'TOO_MANY_REQUESTS' || code === '429') setError(t('shares:visitor_too_many_text'));
      else if (code === 'NOT_FOUND') setError(t('shares:visitor_not_found_text'));
      else if (code === 'FETCH_ERROR' || code === 'TIMEOUT_ERROR') setError(t('common:network_error'));
      else setError(t('shares:visitor_password_wrong'));
      setPassword('');
    }
  };

  return (
    <div className={styles.page}>
      <section className={styles.panel} aria-labelledby="shared-album-password" data-testid="shared-album-password">
        <span className={styles.panelIcon} aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <h2 id="shared-album-password" className={styles.panelTitle}>
          {t('shares:visitor_password_title')}
        </h2>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            type="password"
            label={t('shares:visitor_password_label')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="off"
            autoFocus
          />
          <Button type="submit" fullWidth loading={state.isLoading}>
            {t('shares:visitor_password_submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}
