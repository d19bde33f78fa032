import { describe, expect, it, vi } from 'vitest';
import { PATIENT } from '@/test/patient';
import { createAppStore } from '@/app/store';
import { UploadEngine, type UploadEngineDeps } from './upload-engine';
import type { PendingUpload, PendingUploadStore } from './upload-persistence';
import { allUploads, type UploadItem } from './upload-slice';
import { UploadStatus } from './upload-status';
import { UploadNetworkError, type TransportRequest, type TransportResponse, type UploadTransport } from './upload-transport';

const BASE = 'http://localhost/api/upload';
const CHUNK = 10;

function bytes(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed) % 251);
}

function makeFile(name: string, size: number, options: { seed?: number; lastModified?: number; type?: string } = {}): File {
  return new File([bytes(size, options.seed)], name, { type: options.type ?? 'application/octet-stream', lastModified: options.lastModified ?? 1_700_000_000_000 });
}

/** jsdom's Blob has no arrayBuffer(); FileReader works. */
function read(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

function response(status: number, headers: Record<string, string> = {}, body: unknown = ''): TransportResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return { status, header: (name) => lower[name.toLowerCase()] ?? null, text: typeof body === 'string' ? body : JSON.stringify(body) };
}

interface StoredUpload {
  data: number[];
  total: number;
  complete: boolean;
}

type Interceptor = (request: TransportRequest, server: FakeUploadServer) => Promise<TransportResponse | undefined> | TransportResponse | undefined;

/** An in-memory upload server following docs/api.md (PUT whole or by Content-Range, HEAD, DELETE). */
class FakeUploadServer implements UploadTransport {
  readonly uploads = new Map<string, StoredUpload>();
  readonly requests: TransportRequest[] = [];
  validToken = 'token-1';
  private interceptors: Interceptor[] = [];

  /** The next matching request is handled by `fn` (returning undefined falls through to the server). */
  once(fn: Interceptor): void {
    this.interceptors.push(fn);
  }

  uuidOf(url: string): string {
    return decodeURIComponent(url.slice(BASE.length + 1));
  }

  async request(request: TransportRequest): Promise<TransportResponse> {
    this.requests.push(request);
    const interceptor = this.interceptors.shift();
    if (interceptor) {
      const handled = await interceptor(request, this);
      if (handled) return handled;
    }
    return this.handle(request);
  }

  async handle(request: TransportRequest, options: { keepBytes?: number } = {}): Promise<TransportResponse> {
    if (request.headers['X-Auth-Token'] !== this.validToken) return response(401, {}, { status: 'UNAUTHORIZED' });
    const uuid = this.uuidOf(request.url);
    const stored = this.uploads.get(uuid);
    if (request.method === 'HEAD') {
      if (!stored) return response(404);
      return response(200, { 'Upload-Offset': String(stored.data.length), 'Upload-Length': String(stored.total) });
    }
    if (request.method === 'DELETE') {
      this.uploads.delete(uuid);
      return response(204);
    }
    const body = await read(request.body as Blob);
    const range = request.headers['Content-Range'];
    let start = 0;
    let total = body.length;
    if (range) {
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range)!;
      start = Number(match[1]);
      total = Number(match[3]);
    }
    const current = stored ?? { data: [], total, complete: false };
    if (start !== current.data.length) {
      return response(409, { 'Upload-Offset': String(current.data.length) }, { status: 'UPLOAD_OFFSET_MISMATCH' });
    }
    const kept = options.keepBytes ?? body.length;
    current.data.push(...body.slice(0, kept));
    this.uploads.set(uuid, current);
    request.onProgress?.(kept);
    if (kept < body.length) throw new UploadNetworkError('network');
    if (current.data.length >= current.total) {
      current.complete = true;
      return response(201, {}, { uuid, name: decodeURIComponent(request.headers['X-Object-Meta-File-Name'] ?? '') });
    }
    return response(202, {}, { uuid, receivedBytes: current.data.length, totalBytes: current.total });
  }

  puts(): TransportRequest[] {
    return this.requests.filter((request) => request.method === 'PUT');
  }
}

function memoryPending(): PendingUploadStore & { entries: PendingUpload[] } {
  const entries: PendingUpload[] = [];
  return {
    entries,
    load: () => [...entries],
    save(entry) {
      const index = entries.findIndex((existing) => existing.uuid === entry.uuid);
      if (index >= 0) entries.splice(index, 1);
      entries.push(entry);
    },
    remove(uuid) {
      const index = entries.findIndex((existing) => existing.uuid === uuid);
      if (index >= 0) entries.splice(index, 1);
    },
  };
}

