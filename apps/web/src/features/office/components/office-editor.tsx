import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { useGetOfficeFileInProjectQuery } from '@/api/office';
import { baseApi } from '@/api/base-api';
import { useAppDispatch } from '@/state/hooks';
import type { OfficeEditorSlotProps } from '@/media/slots';
import { useOfficeSession, type SaveState } from '../hooks/use-office-session';
import { LockConflict } from '../wopi-client';
import { editorOf } from '../editor-kind';
import { loadOdf, type OfficeFormat } from '../ooxml/open';
import type { ViewHandle, ViewProps } from './view-props';
import styles from './office.module.css';

// Each kind's view (its reader, writer and libraries: the formula engine only for spreadsheets) is a chunk of its own,
// fetched while the document itself is fetched, not after it.
// A view whose chunk is already here is drawn directly: suspending on it again would hold the document back by React's
// throttle on revealing a suspended boundary (300 ms), for code that is already loaded.
type ViewName = 'document' | 'sheet' | 'slides';
const loadedViews: Partial<Record<ViewName, ComponentType<ViewProps>>> = {};
const viewModules: Record<ViewName, () => Promise<ComponentType<ViewProps>>> = {
  document: () => import('./docx-view').then((m) => (loadedViews.document = m.DocxView)),
  sheet: () => import('./sheet-view').then((m) => (loadedViews.sheet = m.SheetView)),
  slides: () => import('./slides-view').then((m) => (loadedViews.slides = m.SlidesView)),
};
const lazyView = (name: ViewName) => lazy(() => viewModules[name]().then((view) => ({ default: view })));
const views = { document: lazyView('document'), sheet: lazyView('sheet'), slides: lazyView('slides') };

/** The view for a kind, picked once per opening: switching from the lazy one to the loaded one would remount it. */
function KindView({ name, ...props }: ViewProps & { name: ViewName }) {
  const [View] = useState(() => loadedViews[name] ?? views[name]);
  return <View {...props} />;
}
/** How old an open config the editor takes from the slot's request (seconds) rather than asking again. */
const CONFIG_FRESH_S = 30;
const viewOf = (kind: OfficeFormat): ViewName => (kind === 'docx' || kind === 'odt' ? 'document' : kind === 'xlsx' || kind === 'ods' ? 'sheet' : 'slides');

/** Starts fetching the code of the view (and OpenDocument reader) a file of this name opens in; nothing else. */
export function preloadOfficeView(name: string): void {
  const kind = editorOf(name);
  if (!kind) return;
  void viewModules[viewOf(kind)]().catch(() => undefined);
  void loadOdf(kind).catch(() => undefined);
}

/**
 * The embedded editor (issue 33): opens a document through the WOPI host with the caller's scoped token, edits it
 * in its own format (documents, spreadsheets, presentations) and saves it back with the lock; read-only for viewers
 * and while someone else edits.
 */
export function OfficeEditor({ uuid, projectId, name, readOnlyUrl }: OfficeEditorSlotProps) {
  const { t } = useTranslation('office');
  const dispatch = useAppDispatch();
  // A link visitor has no session to open an editor with: the link's own download, read-only. The slot around the
  // editor asked for the config as it mounted (fresh: it is not kept once the editor goes); it is not asked twice.
  const config = useGetOfficeFileInProjectQuery({ projectId, uuid }, { refetchOnMountOrArgChange: CONFIG_FRESH_S, skip: Boolean(readOnlyUrl) });
  const session = useOfficeSession(config.data, readOnlyUrl);
  const [saveState, setSaveState] = useState<SaveState>('clean');
  const handle = useRef<ViewHandle | null>(null);
  const kind = editorOf(name);
  const editable = session.mode === 'edit';

  const save = useCallback(async () => {
    if (!handle.current || !editable) return;
    setSaveState('saving');
    try {
      const ok = await session.save(handle.current.serialize());
      setSaveState(ok ? 'saved' : 'failed');
      // The listing shows the new size and date.
      dispatch(baseApi.util.invalidateTags(['FilesByFieldName']));
    } catch (err) {
      setSaveState(err instanceof LockConflict ? 'conflict' : 'failed');
    }
  }, [dispatch, editable, session]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  const onChange = useCallback(() => setSaveState((s) => (s === 'saving' ? s : 'dirty')), []);

  // The view's code (and an OpenDocument reader) starts loading now, beside the open config and the file's bytes
  // (the app's slot has usually started it already: preloadOfficeView).
  useEffect(() => preloadOfficeView(name), [name]);

  if (config.isError || session.status === 'error' || !kind) {
    return (
      <div className={styles.message} role="alert">
        {t(kind ? 'load_error' : 'unsupported')}
      </div>
    );
  }
  if (session.status === 'loading' || !session.bytes) {
    return (
      <div className={styles.message} role="status">
        <Spinner size={32} />
        <span>{t('loading')}</span>
      </div>
    );
  }
  const waiting = (
    <div className={styles.message} role="status">
      <Spinner size={32} />
      <span>{t('loading')}</span>
    </div>
  );
  return (
    <section className={styles.editor} aria-label={name} data-testid="office-editor" data-mode={session.mode}>
      <div className={styles.status}>
        {editable ? (
          <>
            <span className={styles.saveState} role="status" aria-live="polite" data-testid="office-save-state">
              {saveState === 'clean' ? '' : t(`state_${saveState}`)}
            </span>
            <Button size="sm" onClick={() => void save()} loading={saveState === 'saving'} disabled={saveState === 'clean' || saveState === 'saved'}>
              {t('save')}
            </Button>
          </>
        ) : (
          <span className={styles.readOnly} data-testid="office-read-only">
            {t('read_only')}
          </span>
        )}
      </div>
      {session.lockedBy !== null ? (
        <Alert tone="info" data-testid="office-locked">{session.lockedBy ? t('locked_by', { name: session.lockedBy }) : t('locked_by_unknown')}</Alert>
      ) : null}
      <Suspense fallback={waiting}>
        <KindView name={viewOf(kind)} bytes={session.bytes} format={kind} editable={editable} onChange={onChange} handle={handle} />
      </Suspense>
    </section>
  );
}
