import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { filesApi, type FileItem } from '@/features/files/api';
import { uploadProgressed, uploadsQueued } from '@/features/upload/upload-slice';
import { UploadStatus } from '@/features/upload/upload-status';
import {
  activeTabChanged,
  checkedChanged,
  initialPhotosState,
  needsRefresh,
  photoOpened,
  photosSlice,
  refreshHandled,
  segmentLoaded,
  visibleGroupsChanged,
} from './photos-slice';
import { fileItem } from '@/test/file-item';

const reduce = photosSlice.reducer;
const photo = (uuid: string): FileItem => fileItem({ uuid, name: `${uuid}.jpg`, folder: false, bytes: 1, parentFolderUuid: null, projectId: 'p' });

describe('photos slice', () => {
  it('starts on the All tab in grid view with the layout config of the window', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state.activeTabName).toBe('all');
    expect(state.gridView).toBe('grid');
    expect(state.openedImage).toBe(-1);
    // jsdom's window is 1024 px wide: the wide config.
    expect(state.layoutConfig).toEqual({
      targetRowHeight: 170,
      containerWidth: 1024 - 330,
      boxSpacing: { horizontal: 3, vertical: 7 },
      containerPadding: { top: 2, right: 2, bottom: 4, left: 2 },
    });
  });

  it('replaces a segment image list by its index', () => {
    let state = reduce(initialPhotosState, segmentLoaded({ index: 0, keys: ['2026-11-21'], count: 3, pages: { '2026-11-21': 1 } }));
    state = reduce(state, segmentLoaded({ index: 1, keys: ['2026-11-20'], count: 2, pages: { '2026-11-20': 1 } }));
    state = reduce(state, segmentLoaded({ index: 0, keys: ['2026-11-21', '2026-11-19'], count: 5, pages: { '2026-11-19': 1 } }));
    expect(state.segmentImagesList).toEqual([
      { index: 0, keys: ['2026-11-21', '2026-11-19'], count: 5 },
      { index: 1, keys: ['2026-11-20'], count: 2 },
    ]);
    expect(state.groupPages).toEqual({ '2026-11-21': 1, '2026-11-20': 1, '2026-11-19': 1 });
  });

  it('keeps visible groups sorted alphabetically', () => {
    const state = reduce(initialPhotosState, visibleGroupsChanged(['2026-11-21', '2025-01-02', '2026-03-04']));
    expect(state.visibleGroups).toEqual(['2025-01-02', '2026-03-04', '2026-11-21']);
  });

  it('forgets the checked and opened photos when the tab changes', () => {
    let state = reduce(initialPhotosState, checkedChanged({ items: [photo('a'), photo('b')], anchor: 'b' }));
    state = reduce(state, photoOpened({ index: 1, item: photo('b') }));
    expect(state.checkedPhotoList).toEqual(['a', 'b']);
    expect(state.currentCheckedFile).toBe('b');
    state = reduce(state, activeTabChanged('videos'));
    expect(state).toMatchObject({ activeTabName: 'videos', checkedPhotoList: [], checkedFilesList: [], openedImage: -1, openedPhoto: null });
  });

  it('follows uploads per uuid: 100 percent moves an item to filesUploaded', () => {
    const store = createAppStore();
    const queued = { uuid: 'u1', name: 'a.jpg', size: 10, lastModified: 0, parentUuid: null, progress: 0, status: UploadStatus.NotStarted, seq: 1 };
    store.dispatch(uploadsQueued([queued]));
    store.dispatch(uploadProgressed({ uuid: 'u1', progress: 49.6 }));
    expect(store.getState().photos.filesToUpload).toEqual([{ uuid: 'u1', progress: 50, status: UploadStatus.NotStarted }]);
    store.dispatch(uploadProgressed({ uuid: 'u1', progress: 100 }));
    expect(store.getState().photos.filesToUpload).toEqual([]);
    expect(store.getState().photos.filesUploaded).toEqual([{ uuid: 'u1', progress: 100, status: UploadStatus.Installed }]);
  });

  it('raises the refresh flags when favourite, hide and trash succeed, and drops hidden photos from the selection', async () => {
    mockFetch({
      'POST /api/filesystem/metadata': () => json({ fileList: [] }),
      'DELETE /api/filesystem/hide': () => json({ fileList: [] }),
      'DELETE /api/filesystem/trash': () => json({ fileList: [] }),
      'GET /api/account/usages': () => json({ 'Bytes-Used': '0', 'Quota-Bytes': '1' }),
    });
    localStorage.setItem('user', JSON.stringify({ deviceInfo: null, latestActivityId: null, _at: 'token-1' }));
    const store = createAppStore();
    store.dispatch(checkedChanged({ items: [photo('a'), photo('b')], anchor: 'a' }));

    await store.dispatch(filesApi.endpoints.setFavourite.initiate({ uuids: ['a'], favourite: true }));
    expect(store.getState().photos).toMatchObject({ refreshFavourite: true, favourite: { isFav: true, uuids: ['a'] } });
    expect(needsRefresh(store.getState().photos)).toBe(true);
    store.dispatch(refreshHandled());
    expect(needsRefresh(store.getState().photos)).toBe(false);

    await store.dispatch(filesApi.endpoints.hideFiles.initiate(['a']));
    expect(store.getState().photos.refreshHide).toBe(true);
    expect(store.getState().photos.checkedPhotoList).toEqual(['b']);

    await store.dispatch(filesApi.endpoints.trashFiles.initiate(['b']));
    expect(store.getState().photos.refreshDelete).toBe(true);
    expect(store.getState().photos.checkedPhotoList).toEqual([]);
  });
});
