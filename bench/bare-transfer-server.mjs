// The ceiling for files-transfer.mjs: a bare node:http server doing only what an upload or a download must do.
//   PUT  /<anything>        body → a new file in DIR with SHA-256 on the way and fsync before close; answers the digest
//   GET  /?path=<absolute>  streams that file (the bench passes the server's own blob of the same bytes)
// Usage (spawned by files-transfer.mjs): node bench/bare-transfer-server.mjs PORT DIR
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const [port, dir] = [Number(process.argv[2]), process.argv[3]];

const server = http.createServer(async (req, res) => {
  try {
    if (req.method === 'PUT') {
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      const meter = new Transform({
        transform(chunk, _enc, cb) {
          hash.update(chunk);
          bytes += chunk.length;
          cb(null, chunk);
        },
      });
      const file = path.join(dir, crypto.randomUUID());
      await pipeline(req, meter, fs.createWriteStream(file, { flags: 'wx', flush: true }));
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
      // Only the write is measured; the bench's disk should not fill up with copies.
      fs.rmSync(file);
      return;
    }
    const file = new URL(req.url, 'http://x').searchParams.get('path');
    const size = fs.statSync(file).size;
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    await pipeline(fs.createReadStream(file), res);
  } catch (err) {
    if (!res.headersSent) res.writeHead(500).end(String(err));
    else res.destroy();
  }
});
server.listen(port, '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
