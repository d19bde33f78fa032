import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { setPageName } from '@/state/ui-slice';
import { EMPTY_SELECTION, type Selection } from '@/media/selection/selection';

/** Client state of the files screens: the checked items (spec: checkedFilesList). */
export interface FilesState {
  selection: Selection;
  /** The file the preview showed last: its row takes the focus back when the listing returns. */
  previewed: string | null;
}

declare module '@/state/store-types' {
  interface RootState {
    files: FilesState;
  }
}

const initialState: FilesState = { selection: EMPTY_SELECTION, previewed: null };

export const filesSlice = createSlice({
  name: 'files',
  initialState,
  reducers: {
    selectionChanged(state, action: PayloadAction<Selection>) {
      state.selection = action.payload;
    },
    selectionCleared(state) {
      state.selection = EMPTY_SELECTION;
    },
    previewShown(state, action: PayloadAction<string | null>) {
      state.previewed = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    // A new page name resets the selection.
    builder.addCase(setPageName, (state) => ({ ...initialState, previewed: state.previewed }));
  },
});

export const { selectionChanged, selectionCleared, previewShown } = filesSlice.actions;
