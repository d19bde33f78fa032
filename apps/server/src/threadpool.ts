import os from 'node:os';

// Imported first by main.ts, before anything touches libuv's pool (it is sized on first use). Each media job holds one
// pool thread while sharp encodes (one job per core), and file I/O, zlib and DNS need the rest: Node's default is 4.
if (!process.env.UV_THREADPOOL_SIZE) process.env.UV_THREADPOOL_SIZE = String(Math.max(4, os.availableParallelism() + 4));
