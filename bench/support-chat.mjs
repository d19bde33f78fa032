// The live support chat (issue 29): N subscriber chat sockets open on one instance, one agent socket subscribed to
// every ticket; messages subscriber → agent at a steady rate, timed from the send to the agent's frame. Prints
// delivery p50/p99 and the server's resident memory before and after opening the sockets.
//
//   npm run build -w apps/server && node bench/support-chat.mjs [connections=500] [messages=2000] [perSecond=50] [one|two]
//
// `two`: two instances on one fresh PostgreSQL database (BENCH_PG, default postgres://postgres@127.0.0.1:5432/postgres,
// where bulut_bench_chat is created); subscribers on the first, the agent on the second, so every message crosses
// LISTEN/NOTIFY. `one` runs SQLite unless DATABASE_URL is set. Run it alone on a quiet machine (load < 2).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { percentile, sleep, startServer } from './lib.mjs';

const CONNECTIONS = Number(process.argv[2] ?? 500);
const MESSAGES = Number(process.argv[3] ?? 2000);
const PER_SECOND = Number(process.argv[4] ?? 50);
const MODE = process.argv[5] ?? 'one';
const PG_ADMIN = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dist = new URL('../apps/server/dist/', import.meta.url).pathname;
if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('build the server first: npm run build -w apps/server');
const { totp, base32Decode } = await import(path.join(dist, 'shared/totp.js'));

const rssMiB = (pid) => Math.round(Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
const json = async (res) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json();
};
/** Waits for `ready()` (polled); a stall fails the run with `what` instead of waiting for ever. */
async function until(what, ready, ms = 60_000) {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await ready();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`gave up after ${ms / 1000} s waiting for ${what}`);
    await sleep(20);
  }
}
const post = (base, url, body, headers = {}) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function freshPg() {
  const name = 'bulut_bench_chat';
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A subscriber signed up through the API, the code read from the dev outbox like a person reads the SMS. With two
 * instances on one database either instance's job runner may send the SMS, into its own data dir's outbox: look in
 * every instance's (reading only the first's stalled the `two` run for ever when the second sent it).
 */
async function signUp(server, i, outboxes) {
  const phoneNumber = `53${String(1_000_000 + i).slice(-8).padStart(8, '0')}`;
  const user = { email: `chat${i}@example.com`, countryCode: '90', phoneNumber, password: 'Bulut2026!', name: 'Bench', surname: 'User', language: 'tr', eulaId: 1 };
  const { referenceToken } = await json(await post(server.base, '/api/v2/signup', user));
  const otp = await until(`the sign-up SMS to +90${phoneNumber}`, () => {
    for (const dir of outboxes) {
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
        const m = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
        if (m.to === `+90${phoneNumber}`) return m.text.match(/\b(\d{6})\b/)?.[1];
      }
    }
    return undefined;
  });
  const v = await post(server.base, '/api/v2/signup/validate', { referenceToken, otp });
  if (!v.ok) throw new Error(await v.text());
  return v.headers.get('x-auth-token');
}

/** The console's first admin, made by the CLI against the server's data, set up like a person with an authenticator. */
async function signedInAgent(server, env) {
  const out = execFileSync(process.execPath, [path.join(dist, 'cli/ops-create-admin.js'), '--email', 'agent@ops.example.com', '--name', 'Agent'], {
    env: { ...process.env, DATA_DIR: server.dataDir, WEB_DIST_DIR: '', ...env },
    encoding: 'utf8',
  });
  const token = out.trim().split('\n').pop().split('/').pop();
  const { secret } = await json(await post(server.base, `/api/ops/setup/${token}`, { password: 'operator password 42' }));
  const done = await json(await post(server.base, `/api/ops/setup/${token}/confirm`, { code: totp(base32Decode(secret), Date.now()) }));
  return done.token;
}

function socket(url, hello) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`no answer to the hello on ${url}`)), 10_000);
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`${url} closed with ${code}`)));
    ws.on('open', () => {
      ws.send(JSON.stringify(hello));
      ws.once('message', () => {
        clearTimeout(timer);
        resolve(ws);
      });
    });
  });
}

