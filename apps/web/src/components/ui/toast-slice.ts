import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';

export type ToastKind = 'success' | 'plain' | 'alert' | 'error';

export interface ToastMessage {
  id: string;
  kind: ToastKind;
  /** i18n key ("ns:key"). */
  messageKey: string;
  values?: Record<string, string | number>;
  /** A way on from the message (e.g. to a file just saved): an in-app path and its label's i18n key. */
  link?: { to: string; labelKey: string };
}

/** At most this many toasts show at once; a newer one pushes out the oldest. */
export const MAX_VISIBLE_TOASTS = 3;

export interface ToastState {
  items: ToastMessage[];
}

declare module '@/state/store-types' {
  interface RootState {
    toast: ToastState;
  }
}

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<ToastMessage>) {
        const next = action.payload;
        // The same message again replaces the one showing (its timer starts over) instead of stacking a copy.
        const same = (item: ToastMessage) => item.kind === next.kind && item.messageKey === next.messageKey && JSON.stringify(item.values) === JSON.stringify(next.values);
        state.items = [...state.items.filter((item) => !same(item)), next].slice(-MAX_VISIBLE_TOASTS);
      },
      prepare(payload: Omit<ToastMessage, 'id'>) {
        return { payload: { ...payload, id: nanoid() } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    clearToasts() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    // Logout clears every toast and hides the host.
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { showToast, dismissToast, clearToasts } = toastSlice.actions;
