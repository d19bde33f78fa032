import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { baseApi } from '@/api/base-api';
import type { UiState } from './ui-slice';

/**
 * The store's state. state/ declares the parts it owns; every slice elsewhere adds its own part from its slice file
 * (`declare module '@/state/store-types' { interface RootState { … } }`), so the types below the app know no feature,
 * and app/store.ts fails to typecheck when the store it builds and this interface differ in any part.
 */
export interface RootState {
  api: ReturnType<typeof baseApi.reducer>;
  ui: UiState;
}

/** The store's dispatch: plain actions and thunks over RootState (what configureStore's default middleware gives). */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction> & Dispatch<UnknownAction>;
