import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';

/** Location state of the album screen: open the photo picker on arrival (the follow-up of a creation). */
export interface AlbumLocationState {
  addPhotos?: boolean;
}

export interface AlbumsState {
  /** Set when an album is created: the app then opens that album with its photo picker at once and clears it. */
  followUpAlbumUuid: string | null;
}

declare module '@/state/store-types' {
  interface RootState {
    albums: AlbumsState;
  }
}

const initialState: AlbumsState = { followUpAlbumUuid: null };

export const albumsSlice = createSlice({
  name: 'albums',
  initialState,
  reducers: {
    albumFollowUpSet(state, action: PayloadAction<string>) {
      state.followUpAlbumUuid = action.payload;
    },
    albumFollowUpCleared(state) {
      state.followUpAlbumUuid = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { albumFollowUpSet, albumFollowUpCleared } = albumsSlice.actions;
