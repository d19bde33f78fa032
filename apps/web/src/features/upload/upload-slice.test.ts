import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { uploadProgressed, uploadsQueued } from './upload-slice';
import { UploadStatus } from './upload-status';

describe('upload slice', () => {
  // The timeline refreshes when filesUploaded grows; it reads this slice rather than a copy of its own.
  it('follows uploads per uuid: 100 percent moves an item to filesUploaded', () => {
    const store = createAppStore();
    const queued = { uuid: 'u1', name: 'a.jpg', size: 10, lastModified: 0, parentUuid: null, progress: 0, status: UploadStatus.NotStarted, seq: 1 };
    store.dispatch(uploadsQueued([queued]));
    store.dispatch(uploadProgressed({ uuid: 'u1', progress: 49.6 }));
    expect(store.getState().upload.filesToUpload).toMatchObject([{ uuid: 'u1', progress: 50, status: UploadStatus.NotStarted }]);
    store.dispatch(uploadProgressed({ uuid: 'u1', progress: 100 }));
    expect(store.getState().upload.filesToUpload).toEqual([]);
    expect(store.getState().upload.filesUploaded).toMatchObject([{ uuid: 'u1', progress: 100, status: UploadStatus.Installed }]);
  });
});
