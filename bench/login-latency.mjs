// Sign-in latency through the real HTTP stack: a fresh server, one account, sequential POST /api/auth/token calls.
// Usage: npm run build && node bench/login-latency.mjs [count]   (DATABASE_URL=… for PostgreSQL)
import { percentile, signUp, startServer } from './lib.mjs';

const count = Number(process.argv[2] ?? 100);
const server = await startServer();
try {
  const { user } = await signUp(server);
  const times = [];
  for (let i = 0; i < count + 10; i++) {
    const s = performance.now();
    const r = await fetch(`${server.base}/api/auth/token?rememberMe=false`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.email, password: user.password }),
    });
    if (r.status !== 200) throw new Error(`login ${r.status}`);
    await r.arrayBuffer();
    if (i >= 10) times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      database: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
      serverReadyMs: Math.round(server.readyMs),
      logins: times.length,
      p50ms: percentile(times, 0.5).toFixed(1),
      p95ms: percentile(times, 0.95).toFixed(1),
      p99ms: percentile(times, 0.99).toFixed(1),
    }),
  );
} finally {
  await server.stop();
}
