import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../api/session';

export type MenuSize = 'large' | 'small';

export interface Tab {
  name: string;
  id: number;
}

/** Page keys from spec 000 §2 plus the signed-in sections of spec 001. */
export type PageName =
  | 'photos'
  | 'foryou'
  | 'files'
  | 'shares'
  | 'trash'
  | 'notifications'
  | 'contacts'
  | 'discover'
  | 'search'
  | 'settings'
  | 'USAGE_INFO_PACKAGES'
  | 'Payment_Info'
  | 'inviteFriends'
  | 'telesales'
  | 'starsCampaign'
  | 'gamification_raffle_info'
  | 'campain_card_paycell'
  | 'sharedFiles'
  | 'ALBUMS';

export const ALL_TAB: Tab = { name: 'All', id: 1 };
export const PROFILE_TAB: Tab = { name: 'Profile', id: 1 };

/** Client-only shell state shared across features (spec 001 §3 "Shared application state"). */
export interface UiState {
  menuSize: MenuSize;
  pageName: PageName;
  fileTab: Tab;
  settingsTab: Tab;
  photosTab: Tab;
  sortOrder: string;
  drawerOpen: boolean;
}

export const initialUiState: UiState = {
  menuSize: 'large',
  pageName: 'photos',
  fileTab: ALL_TAB,
  settingsTab: PROFILE_TAB,
  photosTab: ALL_TAB,
  sortOrder: 'nameASC',
  drawerOpen: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    toggleMenuSize(state) {
      state.menuSize = state.menuSize === 'large' ? 'small' : 'large';
    },
    setPageName(state, action: PayloadAction<PageName>) {
      if (state.pageName === action.payload) return;
      state.pageName = action.payload;
      // Spec 001 §4: a new page resets sorting and the file tab.
      state.sortOrder = initialUiState.sortOrder;
      state.fileTab = ALL_TAB;
    },
    setFileTab(state, action: PayloadAction<Tab>) {
      state.fileTab = action.payload;
    },
    setSettingsTab(state, action: PayloadAction<Tab>) {
      state.settingsTab = action.payload;
    },
    setDrawerOpen(state, action: PayloadAction<boolean>) {
      state.drawerOpen = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => ({ ...initialUiState, menuSize: state.menuSize }));
  },
});

export const { toggleMenuSize, setPageName, setFileTab, setSettingsTab, setDrawerOpen } = uiSlice.actions;
