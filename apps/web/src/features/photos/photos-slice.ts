import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { setPageName } from '@/state/ui-slice';
import { filesApi, type FileItem } from '@/features/files/api';
import { uploadProgressed, uploadsCleared, uploadsQueued, uploadStatusChanged } from '@/features/upload/upload-slice';
import { UploadStatus } from '@/features/upload/upload-status';
import { layoutConfigFor, type LayoutConfig } from './layout';
import type { PhotoCategory } from './tabs';

/** An upload as the photo store tracks it (spec 001 §3: uuid, progress percent and status). */
export interface PhotoUpload {
  uuid: string;
  progress: number;
  status: UploadStatus;
}

/** A loaded segment (one groups/list request): which day groups it holds and how many pictures. */
export interface SegmentImages {
  index: number;
  keys: string[];
  count: number;
}

export type GridView = 'grid' | 'list';

/** The spec's photo-state store (001 §3), client state of the photo screens. */
export interface PhotosState {
  /** Checked photo uuids, in the order shown. */
  checkedPhotoList: string[];
  /** Uuids of every loaded photo of the timeline in its order (what the viewer steps through). */
  allPhotoList: string[];
  /** The checked items themselves: they stay actionable when their day scrolls away and is unloaded. */
  checkedFilesList: FileItem[];
  /** The timeline's day groups and their sizes. */
  groupedFiles: { key: string; count: number }[];
  /** The selection anchor (the last item clicked) for a shift-click range. */
  currentCheckedFile: string | null;
  activeTabName: PhotoCategory;
  /** Index in allPhotoList of the photo open in the viewer; -1 when none. */
  openedImage: number;
  openedPhoto: FileItem | null;
  filesToUpload: PhotoUpload[];
  filesUploaded: PhotoUpload[];
  /** How many pages of each day group are loaded. */
  groupPages: Record<string, number>;
  segmentImagesList: SegmentImages[];
  /** Day keys near the viewport, kept sorted alphabetically. */
  visibleGroups: string[];
  gridView: GridView;
  downloadSelection: { tempDownloadURL: string | null; uuid: string | null; imgName: string | null };
  renameSelection: { imgName: string | null; uuid: string | null };
  favourite: { isFav: boolean; uuids: string[] };
  deleteList: string[];
  hideList: string[];
  addToAlbumList: string[];
  refreshFavourite: boolean;
  refreshDelete: boolean;
  refreshHide: boolean;
  refreshRename: { newName: string; uuid: string } | null;
  layoutConfig: LayoutConfig;
}

const initialWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;

export const initialPhotosState: PhotosState = {
  checkedPhotoList: [],
  allPhotoList: [],
  checkedFilesList: [],
  groupedFiles: [],
  currentCheckedFile: null,
  activeTabName: 'all',
  openedImage: -1,
  openedPhoto: null,
  filesToUpload: [],
  filesUploaded: [],
  groupPages: {},
  segmentImagesList: [],
  visibleGroups: [],
  gridView: 'grid',
  downloadSelection: { tempDownloadURL: null, uuid: null, imgName: null },
  renameSelection: { imgName: null, uuid: null },
  favourite: { isFav: false, uuids: [] },
  deleteList: [],
  hideList: [],
  addToAlbumList: [],
  refreshFavourite: false,
  refreshDelete: false,
  refreshHide: false,
  refreshRename: null,
  layoutConfig: layoutConfigFor(initialWidth),
};

