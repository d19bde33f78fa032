import { describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { json, mockFetch } from '@/test/fetch-mock';
import { filesApi, type FileItem } from '@/api/files';
import {
  activeTabChanged,
  checkedChanged,
  initialPhotosState,
  needsRefresh,
  photoOpened,
  photosSlice,
  refreshHandled,
} from './photos-slice';
import { fileItem } from '@/test/file-item';

const reduce = photosSlice.reducer;
const photo = (uuid: string): FileItem => fileItem({ uuid, name: `${uuid}.jpg`, folder: false, bytes: 1, parentFolderUuid: null, projectId: 'p' });

describe('photos slice', () => {
  it('starts on the All tab with nothing open', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(state.activeTabName).toBe('all');
    expect(state.openedImage).toBe(-1);
  });

  it('forgets the checked and opened photos when the tab changes', () => {
    let state = reduce(initialPhotosState, checkedChanged({ items: [photo('a'), photo('b')], anchor: 'b' }));
    state = reduce(state, photoOpened({ index: 1, item: photo('b') }));
    expect(state.checkedPhotoList).toEqual(['a', 'b']);
    expect(state.currentCheckedFile).toBe('b');
    state = reduce(state, activeTabChanged('videos'));
    expect(state).toMatchObject({ activeTabName: 'videos', checkedPhotoList: [], checkedFilesList: [], openedImage: -1, openedPhoto: null });
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
    expect(store.getState().photos).toMatchObject({ refreshFavourite: true });
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
