// Faces and objects in photos, for people and things (issue 14). Inference runs in one worker thread per engine so
// the server's event loop never computes a tensor; the models load there lazily, on the first request, from the
// packages' own folders (nothing is downloaded). Choice of models and the thresholds: docs/decisions.md "Vision
// models (issue 14)"; measurements: bench/README.md "Vision (issue 14)".
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { VISION_WORKER_SOURCE } from './vision.worker-source.js';
import { metrics } from '../metrics/metrics.js';

export interface FaceBox { x: number; y: number; width: number; height: number } // pixels of the input image
export interface FaceFound { box: FaceBox; score: number; descriptor: number[] } // descriptor: unit-length embedding
export interface ObjectFound { label: string; score: number; box: FaceBox } // label: COCO class key, snake_case
export interface VisionImage { data: Buffer; width: number; height: number; channels: 3 } // raw RGB
export interface VisionEngine {
  faces(image: VisionImage): Promise<FaceFound[]>;
  objects(image: VisionImage): Promise<ObjectFound[]>;
  close(): Promise<void>;
}

/** Same person when the euclidean distance of two (unit-length, face-api 128-d) descriptors is below this. */
export const FACE_MATCH_DISTANCE = 0.44;
/** blazeface box confidence (and face-mesh face score) under which a detection is dropped. */
export const FACE_MIN_SCORE = 0.5;
/** centernet class confidence under which an object is dropped. */
export const OBJECT_MIN_SCORE = 0.4;
/** Long side the engine is built for: the media pipeline's preview. */
export const VISION_MAX_SIDE = 1440;

const require = createRequire(import.meta.url);
// human's package "exports" map has keys without "./", so its node-wasm build is reached beside its main file.
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const faceApiDist = path.dirname(require.resolve('@vladmandic/face-api'));
const WORKER_DATA = {
  humanPath: path.join(humanDist, 'human.node-wasm.js'),
  faceApiPath: path.join(faceApiDist, 'face-api.node-wasm.js'),
  faceApiModelDir: path.join(faceApiDist, '..', 'model'),
  modelDir: path.join(humanDist, '..', 'models') + path.sep,
  wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep,
  faceMinScore: FACE_MIN_SCORE,
  objectMinScore: OBJECT_MIN_SCORE,
};

type Reply<T> = { id: number; result: T; cpuSeconds: number; tensors: number } | { id: number; error: string };
interface Job { id: number; op: 'faces' | 'objects'; image: VisionImage; resolve: (v: never) => void; reject: (e: Error) => void; cpu?: number }

/**
 * For the bench and tests: CPU seconds of the process while the worker ran the last request, requests answered, and
 * tfjs tensors alive in the worker after it (constant from one photo to the next unless something leaks).
 */
export interface VisionEngineStats { lastCpuSeconds: number; requests: number; tensors: number }

export function createVisionEngine(opts: { threads?: number } = {}): VisionEngine & { stats: VisionEngineStats } {
  // The multi-threaded WASM build needs SharedArrayBuffer workers Node does not give tfjs; one thread is all there is.
  void opts.threads;
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const queue: Job[] = [];
  let current: Job | null = null;
  const stats: VisionEngineStats = { lastCpuSeconds: 0, requests: 0, tensors: 0 };

  const failAll = (err: Error) => {
    if (current?.cpu !== undefined) metrics.cpuEnd(current.cpu);
    const jobs = current ? [current, ...queue.splice(0)] : queue.splice(0);
    current = null;
    for (const job of jobs) job.reject(err);
  };

  const start = (): Worker => {
    const w = new Worker(VISION_WORKER_SOURCE, { eval: true, workerData: WORKER_DATA });
    w.on('message', (reply: Reply<unknown>) => {
      const job = current;
      if (!job || job.id !== reply.id) return;
      current = null;
      if (job.cpu !== undefined) metrics.cpuEnd(job.cpu);
      if ('error' in reply) job.reject(new Error(`Vision worker: ${reply.error}`.slice(0, 2000)));
      else {
        stats.lastCpuSeconds = reply.cpuSeconds;
        stats.tensors = reply.tensors;
        stats.requests++;
        job.resolve(reply.result as never);
      }
      pump();
    });
    // A crashed worker (out of memory in WASM) fails what it held; the next request starts a fresh one.
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      if (!closed) failAll(new Error(`Vision worker exited (${code})`));
    });
    return w;
  };

  // One request at a time: the models are not re-entrant, and a queue here keeps the images out of the worker
  // until it can take them.
  const pump = () => {
    if (current || closed) return;
    const job = queue.shift();
    // An idle worker must not keep the process alive; one with work in hand must (a script awaiting a result).
    if (!job) return void worker?.unref();
    current = job;
    // The request's CPU for the metrics, from the moment the worker has it until it answers.
    job.cpu = metrics.cpuBegin('vision');
    worker ??= start();
    worker.ref();
    const { data, width, height } = job.image;
    worker.postMessage({ id: job.id, op: job.op, width, height, data });
  };

  const submit = <T>(op: Job['op'], image: VisionImage): Promise<T> => {
    if (closed) return Promise.reject(new Error('Vision engine is closed'));
    if (image.channels !== 3 || image.data.length !== image.width * image.height * 3) {
      return Promise.reject(new Error('Vision image must be raw RGB, width × height × 3 bytes'));
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, op, image, resolve: resolve as (v: never) => void, reject });
      pump();
    });
  };

  return {
    stats,
    faces: (image) => submit<FaceFound[]>('faces', image),
    objects: (image) => submit<ObjectFound[]>('objects', image),
    async close() {
      closed = true;
      failAll(new Error('Vision engine is closed'));
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/** A preview (WebP/JPEG/PNG) decoded upright to raw RGB, no longer than maxSide on its long side. */
export async function readVisionImage(bytes: Buffer, maxSide = VISION_MAX_SIDE): Promise<VisionImage> {
  const { data, info } = await sharp(bytes, { failOn: 'none' })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
