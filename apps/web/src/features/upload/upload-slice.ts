import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '@/api/session';
import { nextRate, type TransferRate } from './upload-math';
import { TERMINAL_STATUSES, UploadStatus, type UploadFailure } from './upload-status';

/** One upload as the panel shows it (spec: uuid, progress percent and status). */
export interface UploadItem {
  uuid: string;
  name: string;
  size: number;
  lastModified: number;
  parentUuid: string | null;
  /** Goes into the family library (issue 35): the panel says so. */
  familyLibrary?: boolean;
  /** Rounded percent. */
  progress: number;
  status: UploadStatus;
  /** Loading, but waiting to retry after a network failure. */
  retrying?: boolean;
  /** Restored after a reload: the user must choose the file again to resume. */
  needsFile?: boolean;
  failure?: UploadFailure;
  /** Order of arrival, for a stable list. */
  seq: number;
  /** Bytes the server has and the pace they arrive at (for speed and time left). */
  rate?: TransferRate;
  /** Bytes not sent because the account already held them (issue 35). */
  skippedBytes?: number;
}

/** Two lists: filesToUpload (waiting, running, failed, paused) and filesUploaded (Installed). */
export interface UploadState {
  filesToUpload: UploadItem[];
  filesUploaded: UploadItem[];
}

declare module '@/state/store-types' {
  interface RootState {
    upload: UploadState;
  }
}

const initialState: UploadState = { filesToUpload: [], filesUploaded: [] };

function install(state: UploadState, index: number) {
  const [item] = state.filesToUpload.splice(index, 1);
  if (!item) return;
  item.progress = 100;
  item.status = UploadStatus.Installed;
  item.retrying = false;
  item.failure = undefined;
  state.filesUploaded.push(item);
}

export const uploadSlice = createSlice({
  name: 'upload',
  initialState,
  reducers: {
    uploadsQueued(state, action: PayloadAction<UploadItem[]>) {
      const known = new Set(state.filesToUpload.map((item) => item.uuid));
      state.filesToUpload.push(...action.payload.filter((item) => !known.has(item.uuid)));
    },
    /** Progress per uuid; reaching 100 makes the upload Installed. */
    uploadProgressed(state, action: PayloadAction<{ uuid: string; progress: number; bytes?: number; at?: number }>) {
      const { uuid, bytes, at } = action.payload;
      const index = state.filesToUpload.findIndex((item) => item.uuid === uuid);
      const item = state.filesToUpload[index];
      if (!item) return;
      const progress = Math.max(0, Math.min(100, Math.round(action.payload.progress)));
      if (progress >= 100) {
        install(state, index);
        return;
      }
      item.progress = progress;
      if (bytes !== undefined && at !== undefined) item.rate = nextRate(item.rate, at, bytes);
    },
    /** Bytes of an upload the server took from what the account holds instead of receiving them. */
    uploadSkipped(state, action: PayloadAction<{ uuid: string; bytes: number }>) {
      const item = [...state.filesToUpload, ...state.filesUploaded].find((candidate) => candidate.uuid === action.payload.uuid);
      if (item) item.skippedBytes = (item.skippedBytes ?? 0) + action.payload.bytes;
    },
    /** Sets one upload's status, by uuid. */
    uploadStatusChanged(
      state,
      action: PayloadAction<{ uuid: string; status: UploadStatus; retrying?: boolean; failure?: UploadFailure; needsFile?: boolean }>,
    ) {
      const { uuid, status, retrying = false, failure, needsFile } = action.payload;
      const index = state.filesToUpload.findIndex((item) => item.uuid === uuid);
      const item = state.filesToUpload[index];
      if (!item) return;
      if (status === UploadStatus.Installed) {
        install(state, index);
        return;
      }
      item.status = status;
      item.retrying = retrying;
      item.failure = failure;
      if (needsFile !== undefined) item.needsFile = needsFile;
    },
    /** Drops finished items (and the given ones) from the panel. */
    uploadsCleared(state, action: PayloadAction<string[] | undefined>) {
      const drop = new Set(action.payload ?? []);
      state.filesToUpload = state.filesToUpload.filter((item) => !drop.has(item.uuid) && !TERMINAL_STATUSES.has(item.status));
      state.filesUploaded = [];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { uploadsQueued, uploadProgressed, uploadSkipped, uploadStatusChanged, uploadsCleared } = uploadSlice.actions;

/** Every upload in order of arrival. */
export function allUploads(state: UploadState): UploadItem[] {
  return [...state.filesToUpload, ...state.filesUploaded].sort((a, b) => a.seq - b.seq);
}

export interface UploadTotals {
  /** Installed. */
  done: number;
  /** Everything that counts (not cancelled, not empty). */
  total: number;
  percent: number;
  /** Something is waiting, running or paused (the panel cannot be closed). */
  active: boolean;
  /** Something is waiting or running (not only paused ones). */
  running: boolean;
  /** Bytes the uploads did not send because the account already held them. */
  skippedBytes: number;
}

/** "n of m" and the overall percent, by bytes; cancelled and empty files do not count. */
export function uploadTotals(items: readonly UploadItem[]): UploadTotals {
  const counted = items.filter((item) => item.status !== UploadStatus.Cancelled && item.status !== UploadStatus.Empty);
  const bytes = counted.reduce((sum, item) => sum + item.size, 0);
  const doneBytes = counted.reduce((sum, item) => sum + (item.size * item.progress) / 100, 0);
  const done = counted.filter((item) => item.status === UploadStatus.Installed).length;
  const percent = counted.length === 0 ? 0 : bytes > 0 ? Math.round((doneBytes / bytes) * 100) : done === counted.length ? 100 : 0;
  const active = items.some((item) => item.status === UploadStatus.Loading || item.status === UploadStatus.NotStarted);
  const running = items.some((item) => item.status === UploadStatus.Loading || (item.status === UploadStatus.NotStarted && !item.needsFile));
  const skippedBytes = items.reduce((sum, item) => sum + (item.skippedBytes ?? 0), 0);
  return { done, total: counted.length, percent: done < counted.length ? Math.min(99, percent) : percent, active, running, skippedBytes };
}
