import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { setPageName } from '@/state/ui-slice';
import { filesApi, type FileItem } from '@/api/files';
import type { PhotoCategory } from './tabs';

/** Client state of the photo screens, limited to what those screens read. */
export interface PhotosState {
  /** Checked photo uuids, in the order shown. */
  checkedPhotoList: string[];
  /** The checked items themselves: they stay actionable when their day scrolls away and is unloaded. */
  checkedFilesList: FileItem[];
  /** The selection anchor (the last item clicked) for a shift-click range. */
  currentCheckedFile: string | null;
  activeTabName: PhotoCategory;
  /** Index of the photo open in the viewer; -1 when none. */
  openedImage: number;
  openedPhoto: FileItem | null;
  refreshFavourite: boolean;
  refreshDelete: boolean;
  refreshHide: boolean;
  refreshRename: { newName: string; uuid: string } | null;
}

declare module '@/state/store-types' {
  interface RootState {
    photos: PhotosState;
  }
}

export const initialPhotosState: PhotosState = {
  checkedPhotoList: [],
  checkedFilesList: [],
  currentCheckedFile: null,
  activeTabName: 'all',
  openedImage: -1,
  openedPhoto: null,
  refreshFavourite: false,
  refreshDelete: false,
  refreshHide: false,
  refreshRename: null,
};

export const photosSlice = createSlice({
  name: 'photos',
  initialState: initialPhotosState,
  reducers: {
    activeTabChanged(state, action: PayloadAction<PhotoCategory>) {
      if (state.activeTabName === action.payload) return;
      state.activeTabName = action.payload;
      // Another category shows other photos: nothing of the old one stays checked or open.
      state.checkedPhotoList = [];
      state.checkedFilesList = [];
      state.currentCheckedFile = null;
      state.openedImage = -1;
      state.openedPhoto = null;
    },
    /** The new checked set, in the order shown, with its items and the anchor of the click that made it. */
    checkedChanged(state, action: PayloadAction<{ items: FileItem[]; anchor: string | null }>) {
      state.checkedFilesList = action.payload.items;
      state.checkedPhotoList = action.payload.items.map((item) => item.uuid);
      state.currentCheckedFile = action.payload.anchor;
    },
    checkedCleared(state) {
      state.checkedFilesList = [];
      state.checkedPhotoList = [];
      state.currentCheckedFile = null;
    },
    photoOpened(state, action: PayloadAction<{ index: number; item: FileItem } | null>) {
      state.openedImage = action.payload?.index ?? -1;
      state.openedPhoto = action.payload?.item ?? null;
    },
    /** The photo lists were refreshed after a change: the flags go down. */
    refreshHandled(state) {
      state.refreshFavourite = false;
      state.refreshDelete = false;
      state.refreshHide = false;
      state.refreshRename = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPhotosState);
    builder.addCase(setPageName, (state) => {
      state.checkedPhotoList = [];
      state.checkedFilesList = [];
      state.currentCheckedFile = null;
    });
    // Changes made anywhere (the timeline, the viewer, the files screens) raise the refresh flags;
    // the timeline reads its groups again and lowers them.
    builder.addMatcher(filesApi.endpoints.setFavourite.matchFulfilled, (state) => {
      state.refreshFavourite = true;
    });
    builder.addMatcher(isAnyOf(filesApi.endpoints.trashFiles.matchFulfilled, filesApi.endpoints.recoverFiles.matchFulfilled), (state, action) => {
      state.refreshDelete = true;
      dropChecked(state, action.meta.arg.originalArgs);
    });
    builder.addMatcher(filesApi.endpoints.hideFiles.matchFulfilled, (state, action) => {
      state.refreshHide = true;
      dropChecked(state, action.meta.arg.originalArgs);
    });
    // Unhidden photos come back to the timeline.
    builder.addMatcher(filesApi.endpoints.unhideFiles.matchFulfilled, (state) => {
      state.refreshHide = true;
    });
    builder.addMatcher(filesApi.endpoints.renameFile.matchFulfilled, (state, action) => {
      state.refreshRename = { newName: decodeURIComponent(action.meta.arg.originalArgs['new-name']), uuid: action.meta.arg.originalArgs.uuid };
    });
  },
});

function dropChecked(state: PhotosState, uuids: readonly string[]) {
  const gone = new Set(uuids);
  state.checkedFilesList = state.checkedFilesList.filter((item) => !gone.has(item.uuid));
  state.checkedPhotoList = state.checkedPhotoList.filter((uuid) => !gone.has(uuid));
  if (state.currentCheckedFile && gone.has(state.currentCheckedFile)) state.currentCheckedFile = null;
}

export const { activeTabChanged, checkedChanged, checkedCleared, photoOpened, refreshHandled } = photosSlice.actions;

/** True while any refresh flag is up. */
export function needsRefresh(state: PhotosState): boolean {
  return state.refreshFavourite || state.refreshDelete || state.refreshHide || state.refreshRename !== null;
}
