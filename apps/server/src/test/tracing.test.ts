import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, uniqueUser } from './harness.js';
import { freePort, serverEnv, ServerProcess, sleep } from './server-process.js';

interface Span { name: string; kind: number; attributes?: Array<{ key: string; value: Record<string, unknown> }>; scope: string }

/** A minimal OTLP/HTTP collector: accepts JSON trace exports on /v1/traces and keeps every span. */
function otlpReceiver() {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const doc = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: Span[] }> }> };
        for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, scope: ss.scope.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { spans, server };
}

const attr = (s: Span, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

describe('OpenTelemetry traces (real process)', () => {
  let dir: string;
  let server: ServerProcess;
  const receiver = otlpReceiver();
  let dropPg: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', () => r()));
    const { port: otlpPort } = receiver.server.address() as AddressInfo;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-otel-'));
    const extra: Record<string, string> = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`, OTEL_SERVICE_NAME: 'bulut-test' };
    // PostgreSQL spans need PostgreSQL: with TEST_DATABASE_URL the server runs on a database of its own.
    if (process.env.TEST_DATABASE_URL) {
      const pg = await createPgDatabase();
      extra.DATABASE_URL = pg.url;
      dropPg = pg.drop;
    }
    server = new ServerProcess(serverEnv(dir, await freePort(), extra));
    await server.start();
  });
  afterAll(async () => {
    await server?.kill();
    await new Promise((r) => receiver.server.close(r));
    await dropPg?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exports spans for an HTTP request, its Fastify route, its database queries and a job', async () => {
    const res = await fetch(`${server.base}/api/v2/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(uniqueUser()),
    });
    expect(res.status).toBe(200);
    // The sign-up enqueued its SMS; the server's queue runs it (a job span).
    for (let i = 0; i < 300 && !fs.existsSync(path.join(dir, 'outbox')); i++) await sleep(100);
    await sleep(300);
    // SIGTERM flushes the batch of spans before the process exits.
    const child = server.child!;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const { spans } = receiver;
    const serverSpan = spans.find((s) => s.scope.includes('instrumentation-http') && s.kind === 2 && String(attr(s, 'http.route') ?? attr(s, 'http.target') ?? attr(s, 'url.path') ?? s.name).includes('/api/v2/signup'));
    expect(serverSpan, JSON.stringify(spans.map((s) => [s.scope, s.name]))).toBeDefined();
    // Fastify's own spans: the request and the route's handler (named by the plugin that registered it).
    expect(spans.some((s) => s.scope === '@fastify/otel' && s.name === 'handler - signupRoutes')).toBe(true);
    expect(spans.some((s) => s.name === 'job sms.send' && attr(s, 'job.kind') === 'sms.send')).toBe(true);
    // Probes are not traced.
    expect(spans.some((s) => s.name.includes('/health/'))).toBe(false);
    if (process.env.TEST_DATABASE_URL) expect(spans.some((s) => s.scope.includes('instrumentation-pg'))).toBe(true);
  });
});
