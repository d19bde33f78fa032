import { configureStore } from '@reduxjs/toolkit';
import { opsApi } from './api/ops-api';

/** The console's store: server state only (RTK Query); every screen's own state is local to it. */
export function createOpsStore() {
  return configureStore({
    reducer: { [opsApi.reducerPath]: opsApi.reducer },
    middleware: (getDefault) => getDefault().concat(opsApi.middleware),
  });
}

export type OpsStore = ReturnType<typeof createOpsStore>;
