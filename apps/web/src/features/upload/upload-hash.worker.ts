import { createSHA256 } from 'hash-wasm';
import type { FileDigest } from './upload-skip';

// The hashing worker (issue 35): SHA-256 of the whole file and of each piece, in WebAssembly, one file at a time.

interface Request {
  id: number;
  file: Blob;
  pieceBytes: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage: (message: { id: number; digest?: FileDigest; error?: string }) => void;
};

async function digestOf(file: Blob, pieceBytes: number): Promise<FileDigest> {
  const whole = await createSHA256();
  const piece = await createSHA256();
  whole.init();
  const pieces: string[] = [];
  for (let at = 0; at < file.size; at += pieceBytes) {
    const bytes = new Uint8Array(await file.slice(at, Math.min(file.size, at + pieceBytes)).arrayBuffer());
    whole.update(bytes);
    piece.init();
    piece.update(bytes);
    pieces.push(piece.digest('hex'));
  }
  return { sha256: whole.digest('hex'), pieceBytes, pieces };
}

let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  const { id, file, pieceBytes } = event.data;
  queue = queue.then(async () => {
    try {
      scope.postMessage({ id, digest: await digestOf(file, pieceBytes) });
    } catch (error) {
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
};
