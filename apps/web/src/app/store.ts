import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { toastSlice } from '@/components/ui/toast-slice';
import { accountSlice } from '@/features/account/account-slice';
import { albumsSlice } from '@/features/albums/albums-slice';
import { authSlice } from '@/features/auth/auth-slice.public';
import { filesSlice } from '@/features/files/files-slice';
import { packagesSlice } from '@/features/packages/packages-slice';
import { photosSlice } from '@/features/photos/photos-slice';
import { shareSlice } from '@/features/link-visitor/share-slice';
import { uploadSlice } from '@/features/upload/upload-slice';
import type { AppDispatch, RootState } from '@/state/store-types';
import { uiSlice } from '@/state/ui-slice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  account: accountSlice.reducer,
  auth: authSlice.reducer,
  ui: uiSlice.reducer,
  toast: toastSlice.reducer,
  files: filesSlice.reducer,
  upload: uploadSlice.reducer,
  photos: photosSlice.reducer,
  albums: albumsSlice.reducer,
  share: shareSlice.reducer,
  packages: packagesSlice.reducer,
});

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;

/** True only when A and B are the same type (not merely assignable either way). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
/**
 * The store's types live in state/ (RootState, which each slice file extends with its part) so that the layers below
 * the app can use them without importing app/. This fails to compile when the store built here differs from them: a
 * slice added without its `declare module '@/state/store-types'` part, a part left behind, or a different dispatch.
 */
export type StoreMatchesStateTypes = [
  Assert<Equals<ReturnType<typeof rootReducer>, RootState>>,
  Assert<Equals<AppStore['dispatch'], AppDispatch>>,
];
