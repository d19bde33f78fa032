import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../infra/db/database.js';
import { MEDIA_PROCESS_JOB } from '../modules/media/media.public.js';
import { type ServerProcess, sleep } from './server-process.js';
import { type RoundRobinProxy, signUpThrough, startTopology } from './topology.js';

// The production shape without containers (issue 28): two real server processes on one PostgreSQL database and one
// S3-protocol store (s3rver), behind a round-robin proxy (topology.ts), driven over HTTP like a client behind a load balancer.

const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const TITLE = 'two instances behind a round-robin proxy on one PostgreSQL and one S3 store';
const PG = Boolean(process.env.TEST_DATABASE_URL);
describe.skipIf(!PG)(PG ? TITLE : `${TITLE}: skipped, it needs PostgreSQL (set TEST_DATABASE_URL)`, () => {
  let topology: Awaited<ReturnType<typeof startTopology>>;
  let servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;
  let dataDirs: string[] = [];
  let base = '';
  let database: Database;

  beforeAll(async () => {
    topology = await startTopology();
    ({ servers, proxy, base, dataDirs } = topology);
    database = createDatabase({ databaseUrl: topology.pg.url, sqliteFile: '', poolSize: 2 });
  });

  afterAll(async () => {
    await database?.destroy();
    await topology?.close();
  });

  const call = (method: string, url: string, opts: { token?: string; headers?: Record<string, string>; body?: Buffer | string | object } = {}) => {
    const headers: Record<string, string> = { ...(opts.token ? { 'x-auth-token': opts.token } : {}), ...opts.headers };
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (Buffer.isBuffer(opts.body)) body = Uint8Array.from(opts.body);
    else if (typeof opts.body === 'string') body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    return fetch(new URL(url, base), { method, headers, body });
  };
  const json = async <T = Record<string, unknown>>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const waitFor = async <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const got = await probe();
      if (got) return got;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };

  const pieceHeaders = (token: string, name: string, start: number, piece: Buffer, total: number, contentType = 'application/octet-stream') => ({
    'x-auth-token': token,
    'content-type': contentType,
    'x-object-meta-file-name': encodeURIComponent(name),
    'x-object-meta-parent-uuid': '',
    'x-object-meta-favourite': 'false',
    'x-meta-strategy': '0',
    'x-object-meta-device-type': 'WEB',
    'content-range': `bytes ${start}-${start + piece.length - 1}/${total}`,
  });
  const putPiece = (token: string, uuid: string, name: string, bytes: Buffer, start: number, end: number) =>
    call('PUT', `/api/upload/${uuid}`, { headers: pieceHeaders(token, name, start, bytes.subarray(start, end), bytes.length), body: bytes.subarray(start, end) });
  const offsetOf = async (token: string, uuid: string) => {
    const res = await call('HEAD', `/api/upload/${uuid}`, { token });
    expect(res.status).toBe(200);
    return Number(res.headers.get('upload-offset'));
  };
  const download = async (token: string, uuid: string): Promise<Buffer> => {
    const { projectId } = await json<{ projectId: string }>(await call('GET', '/api/account/info', { token }));
    const [link] = await json<Array<{ url: string }>>(await call('POST', '/api/v2/files/_bulk/create-download-url', { token, body: [{ projectId, uuid }] }));
    const res = await call('GET', link!.url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('signs up, uploads in pieces across both instances, downloads, shares, searches, runs a job once, and survives losing an instance mid-upload', async () => {
    const token = await signUpThrough(base, dataDirs);
    expect(token).toBeTruthy();

    // A 20 MiB file in four pieces; the proxy hands them to the instances in turn.
    const bytes = randomBytes(20 * MiB);
    const uuid = randomUUID();
    const name = 'Yaz tatili 2026.bin';
    const cuts = [0, 6 * MiB, 12 * MiB, 18 * MiB, bytes.length];
    const before = proxy.served.length;
    for (let i = 0; i < cuts.length - 1; i++) {
      const res = await putPiece(token, uuid, name, bytes, cuts[i]!, cuts[i + 1]!);
      expect(res.status, await res.text()).toBe(i === cuts.length - 2 ? 201 : 202);
    }
    const pieceBackends = proxy.served.slice(before).filter((s) => s.range).map((s) => s.backend);
    expect(new Set(pieceBackends)).toEqual(new Set([0, 1]));
    expect(sha(await download(token, uuid))).toBe(sha(bytes));

    // A public link made through one instance, opened by a visitor (no session) through both.
    const share = await json<{ url: string }>(await call('POST', '/api/v2/share/public', { token, body: { fileUuidList: [uuid], isAlbum: false } }));
    const linkToken = new URLSearchParams(share.url.split('?')[1]).get('token')!;
    for (let i = 0; i < 2; i++) {
      const info = await json<{ name: string }>(await call('GET', '/api/share/visitor', { headers: { 'x-share-token': linkToken } }));
      expect(info.name).toBe(name);
    }

    // Search finds the file by a word of its name, folded (Turkish dotless ı typed as i).
    const found = await waitFor('a search hit', async () => {
      const res = await json<{ items: Array<{ file: { uuid: string } | null }> }>(await call('GET', `/api/search/unified?text=${encodeURIComponent('tatil')}`, { token }));
      return res.items.some((h) => h.file?.uuid === uuid) ? res : null;
    });
    expect(found.items.length).toBeGreaterThan(0);

    // A photo's media job: both instances poll the one queue, exactly one runs it, once.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
    const photoId = randomUUID();
    const { 'content-range': _whole, ...wholeHeaders } = pieceHeaders(token, 'deniz.jpg', 0, photo, photo.length, 'image/jpeg');
    const up = await call('PUT', `/api/upload/${photoId}`, { headers: wholeHeaders, body: photo });
    expect(up.status, await up.text()).toBe(201);
    const mediaJob = await waitFor('the media job to finish', async () => {
      const jobs = await database.db.selectFrom('job').selectAll().where('type', '=', MEDIA_PROCESS_JOB).execute();
      const mine = jobs.filter((j) => (JSON.parse(j.payload) as { fileId: string }).fileId === photoId);
      return mine.length > 0 && mine.every((j) => j.status === 'done') ? mine : null;
    });
    expect(mediaJob.map((j) => ({ status: j.status, attempts: j.attempts }))).toEqual([{ status: 'done', attempts: 1 }]);
    const row = await database.db.selectFrom('file').select(['media_status']).where('id', '=', photoId).executeTakeFirstOrThrow();
    expect(row.media_status).toBe('READY');

    // Losing an instance mid-upload: the instance receiving the second piece is killed while the piece is still
    // arriving. The client sees a bad gateway, asks the survivor for the offset and finishes there.
    const big = randomBytes(18 * MiB);
    const bigId = randomUUID();
    const bigName = 'yedek.bin';
    expect((await putPiece(token, bigId, bigName, big, 0, 6 * MiB)).status).toBe(202);
    let victim = -1;
    proxy.onForward = (backend) => {
      proxy.onForward = null;
      victim = backend;
      setTimeout(() => void servers[backend]!.kill(), 60);
    };
    const cut = await putPiece(token, bigId, bigName, big, 6 * MiB, 12 * MiB);
    expect(cut.status).toBe(502);
    expect(victim).toBeGreaterThanOrEqual(0);
    // Only whole pieces count: the cut one left nothing behind.
    expect(await offsetOf(token, bigId)).toBe(6 * MiB);
    for (const [start, end] of [
      [6 * MiB, 12 * MiB],
      [12 * MiB, big.length],
    ] as const) {
      const res = await putPiece(token, bigId, bigName, big, start, end);
      expect(res.status, await res.text()).toBe(end === big.length ? 201 : 202);
    }
    expect(proxy.served.slice(-2).every((s) => s.backend !== victim)).toBe(true);
    expect(sha(await download(token, bigId))).toBe(sha(big));
  });
});
