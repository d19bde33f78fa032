import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BUCKET, startS3rver } from '../infra/blob-store/blob-store.fixtures.js';
import { createPgDatabase, readOutbox } from './harness.js';
import { freePort, ServerProcess, serverEnv, sleep } from './server-process.js';

// The production shape without containers (issue 28), shared by the topology and rolling-restart tests: real server
// processes on one PostgreSQL database and one S3-protocol store (s3rver), behind a round-robin proxy.

const MiB = 1024 * 1024;

/**
 * Round robin over the instances; a refused connection (a dead instance), or a GET whose connection failed before an
 * answer, goes to the next one, as a load balancer's passive health check does. Bodies are buffered, and a piece (Content-Range) is passed on in 1 MiB steps, so a kill
 * can land while an instance is still receiving one.
 */
export class RoundRobinProxy {
  readonly served: Array<{ method: string; url: string; backend: number; range: string | null }> = [];
  onForward: ((backend: number, range: string | null) => void) | null = null;
  #next = 0;
  #server = http.createServer((req, res) => void this.#handle(req, res));
  constructor(private readonly ports: number[]) {}

  async listen(): Promise<string> {
    // Longer than the client's idle keep-alive, so the client never reuses a connection the proxy is just closing.
    this.#server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }
  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const range = (req.headers['content-range'] as string | undefined) ?? null;
    // Each instance at most once per request, from the next in turn: concurrent requests share the turn counter, so
    // counting on from it could offer one request the same dead instance twice.
    const first = this.#next++;
    for (let tries = 0; tries < this.ports.length; tries++) {
      const backend = (first + tries) % this.ports.length;
      const outcome = await this.#forward(backend, req, body, range, res);
      if (outcome === 'refused') continue;
      if (outcome === 'ok') this.served.push({ method: req.method!, url: req.url!, backend, range });
      return;
    }
    res.writeHead(503).end();
  }

  #forward(backend: number, req: http.IncomingMessage, body: Buffer, range: string | null, res: http.ServerResponse): Promise<'ok' | 'refused' | 'failed'> {
    return new Promise((resolve) => {
      let sent = false;
      const up = http.request(
        // A new connection each time (agent: false): a kept-alive one the instance closed meanwhile would look like a death.
        { host: '127.0.0.1', port: this.ports[backend], method: req.method, path: req.url, headers: req.headers, agent: false },
        (ur) => {
          res.writeHead(ur.statusCode!, ur.headers);
          ur.pipe(res);
          ur.on('end', () => resolve('ok'));
          ur.on('error', () => resolve('failed'));
        },
      );
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (!sent && err.code === 'ECONNREFUSED') return resolve('refused');
        // A read that failed before any answer (the instance closed its listener as the request arrived) goes to the
        // next instance, as nginx's `proxy_next_upstream error` does for GET (deploy/nginx.conf).
        if (!res.headersSent && (req.method === 'GET' || req.method === 'HEAD')) return resolve('refused');
        // An instance that died with the request: the client sees a bad gateway, as behind any load balancer.
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
        resolve('failed');
      });
      up.on('socket', (socket) => socket.on('connect', () => (sent = true)));
      void (async () => {
        if (!range) return up.end(body);
        this.onForward?.(backend, range);
        for (let at = 0; at < body.length; at += MiB) {
          if (up.destroyed) return;
          up.write(body.subarray(at, at + MiB));
          await sleep(40);
        }
        up.end();
      })();
    });
  }
}

/** Two (or `count`) instances on a fresh PostgreSQL database and s3rver, behind a RoundRobinProxy; `close` ends all. */
export async function startTopology(opts: { count?: number; env?: Record<string, string> } = {}) {
  const count = opts.count ?? 2;
  const dataDirs = Array.from({ length: count }, (_, i) => fs.mkdtempSync(path.join(os.tmpdir(), `bulut-topo-${i}-`)));
  const pg = await createPgDatabase();
  const s3 = await startS3rver();
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const proxy = new RoundRobinProxy(ports);
  const base = await proxy.listen();
  const shared = {
    DATABASE_URL: pg.url,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    // The keys every instance must share (deploy/README): a link or a 2FA secret made by one is read by the other.
    SHARE_LINK_KEY: randomBytes(32).toString('base64url'),
    TWO_FACTOR_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_URL: base,
    JOB_POLL_MS: '100',
    SIGNUP_CAPTCHA_THRESHOLD: '1000',
    ...opts.env,
  };
  const servers = ports.map((port, i) => new ServerProcess(serverEnv(dataDirs[i]!, port, shared)));
  const close = async () => {
    for (const s of servers) await s.kill();
    await proxy.close();
    await pg.drop();
    await s3.server.close();
    for (const dir of [...dataDirs, s3.dir]) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first applies the migrations.
    for (const s of servers) await s.start();
  } catch (err) {
    await close();
    throw err;
  }
  return { pg, s3, servers, proxy, base, dataDirs, close };
}

/**
 * Signs a new subscriber up through the proxy as a person would: the sign-up SMS is sent by whichever instance's job
 * runner takes the job, and read from that instance's outbox. Returns the session token.
 */
export async function signUpThrough(base: string, dataDirs: readonly string[]): Promise<string> {
  const n = `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-8);
  const user = { email: `topo${n}@example.com`, countryCode: '90', phoneNumber: `53${n}`, password: 'correct horse 42', name: 'Ayşe', surname: 'Yılmaz', language: 'tr', eulaId: 2 };
  const post = (url: string, body: object) => fetch(new URL(url, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const started = await post('/api/v2/signup', user);
  if (started.status !== 200) throw new Error(`sign-up: ${started.status} ${await started.text()}`);
  const { referenceToken } = (await started.json()) as { referenceToken: string };
  const phone = `+${user.countryCode}${user.phoneNumber}`;
  const until = Date.now() + 60_000;
  let otp: string | undefined;
  while (!otp) {
    otp = dataDirs.flatMap((d) => readOutbox(d)).filter((m) => m.to === phone).at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (otp) break;
    if (Date.now() > until) throw new Error('timed out waiting for the sign-up SMS');
    await sleep(100);
  }
  const validated = await post('/api/v2/signup/validate', { referenceToken, otp });
  if (validated.status !== 200) throw new Error(`sign-up validation: ${validated.status} ${await validated.text()}`);
  return validated.headers.get('x-auth-token')!;
}
