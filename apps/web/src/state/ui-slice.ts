import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import type { PageName } from '@/lib/route-handle';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

export type MenuSize = 'large' | 'small';

export interface Tab {
  name: string;
  id: number;
}

/** How file collections are shown (spec: the common slice's view defaults to list). */
export type ViewMode = 'list' | 'grid';

/** One opened folder of the breadcrumb; the path is stored under `openedFolder`. */
export interface FolderCrumb {
  uuid: string;
  name: string;
}

export const PROFILE_TAB: Tab = { name: 'Profile', id: 1 };
/** Settings' Help tab (spec: Faq, id 6), opened by the account card's Help entry. */
export const HELP_TAB: Tab = { name: 'Faq', id: 6 };

/** Client-only shell state shared across features. */
export interface UiState {
  menuSize: MenuSize;
  pageName: PageName;
  settingsTab: Tab;
  sortOrder: string;
  drawerOpen: boolean;
  view: ViewMode;
  /** Opened folders from the root down; empty at the root. */
  openedFolders: FolderCrumb[];
  /** Set when a feature learns the storage is full (an upload got 413): the full-storage modal opens. */
  fullStorageRequested: boolean;
}

export const initialUiState: UiState = {
  menuSize: 'large',
  pageName: 'photos',
  settingsTab: PROFILE_TAB,
  sortOrder: 'nameASC',
  drawerOpen: false,
  view: 'list',
  openedFolders: [],
  fullStorageRequested: false,
};

/** The stored opened-folder path; anything unreadable counts as the root. */
export function readOpenedFolders(): FolderCrumb[] {
  const raw = readStorage(storageKeys.openedFolder);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is FolderCrumb =>
        typeof entry === 'object' && entry !== null && typeof entry.uuid === 'string' && typeof entry.name === 'string',
    );
  } catch {
    return [];
  }
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: (): UiState => ({ ...initialUiState, openedFolders: readOpenedFolders() }),
  reducers: {
    toggleMenuSize(state) {
      state.menuSize = state.menuSize === 'large' ? 'small' : 'large';
    },
    setPageName(state, action: PayloadAction<PageName>) {
      if (state.pageName === action.payload) return;
      state.pageName = action.payload;
      // A new page resets sorting.
      state.sortOrder = initialUiState.sortOrder;
    },
    setSettingsTab(state, action: PayloadAction<Tab>) {
      state.settingsTab = action.payload;
    },
    setDrawerOpen(state, action: PayloadAction<boolean>) {
      state.drawerOpen = action.payload;
    },
    setSortOrder(state, action: PayloadAction<string>) {
      state.sortOrder = action.payload;
    },
    setView(state, action: PayloadAction<ViewMode>) {
      state.view = action.payload;
    },
    setOpenedFolders(state, action: PayloadAction<FolderCrumb[]>) {
      state.openedFolders = action.payload;
    },
    setFullStorageRequested(state, action: PayloadAction<boolean>) {
      state.fullStorageRequested = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => ({ ...initialUiState, menuSize: state.menuSize }));
  },
});

export const {
  toggleMenuSize,
  setPageName,
  setSettingsTab,
  setDrawerOpen,
  setSortOrder,
  setView,
  setOpenedFolders,
  setFullStorageRequested,
} = uiSlice.actions;

/** Opens a folder path (empty = root) and stores it, so a reload comes back to the same folder. */
export function changeOpenedFolders(path: FolderCrumb[]): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    writeStorage(storageKeys.openedFolder, path.length > 0 ? JSON.stringify(path) : null);
    dispatch(setOpenedFolders(path));
  };
}
