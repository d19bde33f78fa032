// The inference side of the vision engine, run as an eval'd CommonJS worker (like media.heif.ts) so the same source
// works from the TypeScript sources under Vitest/tsx and from the compiled dist: one Human instance (blazeface +
// faceres for faces, centernet for COCO objects) on one tfjs copy with the WASM backend, loaded once per worker.
export const VISION_WORKER_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { Human } = require(workerData.humanPath);

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
const FACES = {
  face: {
    enabled: true,
    detector: { rotation: false, maxDetected: 50, minConfidence: workerData.faceMinScore, iouThreshold: 0.3, return: false },
    mesh: OFF, iris: OFF, attention: OFF, emotion: OFF, antispoof: OFF, liveness: OFF,
    description: { enabled: true },
  },
  object: OFF,
};
const OBJECTS = {
  face: OFF,
  object: { enabled: true, minConfidence: workerData.objectMinScore, maxDetected: 20, iouThreshold: 0.4 },
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

async function run(msg) {
  const human = await load();
  const pixels = new Uint8Array(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
  const tensor = human.tf.tensor3d(pixels, [msg.height, msg.width, 3], 'int32');
  try {
    if (msg.op === 'faces') {
      const r = await human.detect(tensor, FACES);
      return r.face
        .filter((f) => f.embedding && f.embedding.length > 0 && f.boxScore >= workerData.faceMinScore)
        .map((f) => ({ box: box(f.box, msg.width, msg.height), score: f.boxScore, descriptor: unit(f.embedding) }));
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
