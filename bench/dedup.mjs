// Uploads that skip stored bytes (issue 35), same run, same server:
//   fresh:   a new file of N MiB sent in 8 MiB pieces (the web client's way)
//   known:   the same file again: ask what the account holds (POST /upload/held), complete at once (/known)
//   changed: the same file with one piece changed: each run of held pieces stood in for by one call (/known-pieces),
//            the changed one sent
// Hashes are computed before the clock starts (the browser hashes in a Web Worker while it reads the file; its speed is
// its own figure). Goals: known ≤ 0.05× fresh, changed ≤ 0.1× fresh.
// Usage: npm run build -w apps/server && node bench/dedup.mjs [MiB=1024] [rounds=1]   (BENCH_PORT: the server's port)
import crypto from 'node:crypto';
import os from 'node:os';
import { median, signUp, startServer, wholeFileHeaders } from './lib.mjs';

const mib = Number(process.argv[2] ?? 1024);
const rounds = Number(process.argv[3] ?? 1);
const PIECE = 8 * 1024 * 1024;
const total = mib * 1024 * 1024;
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');

// BENCH_PORT, else a port of the range given to this benchmark on the shared machine (19300–19329).
const port = process.env.BENCH_PORT ?? String(19300 + Math.floor(Math.random() * 30));
const server = await startServer({ PORT: port, FREE_QUOTA_BYTES: String(1024 ** 4) }, { quiet: true });
try {
  const { token } = await signUp(server);
  const auth = { 'x-auth-token': token };
  const base = `${server.base}/api/upload`;
  const post = async (url, body, headers = {}) => {
    const r = await fetch(url, { method: 'POST', headers: { ...auth, ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : null };
  };
  const meta = (name) => {
    const h = wholeFileHeaders(auth, name);
    delete h['content-type'];
    return h;
  };

  const runs = { fresh: [], known: [], changed: [] };
  for (let round = 1; round <= rounds; round++) {
    const pieces = [];
    for (let at = 0; at < total; at += PIECE) pieces.push(crypto.randomBytes(Math.min(PIECE, total - at)));
    const hashes = pieces.map(sha);
    const whole = crypto.createHash('sha256');
    for (const p of pieces) whole.update(p);
    const sha256 = whole.digest('hex');
    // As the web client sends them: each run of held pieces in one call (at most 256 pieces), the rest as bytes. The
    // pieces' hashes are the ones computed before the clock started (hashing 1 GiB again here took ~0.7 s of the time).
    const sendPieces = async (uuid, name, parts, skip = [], partHashes = []) => {
      let at = 0;
      for (let i = 0; i < parts.length; ) {
        const run = [];
        for (let j = i, start = at; j < parts.length && skip[j] && run.length < 256; start += parts[j].length, j++) {
          run.push({ start, end: start + parts[j].length - 1, sha256: partHashes[j] });
        }
        const end = run.length > 0 ? run[run.length - 1].end : at + parts[i].length - 1;
        const ok =
          run.length > 0
            ? await post(`${base}/${uuid}/known-pieces`, { total, pieces: run }, meta(name))
            : await fetch(`${base}/${uuid}`, {
                method: 'PUT',
                headers: { ...wholeFileHeaders(auth, name), 'content-range': `bytes ${at}-${end}/${total}`, 'content-length': String(parts[i].length) },
                body: parts[i],
              }).then(async (r) => ({ status: r.status, json: await r.text() }));
        if (ok.status !== 201 && ok.status !== 202) throw new Error(`piece ${i}: ${ok.status} ${JSON.stringify(ok.json)}`);
        i += Math.max(1, run.length);
        at = end + 1;
      }
    };

    let t0 = performance.now();
    await sendPieces(crypto.randomUUID(), `fresh-${round}.bin`, pieces);
    runs.fresh.push(performance.now() - t0);

    // The piece index is written by a job after the file commits: wait for it (not timed).
    for (let i = 0; i < 600; i++) {
      const asked = await post(`${base}/held`, { bytes: total, sha256: '0'.repeat(64), pieces: hashes });
      if (asked.json.pieces.every(Boolean)) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    t0 = performance.now();
    const asked = await post(`${base}/held`, { bytes: total, sha256, pieces: hashes });
    if (!asked.json.file) throw new Error('the file is not held');
    const known = await post(`${base}/${crypto.randomUUID()}/known`, { bytes: total, sha256 }, meta(`known-${round}.bin`));
    if (known.status !== 201) throw new Error(`known: ${known.status}`);
    runs.known.push(performance.now() - t0);

    const changed = [...pieces];
    changed[Math.floor(pieces.length / 2)] = crypto.randomBytes(changed[Math.floor(pieces.length / 2)].length);
    const changedHashes = changed.map(sha);
    const changedWhole = crypto.createHash('sha256');
    for (const p of changed) changedWhole.update(p);
    t0 = performance.now();
    const partly = await post(`${base}/held`, { bytes: total, sha256: changedWhole.digest('hex'), pieces: changedHashes });
    await sendPieces(crypto.randomUUID(), `changed-${round}.bin`, changed, partly.json.pieces, changedHashes);
    runs.changed.push(performance.now() - t0);
  }
  const fresh = median(runs.fresh);
  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(`${mib} MiB, ${rounds} round(s), load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`fresh ${ms(fresh)} (${((mib / fresh) * 1000).toFixed(0)} MiB/s)`);
  console.log(`known file ${ms(median(runs.known))}: ${(median(runs.known) / fresh).toFixed(4)}× fresh (goal ≤ 0.05)`);
  console.log(`one piece changed ${ms(median(runs.changed))}: ${(median(runs.changed) / fresh).toFixed(4)}× fresh (goal ≤ 0.1)`);
} finally {
  await server.stop();
}
