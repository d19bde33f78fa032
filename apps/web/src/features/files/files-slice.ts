import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { setPageName } from '@/state/ui-slice';
import { EMPTY_SELECTION, type Selection } from '@/media/selection/selection';

/** Client state of the files screens: the checked items (spec: checkedFilesList). */
export interface FilesState {
  selection: Selection;
}

const initialState: FilesState = { selection: EMPTY_SELECTION };

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
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    // A new page name resets the selection.
    builder.addCase(setPageName, () => initialState);
  },
});

export const { selectionChanged, selectionCleared } = filesSlice.actions;
