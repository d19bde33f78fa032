import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { ALBUM_CREATED_FOLLOW_UP_MS } from './constants';

/** Location state of the album screen: open the photo picker on arrival (the follow-up of a creation). */
export interface AlbumLocationState {
  addPhotos?: boolean;
}

export interface AlbumsState {
  /** Set 2 s after an album is created: the app then opens that album with its photo picker and clears it. */
  followUpAlbumUuid: string | null;
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

/** A thunk rather than a component timer, so closing the modal does not cancel the follow-up. */
export function scheduleAlbumFollowUp(albumUuid: string): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    setTimeout(() => dispatch(albumFollowUpSet(albumUuid)), ALBUM_CREATED_FOLLOW_UP_MS);
  };
}
