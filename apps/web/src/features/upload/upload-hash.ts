import type { FileDigest, FileHasher } from './upload-skip';

interface Waiting {
  resolve: (digest: FileDigest) => void;
  reject: (error: Error) => void;
}

/**
 * SHA-256 of files in one Web Worker (WebAssembly, hash-wasm), so hashing never blocks the page; files are hashed one
 * after another in the order asked. A worker that fails is replaced on the next request.
 */
export function createWorkerHasher(): FileHasher {
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<number, Waiting>();
  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  const get = (): Worker => {
    if (worker) return worker;
    const created = new Worker(new URL('./upload-hash.worker.ts', import.meta.url), { type: 'module' });
    created.onmessage = (event: MessageEvent<{ id: number; digest?: FileDigest; error?: string }>) => {
      const w = waiting.get(event.data.id);
      if (!w) return;
      waiting.delete(event.data.id);
      if (event.data.digest) w.resolve(event.data.digest);
      else w.reject(new Error(event.data.error ?? 'hashing failed'));
    };
    created.onerror = () => failAll(new Error('hash worker failed'));
    worker = created;
    return created;
  };
  return (file, pieceBytes) =>
    new Promise<FileDigest>((resolve, reject) => {
      if (typeof Worker === 'undefined') {
        reject(new Error('no Web Worker'));
        return;
      }
      seq += 1;
      waiting.set(seq, { resolve, reject });
      get().postMessage({ id: seq, file, pieceBytes });
    });
}