export type RefreshFlag = 'favourite' | 'delete' | 'hide' | 'rename';

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
      state.visibleGroups = [];
      state.segmentImagesList = [];
      state.groupPages = {};
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
    groupsLoaded(state, action: PayloadAction<{ key: string; count: number }[]>) {
      state.groupedFiles = action.payload;
    },
    /** Spec 001 §4: segment image lists are replaced per segment index. */
    segmentLoaded(state, action: PayloadAction<SegmentImages & { pages: Record<string, number> }>) {
      const { pages, ...segment } = action.payload;
      const at = state.segmentImagesList.findIndex((entry) => entry.index === segment.index);
      if (at >= 0) state.segmentImagesList[at] = segment;
      else state.segmentImagesList.push(segment);
      Object.assign(state.groupPages, pages);
    },
    allPhotosChanged(state, action: PayloadAction<string[]>) {
      state.allPhotoList = action.payload;
    },
    /** Spec 001 §4: visible groups are kept sorted alphabetically. */
    visibleGroupsChanged(state, action: PayloadAction<string[]>) {
      state.visibleGroups = [...action.payload].sort();
    },
    photoOpened(state, action: PayloadAction<{ index: number; item: FileItem } | null>) {
      state.openedImage = action.payload?.index ?? -1;
      state.openedPhoto = action.payload?.item ?? null;
    },
    gridViewChanged(state, action: PayloadAction<GridView>) {
      state.gridView = action.payload;
    },
    downloadSelected(state, action: PayloadAction<PhotosState['downloadSelection']>) {
      state.downloadSelection = action.payload;
    },
    renameSelected(state, action: PayloadAction<PhotosState['renameSelection']>) {
      state.renameSelection = action.payload;
    },
    favouriteSelected(state, action: PayloadAction<{ isFav: boolean; uuids: string[] }>) {
      state.favourite = action.payload;
    },
    deleteListChanged(state, action: PayloadAction<string[]>) {
      state.deleteList = action.payload;
    },
    hideListChanged(state, action: PayloadAction<string[]>) {
      state.hideList = action.payload;
    },
    addToAlbumListChanged(state, action: PayloadAction<string[]>) {
      state.addToAlbumList = action.payload;
    },
    /** The photo lists were refreshed after a change: the flags go down. */
    refreshHandled(state) {
      state.refreshFavourite = false;
      state.refreshDelete = false;
      state.refreshHide = false;
      state.refreshRename = null;
    },
    layoutConfigChanged(state, action: PayloadAction<number>) {
      state.layoutConfig = layoutConfigFor(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPhotosState);
    builder.addCase(setPageName, (state) => {
      state.checkedPhotoList = [];
      state.checkedFilesList = [];
      state.currentCheckedFile = null;
      state.deleteList = [];
    });
    builder.addCase(uploadsQueued, (state, action) => {
      const known = new Set(state.filesToUpload.map((item) => item.uuid));
      for (const item of action.payload) {
        if (!known.has(item.uuid)) state.filesToUpload.push({ uuid: item.uuid, progress: item.progress, status: item.status });
      }
    });
    builder.addCase(uploadProgressed, (state, action) => {
      const index = state.filesToUpload.findIndex((item) => item.uuid === action.payload.uuid);
      const item = state.filesToUpload[index];
      if (!item) return;
      const progress = Math.max(0, Math.min(100, Math.round(action.payload.progress)));
      if (progress >= 100) uploaded(state, index);
      else item.progress = progress;
    });
    builder.addCase(uploadStatusChanged, (state, action) => {
      const index = state.filesToUpload.findIndex((item) => item.uuid === action.payload.uuid);
      const item = state.filesToUpload[index];
      if (!item) return;
      if (action.payload.status === UploadStatus.Installed) uploaded(state, index);
      else item.status = action.payload.status;
    });
    builder.addCase(uploadsCleared, (state, action) => {
      const drop = new Set(action.payload ?? []);
      state.filesToUpload = state.filesToUpload.filter(
        (item) => !drop.has(item.uuid) && item.status !== UploadStatus.Cancelled && item.status !== UploadStatus.Failed,
      );
      state.filesUploaded = [];
    });
    // Changes made anywhere (the timeline, the viewer, the files screens) raise the spec's refresh flags;
    // the timeline reads its groups again and lowers them.
    builder.addMatcher(filesApi.endpoints.setFavourite.matchFulfilled, (state, action) => {
      state.refreshFavourite = true;
      state.favourite = { isFav: action.meta.arg.originalArgs.favourite, uuids: action.meta.arg.originalArgs.uuids };
    });
    builder.addMatcher(isAnyOf(filesApi.endpoints.trashFiles.matchFulfilled, filesApi.endpoints.recoverFiles.matchFulfilled), (state, action) => {
      state.refreshDelete = true;
      state.deleteList = [];
      dropChecked(state, action.meta.arg.originalArgs);
    });
    builder.addMatcher(filesApi.endpoints.hideFiles.matchFulfilled, (state, action) => {
      state.refreshHide = true;
      state.hideList = [];
      dropChecked(state, action.meta.arg.originalArgs);
    });
    builder.addMatcher(filesApi.endpoints.renameFile.matchFulfilled, (state, action) => {
      state.refreshRename = { newName: decodeURIComponent(action.meta.arg.originalArgs['new-name']), uuid: action.meta.arg.originalArgs.uuid };
      state.renameSelection = { imgName: null, uuid: null };
    });
  },
});

function uploaded(state: PhotosState, index: number) {
  const [item] = state.filesToUpload.splice(index, 1);
  if (item) state.filesUploaded.push({ ...item, progress: 100, status: UploadStatus.Installed });
}

function dropChecked(state: PhotosState, uuids: readonly string[]) {
  const gone = new Set(uuids);
  state.checkedFilesList = state.checkedFilesList.filter((item) => !gone.has(item.uuid));
  state.checkedPhotoList = state.checkedPhotoList.filter((uuid) => !gone.has(uuid));
  if (state.currentCheckedFile && gone.has(state.currentCheckedFile)) state.currentCheckedFile = null;
}

export const {
  activeTabChanged,
  checkedChanged,
  checkedCleared,
  groupsLoaded,
  segmentLoaded,
  allPhotosChanged,
  visibleGroupsChanged,
  photoOpened,
  gridViewChanged,
  downloadSelected,
  renameSelected,
  favouriteSelected,
  deleteListChanged,
  hideListChanged,
  addToAlbumListChanged,
  refreshHandled,
  layoutConfigChanged,
} = photosSlice.actions;

/** True while any refresh flag is up. */
export function needsRefresh(state: PhotosState): boolean {
  return state.refreshFavourite || state.refreshDelete || state.refreshHide || state.refreshRename !== null;
}
