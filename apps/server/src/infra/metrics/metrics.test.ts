import { describe, expect, it } from 'vitest';
import { metrics, renderMetrics } from './metrics.js';

const cpuOf = async (work: string) => {
  const line = (await renderMetrics()).body.split('\n').find((l) => l.startsWith(`bulut_work_cpu_seconds_total{work="${work}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

/** Burns CPU on the event loop for about `ms`, yielding now and then so concurrent work interleaves. */
async function burn(ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const slice = performance.now() + 5;
    while (performance.now() < slice) Math.sqrt(Math.random());
    await new Promise((r) => setImmediate(r));
  }
}

describe('work CPU metrics', () => {
  it('splits the CPU of concurrent media and vision work between them, never counting a second twice', async () => {
    const before = { media: await cpuOf('media'), vision: await cpuOf('vision') };
    const start = process.cpuUsage();
    const visionId = metrics.cpuBegin('vision');
    await Promise.all([metrics.measureCpu('media', () => burn(150)), burn(150)]);
    metrics.cpuEnd(visionId);
    const used = process.cpuUsage(start);
    const total = (used.user + used.system) / 1e6;
    const media = (await cpuOf('media')) - before.media;
    const vision = (await cpuOf('vision')) - before.vision;
    expect(media).toBeGreaterThan(0);
    expect(vision).toBeGreaterThan(0);
    // Both were measured over the same window: together they are at most what the process used in it.
    expect(media + vision).toBeLessThanOrEqual(total + 0.01);
  });
});

describe('HTTP metrics', () => {
  const sample = (body: string, prefix: string) => {
    const line = body.split('\n').find((l) => l.startsWith(prefix));
    return line ? Number(line.split(' ').at(-1)) : undefined;
  };

  it('counts requests and renders cumulative duration buckets, sum and count per method, route and status', async () => {
    const series = 'method="PATCH",route="/api/test/metrics/:id",status="204"';
    metrics.httpAnswered('PATCH', '/api/test/metrics/:id', 204, 0.003);
    metrics.httpAnswered('PATCH', '/api/test/metrics/:id', 204, 0.02);
    metrics.httpAnswered('PATCH', '/api/test/metrics/:id', 204, 100);
    metrics.httpAnswered('PATCH', '/api/test/metrics/:id', 500, 0.02);
    const { body } = await renderMetrics();
    expect(body).toContain('# TYPE bulut_http_requests_total counter');
    expect(body).toContain('# TYPE bulut_http_request_duration_seconds histogram');
    expect(sample(body, `bulut_http_requests_total{${series}}`)).toBe(3);
    expect(sample(body, `bulut_http_requests_total{method="PATCH",route="/api/test/metrics/:id",status="500"}`)).toBe(1);
    expect(sample(body, `bulut_http_request_duration_seconds_bucket{le="0.005",${series}}`)).toBe(1);
    expect(sample(body, `bulut_http_request_duration_seconds_bucket{le="0.025",${series}}`)).toBe(2);
    expect(sample(body, `bulut_http_request_duration_seconds_bucket{le="30",${series}}`)).toBe(2);
    expect(sample(body, `bulut_http_request_duration_seconds_bucket{le="+Inf",${series}}`)).toBe(3);
    expect(sample(body, `bulut_http_request_duration_seconds_count{${series}}`)).toBe(3);
    expect(sample(body, `bulut_http_request_duration_seconds_sum{${series}}`)).toBeCloseTo(100.023, 6);
  });
});
