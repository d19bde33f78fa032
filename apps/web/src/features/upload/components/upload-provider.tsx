import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/state/hooks';
import type { RootState } from '@/state/store-types';
import { showToast } from '@/components/ui/toast-slice';
import { UploaderContext, type Uploader, type UploadOptions } from '@/hooks/use-uploader';
import { loadChunk } from '@/lib/lazy-route';
import type { UploadEngine } from '../upload-engine';
import { localPendingUploads } from '../upload-persistence';

// Fetched with the first upload, not with every signed-in page (initial JavaScript budget, bench/initial-js.mjs).
const UploadPanel = lazy(() => import('./upload-panel').then((m) => ({ default: m.UploadPanel })));

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
  const engineLoad = useRef<Promise<UploadEngine> | null>(null);
  const withEngine = useCallback(
    (use: (engine: UploadEngine) => void) => {
      engineLoad.current ??= loadChunk(() => import('../upload-engine-setup')).then((module) => module.createUploadEngine(dispatch));
      engineLoad.current.then(use, () => {
        // Offline before the first upload: say so, and let the next try fetch it again.
        engineLoad.current = null;
        dispatch(showToast({ kind: 'alert', messageKey: 'common:network_error' }));
      });
    },
    [dispatch],
  );

  useEffect(() => {
    // Uploads a reload interrupted are listed at once (paused until their files are chosen again).
    if (localPendingUploads.load().length > 0) withEngine((engine) => engine.restore());
    return () => void engineLoad.current?.then((engine) => engine.dispose(), () => undefined);
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
      uploadFiles: (files, parentUuid, options) => withEngine((engine) => engine.add(files, parentUuid, options)),
    }),
    [withEngine],
  );

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
          if (files.length > 0) withEngine((engine) => engine.add(files, parentUuid, options));
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
    </UploaderContext.Provider>
  );
}
