import { refreshUsage } from '@/api/account';
import { baseApi, refreshAfterUnauthorized } from '@/api/base-api';
import { getAuthToken } from '@/api/session';
import { FAMILY_LIBRARY_TAG, folderListingTag } from '@/api/tags';
import type { AppDispatch } from '@/state/store-types';
import { isSafeUrl } from '@/lib/safe-url';
import { setFullStorageRequested } from '@/state/ui-slice';
import { uploadApi } from './api';
import { UploadEngine } from './upload-engine';
import { clashingFiles, type ExistingItem } from './upload-clash';
import { localPendingUploads } from './upload-persistence';
import { createXhrTransport } from './upload-transport';
import { createWorkerHasher } from './upload-hash';

/**
 * The app's upload engine, wired to the store and the session. A chunk of its own (with the EXIF reader and the
 * transport): the upload provider loads it with the first file, or at start when a reload left uploads unfinished.
 */
export function createUploadEngine(dispatch: AppDispatch): UploadEngine {
  return new UploadEngine({
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
    onUploaded: (parentUuid, familyLibrary) => {
      dispatch(baseApi.util.invalidateTags(familyLibrary ? [folderListingTag(parentUuid), FAMILY_LIBRARY_TAG] : [folderListingTag(parentUuid)]));
      void dispatch(refreshUsage());
    },
    pending: localPendingUploads,
    hashFile: createWorkerHasher(),
  });
}

/**
 * The files of `files` whose name a file in the folder already has, asked of the server at the moment of the upload:
 * the web's cached listing may be a few pages of a long folder, or another device's changes behind (issue 33). The
 * folder is read page by page (500 items each); hidden files are not in it.
 */
export async function findClashes(dispatch: AppDispatch, files: readonly File[], parentUuid: string | null): Promise<File[]> {
  const existing: ExistingItem[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await dispatch(uploadApi.endpoints.getFolderNamesPage.initiate({ parentUuid, page }, { forceRefetch: true, subscribe: false })).unwrap();
    existing.push(...answer.fileList);
    if (!answer.hasMore || answer.fileList.length === 0) return clashingFiles(files, existing);
  }
}
