/**
 * How a job attempt runs: plainly, or inside a span once tracing has started (tracing.ts installs the wrapper). The
 * queue calls this without importing OpenTelemetry, so an instance without tracing loads none of it.
 */
export type JobRunner = <T>(kind: string, jobId: string, attempt: number, run: () => Promise<T>) => Promise<T>;

let runner: JobRunner | null = null;

export function runJob<T>(kind: string, jobId: string, attempt: number, run: () => Promise<T>): Promise<T> {
  return runner ? runner(kind, jobId, attempt, run) : run();
}

export function setJobRunner(next: JobRunner | null): void {
  runner = next;
}
