import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../infra/db/database.js';
import { createVisionEngine, type VisionEngine } from '../infra/vision/vision-engine.js';
import type { Language } from '../shared/schemas.js';

/** Integration tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DIALECTS: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** A throwaway PostgreSQL database per test file, so files run in parallel without seeing each other. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `bulut_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  // From the run's migrated template (test/global-setup.ts) when there is one; CREATE DATABASE copies it whole.
  const template = process.env.BULUT_TEST_PG_TEMPLATE;
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await client.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      // pool.end() returns before its clients have said goodbye; forcing the drop then kills them mid-close and
      // their FATAL surfaces as an uncaught error in whichever test runs next. So wait for them to leave first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// One vision engine per test process, which every app it starts shares unless a test asks for the app's own: its
// worker loads the detection models on its first photo (about 2.5 CPU-s), and every app whose jobs run things.tag on
// an upload paid that again. Requests to it are answered one at a time, in order, as by an app's own engine; its
// idle worker does not keep the process alive.
let sharedVision: VisionEngine | null = null;

export async function startTestApp(
  dialect: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  opts: {
    /** Reuse this data directory (e.g. to test a restart); the caller owns it and close() leaves it in place. */
    dataDir?: string;
    /** Share this PostgreSQL database with another instance (the caller owns it and close() leaves it in place). */
    databaseUrl?: string;
    /** A controllable clock for the packages module (renewals, grace, proration). */
    clock?: () => number;
    /** Receives the app's JSON log lines (set LOG_LEVEL in `env` to see them). */
    logStream?: { write(line: string): void };
    /** Sees the text of every statement the app sends to its database (counting round trips). */
    onStatement?: (sql: string) => void;
    /** Build and close the app's own vision engine, as production does, instead of the process's shared one. */
    ownVision?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-test-'));
  const pgDb = dialect === 'postgres' && !opts.databaseUrl ? await createPgDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'silent',
    DATABASE_URL: opts.databaseUrl ?? pgDb?.url,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OPS_AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SIGNUP_CAPTCHA_THRESHOLD: '1000',
    // For-you runs render a memory video whenever a test's photos make a trip album or a year in review: at 320×180
    // and 10 fps instead of 1280×720 and 25 it costs a fortieth. foryou.videos.test.ts checks the product's format.
    FORYOU_VIDEO_HEIGHT: '180',
    FORYOU_VIDEO_FPS: '10',
    ...env,
  });
  // A new SQLite database starts as a copy of the run's migrated template (test/global-setup.ts).
  const sqliteTemplate = process.env.BULUT_TEST_SQLITE_TEMPLATE;
  if (!config.databaseUrl && sqliteTemplate && fs.existsSync(path.dirname(config.sqliteFile)) && !fs.existsSync(config.sqliteFile)) fs.copyFileSync(sqliteTemplate, config.sqliteFile);
  const database = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: 4, onStatement: opts.onStatement });
  const vision = opts.ownVision ? undefined : (sharedVision ??= createVisionEngine());
  const app = await buildApp(config, { database, clock: opts.clock, logStream: opts.logStream, vision });
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.destroy();
      await pgDb?.drop();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function readOutbox(dataDir: string): Array<{ channel: string; to: string; subject?: string; text: string; createdAt: string }> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  // File names start with the millisecond; two messages of the same millisecond keep their order by the finer mtime.
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f), { bigint: true }).mtimeNs }))
    .sort((a, b) => (a.at === b.at ? a.f.localeCompare(b.f) : a.at < b.at ? -1 : 1))
    .map(({ f }) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
}

export function lastCodeFor(dataDir: string, to: string): string {
  const msg = readOutbox(dataDir).filter((m) => m.to === to).at(-1);
  const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

let counter = 0;
export function uniqueUser() {
  counter++;
  const n = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return {
    email: `user${n}@example.com`,
    countryCode: '90',
    phoneNumber: `53${n}`,
    password: 'correct horse 42',
    name: 'Ayşe',
    surname: 'Yılmaz',
    language: 'tr' as Language,
    eulaId: 2,
  };
}

/** Signs up through the real API, reading the one-time code from the dev outbox like a person reads an SMS. */
export async function signUp(t: TestApp, user = uniqueUser()) {
  const start = await t.app.inject({ method: 'POST', url: '/api/v2/signup', payload: user });
  if (start.statusCode !== 200) throw new Error(`signup failed: ${start.body}`);
  // Other jobs (media processing of earlier uploads) may be due first; run batches until the SMS has gone.
  const phone = `+${user.countryCode}${user.phoneNumber}`;
  for (let i = 0; i < 50; i++) {
    const ran = await t.app.jobs.runDue();
    if (readOutbox(t.dataDir).some((m) => m.to === phone) || ran === 0) break;
  }
  const otp = lastCodeFor(t.dataDir, phone);
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/v2/signup/validate',
    payload: { referenceToken: start.json().referenceToken, otp },
  });
  if (done.statusCode !== 200) throw new Error(`validate failed: ${done.body}`);
  // The sign-up mails a link confirming the e-mail: let it go now, so a test's later mail counts start after it.
  for (let i = 0; i < 50; i++) {
    const ran = await t.app.jobs.runDue();
    if (ran === 0 || readOutbox(t.dataDir).some((m) => m.to === user.email.toLowerCase() && m.text.includes('/verify/email?token='))) break;
  }
  return { user, token: String(done.headers['x-auth-token']), accountId: done.json().userUuid as string };
}

/** Two app instances on one fresh PostgreSQL database, as behind a load balancer; `close` stops both and drops it. */
export async function startPgPair(): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const shared = await createPgDatabase();
  const a = await startTestApp('postgres', {}, { databaseUrl: shared.url });
  const b = await startTestApp('postgres', {}, { databaseUrl: shared.url });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await shared.drop();
    },
  };
}

export const authed = (token: string) => ({ 'x-auth-token': token });

/** POST /api/auth/token as a browser would; `ip` lets a test act from its own address so failure counters stay apart. */
export function login(
  t: TestApp,
  username: string,
  password: string,
  opts: { rememberMe?: boolean; ip?: string; captcha?: { id: string; answer: string } } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/token?rememberMe=${opts.rememberMe === true}`,
    remoteAddress: opts.ip,
    headers: opts.captcha ? { 'x-captcha-id': opts.captcha.id, 'x-captcha-answer': opts.captcha.answer } : {},
    payload: { username, password },
  });
}

export function expectError(res: LightMyRequestResponse, httpStatus: number, status?: string) {
  const body = res.json();
  if (res.statusCode !== httpStatus || typeof body.message !== 'string' || (status && body.status !== status)) {
    throw new Error(`expected ${httpStatus} ${status ?? ''}, got ${res.statusCode} ${res.body}`);
  }
  if (/\bat .+:\d+:\d+/.test(res.body)) throw new Error(`stack trace leaked: ${res.body}`);
  return body as { status: string; message: string; field?: string };
}
