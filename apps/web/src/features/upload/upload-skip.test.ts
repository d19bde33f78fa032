import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { PATIENT } from '@/test/patient';
import { UploadEngine } from './upload-engine';
import type { PendingUploadStore } from './upload-persistence';
import { allUploads, uploadTotals } from './upload-slice';
import { MAX_KNOWN_PIECES, type FileDigest } from './upload-skip';
import { UploadStatus } from './upload-status';
import type { TransportRequest, TransportResponse, UploadTransport } from './upload-transport';

// Issue 35 in the client: a file is hashed before it is sent, and only what the account lacks goes over the wire.

const BASE = 'http://localhost/api/upload';
const PIECE = 10;

/** jsdom's Blob has no arrayBuffer(); FileReader works. */
function read(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** What the app's worker computes, here on the test's thread. */
async function hashFile(file: Blob, pieceBytes: number): Promise<FileDigest> {
  const data = await read(file);
  const pieces: string[] = [];
  for (let at = 0; at < data.length; at += pieceBytes) pieces.push(sha(data.subarray(at, at + pieceBytes)));
  return { sha256: sha(data), pieceBytes, pieces };
}

const answer = (status: number, body: unknown = '', headers: Record<string, string> = {}): TransportResponse => ({
  status,
  header: (name) => headers[name.toLowerCase()] ?? null,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The account's files by hash, and a log of what was sent: just enough of the server for the skip calls. */
class SkipServer implements UploadTransport {
  readonly held = new Set<string>();
  readonly heldPieces = new Set<string>();
  /** Pieces the server still reports as held but no longer holds when asked to stand in for them (deleted meanwhile). */
  readonly forgotten = new Set<string>();
  readonly requests: TransportRequest[] = [];
  sentBytes = 0;
  private readonly received = new Map<string, Buffer>();

  async request(request: TransportRequest): Promise<TransportResponse> {
    this.requests.push(request);
    const url = request.url.slice(BASE.length + 1);
    if (request.method === 'POST' && url === 'held') {
      const q = JSON.parse(request.body as string) as { sha256: string; pieces: string[] };
      return answer(200, { file: this.held.has(q.sha256), pieceBytes: PIECE, pieces: q.pieces.map((p) => this.heldPieces.has(p)) });
    }
    const [uuid, call] = url.split('/') as [string, string | undefined];
    if (request.method === 'POST' && call === 'known') {
      const q = JSON.parse(request.body as string) as { sha256: string };
      return this.held.has(q.sha256) ? answer(201, { uuid }) : answer(409, { status: 'CONTENT_NOT_HELD' });
    }
    const data = this.received.get(uuid) ?? Buffer.alloc(0);
    if (request.method === 'POST' && call === 'known-pieces') {
      const q = JSON.parse(request.body as string) as { total: number; pieces: Array<{ start: number; end: number; sha256: string }> };
      // Taken up to the first piece not held, which the answer names by its offset.
      const stop = q.pieces.find((p) => !this.heldPieces.has(p.sha256) || this.forgotten.has(p.sha256));
      const taken = stop ? stop.start : q.pieces[q.pieces.length - 1]!.end + 1;
      // The server takes the pieces from its own copy: here a stand-in of the right length.
      this.received.set(uuid, Buffer.concat([data, Buffer.alloc(taken - q.pieces[0]!.start)]));
      if (stop) return answer(409, { status: 'PIECE_NOT_HELD' }, { 'upload-offset': String(stop.start) });
      return taken === q.total ? answer(201, { uuid }) : answer(202, { uuid, receivedBytes: taken, totalBytes: q.total });
    }
    if (request.method === 'PUT') {
      const body = await read(request.body as Blob);
      this.sentBytes += body.length;
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['Content-Range'] ?? '');
      const total = range ? Number(range[3]) : body.length;
      const next = Buffer.concat([data, body]);
      this.received.set(uuid, next);
      return next.length >= total ? answer(201, { uuid }) : answer(202, { uuid, receivedBytes: next.length, totalBytes: total });
    }
    return answer(404);
  }
}

function setup(server: SkipServer) {
  const store = createAppStore();
  const pending: PendingUploadStore = { load: () => [], save: () => undefined, remove: () => undefined };
  let n = 0;
  const engine = new UploadEngine({
    dispatch: store.dispatch,
    transport: server,
    getBaseUrl: async () => BASE,
    getToken: () => 'token',
    refreshToken: async () => 'token',
    onQuotaExceeded: vi.fn(),
    onUploaded: vi.fn(),
    pending,
    hashFile,
    wait: async () => undefined,
    newUuid: () => `u-${++n}`,
    chunkSize: PIECE,
  });
  const settled = () =>
    vi.waitFor(() => {
      const items = allUploads(store.getState().upload);
      expect(items.length > 0 && items.every((item) => item.status === UploadStatus.Installed)).toBe(true);
    }, PATIENT);
  return { store, engine, settled };
}

const bytes = (size: number, seed: number): Uint8Array<ArrayBuffer> => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251);
const file = (name: string, data: Uint8Array) => new File([new Uint8Array(data)], name, { type: 'application/octet-stream' });

/** The server holds the pieces of `data` that start at these offsets. */
const hold = (server: SkipServer, data: Buffer, starts: number[]) => starts.forEach((at) => server.heldPieces.add(sha(data.subarray(at, at + PIECE))));

/** Uploads one file to the end: the calls made ("METHOD /path") and the bytes the panel counts as skipped. */
async function upload(server: SkipServer, name: string, data: Buffer) {
  const { store, engine, settled } = setup(server);
  engine.add([file(name, data)], null);
  await settled();
  return {
    calls: server.requests.map((r) => `${r.method} ${r.url.slice(BASE.length)}`),
    skippedBytes: uploadTotals(allUploads(store.getState().upload)).skippedBytes,
  };
}

describe('uploads that skip what the account holds', () => {
  it('a file the account holds is completed without sending a byte, and the panel counts it as skipped', async () => {
    const server = new SkipServer();
    const data = bytes(25, 1);
    server.held.add(sha(Buffer.from(data)));
    const { store, engine, settled } = setup(server);
    engine.add([file('again.bin', data)], null);
    await settled();
    expect(server.sentBytes).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.url.slice(BASE.length)}`)).toEqual(['POST /held', 'POST /u-1/known']);
    const known = server.requests[1]!;
    expect(known.headers['X-Object-Meta-File-Name']).toBe('again.bin');
    expect(uploadTotals(allUploads(store.getState().upload)).skippedBytes).toBe(25);
  });

  it('pieces the account holds are stood in for; the others are sent; a piece refused after all is sent too', async () => {
    const server = new SkipServer();
    const data = Buffer.from(bytes(35, 2));
    hold(server, data, [0, 20]);
    // The server forgets the third piece between the question and the piece: it is sent as bytes.
    server.forgotten.add(sha(data.subarray(20, 30)));
    const { calls, skippedBytes } = await upload(server, 'edited.bin', data);
    expect(calls).toEqual([
      'POST /held',
      'POST /u-1/known-pieces',
      'PUT /u-1',
      'POST /u-1/known-pieces',
      'PUT /u-1',
      'PUT /u-1',
    ]);
    expect(server.sentBytes).toBe(25);
    expect(skippedBytes).toBe(10);
  });

  it('a run of held pieces goes in one request; the changed piece is sent; the run after it in another', async () => {
    const server = new SkipServer();
    const data = Buffer.from(bytes(45, 4));
    hold(server, data, [0, 10, 20, 40]);
    const { calls, skippedBytes } = await upload(server, 'one changed.bin', data);
    expect(calls).toEqual(['POST /held', 'POST /u-1/known-pieces', 'PUT /u-1', 'POST /u-1/known-pieces']);
    const runs = [server.requests[1]!, server.requests[3]!].map((r) => JSON.parse(r.body as string) as { total: number; pieces: unknown[] });
    expect(runs[0]).toEqual({
      total: 45,
      contentType: 'application/octet-stream',
      pieces: [0, 10, 20].map((at) => ({ start: at, end: at + 9, sha256: sha(data.subarray(at, at + 10)) })),
    });
    expect(runs[1]!.pieces).toEqual([{ start: 40, end: 44, sha256: sha(data.subarray(40, 45)) }]);
    expect(server.requests[2]!.headers['Content-Range']).toBe('bytes 30-39/45');
    expect(server.sentBytes).toBe(10);
    expect(skippedBytes).toBe(35);
  });

  it('a run with a piece no longer held: the pieces before it are taken, it is sent as bytes, the rest of the run follows', async () => {
    const server = new SkipServer();
    const data = Buffer.from(bytes(35, 5));
    hold(server, data, [0, 10, 20]);
    server.forgotten.add(sha(data.subarray(10, 20)));
    const { skippedBytes } = await upload(server, 'forgotten.bin', data);
    const what = (r: TransportRequest) =>
      r.method === 'PUT' ? r.headers['Content-Range'] : (JSON.parse(r.body as string) as { pieces: Array<{ start?: number }> }).pieces.map((p) => p.start ?? '#').join(',');
    expect(server.requests.map((r) => `${r.method} ${r.url.slice(BASE.length)} ${what(r)}`)).toEqual([
      'POST /held #,#,#,#',
      'POST /u-1/known-pieces 0,10,20',
      'PUT /u-1 bytes 10-19/35',
      'POST /u-1/known-pieces 20',
      'PUT /u-1 bytes 30-34/35',
    ]);
    expect(server.sentBytes).toBe(15);
    expect(skippedBytes).toBe(20);
  });

  it(`at most ${MAX_KNOWN_PIECES} pieces per request`, async () => {
    const server = new SkipServer();
    const data = Buffer.from(bytes((MAX_KNOWN_PIECES + 4) * PIECE, 6));
    hold(server, data, Array.from({ length: MAX_KNOWN_PIECES + 4 }, (_, i) => i * PIECE));
    await upload(server, 'long.bin', data);
    const runs = server.requests.slice(1).map((r) => (JSON.parse(r.body as string) as { pieces: unknown[] }).pieces.length);
    expect(runs).toEqual([MAX_KNOWN_PIECES, 4]);
    expect(server.sentBytes).toBe(0);
  });

  it('nothing held: every byte is sent, as before', async () => {
    const server = new SkipServer();
    const { engine, settled } = setup(server);
    engine.add([file('new.bin', bytes(15, 3))], null);
    await settled();
    expect(server.sentBytes).toBe(15);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT']);
  });
});
