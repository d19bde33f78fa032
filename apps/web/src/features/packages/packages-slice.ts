import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import type { Tab } from '@/state/ui-slice';
import { PACKAGES_TAB } from './packages-tabs';

/** Spec §3 packages tab state: currentTab (default PackagesTab) and currentTabId (default 2). */
export interface PackagesState {
  currentTab: string;
  currentTabId: number;
}

declare module '@/state/store-types' {
  interface RootState {
    packages: PackagesState;
  }
}

export const initialPackagesState: PackagesState = { currentTab: PACKAGES_TAB.name, currentTabId: PACKAGES_TAB.id };

export const packagesSlice = createSlice({
  name: 'packages',
  initialState: initialPackagesState,
  reducers: {
    setPackagesTab(state, action: PayloadAction<Tab>) {
      state.currentTab = action.payload.name;
      state.currentTabId = action.payload.id;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialPackagesState);
  },
});

export const { setPackagesTab } = packagesSlice.actions;
