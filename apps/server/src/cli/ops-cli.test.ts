import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, DIALECTS, expectError, startTestApp, type TestApp } from '../test/harness.js';
import { completeSetup, setupTokenOf } from '../test/operators.fixtures.js';
import { bundledScript } from '../test/script-bundle.js';

type Run = { code: number; stdout: string; stderr: string };

/**
 * The installer's two console commands as an installer runs them (issue 27): separate processes on the app's
 * database, `ops:create-admin` printing the only way in, `ops:audit-verify` naming the first broken link of the chain.
 */
describe.each(DIALECTS)('console commands (%s)', (dialect) => {
  let dataDir: string;
  let pg: Awaited<ReturnType<typeof createPgDatabase>> | null = null;
  let t: TestApp | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulut-cli-'));
    pg = dialect === 'postgres' ? await createPgDatabase() : null;
  });
  afterAll(async () => {
    await t?.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (script: string, args: string[]): Promise<Run> => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bulut.example.com' };
    delete env.DATABASE_URL;
    if (pg) env.DATABASE_URL = pg.url;
    const entry = await bundledScript(script);
    return new Promise((resolve) => {
      execFile(process.execPath, [entry, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  };
  const createAdmin = (...args: string[]) => run('src/cli/ops-create-admin.ts', args);
  const verify = () => run('src/cli/ops-audit-verify.ts', []);
  const linkIn = (stdout: string) => /^https:\/\/bulut\.example\.com\/ops\/setup\/\S+$/m.exec(stdout)?.[0];

  it('create-admin prints a one-time set-up link (a new one replaces it); audit-verify passes, then names an edited row', async () => {
    expect(await createAdmin('--email', 'not-an-address')).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run ops:create-admin') });

    const first = await createAdmin('--email', 'Ilk.Admin@Operator.example.com', '--name', 'İlk Yönetici');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Admin ilk.admin@operator.example.com created.');
    const firstLink = linkIn(first.stdout);
    expect(firstLink).toBeDefined();
    // Not finished: the command again gives a new link, and the first stops working.
    const second = await createAdmin('--email', 'ilk.admin@operator.example.com');
    expect(second.code, second.stderr).toBe(0);
    const secondLink = linkIn(second.stdout)!;
    expect(secondLink).not.toBe(firstLink);

    t = await startTestApp(dialect, {}, { dataDir, databaseUrl: pg?.url });
    expectError(await t.app.inject({ method: 'GET', url: `/api/ops/setup/${setupTokenOf(firstLink!)}` }), 404);
    const admin = await completeSetup(t, setupTokenOf(secondLink), 'ilk.admin@operator.example.com');
    const me = await t.app.inject({ method: 'GET', url: '/api/ops/me', headers: { 'x-auth-token': admin.token } });
    expect(me.json()).toMatchObject({ email: 'ilk.admin@operator.example.com', role: 'admin' });
    // Set up, the admin gets no new link: the command refuses.
    const again = await createAdmin('--email', 'ilk.admin@operator.example.com');
    expect(again.code).toBe(1);
    expect(linkIn(again.stdout)).toBeUndefined();

    const rows = await t.database.db.selectFrom('operator_audit').select(['seq', 'action']).orderBy('seq').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const intact = await verify();
    expect(intact.code, intact.stderr).toBe(0);
    expect(intact.stdout).toContain(`Audit chain intact: ${rows.length} rows checked.`);

    // Someone rewrites history in the database: the command fails and names that row.
    const edited = rows[1]!.seq;
    await t.database.db.updateTable('operator_audit').set({ reason: 'nothing happened here' }).where('seq', '=', edited).execute();
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`Audit chain BROKEN at row ${edited}:`);
  });
});
