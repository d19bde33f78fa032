/** Timestamps are epoch milliseconds everywhere (bigint columns), so both databases agree. */
export const now = (): number => Date.now();
export const minutes = (n: number): number => n * 60_000;
export const days = (n: number): number => n * 86_400_000;
export const hours = (n: number): number => n * 3_600_000;
