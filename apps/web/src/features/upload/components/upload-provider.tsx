import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { refreshUsage } from '@/api/account';
import { baseApi, refreshAfterUnauthorized } from '@/api/base-api';
import { getAuthToken } from '@/api/session';
import { folderListingTag } from '@/api/tags';
import { useStore } from 'react-redux';
import { useAppDispatch } from '@/app/hooks';
import type { RootState } from '@/app/store';
import { showToast } from '@/components/ui/toast-slice';
import { UploaderContext, type Uploader } from '@/hooks/use-uploader';
import { isSafeUrl } from '@/lib/safe-url';
import { setFullStorageRequested } from '@/state/ui-slice';
import { uploadApi } from '../api';
import { UploadEngine } from '../upload-engine';
import { localPendingUploads } from '../upload-persistence';
import { createXhrTransport } from '../upload-transport';
import { UploadPanel } from './upload-panel';

/**
 * Owns the upload engine for the signed-in area: the hidden file pickers, the upload panel, and the
 * uploader the NEW menu and the Files screen use (through the shared context).
 */
export function UploadProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const resumeInput = useRef<HTMLInputElement>(null);
  const store = useStore<RootState>();
  // The folder the picker was opened for; files set on the input otherwise go to the opened folder.
  const target = useRef<string | null | undefined>(undefined);
  const [engine] = useState(
    () =>
      new UploadEngine({
        dispatch,
        transport: createXhrTransport(),
        getBaseUrl: async () => {
          const value = await dispatch(uploadApi.endpoints.getUploadBaseUrl.initiate()).unwrap();
          // The token goes with every piece: only to our own origin (or https).
          if (!isSafeUrl(value)) throw new Error('Unexpected upload URL');
          return value;
        },
        getToken: getAuthToken,
        refreshToken: (token) => dispatch(refreshAfterUnauthorized(token)),
        onQuotaExceeded: () => {
          dispatch(setFullStorageRequested(true));
          void dispatch(refreshUsage());
        },
        onUploaded: (parentUuid) => {
          dispatch(baseApi.util.invalidateTags([folderListingTag(parentUuid)]));
          void dispatch(refreshUsage());
        },
        pending: localPendingUploads,
      }),
  );

  useEffect(() => {
    engine.restore();
    return () => engine.dispose();
  }, [engine]);

  const uploader = useMemo<Uploader>(
    () => ({
      pickFiles: (parentUuid) => {
        target.current = parentUuid;
        input.current?.click();
      },
      uploadFiles: (files, parentUuid) => engine.add(files, parentUuid),
    }),
    [engine],
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
          target.current = undefined;
          if (files.length > 0) engine.add(files, parentUuid);
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
          const unmatched = engine.resumeWith(files);
          if (unmatched.length > 0) dispatch(showToast({ kind: 'alert', messageKey: 'upload:resume_mismatch' }));
        }}
        data-testid="upload-resume-input"
      />
      <UploadPanel
        onCancel={(uuid) => engine.cancel(uuid)}
        onRetry={(uuid) => engine.retry(uuid)}
        onResume={() => resumeInput.current?.click()}
        onClear={() => engine.clearFinished()}
      />
    </UploaderContext.Provider>
  );
}