function setup(overrides: Partial<UploadEngineDeps> & { server?: FakeUploadServer } = {}) {
  const store = createAppStore();
  const server = overrides.server ?? new FakeUploadServer();
  const statuses = new Map<string, number[]>();
  const waits: number[] = [];
  let clock = 0;
  let token = 'token-1';
  let n = 0;
  const pending = (overrides.pending as ReturnType<typeof memoryPending> | undefined) ?? memoryPending();
  const onUploaded = vi.fn();
  const onQuotaExceeded = vi.fn();
  const refreshToken = vi.fn(async () => {
    token = 'token-2';
    server.validToken = 'token-2';
    return token;
  });
  store.subscribe(() => {
    for (const item of allUploads(store.getState().upload)) {
      const seen = statuses.get(item.name) ?? [];
      if (seen.at(-1) !== item.status) seen.push(item.status);
      statuses.set(item.name, seen);
    }
  });
  const engine = new UploadEngine({
    dispatch: store.dispatch,
    transport: server,
    getBaseUrl: async () => BASE,
    getToken: () => token,
    refreshToken,
    onQuotaExceeded,
    onUploaded,
    pending,
    wait: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
    newUuid: () => `u-${++n}`,
    chunkSize: CHUNK,
    ...overrides,
  });
  const item = (name: string): UploadItem | undefined => allUploads(store.getState().upload).find((entry) => entry.name === name);
  const settled = () =>
    vi.waitFor(() => {
      const items = allUploads(store.getState().upload);
      expect(items.some((entry) => entry.status === UploadStatus.Loading || (entry.status === UploadStatus.NotStarted && !entry.needsFile))).toBe(false);
    }, PATIENT);
  return { store, server, engine, statuses, waits, pending, onUploaded, onQuotaExceeded, refreshToken, item, settled, advance: (ms: number) => (clock += ms) };
}

