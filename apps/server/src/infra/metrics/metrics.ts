import fs from 'node:fs';
import client from 'prom-client';
import type { CurrentFigures } from '../figures/figure-reader.js';
import { DAY_GAUGES, FIGURES } from '../figures/figure-recorder.js';

// One registry per process (Prometheus scrapes a process): counters live for the process, the gauges that read an
// app's database at scrape time follow the app that is serving (see `attachMetricsSource`).

export const registry = new client.Registry();
// Event-loop lag, heap, GC, CPU and open handles under prom-client's standard names (nodejs_*, process_*), so the
// community Node.js dashboards work as they are.
client.collectDefaultMetrics({ register: registry });

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900];

/** One (method, route, status) series of the HTTP metrics: a request adds to it without allocating or hashing. */
interface HttpSeries {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative), the last slot for those above every bound (+Inf). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

// method → route → status → series. prom-client's labelled children validate and hash their labels again on every
// observation (a measurable share of a small GET, issue 28), so the request path keeps plain counters and the two HTTP
// metrics render them at scrape time.
const httpSeries = new Map<string, Map<string, Map<number, HttpSeries>>>();

function httpSeriesOf(method: string, route: string, status: number): HttpSeries {
  let byRoute = httpSeries.get(method);
  if (!byRoute) httpSeries.set(method, (byRoute = new Map()));
  let byStatus = byRoute.get(route);
  if (!byStatus) byRoute.set(route, (byStatus = new Map()));
  let series = byStatus.get(status);
  if (!series) {
    series = { labels: { method, route, status: String(status) }, buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
    byStatus.set(status, series);
  }
  return series;
}

function* allHttpSeries(): Generator<HttpSeries> {
  for (const byRoute of httpSeries.values()) for (const byStatus of byRoute.values()) yield* byStatus.values();
}

// `sharedLabels` as prom-client's own histograms use them: rendered after `labels`, formatted once per series.
type MetricValue = { labels: Record<string, string | number>; sharedLabels?: Record<string, string>; value: number; metricName?: string };

/** A metric the registry renders from `values()` at scrape time (the shape prom-client's own metrics return). */
function scrapedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: values() }),
    reset: () => httpSeries.clear(),
  };
  registry.registerMetric(metric as unknown as client.Metric);
}

scrapedMetric('bulut_http_requests_total', 'HTTP requests answered, by method, route pattern and status code.', 'counter', () =>
  [...allHttpSeries()].map((s) => ({ labels: s.labels, value: s.count })),
);
scrapedMetric(
  'bulut_http_request_duration_seconds',
  'Time from the request arriving to the answer being sent, by method, route pattern and status code.',
  'histogram',
  () => {
    const out: MetricValue[] = [];
    for (const s of allHttpSeries()) {
      let acc = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        acc += s.buckets[i]!;
        out.push({ metricName: 'bulut_http_request_duration_seconds_bucket', labels: { le }, sharedLabels: s.labels, value: acc });
      });
      out.push({ metricName: 'bulut_http_request_duration_seconds_bucket', labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count });
      out.push({ metricName: 'bulut_http_request_duration_seconds_sum', labels: {}, sharedLabels: s.labels, value: s.sum });
      out.push({ metricName: 'bulut_http_request_duration_seconds_count', labels: {}, sharedLabels: s.labels, value: s.count });
    }
    return out;
  },
);
const jobDuration = new client.Histogram({
  name: 'bulut_job_duration_seconds',
  help: 'Time a job attempt ran on this instance, by kind (job type) and outcome (done, retry, failed).',
  labelNames: ['kind', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [registry],
});
const jobFailures = new client.Counter({
  name: 'bulut_job_failures_total',
  help: 'Job attempts that threw, by kind; final="true" when it was the last attempt (the job is failed for good).',
  labelNames: ['kind', 'final'] as const,
  registers: [registry],
});
const uploadBytes = new client.Counter({
  name: 'bulut_upload_bytes_total',
  help: 'Upload bytes stored, by mode (whole: one request; piece: one piece of a resumable upload).',
  labelNames: ['mode'] as const,
  registers: [registry],
});
const uploadReceived = new client.Counter({
  name: 'bulut_upload_received_bytes_total',
  help: 'Upload bytes received from clients (request bodies stored), whole files and pieces.',
  registers: [registry],
});
const uploadSkipped = new client.Counter({
  name: 'bulut_upload_skipped_bytes_total',
  help: 'Upload bytes clients did not send because the account already held them (issue 35), by what: file or piece.',
  labelNames: ['what'] as const,
  registers: [registry],
});
const uploadPieces = new client.Counter({
  name: 'bulut_upload_pieces_total',
  help: 'Pieces of resumable uploads stored.',
  registers: [registry],
});
const workCpu = new client.Counter({
  name: 'bulut_work_cpu_seconds_total',
  help: 'CPU seconds spent on media processing and vision (this process and the tools it ran, e.g. ffmpeg), by work.',
  labelNames: ['work'] as const,
  registers: [registry],
});
const signInFailures = new client.Counter({
  name: 'bulut_sign_in_failures_total',
  help: 'Failed sign-in steps (wrong password or wrong second-step code) counted toward a lockout.',
  registers: [registry],
});
const lockouts = new client.Counter({
  name: 'bulut_sign_in_lockouts_total',
  help: 'Sign-in lockouts started (an account or username locked for a while after too many failures).',
  registers: [registry],
});
const rateLimitRefusals = new client.Counter({
  name: 'bulut_rate_limit_refusals_total',
  help: 'Requests refused with 429 (a per-minute budget, a captcha budget or a lockout), by route pattern.',
  labelNames: ['route'] as const,
  registers: [registry],
});

/** What the gauges read at scrape time: the serving app's database pool and job table. */
export interface MetricsSource {
  pool(): { max: number; inUse: number; idle: number; waiting: number };
  /** Due and running jobs per kind, and the oldest due job's wait: one indexed query (see job-queue.ts). */
  jobBacklog(): Promise<Array<{ kind: string; queued: number; running: number; oldestQueuedAt: number | null }>>;
  /** The operator dashboard's figures as they stand, summed across instances (see figure-reader.ts). */
  figures(): Promise<CurrentFigures>;
}

const sources: MetricsSource[] = [];
const current = () => sources.at(-1);

new client.Gauge({
  name: 'bulut_db_pool_connections',
  help: 'Database connections by state: max (pool size), in_use, idle, waiting (callers queued for a connection). SQLite: one connection, max=1.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const s = current();
    if (!s) return;
    const p = s.pool();
    this.set({ state: 'max' }, p.max);
    this.set({ state: 'in_use' }, p.inUse);
    this.set({ state: 'idle' }, p.idle);
    this.set({ state: 'waiting' }, p.waiting);
  },
});

