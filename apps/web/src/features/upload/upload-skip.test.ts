import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { UploadEngine } from './upload-engine';
import type { PendingUploadStore } from './upload-persistence';
import { allUploads, uploadTotals } from './upload-slice';
import type { FileDigest } from './upload-skip';
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

const answer = (status: number, body: unknown = ''): TransportResponse => ({
  status,
  header: () => null,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The account's files by hash, and a log of what was sent: just enough of the server for the skip calls. */
class SkipServer implements UploadTransport {
  readonly held = new Set<string>();
  readonly heldPieces = new Set<string>();
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
    if (request.method === 'POST' && call === 'known-piece') {
      const q = JSON.parse(request.body as string) as { start: number; end: number; total: number; sha256: string };
      if (!this.heldPieces.has(q.sha256)) return answer(409, { status: 'PIECE_NOT_HELD' });
      // The server writes the piece from its own copy: here a stand-in of the right length.
      this.received.set(uuid, Buffer.concat([data, Buffer.alloc(q.end - q.start + 1)]));
      return q.end + 1 === q.total ? answer(201, { uuid }) : answer(202, { uuid, receivedBytes: q.end + 1, totalBytes: q.total });
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
    });
  return { store, engine, settled };
}

const bytes = (size: number, seed: number): Uint8Array<ArrayBuffer> => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251);
const file = (name: string, data: Uint8Array) => new File([new Uint8Array(data)], name, { type: 'application/octet-stream' });

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
    server.heldPieces.add(sha(data.subarray(0, 10)));
    server.heldPieces.add(sha(data.subarray(20, 30)));
    const { store, engine, settled } = setup(server);
    // The server forgets the third piece between the question and the piece: it is sent as bytes.
    const original = server.request.bind(server);
    server.request = async (request) => {
      if (request.url.endsWith('/known-piece') && (JSON.parse(request.body as string) as { start: number }).start === 20) {
        server.requests.push(request);
        return answer(409, { status: 'PIECE_NOT_HELD' });
      }
      return original(request);
    };
    engine.add([file('edited.bin', data)], null);
    await settled();
    expect(server.requests.map((r) => `${r.method} ${r.url.slice(BASE.length)}`)).toEqual([
      'POST /held',
      'POST /u-1/known-piece',
      'PUT /u-1',
      'POST /u-1/known-piece',
      'PUT /u-1',
      'PUT /u-1',
    ]);
    expect(server.sentBytes).toBe(25);
    expect(uploadTotals(allUploads(store.getState().upload)).skippedBytes).toBe(10);
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