describe('upload engine', () => {
  it('sends a small file in one PUT with the upload headers and ends Installed at 100 %', async () => {
    const { server, engine, statuses, item, settled, onUploaded } = setup();
    engine.add([makeFile('Tatil fotoğrafı.jpg', 8, { type: 'image/jpeg' })], 'folder-1');
    await settled();

    const [put] = server.puts();
    expect(server.puts()).toHaveLength(1);
    expect(put!.url).toBe(`${BASE}/u-1`);
    expect(put!.headers).toEqual({
      'Content-Type': 'image/jpeg',
      'X-Auth-Token': 'token-1',
      'X-Object-Meta-Parent-Uuid': 'folder-1',
      'X-Object-Meta-Favourite': 'false',
      'X-Meta-Strategy': '0',
      'X-Object-Meta-File-Name': encodeURIComponent('Tatil fotoğrafı.jpg'),
      'X-Object-Meta-Device-Type': 'WEB',
      // The browser's own zone: a photo without a capture date goes under the uploader's local day.
      'X-Object-Meta-Time-Zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(statuses.get('Tatil fotoğrafı.jpg')).toEqual([UploadStatus.NotStarted, UploadStatus.Loading, UploadStatus.Installed]);
    expect(item('Tatil fotoğrafı.jpg')?.progress).toBe(100);
    expect(onUploaded).toHaveBeenCalledWith('folder-1', false);
  });

  it('"Add to Family library" sends X-Object-Meta-Family-Library with every piece, marks the item and refreshes the library', async () => {
    const { server, engine, item, settled, onUploaded, pending } = setup();
    const saved = vi.spyOn(pending, 'save');
    engine.add([makeFile('party.jpg', 25, { type: 'image/jpeg' })], null, { familyLibrary: true });
    engine.add([makeFile('own.jpg', 8, { type: 'image/jpeg' })], null);
    await settled();
    const family = server.puts().filter((put) => put.url.endsWith('/u-1'));
    expect(family.length).toBeGreaterThan(1);
    expect(family.every((put) => put.headers['X-Object-Meta-Family-Library'] === 'true')).toBe(true);
    // Off: the header is not sent at all (My photos, as before).
    expect(server.puts().find((put) => put.url.endsWith('/u-2'))?.headers).not.toHaveProperty('X-Object-Meta-Family-Library');
    expect(item('party.jpg')?.familyLibrary).toBe(true);
    expect(item('own.jpg')?.familyLibrary).toBeUndefined();
    expect(onUploaded).toHaveBeenCalledWith(null, true);
    expect(onUploaded).toHaveBeenCalledWith(null, false);
    // Remembered for a reload, so a start-over goes to the same place.
    expect(saved.mock.calls.find(([entry]) => entry.name === 'party.jpg')?.[0].familyLibrary).toBe(true);
  });

  it("sends the browser's time zone with every piece, so a dateless photo lands on the uploader's local day", async () => {
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Istanbul' }).resolvedOptions(),
    });
    try {
      const { server, engine, settled } = setup();
      engine.add([makeFile('big.bin', 25)], null);
      await settled();
      expect(server.puts().length).toBeGreaterThan(1);
      expect(server.puts().every((put) => put.headers['X-Object-Meta-Time-Zone'] === 'Europe/Istanbul')).toBe(true);
    } finally {
      zone.mockRestore();
    }
  });

  it('sends a big file in pieces, each after the previous one succeeded, with Content-Range', async () => {
    const { server, engine, item, settled, store } = setup();
    const file = makeFile('big.bin', 25);
    engine.add([file], null);
    await settled();

    expect(server.puts().map((put) => put.headers['Content-Range'])).toEqual(['bytes 0-9/25', 'bytes 10-19/25', 'bytes 20-24/25']);
    expect(server.puts().every((put) => put.headers['X-Object-Meta-Parent-Uuid'] === '')).toBe(true);
    expect(Uint8Array.from(server.uploads.get('u-1')!.data)).toEqual(await read(file));
    expect(item('big.bin')?.status).toBe(UploadStatus.Installed);
    expect(store.getState().upload.filesUploaded.map((entry) => entry.name)).toEqual(['big.bin']);
    expect(store.getState().upload.filesToUpload).toEqual([]);
  });

  it('after a network error waits, asks HEAD for the offset and continues from there', async () => {
    const { server, engine, statuses, waits, settled } = setup();
    const file = makeFile('cut.bin', 25);
    // The second piece is cut after 4 of its bytes reached the server.
    server.once(() => undefined);
    server.once((request, self) => self.handle(request, { keepBytes: 4 }));
    engine.add([file], null);
    await settled();

    const methods = server.requests.map((request) => `${request.method} ${request.headers['Content-Range'] ?? ''}`.trim());
    expect(methods).toEqual(['PUT bytes 0-9/25', 'PUT bytes 10-19/25', 'HEAD', 'PUT bytes 14-23/25', 'PUT bytes 24-24/25']);
    expect(waits).toEqual([1000]);
    expect(Uint8Array.from(server.uploads.get('u-1')!.data)).toEqual(await read(file));
    expect(statuses.get('cut.bin')).toEqual([UploadStatus.NotStarted, UploadStatus.Loading, UploadStatus.Installed]);
  });

  it('shows Loading while retrying with back-off, then Timeout after two minutes without progress', async () => {
    const server = new FakeUploadServer();
    const { engine, waits, item, settled, store } = setup({ server });
    const seen: boolean[] = [];
    store.subscribe(() => {
      const entry = allUploads(store.getState().upload)[0];
      if (entry?.status === UploadStatus.Loading && seen.at(-1) !== entry.retrying) seen.push(Boolean(entry.retrying));
    });
    for (let i = 0; i < 40; i += 1) server.once(() => Promise.reject(new UploadNetworkError('network')));
    engine.add([makeFile('offline.bin', 5)], null);
    await settled();

    expect(seen).toEqual([false, true]);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(item('offline.bin')?.status).toBe(UploadStatus.Timeout);
  });

  it('after a lost final answer waits while the server assembles (HEAD 202) and ends Installed once HEAD says complete', async () => {
    const { server, engine, statuses, waits, settled } = setup();
    const file = makeFile('assembling.bin', 15);
    const assembling = response(202, { 'Upload-Offset': '15', 'Upload-Length': '15', 'Retry-After': '1' });
    server.once(() => undefined);
    // The server stores the final piece, then the answer is lost (say, it was killed before answering).
    server.once(async (request, self) => {
      await self.handle(request);
      throw new UploadNetworkError('network');
    });
    server.once(() => assembling);
    server.once(() => assembling);
    engine.add([file], null);
    await settled();

    const methods = server.requests.map((request) => `${request.method} ${request.headers['Content-Range'] ?? ''}`.trim());
    expect(methods).toEqual(['PUT bytes 0-9/15', 'PUT bytes 10-14/15', 'HEAD', 'HEAD', 'HEAD']);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(statuses.get('assembling.bin')).toEqual([UploadStatus.NotStarted, UploadStatus.Loading, UploadStatus.Installed]);
  });

  it('409 UPLOAD_COMPLETING is not an offset to correct: it waits and asks HEAD, and never sends the bytes again', async () => {
    const { server, engine, statuses, waits, settled } = setup();
    const file = makeFile('completing.bin', 15);
    server.once(() => undefined);
    server.once(async (request, self) => {
      await self.handle(request);
      return response(409, {}, { status: 'UPLOAD_COMPLETING', message: 'This upload is being assembled; ask again shortly.' });
    });
    engine.add([file], null);
    await settled();

    const methods = server.requests.map((request) => `${request.method} ${request.headers['Content-Range'] ?? ''}`.trim());
    expect(methods).toEqual(['PUT bytes 0-9/15', 'PUT bytes 10-14/15', 'HEAD']);
    expect(waits).toEqual([1000]);
    expect(statuses.get('completing.bin')).toEqual([UploadStatus.NotStarted, UploadStatus.Loading, UploadStatus.Installed]);
  });

  it('corrects its offset from 409 UPLOAD_OFFSET_MISMATCH', async () => {
    const server = new FakeUploadServer();
    const file = makeFile('seeded.bin', 25);
    // The server already holds the first 10 bytes (say, from a request whose answer was lost).
    server.uploads.set('u-1', { data: Array.from((await read(file)).slice(0, 10)), total: 25, complete: false });
    const { engine, settled } = setup({ server });
    engine.add([file], null);
    await settled();

    const puts = server.puts().map((put) => put.headers['Content-Range']);
    expect(puts).toEqual(['bytes 0-9/25', 'bytes 10-19/25', 'bytes 20-24/25']);
    expect(server.requests.filter((request) => request.method === 'HEAD')).toHaveLength(0);
    expect(Uint8Array.from(server.uploads.get('u-1')!.data)).toEqual(await read(file));
  });

  it('refreshes the session on 401 through the shared refresh and repeats the piece with the new token', async () => {
    const { server, engine, refreshToken, item, settled } = setup();
    server.validToken = 'token-0';
    engine.add([makeFile('a.txt', 6)], null);
    await settled();

    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(refreshToken).toHaveBeenCalledWith('token-1');
    expect(server.puts().map((put) => put.headers['X-Auth-Token'])).toEqual(['token-1', 'token-2']);
    expect(item('a.txt')?.status).toBe(UploadStatus.Installed);
  });

  it('stops the queue on 413 QUOTA_EXCEEDED and asks for the full-storage modal', async () => {
    const { server, engine, onQuotaExceeded, store, settled } = setup({ maxParallel: 1 });
    server.once(() => response(413, {}, { status: 'QUOTA_EXCEEDED', message: 'Storage quota exceeded.' }));
    engine.add([makeFile('one.bin', 5), makeFile('two.bin', 5), makeFile('three.bin', 5)], null);
    await settled();

    expect(onQuotaExceeded).toHaveBeenCalledTimes(1);
    expect(server.puts()).toHaveLength(1);
    expect(allUploads(store.getState().upload).map((entry) => [entry.name, entry.status, entry.failure])).toEqual([
      ['one.bin', UploadStatus.Failed, 'quota'],
      ['two.bin', UploadStatus.Failed, 'quota'],
      ['three.bin', UploadStatus.Failed, 'quota'],
    ]);
  });

  it('runs three uploads at a time at most', async () => {
    const server = new FakeUploadServer();
    let inFlight = 0;
    let most = 0;
    const transport: UploadTransport = {
      request: async (request) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return server.request(request);
      },
    };
    const { engine, store, settled } = setup({ transport, server });
    engine.add(
      Array.from({ length: 7 }, (_, i) => makeFile(`f${i}.bin`, 4)),
      null,
    );
    await settled();
    expect(most).toBe(3);
    expect(store.getState().upload.filesUploaded).toHaveLength(7);
  });

  it('marks empty files Empty without sending them, and cancels with DELETE', async () => {
    const server = new FakeUploadServer();
    let release: (() => void) | undefined;
    server.once(async (request, self) => {
      await self.handle(request);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new UploadNetworkError('aborted');
    });
    const { engine, item, statuses } = setup({ server });
    engine.add([makeFile('empty.txt', 0), makeFile('long.bin', 25)], null);
    expect(item('empty.txt')?.status).toBe(UploadStatus.Empty);
    await vi.waitFor(() => expect(server.puts()).toHaveLength(1), PATIENT);
    engine.cancel(item('long.bin')!.uuid);
    release?.();
    await vi.waitFor(() => expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true), PATIENT);
    expect(item('long.bin')?.status).toBe(UploadStatus.Cancelled);
    expect(statuses.get('long.bin')).toEqual([UploadStatus.NotStarted, UploadStatus.Loading, UploadStatus.Cancelled]);
    expect(server.uploads.has('u-2')).toBe(false);
    expect(server.puts().some((put) => put.url.endsWith('/u-1'))).toBe(false);
  });

  it('retries a failed upload from the server offset', async () => {
    const server = new FakeUploadServer();
    server.once(() => undefined);
    server.once(() => response(400, {}, { status: 'VALIDATION_ERROR' }));
    const { engine, item, settled } = setup({ server });
    const file = makeFile('again.bin', 25);
    engine.add([file], null);
    await settled();
    expect(item('again.bin')?.status).toBe(UploadStatus.Failed);

    engine.retry(item('again.bin')!.uuid);
    await settled();
    expect(item('again.bin')?.status).toBe(UploadStatus.Installed);
    expect(server.requests.map((request) => `${request.method} ${request.headers['Content-Range'] ?? ''}`.trim())).toEqual([
      'PUT bytes 0-9/25',
      'PUT bytes 10-19/25',
      'HEAD',
      'PUT bytes 10-19/25',
      'PUT bytes 20-24/25',
    ]);
  });

  it('survives a reload: the paused upload resumes from HEAD once the same file is chosen again', async () => {
    const server = new FakeUploadServer();
    const pending = memoryPending();
    const file = makeFile('movie.mp4', 25, { lastModified: 1_763_769_600_000 });
    // First page life: one piece arrives, then the tab is closed mid-way.
    let closeTab: (() => void) | undefined;
    server.once(() => undefined);
    server.once(
      () =>
        new Promise<TransportResponse>((_resolve, reject) => {
          closeTab = () => reject(new UploadNetworkError('aborted'));
        }),
    );
    const first = setup({ server, pending });
    first.engine.add([file], 'folder-9');
    await vi.waitFor(() => expect(server.puts()).toHaveLength(2), PATIENT);
    first.engine.dispose();
    closeTab?.();
    expect(pending.entries).toEqual([{ uuid: 'u-1', name: 'movie.mp4', size: 25, lastModified: 1_763_769_600_000, parentUuid: 'folder-9', strategy: 0 }]);

    // After the reload: shown paused until the file is chosen again.
    const second = setup({ server, pending });
    second.engine.restore();
    expect(second.item('movie.mp4')).toMatchObject({ status: UploadStatus.NotStarted, needsFile: true, parentUuid: 'folder-9' });
    // The panel shows how far it got (HEAD), before the file is chosen again.
    await vi.waitFor(() => expect(second.item('movie.mp4')?.progress).toBe(40), PATIENT);

    expect(second.engine.resumeWith([makeFile('movie.mp4', 24, { lastModified: 1_763_769_600_000 })])).toHaveLength(1);
    expect(second.engine.resumeWith([file])).toEqual([]);
    await second.settled();

    const afterReload = server.requests.slice(2).map((request) => `${request.method} ${request.headers['Content-Range'] ?? ''}`.trim());
    expect(afterReload).toEqual(['HEAD', 'HEAD', 'PUT bytes 10-19/25', 'PUT bytes 20-24/25']);
    expect(server.puts().every((put) => put.url === `${BASE}/u-1`)).toBe(true);
    expect(Uint8Array.from(server.uploads.get('u-1')!.data)).toEqual(await read(file));
    expect(second.item('movie.mp4')?.status).toBe(UploadStatus.Installed);
    expect(second.onUploaded).toHaveBeenCalledWith('folder-9', false);
    expect(pending.entries).toEqual([]);
  });
});
