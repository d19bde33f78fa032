/** Status of one upload; Installed means the server has confirmed the whole file. */
export const UploadStatus = {
  NotStarted: 0,
  Cancelled: 1,
  Failed: 2,
  Installed: 3,
  Loading: 4,
  Empty: 5,
  Timeout: 6,
} as const;

export type UploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

/** Why an upload stopped, for the panel's text. */
export type UploadFailure = 'quota' | 'session' | 'not_found' | 'read_only' | 'server';

/** Statuses after which nothing more happens unless the user retries. */
export const TERMINAL_STATUSES: ReadonlySet<UploadStatus> = new Set<UploadStatus>([
  UploadStatus.Cancelled,
  UploadStatus.Failed,
  UploadStatus.Installed,
  UploadStatus.Empty,
  UploadStatus.Timeout,
]);
