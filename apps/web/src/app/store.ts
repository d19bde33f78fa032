import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '@/api/base-api';
import { toastSlice } from '@/components/ui/toast-slice';
import { accountSlice } from '@/features/account/account-slice';
import { albumsSlice } from '@/features/albums/albums-slice';
import { authSlice } from '@/features/auth/auth-slice.public';
import { filesSlice } from '@/features/files/files-slice';
import { packagesSlice } from '@/features/packages/packages-slice';
import { photosSlice } from '@/features/photos/photos-slice';
import { shareSlice } from '@/features/shared-files/share-slice';
import { uploadSlice } from '@/features/upload/upload-slice';
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

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