type Backlog = Awaited<ReturnType<MetricsSource['jobBacklog']>>;
// The three job gauges share one query per scrape.
let backlogRead: { at: number; rows: Promise<Backlog> } | null = null;
function backlog(s: MetricsSource): Promise<Backlog> {
  const at = Date.now();
  if (!backlogRead || at - backlogRead.at > 1000) backlogRead = { at, rows: s.jobBacklog().catch(() => []) };
  return backlogRead.rows;
}

function jobGauge(name: string, help: string, value: (row: Backlog[number], at: number) => number): void {
  new client.Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const s = current();
      if (!s) return;
      const rows = await backlog(s);
      const at = Date.now();
      this.reset();
      // Every registered kind has a series, at 0 when idle, so an alert on age sees it fall back.
      for (const r of rows) this.set({ kind: r.kind }, value(r, at));
    },
  });
}
jobGauge('bulut_job_queue_depth', 'Jobs due and waiting for a worker, by kind (all instances: read from the shared job table).', (r) => r.queued);
jobGauge('bulut_jobs_running', 'Jobs running now on any instance, by kind.', (r) => r.running);
jobGauge('bulut_job_queue_oldest_age_seconds', 'How long the oldest due job of each kind has waited (0 when none waits).', (r, at) =>
  r.oldestQueuedAt === null ? 0 : Math.max(0, (at - r.oldestQueuedAt) / 1000),
);

// One read per scrape for all the figure gauges (the source too: a test process may swap apps within the second).
let figuresRead: { at: number; source: MetricsSource; figures: Promise<CurrentFigures | null> } | null = null;
function currentFigures(s: MetricsSource): Promise<CurrentFigures | null> {
  const at = Date.now();
  if (!figuresRead || figuresRead.source !== s || at - figuresRead.at > 1000) figuresRead = { at, source: s, figures: s.figures().catch(() => null) };
  return figuresRead.figures;
}

/** A gauge of the dashboard's figures (issue 27): labelled values from one read of the current figures per scrape. */
function figureGauge(name: string, help: string, labelNames: string[], values: (f: CurrentFigures) => Array<[Record<string, string>, number]>): void {
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const s = current();
      const figures = s ? await currentFigures(s) : null;
      if (!figures) return;
      this.reset();
      for (const [labels, value] of values(figures)) this.set(labels, value);
    },
  });
}
/** Today's counters whose name is `prefix.<currency>`, by currency. */
const byCurrency = (today: Record<string, number>, prefix: string): Array<[Record<string, string>, number]> =>
  Object.entries(today)
    .filter(([name]) => name.startsWith(`${prefix}.`))
    .map(([name, value]) => [{ currency: name.slice(prefix.length + 1) }, value]);

