import { createContext, useContext } from 'react';

/**
 * What the upload feature offers to the rest of the app (the NEW menu, drag and drop on Files).
 * It lives here, below the features, so Files can start uploads without importing the upload feature.
 */
export interface Uploader {
  /** Opens the file picker (several files) for uploads into the folder (null = root). */
  pickFiles: (parentUuid: string | null, options?: UploadOptions) => void;
  /** Queues files (e.g. dropped ones) for upload into the folder, asking first when names there are taken (issue 33). */
  uploadFiles: (files: readonly File[], parentUuid: string | null, options?: UploadOptions) => void;
}

export interface UploadOptions {
  /** "Add to Family library" (issue 35): the finished photos and videos land in the family library, not My photos. */
  familyLibrary?: boolean;
}

export const UploaderContext = createContext<Uploader | null>(null);

/** The app's uploader; null outside the signed-in layout. */
export function useUploader(): Uploader | null {
  return useContext(UploaderContext);
}
