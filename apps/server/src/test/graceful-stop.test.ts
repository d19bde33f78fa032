import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../infra/db/database.js';
import { lastCodeFor, readOutbox, uniqueUser } from './harness.js';
import { freePort, serverEnv, ServerProcess, sleep } from './server-process.js';

const SIZE = 256 * 1024;

/** The real server (src/main.ts in a child process) stopped with SIGTERM in the middle of an upload. */
describe('graceful stop on SIGTERM (real process)', () => {
  let dir: string;
  let server: ServerProcess;
  let database: Database;
  let metricsPort: number;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-graceful-'));
    const port = await freePort();
    // Neither is bound yet, so the second pick must differ from the first.
    do metricsPort = await freePort();
    while (metricsPort === port);
    server = new ServerProcess(
      serverEnv(dir, port, { INSTANCE_ID: 'graceful-a', DRAIN_DELAY_MS: '1500', DRAIN_TIMEOUT_MS: '30000', METRICS_PORT: String(metricsPort) }),
    );
    await server.start();
    database = createDatabase({ databaseUrl: null, sqliteFile: path.join(dir, 'bulut.sqlite') });
  });
  afterAll(async () => {
    await server?.kill();
    await database?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const api = (p: string, init: RequestInit = {}) => fetch(`${server.base}/api${p}`, init);

  async function signUp(): Promise<string> {
    const user = uniqueUser();
    const start = await api('/v2/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
    expect(start.status).toBe(200);
    const { referenceToken } = (await start.json()) as { referenceToken: string };
    const phone = `+${user.countryCode}${user.phoneNumber}`;
    // The server's own job queue sends the SMS into the dev outbox.
    for (let i = 0; i < 300 && !readOutbox(dir).some((m) => m.to === phone); i++) await sleep(100);
    const done = await api('/v2/signup/validate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ referenceToken, otp: lastCodeFor(dir, phone) }),
    });
    expect(done.status).toBe(200);
    return String(done.headers.get('x-auth-token'));
  }

  /** What a balancer's probe sees: a status code, or null when nothing listens any more. */
  const probe = () => fetch(`${server.base}/health/ready`).then(async (r) => ({ status: r.status, body: await r.json() }), () => null);

  it('serves its metrics on METRICS_PORT (loopback, no token) and not on the app port', async () => {
    await fetch(`${server.base}/health/ready`);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('bulut_http_requests_total{method="GET",route="/health/ready",status="200"}');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
  });

  it('turns not-ready, releases its job lease at once, lets the upload in flight finish and exits 0', async () => {
    const token = await signUp();
    // A job this run has claimed (running under its lease), as the queue leaves it while a handler works.
    const run = await database.db.selectFrom('job_instance').select('run_id').where('name', '=', 'graceful-a').executeTakeFirstOrThrow();
    const jobId = randomUUID();
    const at = Date.now();
    await database.db
      .insertInto('job')
      .values({
        id: jobId,
        type: 'mail.send',
        payload: '{}',
        status: 'running',
        attempts: 1,
        max_attempts: 5,
        run_at: at,
        locked_by: run.run_id,
        locked_until: at + 30_000,
        created_at: at,
        updated_at: at,
      })
      .execute();

    // An upload whose body arrives in two halves: the second only after the listener has closed.
    const uuid = randomUUID();
    const body = randomBytes(SIZE);
    const { port } = new URL(server.base);
    const req = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'PUT',
      path: `/api/upload/${uuid}`,
      agent: false,
      headers: {
        'x-auth-token': token,
        'content-type': 'application/octet-stream',
        'content-length': String(SIZE),
        'x-object-meta-file-name': 'in-flight.bin',
        'x-object-meta-parent-uuid': '',
        'x-object-meta-favourite': 'false',
        'x-meta-strategy': '0',
        'x-object-meta-device-type': 'WEB',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    await new Promise<void>((resolve) => req.write(body.subarray(0, SIZE / 2), () => resolve()));
    expect((await probe())?.status).toBe(200);

    const child = server.child!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');

    // Not ready at once (the listener stays open DRAIN_DELAY_MS for the balancer to see it).
    let seen = await probe();
    for (let i = 0; i < 200 && seen?.status === 200; i++) seen = await probe();
    expect(seen).toEqual({ status: 503, body: { status: 'DRAINING' } });
    // The lease is given back before anything else waits: the job is queued for any other instance, attempt refunded.
    let job = await database.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await sleep(50);
      job = await database.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    }
    expect(job).toMatchObject({ status: 'queued', locked_by: null, locked_until: null, attempts: 0 });

    // Then the listener closes: new connections are refused while the upload is still in flight.
    while ((await probe()) !== null) await sleep(50);
    req.end(body.subarray(SIZE / 2));
    const res = await answered;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ uuid, name: 'in-flight.bin', bytes: SIZE });

    expect(await exited).toBe(0);
    const file = await database.db.selectFrom('file').select(['status', 'bytes']).where('id', '=', uuid).executeTakeFirstOrThrow();
    expect({ status: file.status, bytes: Number(file.bytes) }).toEqual({ status: 'ACTIVE', bytes: SIZE });
    expect(await database.db.selectFrom('job_instance').select('run_id').where('name', '=', 'graceful-a').execute()).toEqual([]);
  });
});
