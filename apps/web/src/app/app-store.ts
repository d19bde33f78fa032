import { createAppStore, type AppStore } from './store';

let store: AppStore | null = null;

/** The app's one store, created when the first screen that needs it loads. */
export function appStore(): AppStore {
  store ??= createAppStore();
  return store;
}
