import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
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
import type { ViewHandle } from './view-props';
import styles from './office.module.css';

// Each kind's view (its reader, writer and libraries: the formula engine only for spreadsheets) is a chunk of its own,
// fetched while the document itself is fetched, not after it.
const viewModules = {
  document: () => import('./docx-view').then((m) => ({ default: m.DocxView })),
  sheet: () => import('./sheet-view').then((m) => ({ default: m.SheetView })),
  slides: () => import('./slides-view').then((m) => ({ default: m.SlidesView })),
};
const views = { document: lazy(viewModules.document), sheet: lazy(viewModules.sheet), slides: lazy(viewModules.slides) };
const viewOf = (kind: OfficeFormat) => (kind === 'docx' || kind === 'odt' ? 'document' : kind === 'xlsx' || kind === 'ods' ? 'sheet' : 'slides');

/**
 * The embedded editor (issue 33): opens a document through the WOPI host with the caller's scoped token, edits it
 * in its own format (documents, spreadsheets, presentations) and saves it back with the lock; read-only for viewers
 * and while someone else edits.
 */
export function OfficeEditor({ uuid, projectId, name, readOnlyUrl }: OfficeEditorSlotProps) {
  const { t } = useTranslation('office');
  const dispatch = useAppDispatch();
  // A link visitor has no session to open an editor with: the link's own download, read-only.
  const config = useGetOfficeFileInProjectQuery({ projectId, uuid }, { refetchOnMountOrArgChange: true, skip: Boolean(readOnlyUrl) });
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

  // The view's code (and an OpenDocument reader) starts loading now, beside the open config and the file's bytes.
  useEffect(() => {
    if (!kind) return;
    void viewModules[viewOf(kind)]().catch(() => undefined);
    void loadOdf(kind).catch(() => undefined);
  }, [kind]);

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
  const View = views[viewOf(kind)];
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
        <View bytes={session.bytes} format={kind} editable={editable} onChange={onChange} handle={handle} />
      </Suspense>
    </section>
  );
}