figureGauge(
  'bulut_subscribers',
  'Subscribers as of the dashboard roll-up (every 5 minutes): total (not deleted), active (seen within 7 days), premium.',
  ['kind'],
  (f) => [
    [{ kind: 'total' }, f.gauges[DAY_GAUGES.subscribersTotal] ?? 0],
    [{ kind: 'active7d' }, f.gauges[DAY_GAUGES.subscribersActive7d] ?? 0],
    [{ kind: 'premium' }, f.gauges[DAY_GAUGES.subscribersPremium] ?? 0],
  ],
);
figureGauge('bulut_storage_used_bytes', 'Bytes the subscribers use, as of the dashboard roll-up.', [], (f) => [[{}, f.gauges[DAY_GAUGES.storageUsedBytes] ?? 0]]);
figureGauge('bulut_uploads_today', 'Uploads stored today (business day, Europe/Istanbul), all instances.', [], (f) => [[{}, f.today[FIGURES.uploadsCount] ?? 0]]);
figureGauge('bulut_upload_bytes_today', 'Bytes uploaded today (business day, Europe/Istanbul), all instances.', [], (f) => [[{}, f.today[FIGURES.uploadsBytes] ?? 0]]);
figureGauge('bulut_payments_today', 'Payments captured today (business day), by currency, all instances.', ['currency'], (f) => byCurrency(f.today, FIGURES.paymentsCount));
figureGauge('bulut_payments_today_minor_units', 'Amount captured today in minor units (kuruş, cents), by currency.', ['currency'], (f) =>
  byCurrency(f.today, FIGURES.paymentsMinor),
);
figureGauge('bulut_http_5xx_last_hour', 'Answers with a 5xx status in the last 60 minutes, all instances.', [], (f) => [[{}, f.errors5xxLastHour]]);

/** Makes `source` the one the gauges read until the returned function detaches it (the app closing). */
export function attachMetricsSource(source: MetricsSource): () => void {
  sources.push(source);
  return () => {
    const i = sources.indexOf(source);
    if (i >= 0) sources.splice(i, 1);
  };
}

// --- the recorder modules and infrastructure call

/** CPU seconds of this process plus the children it has reaped (ffmpeg, LibreOffice), from /proc on Linux. */
function cpuNow(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + reapedChildrenCpu();
}

// Clock ticks per second of /proc's times: 100 on every Linux architecture Node supports.
const TICKS = 100;
function reapedChildrenCpu(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU shared fairly among the measured pieces of work that run at once: each time one starts or ends, the CPU used
 * since the last change is split evenly among those that were running, so concurrent jobs never count a second twice.
 */
const cpuShare = (() => {
  const active = new Map<number, { work: string }>();
  let last = 0;
  let nextId = 1;
  const settle = () => {
    const now = cpuNow();
    const used = now - last;
    last = now;
    if (active.size === 0 || used <= 0) return;
    const each = used / active.size;
    for (const { work } of active.values()) workCpu.inc({ work }, each);
  };
  return {
    begin(work: string): number {
      settle();
      const id = nextId++;
      active.set(id, { work });
      return id;
    },
    end(id: number): void {
      settle();
      active.delete(id);
    },
  };
})();

/** The small interface modules and infrastructure record through; every method is cheap and never throws. */
export const metrics = {
  httpAnswered(method: string, route: string, status: number, seconds: number): void {
    const series = httpSeriesOf(method, route, status);
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    series.buckets[i]!++;
    series.sum += seconds;
    series.count++;
  },
  rateLimited(route: string): void {
    rateLimitRefusals.inc({ route });
  },
  jobFinished(kind: string, outcome: 'done' | 'retry' | 'failed', seconds: number): void {
    jobDuration.observe({ kind, outcome }, seconds);
    if (outcome !== 'done') jobFailures.inc({ kind, final: String(outcome === 'failed') });
  },
  uploadStored(bytes: number, mode: 'whole' | 'piece'): void {
    uploadBytes.inc({ mode }, bytes);
    if (mode === 'piece') uploadPieces.inc();
  },
  /** Bytes a client sent in an upload's body (issue 35 measures what skipping saves against this). */
  uploadReceived(bytes: number): void {
    uploadReceived.inc(bytes);
  },
  uploadSkipped(bytes: number, what: 'file' | 'piece'): void {
    uploadSkipped.inc({ what }, bytes);
  },
  /** This process's received-bytes counter, for tests and the benchmark. */
  async receivedUploadBytes(): Promise<number> {
    return (await uploadReceived.get()).values[0]?.value ?? 0;
  },
  signInFailed(): void {
    signInFailures.inc();
  },
  lockedOut(): void {
    lockouts.inc();
  },
  /** Starts counting CPU for a piece of work that ends elsewhere (a request to the vision worker); pass the id to cpuEnd. */
  cpuBegin(work: 'media' | 'vision'): number {
    return cpuShare.begin(work);
  },
  cpuEnd(id: number): void {
    cpuShare.end(id);
  },
  /** Runs `fn` and counts the CPU it took (shared fairly with other measured work running at the same time). */
  async measureCpu<T>(work: 'media' | 'vision', fn: () => Promise<T>): Promise<T> {
    const id = cpuShare.begin(work);
    try {
      return await fn();
    } finally {
      cpuShare.end(id);
    }
  },
};

export type MetricsRecorder = typeof metrics;

/** The Prometheus text exposition of everything above. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
