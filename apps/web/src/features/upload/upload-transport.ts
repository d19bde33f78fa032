/**
 * The one place that talks HTTP without RTK Query: upload bytes need XMLHttpRequest's upload progress
 * events, which fetch does not offer. Everything else about uploads is in the engine.
 */

export interface TransportRequest {
  method: 'PUT' | 'HEAD' | 'DELETE' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** The file's bytes, or a JSON text (the skip calls of issue 35). */
  body?: Blob | string;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  header: (name: string) => string | null;
  text: string;
}

export type TransportFailure = 'network' | 'timeout' | 'aborted';

/** The request never got an HTTP answer: the connection failed, stalled, or was cancelled. */
export class UploadNetworkError extends Error {
  constructor(readonly kind: TransportFailure) {
    super(`Upload request failed: ${kind}`);
    this.name = 'UploadNetworkError';
  }
}

export interface UploadTransport {
  request: (request: TransportRequest) => Promise<TransportResponse>;
}

/** No byte moved for this long while sending: the connection is treated as cut. */
const STALL_MS = 30_000;
/** After the last byte, the server may need a while (hashing, storing) before it answers. */
const RESPONSE_MS = 120_000;

export function createXhrTransport(): UploadTransport {
  return {
    request: (request) =>
      new Promise<TransportResponse>((resolve, reject) => {
        if (request.signal?.aborted) {
          reject(new UploadNetworkError('aborted'));
          return;
        }
        const xhr = new XMLHttpRequest();
        let timer: ReturnType<typeof setTimeout> | undefined;
        let stalled = false;
        const arm = (ms: number) => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            stalled = true;
            xhr.abort();
          }, ms);
        };
        const onAbortSignal = () => xhr.abort();
        const finish = () => {
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', onAbortSignal);
        };

        xhr.open(request.method, request.url);
        for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
        // Progress listeners must be attached before send().
        xhr.upload.onprogress = (event) => {
          arm(STALL_MS);
          request.onProgress?.(event.loaded);
        };
        xhr.upload.onload = () => arm(RESPONSE_MS);
        xhr.onload = () => {
          finish();
          resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText ?? '' });
        };
        xhr.onerror = () => {
          finish();
          reject(new UploadNetworkError('network'));
        };
        xhr.ontimeout = () => {
          finish();
          reject(new UploadNetworkError('timeout'));
        };
        xhr.onabort = () => {
          finish();
          reject(new UploadNetworkError(stalled ? 'timeout' : 'aborted'));
        };
        request.signal?.addEventListener('abort', onAbortSignal);
        arm(request.body ? STALL_MS : RESPONSE_MS);
        xhr.send(request.body ?? null);
      }),
  };
}
