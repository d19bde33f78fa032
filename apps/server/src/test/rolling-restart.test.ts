import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from './server-process.js';
import { signUpThrough, startTopology } from './topology.js';

// Issue 28 "Graceful restarts": both instances behind the round-robin proxy are SIGTERMed and started again in turn
// while clients keep working. A failure a client would not retry fails the test; what a client does retry is a
// connection refused or reset before any answer, and 503 with Retry-After (a draining instance).

const KiB = 1024;
const PIECE = 256 * KiB;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const TITLE = 'a rolling restart of two instances under load';
const PG = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(!PG)(PG ? TITLE : `${TITLE}: skipped, it needs PostgreSQL (set TEST_DATABASE_URL)`, () => {
  let topology: Awaited<ReturnType<typeof startTopology>>;

  beforeAll(async () => {
    // A short drain delay stands in for a balancer's probe interval; in-flight requests get the default 30 s.
    topology = await startTopology({ env: { DRAIN_DELAY_MS: '300' } });
  });
  afterAll(async () => {
    await topology?.close();
  });

  /** One request through the proxy; retried (a fresh connection each time) only where a client would retry. */
  async function request(method: string, url: string, headers: Record<string, string>, body?: Buffer, failures?: string[]): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(new URL(url, topology.base), { method, headers, body: body ? Uint8Array.from(body) : undefined });
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if ((code === 'ECONNREFUSED' || code === 'ECONNRESET') && attempt < 20) {
          await sleep(50);
          continue;
        }
        throw err;
      }
      if (res.status === 503 && res.headers.get('retry-after') !== null && attempt < 20) {
        await res.arrayBuffer();
        await sleep(50);
        continue;
      }
      if (res.status >= 500) failures?.push(`${method} ${url}: ${res.status} ${await res.clone().text()}`);
      return res;
    }
  }

  it('restarts each instance in turn: 0 failed requests a client would not retry, 0 lost uploads', async () => {
    const token = await signUpThrough(topology.base, topology.dataDirs);
    const auth = { 'x-auth-token': token };
    const failures: string[] = [];
    const stored: Array<{ uuid: string; sha: string; bytes: number }> = [];
    let running = true;
    let reads = 0;

    // Small GETs, as an app polling its usage and listing.
    const reader = async () => {
      while (running) {
        for (const url of ['/api/account/usages', '/api/account/info']) {
          const res = await request('GET', url, auth, undefined, failures);
          if (res.status !== 200) failures.push(`GET ${url}: ${res.status}`);
          await res.arrayBuffer();
          reads++;
        }
      }
    };
    // Uploads in pieces: a piece that did not land is sent again from the offset the server reports.
    const uploader = async () => {
      while (running) {
        const bytes = randomBytes(3 * PIECE);
        const uuid = randomUUID();
        const name = `piece-${uuid.slice(0, 8)}.bin`;
        let offset = 0;
        while (offset < bytes.length) {
          const end = Math.min(offset + PIECE, bytes.length);
          const res = await request(
            'PUT',
            `/api/upload/${uuid}`,
            {
              ...auth,
              'content-type': 'application/octet-stream',
              'x-object-meta-file-name': encodeURIComponent(name),
              'x-object-meta-parent-uuid': '',
              'x-object-meta-favourite': 'false',
              'x-meta-strategy': '0',
              'x-object-meta-device-type': 'WEB',
              'content-range': `bytes ${offset}-${end - 1}/${bytes.length}`,
            },
            bytes.subarray(offset, end),
            failures,
          );
          await res.arrayBuffer();
          if (res.status !== 201 && res.status !== 202) {
            failures.push(`PUT piece ${offset}: ${res.status}`);
            break;
          }
          offset = end;
        }
        if (offset === bytes.length) stored.push({ uuid, sha: sha(bytes), bytes: bytes.length });
      }
    };

    const clients = [reader(), reader(), uploader()];
    const exits: Array<number | null> = [];
    try {
      for (const server of topology.servers) {
        // Let some load reach the instance before its turn.
        const before = reads;
        while (reads < before + 10) await sleep(20);
        const child = server.child!;
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        await server.kill('SIGTERM');
        exits.push(await exited);
        await server.start();
      }
      const before = reads;
      while (reads < before + 10) await sleep(20);
    } finally {
      running = false;
      await Promise.all(clients);
    }

    expect(exits).toEqual([0, 0]);
    expect(failures).toEqual([]);
    expect(stored.length).toBeGreaterThan(0);
    // Every upload that finished is there, whole, whichever instance took its pieces.
    const { projectId } = (await (await request('GET', '/api/account/info', auth)).json()) as { projectId: string };
    for (const file of stored) {
      const urls = await request('POST', '/api/v2/files/_bulk/create-download-url', { ...auth, 'content-type': 'application/json' }, Buffer.from(JSON.stringify([{ projectId, uuid: file.uuid }])));
      expect(urls.status).toBe(200);
      const [link] = (await urls.json()) as Array<{ url: string }>;
      const got = Buffer.from(await (await request('GET', link!.url, {})).arrayBuffer());
      expect({ uuid: file.uuid, bytes: got.length, sha: sha(got) }).toEqual({ uuid: file.uuid, bytes: file.bytes, sha: file.sha });
    }
  });
});
