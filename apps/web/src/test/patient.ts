/**
 * How long a test waits for something to happen (RTL's `findBy…`/`waitFor`, and `vi.waitFor`, whose own default of
 * 1 s a busy CI machine passed). A limit on waiting, never a timing assertion.
 */
export const PATIENT = { timeout: 20_000 } as const;
