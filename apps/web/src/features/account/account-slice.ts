import { createSlice } from '@reduxjs/toolkit';
import { accountApi } from '@/api/account';
import { loggedOut } from '@/api/session';

export interface AccountState {
  isReadOnly: boolean;
  isFamilyMember: boolean;
  isFamilyAdmin: boolean;
}

declare module '@/state/store-types' {
  interface RootState {
    account: AccountState;
  }
}

const initialState: AccountState = { isReadOnly: false, isFamilyMember: false, isFamilyAdmin: false };

/** Flags derived from the account info: READ_ONLY sets read-only, any other status clears it. */
export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(accountApi.endpoints.getAccountInfo.matchFulfilled, (state, { payload }) => {
        state.isReadOnly = payload.status === 'READ_ONLY';
        state.isFamilyMember = Boolean(payload.isFamilyMember);
        state.isFamilyAdmin = Boolean(payload.isFamilyAdmin);
      });
  },
});
