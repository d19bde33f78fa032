import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import type { RootState } from '@/state/store-types';
import { showToast } from '@/components/ui/toast-slice';
import { UploaderContext, type Uploader, type UploadOptions } from '@/hooks/use-uploader';
import { loadChunk } from '@/lib/lazy-route';
import type { UploadEngine } from '../upload-engine';
import { planUploads, type ClashChoice } from '../upload-clash';
import { localPendingUploads } from '../upload-persistence';

// Fetched with the first upload, not with every signed-in page (initial JavaScript budget, bench/initial-js.mjs).
const UploadPanel = lazy(() => import('./upload-panel').then((m) => ({ default: m.UploadPanel })));
// With Radix's dialog code: only when a name clashes.
const UploadClashDialog = lazy(() => import('./upload-clash-dialog').then((m) => ({ default: m.UploadClashDialog })));

interface Uploads {
  engine: UploadEngine;
  /** The files whose name a file in the folder already has. */
  findClashes: (files: readonly File[], parentUuid: string | null) => Promise<File[]>;
}

/** Files waiting for the user's answer to "already in this folder". */
interface ClashBatch {
  id: number;
  files: File[];
  clashing: File[];
  parentUuid: string | null;
}

/**
 * Owns the upload engine for the signed-in area: the hidden file pickers, the upload panel, and the
 * uploader the NEW menu and the Files screen use (through the shared context).
 */
export function UploadProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const resumeInput = useRef<HTMLInputElement>(null);
  const store = useStore<RootState>();
  const hasUploads = useAppSelector((state) => state.upload.filesToUpload.length + state.upload.filesUploaded.length > 0);
  // The folder the picker was opened for; files set on the input otherwise go to the opened folder.
  const target = useRef<string | null | undefined>(undefined);
  // How the picker was opened: "Add to Family library" on (issue 35) or not.
  const targetOptions = useRef<UploadOptions>({});
  // The engine's code loads with the first file (or an unfinished upload to show), not with the shell (issue 17).
  const engineLoad = useRef<Promise<Uploads> | null>(null);
  const withUploads = useCallback(
    (use: (uploads: Uploads) => void) => {
      engineLoad.current ??= loadChunk(() => import('../upload-engine-setup')).then((module) => ({
        engine: module.createUploadEngine(dispatch),
        findClashes: (files, parentUuid) => module.findClashes(dispatch, files, parentUuid),
      }));
      engineLoad.current.then(use, () => {
        // Offline before the first upload: say so, and let the next try fetch it again.
        engineLoad.current = null;
        dispatch(showToast({ kind: 'alert', messageKey: 'common:network_error' }));
      });
    },
    [dispatch],
  );
  const withEngine = useCallback((use: (engine: UploadEngine) => void) => withUploads(({ engine }) => use(engine)), [withUploads]);

  // One question at a time; files dropped while it is open wait behind it.
  const [clashes, setClashes] = useState<ClashBatch[]>([]);
  const batchSeq = useRef(0);
  const upload = useCallback(
    (files: readonly File[], parentUuid: string | null, options: UploadOptions = {}) =>
      withUploads(({ engine, findClashes }) => {
        // Photos for the family library are not asked about names, as a photo library never does: a clash keeps both.
        if (options.familyLibrary) return engine.add(files, parentUuid, options);
        findClashes(files, parentUuid).then(
          (clashing) => {
            if (clashing.length === 0) engine.add(files, parentUuid);
            else setClashes((queue) => [...queue, { id: (batchSeq.current += 1), files: [...files], clashing, parentUuid }]);
          },
          // The folder could not be read: upload as before the question existed (a clash keeps both).
          () => engine.add(files, parentUuid),
        );
      }),
    [withUploads],
  );
  const answer = (batch: ClashBatch, choice: ClashChoice | null) => {
    setClashes((queue) => queue.filter((waiting) => waiting.id !== batch.id));
    // Closing the question uploads nothing, as cancelling a file picker does.
    if (!choice) return;
    const planned = planUploads(batch.files, batch.clashing, choice);
    if (planned.length > 0) withEngine((engine) => engine.add(planned, batch.parentUuid));
  };

  useEffect(() => {
    // Uploads a reload interrupted are listed at once (paused until their files are chosen again).
    if (localPendingUploads.load().length > 0) withEngine((engine) => engine.restore());
    return () => void engineLoad.current?.then(({ engine }) => engine.dispose(), () => undefined);
  }, [withEngine]);

  const uploader = useMemo<Uploader>(
    () => ({
      pickFiles: (parentUuid, options = {}) => {
        target.current = parentUuid;
        targetOptions.current = options;
        // Only photos and videos go into the family library: the picker offers just those.
        if (input.current) input.current.accept = options.familyLibrary ? 'image/*,video/*' : '';
        input.current?.click();
      },
      uploadFiles: upload,
    }),
    [upload],
  );
  const asking = clashes[0];

  return (
    <UploaderContext.Provider value={uploader}>
      {children}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          const parentUuid = target.current !== undefined ? target.current : (store.getState().ui.openedFolders.at(-1)?.uuid ?? null);
          const options = targetOptions.current;
          target.current = undefined;
          targetOptions.current = {};
          if (files.length > 0) upload(files, parentUuid, options);
        }}
        data-testid="upload-input"
      />
      <input
        ref={resumeInput}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length === 0) return;
          withEngine((engine) => {
            const unmatched = engine.resumeWith(files);
            if (unmatched.length > 0) dispatch(showToast({ kind: 'alert', messageKey: 'upload:resume_mismatch' }));
          });
        }}
        data-testid="upload-resume-input"
      />
      {hasUploads ? (
        <Suspense fallback={null}>
          <UploadPanel
            onCancel={(uuid) => withEngine((engine) => engine.cancel(uuid))}
            onRetry={(uuid) => withEngine((engine) => engine.retry(uuid))}
            onResume={() => resumeInput.current?.click()}
            onClear={() => withEngine((engine) => engine.clearFinished())}
          />
        </Suspense>
      ) : null}
      {asking ? (
        <Suspense fallback={null}>
          <UploadClashDialog key={asking.id} clashing={asking.clashing} onAnswer={(choice) => answer(asking, choice)} />
        </Suspense>
      ) : null}
    </UploaderContext.Provider>
  );
}
