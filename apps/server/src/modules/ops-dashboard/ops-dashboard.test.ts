import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { renderMetrics } from '../../infra/metrics/metrics.js';
import { applyPlan } from '../account/account.plan.public.js';
import { SANDBOX_CARDS } from '../payment/sandbox/sandbox-provider.js';
import { uploadApi, content, sha256 } from '../upload/upload.fixtures.js';
import { OpsDashboardService } from './ops-dashboard.service.js';

const YEAR = new Date().getUTCFullYear();

describe.each(DIALECTS)('ops dashboard figures (%s)', (dialect) => {
  let t: TestApp;
  let dashboard: OpsDashboardService;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // A route only this test app has: a client of the real app cannot produce a 5xx on purpose.
    t.app.get('/api/test-only/boom', { config: { public: true } }, async () => {
      throw new Error('boom');
    });
    t.app.payments.registerPurpose('DASHBOARD_TEST', { onCaptured: async () => {} });
    t.app.jobs.register('dashboard-test.fails', async () => {
      throw new Error('always');
    }, { maxAttempts: 1 });
    t.app.jobs.register('dashboard-test.waits', async () => {});
    dashboard = new OpsDashboardService({ db: t.database.db, dialect: t.database.dialect, figures: t.app.figures });
  });
  afterAll(async () => {
    await t?.close();
  });

  const today = (d: Awaited<ReturnType<OpsDashboardService['dashboard']>>) => d.uploads.at(-1)!;

  it('sign-up, a session and a premium plan move the subscriber figures after the roll-up; rolling up again changes nothing', async () => {
    await dashboard.rollUp();
    const before = (await dashboard.dashboard()).subscribers;

    const user = await signUp(t);
    // Not counted until the roll-up runs: the view never counts accounts itself.
    expect((await dashboard.dashboard()).subscribers).toEqual(before);
    await dashboard.rollUp();
    const afterSignUp = (await dashboard.dashboard()).subscribers;
    // Sign-up signs the subscriber in: a session seen now.
    expect(afterSignUp).toEqual({ total: before.total + 1, active7d: before.active7d + 1, premium: before.premium });

    await applyPlan(t.database.db, user.accountId, { quotaBytes: 1e12, premium: true });
    await dashboard.rollUp();
    const rows = await t.database.db.selectFrom('metric_day').selectAll().orderBy('name').orderBy('day').execute();
    const afterPremium = (await dashboard.dashboard()).subscribers;
    expect(afterPremium).toEqual({ ...afterSignUp, premium: before.premium + 1 });

    // Idempotent: a second run (another instance's occurrence, a retry) sets the same gauges, adds no rows.
    const again = await dashboard.rollUp();
    expect(again).toMatchObject({ total: afterPremium.total, active7d: afterPremium.active7d, premium: afterPremium.premium });
    expect(await t.database.db.selectFrom('metric_day').selectAll().orderBy('name').orderBy('day').execute()).toEqual(rows);
    expect((await dashboard.dashboard()).subscribers).toEqual(afterPremium);

    // A subscriber not seen for 8 days is no longer active; a deleted one is not counted at all.
    await t.database.db.updateTable('session').set({ last_seen_at: Date.now() - 8 * 86_400_000 }).where('account_id', '=', user.accountId).execute();
    await dashboard.rollUp();
    expect((await dashboard.dashboard()).subscribers).toEqual({ ...afterPremium, active7d: afterPremium.active7d - 1 });
    await t.database.db.updateTable('account').set({ status: 'DELETED' }).where('id', '=', user.accountId).execute();
    await dashboard.rollUp();
    expect((await dashboard.dashboard()).subscribers).toEqual({ total: before.total, active7d: before.active7d, premium: before.premium });
  });

  it('walking the accounts in small chunks gives the same figures as one chunk', async () => {
    for (let i = 0; i < 4; i++) await signUp(t);
    const whole = await new OpsDashboardService({ db: t.database.db, dialect: t.database.dialect, figures: t.app.figures, chunk: 10_000 }).rollUp();
    const chunked = await new OpsDashboardService({ db: t.database.db, dialect: t.database.dialect, figures: t.app.figures, chunk: 2 }).rollUp();
    expect(chunked).toEqual(whole);
    expect(whole.total).toBeGreaterThanOrEqual(4);
  });

  it('an upload counts for today (count and bytes) at once, and the storage used grows with the next roll-up', async () => {
    const user = await signUp(t);
    await dashboard.rollUp();
    const before = await dashboard.dashboard();
    expect(before.uploads).toHaveLength(30);

    const res = await uploadApi(t, user.token).whole('report.pdf', content(1234), { contentType: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const after = await dashboard.dashboard();
    expect(today(after)).toEqual({ day: today(before).day, count: today(before).count + 1, bytes: today(before).bytes + 1234, skippedBytes: 0 });
    expect(after.storage.usedBytes).toBe(before.storage.usedBytes);

    await dashboard.rollUp();
    const rolled = await dashboard.dashboard();
    expect(rolled.storage.usedBytes).toBe(before.storage.usedBytes + 1234);
    expect(rolled.storage.series.at(-1)).toEqual({ day: today(before).day, usedBytes: rolled.storage.usedBytes });
  });

  it('identical files of two accounts show as bytes saved after the roll-up; a re-upload the account holds counts as skipped today', async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const body = content(4321);
    await dashboard.rollUp();
    const before = await dashboard.dashboard();
    expect((await uploadApi(t, a.token).whole('same.bin', body)).statusCode).toBe(201);
    expect((await uploadApi(t, b.token).whole('same.bin', body)).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/upload/${randomUUID()}/known`,
      headers: { ...authed(a.token), 'x-object-meta-file-name': 'again.bin', 'x-object-meta-parent-uuid': '' },
      payload: { bytes: body.length, sha256: sha256(body), contentType: 'application/octet-stream' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(today(await dashboard.dashboard()).skippedBytes).toBe(today(before).skippedBytes + 4321);

    // Three files name one stored copy: two copies saved.
    await dashboard.rollUp();
    expect((await dashboard.dashboard()).storage.savedBytes).toBe(before.storage.savedBytes + 2 * 4321);
  });

  it('a 5xx answer counts in the last hour; a 4xx does not', async () => {
    const before = (await dashboard.dashboard()).errors5xxLastHour;
    const boom = await t.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(boom.statusCode).toBe(500);
    await t.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    const notFound = await t.app.inject({ method: 'GET', url: '/api/files/not-a-route' });
    expect(notFound.statusCode).toBeGreaterThanOrEqual(400);
    expect(notFound.statusCode).toBeLessThan(500);
    expect((await dashboard.dashboard()).errors5xxLastHour).toBe(before + 2);
    // Minutes older than an hour are not in the figure.
    await t.database.db.updateTable('metric_minute').set((eb) => ({ minute: eb('minute', '-', 61) })).where('name', '=', 'http.5xx').execute();
    expect((await dashboard.dashboard()).errors5xxLastHour).toBe(0);
  });

  it('a captured payment counts today with its amount; a declined one does not', async () => {
    const user = await signUp(t);
    const before = (await dashboard.dashboard()).payments;
    const pay = (number: string, amountMinor: number) =>
      t.app.payments.start({
        accountId: user.accountId,
        purposeKind: 'DASHBOARD_TEST',
        purposeRef: randomUUID(),
        amountMinor,
        currency: 'TRY',
        description: '100 GB monthly',
        idempotencyKey: randomUUID(),
        method: { type: 'NEW_CARD', card: { number, expiryMonth: 12, expiryYear: YEAR + 3, cvc: '123', holderName: 'Ayşe Yılmaz' }, saveCard: false },
        returnUrl: '/main/packages/payment',
      });
    expect((await pay(SANDBOX_CARDS.success, 4999)).payment.status).toBe('CAPTURED');
    expect((await pay(SANDBOX_CARDS.insufficientFunds, 1000)).payment.status).toBe('DECLINED');
    expect((await dashboard.dashboard()).payments).toEqual({ todayCount: before.todayCount + 1, todayMinor: before.todayMinor + 4999, currency: 'TRY' });
  });

  it('waiting jobs per kind with the age of the oldest, and jobs failed in the last 24 hours', async () => {
    const at = Date.now();
    await t.app.jobs.enqueue(t.database.db, 'dashboard-test.waits', {}, { runAt: at - 90_000 });
    await t.app.jobs.enqueue(t.database.db, 'dashboard-test.waits', {}, { runAt: at - 1_000 });
    // Not due yet: not waiting.
    await t.app.jobs.enqueue(t.database.db, 'dashboard-test.waits', {}, { runAt: at + 3_600_000 });
    const waits = (await dashboard.dashboard()).jobs.find((j) => j.kind === 'dashboard-test.waits');
    expect(waits).toMatchObject({ waiting: 2, failed24h: 0 });
    expect(waits!.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
    expect(waits!.oldestWaitingSeconds).toBeLessThan(3_600);

    await t.app.jobs.enqueue(t.database.db, 'dashboard-test.fails', {});
    for (let i = 0; i < 20 && (await t.app.jobs.runDue()) > 0; i++);
    const jobs = (await dashboard.dashboard()).jobs;
    expect(jobs.find((j) => j.kind === 'dashboard-test.fails')).toEqual({ kind: 'dashboard-test.fails', waiting: 0, oldestWaitingSeconds: 0, failed24h: 1 });
    expect(jobs.find((j) => j.kind === 'dashboard-test.waits')).toBeUndefined();
    // A failure older than a day no longer counts.
    await t.database.db.updateTable('job').set({ updated_at: at - 25 * 3_600_000 }).where('type', '=', 'dashboard-test.fails').execute();
    expect((await dashboard.dashboard()).jobs.find((j) => j.kind === 'dashboard-test.fails')).toBeUndefined();
  });

  it('counters of several instances add up in the database', async () => {
    const before = (await dashboard.dashboard()).errors5xxLastHour;
    const other = new FigureRecorder({ db: t.database.db, dialect: t.database.dialect, logger: t.app.log });
    other.addMinute('http.5xx', 3);
    t.app.figures.addMinute('http.5xx', 2);
    await Promise.all([other.flush(), t.app.figures.flush()]);
    other.addMinute('http.5xx', 1);
    await other.stop();
    expect((await dashboard.dashboard()).errors5xxLastHour).toBe(before + 6);
  });

  it('the metrics endpoint exposes the same figures as the dashboard, read from the database (all instances)', async () => {
    await dashboard.rollUp();
    const figures = await dashboard.dashboard();
    const body = (await renderMetrics()).body;
    const value = (series: string) => Number(body.split('\n').find((l) => l.startsWith(`${series} `))?.split(' ').at(-1));
    expect(value('bulut_subscribers{kind="total"}')).toBe(figures.subscribers.total);
    expect(value('bulut_subscribers{kind="active7d"}')).toBe(figures.subscribers.active7d);
    expect(value('bulut_subscribers{kind="premium"}')).toBe(figures.subscribers.premium);
    expect(value('bulut_storage_used_bytes')).toBe(figures.storage.usedBytes);
    expect(value('bulut_uploads_today')).toBe(today(figures).count);
    expect(value('bulut_upload_bytes_today')).toBe(today(figures).bytes);
    // The payment test above took one in TRY today.
    expect(value('bulut_payments_today{currency="TRY"}')).toBe(figures.payments.todayCount);
    expect(value('bulut_payments_today_minor_units{currency="TRY"}')).toBe(figures.payments.todayMinor);
    expect(value('bulut_http_5xx_last_hour')).toBe(figures.errors5xxLastHour);
    expect(figures.subscribers.total).toBeGreaterThan(0);
    expect(figures.payments.todayCount).toBeGreaterThan(0);
  });

  it('GET /api/ops/dashboard is a console route: no token 401, a subscriber\'s token 404 (never the figures)', async () => {
    const user = await signUp(t);
    expectError(await t.app.inject({ method: 'GET', url: '/api/ops/dashboard' }), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ method: 'GET', url: '/api/ops/dashboard', headers: authed(user.token) }), 404, 'NOT_FOUND');
  });
});
