// Measures sign-up start time for a taken e-mail vs a free one, interleaved, in process (inject, real database).
// Usage: cd apps/server && npx tsx src/modules/signup/signup.timing.fixtures.ts [count]   (TEST_DATABASE_URL=… adds PostgreSQL)
import { DIALECTS, signUp, startTestApp, uniqueUser } from '../../test/harness.js';

const count = Number(process.argv[2] ?? 100);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

for (const dialect of DIALECTS) {
  const t = await startTestApp(dialect);
  try {
    const { user } = await signUp(t);
    const times = { taken: [] as number[], free: [] as number[] };
    for (let i = 0; i < count + 10; i++) {
      for (const kind of i % 2 ? (['taken', 'free'] as const) : (['free', 'taken'] as const)) {
        const payload = kind === 'taken' ? { ...uniqueUser(), email: user.email } : uniqueUser();
        const s = performance.now();
        const res = await t.app.inject({ method: 'POST', url: '/api/v2/signup', payload });
        const ms = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
        if (i >= 10) times[kind].push(ms);
      }
      while ((await t.app.jobs.runDue()) > 0);
    }
    console.log(
      JSON.stringify({
        dialect,
        count,
        takenMedianMs: median(times.taken).toFixed(1),
        freeMedianMs: median(times.free).toFixed(1),
        takenMeanMs: mean(times.taken).toFixed(1),
        freeMeanMs: mean(times.free).toFixed(1),
      }),
    );
  } finally {
    await t.close();
  }
}