async function run() {
  const databaseUrl = MODE === 'two' ? await freshPg() : process.env.DATABASE_URL;
  // 500 sign-ups from one address in a minute: the sign-up captcha and the per-IP limits would (rightly) stop them.
  const limits = { SIGNUP_CAPTCHA_THRESHOLD: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '1000000' };
  const env = databaseUrl ? { ...limits, DATABASE_URL: databaseUrl } : limits;
  const a = await startServer(env, { quiet: true });
  const b = MODE === 'two' ? await startServer(env, { quiet: true }) : a;
  try {
    const ws = (s) => s.base.replace('http', 'ws');
    const agentToken = await signedInAgent(b, env);
    const tokens = [];
    const outboxes = [...new Set([a, b])].map((s) => path.join(s.dataDir, 'outbox'));
    for (let i = 0; i < CONNECTIONS; i += 4) tokens.push(...(await Promise.all([0, 1, 2, 3].filter((k) => i + k < CONNECTIONS).map((k) => signUp(a, i + k, outboxes)))));
    console.error(`${CONNECTIONS} subscribers signed up`);
    const sessions = [];
    for (const token of tokens) {
      const { data } = await json(await fetch(`${a.base}/api/account/ticket`, { headers: { 'x-auth-token': token } }));
      sessions.push((await json(await post(a.base, '/api/support/session', { ticket: data.ticket }))).data.session);
    }

    const rssBefore = rssMiB(a.pid);
    const subscribers = [];
    for (const session of sessions) subscribers.push(await socket(`${ws(a)}/api/support/ws`, { type: 'hello', session, lastSeq: 0 }));
    const rssOpen = rssMiB(a.pid);

    // Every subscriber opens its ticket; the agent subscribes to each as it appears in the inbox.
    const agent = await socket(`${ws(b)}/api/ops/support/ws`, { type: 'hello', token: agentToken });
    const subscribed = new Set();
    const sentAt = new Map();
    const latencies = [];
    let delivered = 0;
    agent.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.type === 'ticket' && !subscribed.has(f.ticket.id)) {
        subscribed.add(f.ticket.id);
        agent.send(JSON.stringify({ type: 'subscribe', ticketId: f.ticket.id, lastSeq: 0 }));
      } else if (f.type === 'message' && sentAt.has(f.message.clientId)) {
        latencies.push(performance.now() - sentAt.get(f.message.clientId));
        sentAt.delete(f.message.clientId);
        delivered++;
      }
    });
    for (const s of subscribers) s.send(JSON.stringify({ type: 'send', clientId: crypto.randomUUID(), text: 'merhaba' }));
    await until(`the agent to see ${CONNECTIONS} tickets`, () => subscribed.size >= CONNECTIONS);
    console.error(`${CONNECTIONS} chat sockets open, the agent follows every ticket`);
    await sleep(500);

    const t0 = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      const due = t0 + (i * 1000) / PER_SECOND;
      if (due > performance.now()) await sleep(due - performance.now());
      const clientId = crypto.randomUUID();
      sentAt.set(clientId, performance.now());
      subscribers[i % subscribers.length].send(JSON.stringify({ type: 'send', clientId, text: `mesaj ${i}` }));
    }
    const deadline = performance.now() + 30_000;
    while (delivered < MESSAGES && performance.now() < deadline) await sleep(50);
    const sorted = latencies.sort((x, y) => x - y);
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      JSON.stringify(
        {
          mode: MODE,
          database: databaseUrl ? 'postgres' : 'sqlite',
          connections: CONNECTIONS,
          messages: MESSAGES,
          perSecond: PER_SECOND,
          delivered,
          p50Ms: +percentile(sorted, 0.5).toFixed(1),
          p99Ms: +percentile(sorted, 0.99).toFixed(1),
          rssBeforeMiB: rssBefore,
          rssWithSocketsMiB: rssOpen,
          rssEndMiB: rssMiB(a.pid),
          load,
        },
        null,
        2,
      ),
    );
    for (const s of subscribers) s.close();
    agent.close();
  } finally {
    await a.stop();
    if (b !== a) await b.stop();
  }
}

await run();
