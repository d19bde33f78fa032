import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';

/** Which sign-in screen the shared-files pages send a visitor to. */
export type AuthPage = 'login' | 'signup';

/** Why a save to the visitor's own storage failed: the quota, or anything else. */
export type SaveSharedError = 'QUOTA_EXCEEDED' | 'FAILED';

/** The share state of spec 000 §3: the visitor's way from a public link through sign-in to a saved copy. */
export interface ShareState {
  /** The screen "Save to Bulut" opens for a signed-out visitor (spec default: login). */
  authPage: AuthPage;
  /** The sign-up prompt over the listing for signed-out visitors; closed by the visitor for this visit. */
  bannerStatus: boolean;
  /** A save is waiting for the visitor to sign in or sign up; the landing page finishes it on return. */
  storeLanding: boolean;
  saveSharedSuccess: boolean;
  saveSharedError: SaveSharedError | null;
  /** The save-to-Bulut round trip is under way: the shared-files sign-in screens show why they ask. */
  stlPage: boolean;
}

declare module '@/state/store-types' {
  interface RootState {
    share: ShareState;
  }
}

export const initialShareState: ShareState = {
  authPage: 'login',
  bannerStatus: true,
  storeLanding: false,
  saveSharedSuccess: false,
  saveSharedError: null,
  stlPage: false,
};

export const shareSlice = createSlice({
  name: 'share',
  initialState: initialShareState,
  reducers: {
    setAuthPage(state, action: PayloadAction<AuthPage>) {
      state.authPage = action.payload;
    },
    setBannerStatus(state, action: PayloadAction<boolean>) {
      state.bannerStatus = action.payload;
    },
    /** A signed-out visitor asked to save: remember it and go through sign-in. */
    saveRequested(state) {
      state.storeLanding = true;
      state.stlPage = true;
      state.saveSharedSuccess = false;
      state.saveSharedError = null;
    },
    /** The visitor left the sign-in screens without signing in: nothing is waiting any more. */
    saveAbandoned(state) {
      state.storeLanding = false;
      state.stlPage = false;
    },
    /** A save call started (right away, or on return from sign-in): the waiting request is used up. */
    saveStarted(state) {
      state.storeLanding = false;
      state.stlPage = false;
      state.saveSharedSuccess = false;
      state.saveSharedError = null;
    },
    saveSucceeded(state) {
      state.saveSharedSuccess = true;
      state.saveSharedError = null;
    },
    saveFailed(state, action: PayloadAction<SaveSharedError>) {
      state.saveSharedSuccess = false;
      state.saveSharedError = action.payload;
    },
    /** The result message was closed. */
    saveResultDismissed(state) {
      state.saveSharedSuccess = false;
      state.saveSharedError = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialShareState);
  },
});

export const { setAuthPage, setBannerStatus, saveRequested, saveAbandoned, saveStarted, saveSucceeded, saveFailed, saveResultDismissed } =
  shareSlice.actions;
