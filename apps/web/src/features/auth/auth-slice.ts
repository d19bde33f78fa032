import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { paths } from '@/config/paths';

export interface AuthState {
  /** Where to go after signing in. */
  returnUrl: string;
}

const initialState: AuthState = { returnUrl: paths.home };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setReturnUrl(state, action: PayloadAction<string>) {
      state.returnUrl = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { setReturnUrl } = authSlice.actions;

/** Only signed-in paths are worth returning to; anything else lands on /main. */
export function postLoginPath(returnUrl: string | null | undefined): string {
  return returnUrl && returnUrl.startsWith(`${paths.main}/`) ? returnUrl : paths.main;
}
