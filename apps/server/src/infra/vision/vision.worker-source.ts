// The inference side of the vision engine, run as an eval'd CommonJS worker (like media.heif.ts) so the same source
// works from the TypeScript sources under Vitest/tsx and from the compiled dist. One tfjs copy with the WASM backend
// (human's and face-api's node-wasm builds both require the installed @tensorflow packages), models loaded once:
// - faces: human's blazeface finds them and its face mesh confirms them (the mesh's face score rejects cat faces and
//   motorcycle lamps that blazeface alone takes for faces); face-api's 68-point landmarks align a crop the way its
//   recognition net was trained, and faceRecognitionNet (dlib ResNet-34) turns it into a 128-d descriptor;
// - objects: human's centernet (COCO classes).
export const VISION_WORKER_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { Human } = require(workerData.humanPath);
const faceapi = require(workerData.faceApiPath);

// human's node-wasm build fetches models with fetch(), which in Node cannot read file:// URLs; a load router hands
// tfjs the model JSON and its weight shards straight from the package folder (nothing is downloaded).
function fileHandler(url) {
  return {
    load: async () => {
      const file = url.slice('file://'.length);
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      const weightSpecs = [];
      const shards = [];
      for (const group of json.weightsManifest) {
        weightSpecs.push(...group.weights);
        for (const p of group.paths) shards.push(fs.readFileSync(path.join(path.dirname(file), p)));
      }
      const all = Buffer.concat(shards);
      return {
        modelTopology: json.modelTopology, format: json.format, generatedBy: json.generatedBy,
        convertedBy: json.convertedBy, signature: json.signature, userDefinedMetadata: json.userDefinedMetadata,
        weightSpecs, weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.length),
      };
    },
  };
}

const OFF = { enabled: false };
// skipFrames/skipTime 0: human is built for video and otherwise hands back the previous frame's results.
const NO_CACHE = { skipFrames: 0, skipTime: 0 };
const FACES = {
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 50, minConfidence: workerData.faceMinScore, iouThreshold: 0.3, return: false, ...NO_CACHE },
    mesh: { enabled: true, ...NO_CACHE },
    iris: OFF, attention: OFF, emotion: OFF, antispoof: OFF, liveness: OFF, description: OFF,
  },
  object: OFF,
};
const OBJECTS = {
  face: OFF,
  object: { enabled: true, minConfidence: workerData.objectMinScore, maxDetected: 20, iouThreshold: 0.4, ...NO_CACHE },
};

let ready = null;
function load() {
  ready ??= (async () => {
    const human = new Human({
      backend: 'wasm', wasmPath: workerData.wasmDir, modelBasePath: 'file://' + workerData.modelDir,
      debug: false, warmup: 'none', cacheSensitivity: 0, filter: OFF, gesture: OFF, body: OFF, hand: OFF,
      segmentation: OFF, ...FACES, object: { ...OBJECTS.object },
    });
    human.tf.io.registerLoadRouter((url) => (typeof url === 'string' && url.startsWith('file://') ? fileHandler(url) : null));
    await human.load();
    await faceapi.nets.faceLandmark68Net.loadFromDisk(workerData.faceApiModelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(workerData.faceApiModelDir);
    return human;
  })();
  return ready;
}

const unit = (v) => {
  let sum = 0;
  for (const x of v) sum += x * x;
  const n = Math.sqrt(sum) || 1;
  return Array.from(v, (x) => x / n);
};
const box = (b, w, h) => {
  const x = Math.max(0, b[0]);
  const y = Math.max(0, b[1]);
  return { x, y, width: Math.min(w, b[0] + b[2]) - x, height: Math.min(h, b[1] + b[3]) - y };
};

// A square region of the image, resized, as float pixels (cropAndResize takes boxes as fractions [y1, x1, y2, x2]).
function cropSquare(tf, image, cx, cy, side, size, w, h) {
  const b = [(cy - side / 2) / h, (cx - side / 2) / w, (cy + side / 2) / h, (cx + side / 2) / w];
  return tf.tidy(() => tf.image.cropAndResize(tf.expandDims(tf.cast(image, 'float32'), 0), [b], [0], [size, size]).squeeze([0]));
}
function cropRect(tf, image, r, size, w, h) {
  const b = [r.y / h, r.x / w, (r.y + r.height) / h, (r.x + r.width) / w];
  return tf.tidy(() => tf.image.cropAndResize(tf.expandDims(tf.cast(image, 'float32'), 0), [b], [0], [size, size]).squeeze([0]));
}

const LANDMARK_INPUT = 112;
async function describe(human, image, face, w, h) {
  const tf = human.tf;
  const xs = face.mesh.map((p) => p[0]);
  const ys = face.mesh.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  // The mesh hugs the face; a quarter more on each side gives the landmark net the chin and brow it expects.
  const side = Math.max(x1 - x0, y1 - y0) * 1.5;
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  const crop = cropSquare(tf, image, cx, cy, side, LANDMARK_INPUT, w, h);
  let landmarks;
  try {
    landmarks = await faceapi.nets.faceLandmark68Net.detectLandmarks(crop);
  } finally {
    crop.dispose();
  }
  const a = landmarks.align(); // face-api's own alignment, in crop pixels
  const k = side / LANDMARK_INPUT;
  const aligned = cropRect(tf, image, { x: cx - side / 2 + a.x * k, y: cy - side / 2 + a.y * k, width: a.width * k, height: a.height * k }, 150, w, h);
  try {
    const descriptor = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(aligned);
    return { box: box([x0, y0, x1 - x0, y1 - y0], w, h), score: face.boxScore, descriptor: unit(descriptor) };
  } finally {
    aligned.dispose();
  }
}

async function run(msg) {
  const human = await load();
  const pixels = new Uint8Array(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
  const tensor = human.tf.tensor3d(pixels, [msg.height, msg.width, 3], 'int32');
  try {
    if (msg.op === 'faces') {
      const r = await human.detect(tensor, FACES);
      const found = [];
      for (const f of r.face) {
        if (f.boxScore < workerData.faceMinScore || !(f.faceScore >= workerData.faceMinScore) || !f.mesh || f.mesh.length === 0) continue;
        found.push(await describe(human, tensor, f, msg.width, msg.height));
      }
      return found;
    }
    const r = await human.detect(tensor, OBJECTS);
    return r.object
      .filter((o) => o.score >= workerData.objectMinScore)
      .map((o) => ({ label: o.label.replace(/ /g, '_'), score: o.score, box: box(o.box, msg.width, msg.height) }));
  } finally {
    tensor.dispose();
  }
}

parentPort.on('message', (msg) => {
  const before = process.cpuUsage();
  run(msg).then(
    (result) => {
      const cpu = process.cpuUsage(before);
      parentPort.postMessage({ id: msg.id, result, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
    },
    (err) => parentPort.postMessage({ id: msg.id, error: String((err && err.stack) || err) }),
  );
});
`;
