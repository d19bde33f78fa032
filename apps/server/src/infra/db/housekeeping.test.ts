import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { purgeFinishedJobs } from './housekeeping.js';
import { SecretBox } from '../../shared/totp.js';
import { MessageJobs } from '../jobs/message-jobs.js';
import { AuthService } from '../../modules/auth/auth.service.js';
import { CaptchaService } from '../../modules/captcha/captcha.service.js';
import { purgeOlderThan as purgeStaleSignups } from '../../modules/signup/signup.repository.js';
import { PURGE_FIGURE_MINUTES_SCHEDULE, PURGE_JOBS_SCHEDULE, PURGE_REQUEST_COUNTERS_SCHEDULE } from '../infra.module.js';
import { EXPIRE_GRANTS_SCHEDULE, SEARCH_KEYS_SCHEDULE } from '../../modules/account/account.module.js';
import { SETTLE_REFERRALS_SCHEDULE } from '../../modules/campaigns/campaigns.module.js';
import { ROLL_UP_SUBSCRIBERS_SCHEDULE } from '../../modules/ops-dashboard/ops-dashboard.module.js';
import { PURGE_SUPPORT_TOKENS_SCHEDULE } from '../../modules/support/support.module.js';
import { PURGE_LOCKS_SCHEDULE } from '../../modules/webdav/webdav.module.js';
import { EXPIRE_HELD_SCHEDULE } from '../../modules/family/family.module.js';
import { PRUNE_VERSIONS_SCHEDULE, PURGE_BOUNDARIES_SCHEDULE, SWEEP_CONTENT_SCHEDULE } from '../../modules/files/files.module.js';
import { OFFICE_SWEEP_SCHEDULE } from '../../modules/office/office.module.js';
import { PURGE_EXPORTS_SCHEDULE } from '../../modules/data-export/data-export.module.js';
import { PURGE_SESSIONS_SCHEDULE } from '../../modules/auth/auth.module.js';
import { PURGE_CAPTCHAS_SCHEDULE } from '../../modules/captcha/captcha.module.js';
import { PURGE_SIGNUPS_SCHEDULE } from '../../modules/signup/signup.module.js';
import { ABORT_STALE_UPLOADS_SCHEDULE } from '../../modules/upload/upload.module.js';
import { PURGE_ZIP_LISTS_SCHEDULE } from '../../modules/download/download.module.js';
import { PURGE_SHARES_SCHEDULE } from '../../modules/private-shares/private-shares.module.js';
import { PURGE_QR_LOGIN_SCHEDULE } from '../../modules/qr-login/qr-login.module.js';
import { PURGE_RECOVERIES_SCHEDULE } from '../../modules/recovery/recovery.module.js';
import { PURGE_RECOVERY_EMAIL_LINKS_SCHEDULE } from '../../modules/credentials/credentials.module.js';
import { PURGE_SOCIAL_SCHEDULE } from '../../modules/social-login/social-login.module.js';
import { PURGE_DRAW_SCHEDULE } from '../../modules/draw/draw.module.js';
import { PAYMENT_RECONCILE_SCHEDULE } from '../../modules/payment/payment.module.js';
import { RENEW_SCHEDULE } from '../../modules/packages/packages.module.js';
import { PEOPLE_BACKFILL_SCHEDULE, PEOPLE_FAMILY_GROUP_SCHEDULE, PEOPLE_RECLUSTER_SCHEDULE, PEOPLE_RETENTION_SCHEDULE } from '../../modules/people/people.public.js';
import { PLACES_BACKFILL } from '../../modules/places/places.module.js';
import { THINGS_BACKFILL } from '../../modules/things/things.module.js';
import { SMALL_THUMBS_SCHEDULE } from '../../modules/media/media.public.js';
import { FORYOU_BACKFILL_SCHEDULE, FORYOU_DAILY_SCHEDULE } from '../../modules/foryou/foryou.public.js';
import { uploadApi } from '../../modules/upload/upload.fixtures.js';
import { STALE_UPLOAD_MS } from '../../modules/upload/upload.housekeeping.js';
import { days } from '../../shared/time.js';

describe.each(DIALECTS)('housekeeping (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('removes long-expired sessions, finished sign-ups, expired captchas, stale counters and old finished jobs, but keeps live ones and accounts', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const db = t.database.db;
    const at = Date.now();
    await db.updateTable('session').set({ expires_at: 1 }).where('account_id', '=', a.accountId).execute();
    await db.updateTable('signup_request').set({ created_at: 1 }).execute();
    await db.insertInto('captcha').values([
      { id: randomUUID(), answer: 'x', created_at: 1, expires_at: 2 },
      { id: randomUUID(), answer: 'y', created_at: at, expires_at: at + 60_000 },
    ]).execute();
    await db.insertInto('rate_counter').values([
      { key: `old:${randomUUID()}`, count: 3, window_start: at - days(2) },
      { key: `new:${randomUUID()}`, count: 3, window_start: at },
    ]).execute();
    const oldJob = randomUUID();
    await db.insertInto('job').values({
      id: oldJob, type: 'mail.send', payload: '{}', status: 'done', attempts: 1, max_attempts: 1, run_at: 1,
      locked_until: null, last_error: null, created_at: 1, updated_at: at - days(8),
    }).execute();

    // The services the schedules call, built as app-modules.ts builds them.
    const captcha = new CaptchaService(db, t.config);
    const auth = new AuthService(db, t.config, captcha, new MessageJobs(t.app.jobs), new SecretBox(randomBytes(32)));
    expect((await auth.purgeExpired(at)).sessions).toBeGreaterThanOrEqual(1);
    expect(await captcha.purgeExpired(at)).toEqual({ captchas: 1, counters: 1 });
    expect(await purgeStaleSignups(db, at - days(1))).toBeGreaterThanOrEqual(2);
    expect(await purgeFinishedJobs(db, at)).toBe(1);

    expect(await db.selectFrom('session').where('account_id', '=', a.accountId).selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('session').where('account_id', '=', b.accountId).selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('captcha').selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('rate_counter').where('key', 'like', 'new:%').selectAll().execute()).toHaveLength(1);
    const res = await t.app.inject({ url: '/api/account/info', headers: { 'x-auth-token': b.token } });
    expect(res.statusCode).toBe(200);
    expect(await db.selectFrom('account').select('id').execute()).toHaveLength(2);
  });

  it('runs as scheduled jobs on the queue: a due occurrence removes an expired session and a stale upload, and the next one waits', async () => {
    const db = t.database.db;
    const schedules = [
      PURGE_JOBS_SCHEDULE,
      PURGE_SESSIONS_SCHEDULE,
      PURGE_CAPTCHAS_SCHEDULE,
      PURGE_SIGNUPS_SCHEDULE,
      ABORT_STALE_UPLOADS_SCHEDULE,
      PURGE_ZIP_LISTS_SCHEDULE,
      PURGE_REQUEST_COUNTERS_SCHEDULE,
      PURGE_BOUNDARIES_SCHEDULE,
      PRUNE_VERSIONS_SCHEDULE,
      SWEEP_CONTENT_SCHEDULE,
      OFFICE_SWEEP_SCHEDULE,
      PURGE_SHARES_SCHEDULE,
      PURGE_QR_LOGIN_SCHEDULE,
      PURGE_RECOVERIES_SCHEDULE,
      PURGE_RECOVERY_EMAIL_LINKS_SCHEDULE,
      PURGE_SOCIAL_SCHEDULE,
      PAYMENT_RECONCILE_SCHEDULE,
      RENEW_SCHEDULE,
      PEOPLE_BACKFILL_SCHEDULE,
      PEOPLE_RECLUSTER_SCHEDULE,
      PEOPLE_RETENTION_SCHEDULE,
      PEOPLE_FAMILY_GROUP_SCHEDULE,
      PLACES_BACKFILL,
      THINGS_BACKFILL,
      SMALL_THUMBS_SCHEDULE,
      FORYOU_DAILY_SCHEDULE,
      FORYOU_BACKFILL_SCHEDULE,
      PURGE_FIGURE_MINUTES_SCHEDULE,
      EXPIRE_GRANTS_SCHEDULE,
      SEARCH_KEYS_SCHEDULE,
      ROLL_UP_SUBSCRIBERS_SCHEDULE,
      PURGE_DRAW_SCHEDULE,

      SETTLE_REFERRALS_SCHEDULE,

      PURGE_SUPPORT_TOKENS_SCHEDULE,
      PURGE_LOCKS_SCHEDULE,
      PURGE_EXPORTS_SCHEDULE,
      EXPIRE_HELD_SCHEDULE,
    ];
    const pending = () =>
      db
        .selectFrom('job')
        .select(['id', 'schedule_key', 'run_at'])
        .where('status', 'in', ['queued', 'running'])
        .where('schedule_key', 'is not', null)
        .orderBy('schedule_key')
        .execute();
    const before = await pending();
    // The app ensured one occurrence per schedule at start, an interval away, so none ran yet.
    expect(before.map((r) => r.schedule_key)).toEqual([...schedules].sort());
    expect(before.every((r) => r.run_at > Date.now())).toBe(true);

    const expired = await signUp(t);
    const live = await signUp(t);
    await db.updateTable('session').set({ expires_at: Date.now() - days(2) }).where('account_id', '=', expired.accountId).execute();
    const stale = randomUUID();
    const piece = await uploadApi(t, live.token).piece(stale, 'stale.bin', Buffer.alloc(100, 1), 0, 1000);
    expect(piece.statusCode, piece.body).toBe(202);
    await db.updateTable('upload').set({ updated_at: Date.now() - STALE_UPLOAD_MS - 1000 }).where('id', '=', stale).execute();

    const now = Date.now();
    await db.insertInto('request_counter').values([
      { key: 'test:old', count: 5, window_start: now - days(1) },
      { key: 'test:new', count: 5, window_start: now },
    ]).execute();
    const boundary = { account_id: live.accountId, position: '[0,"x","y"]' };
    await db.insertInto('listing_boundary').values([
      { ...boundary, listing: 'old', page: 0, updated_at: now - days(2) },
      { ...boundary, listing: 'new', page: 0, updated_at: now },
    ]).execute();

    const due = Date.now() - 1000;
    await db.updateTable('job').set({ run_at: due }).where('schedule_key', 'in', schedules).where('status', '=', 'queued').execute();
    let ran = 0;
    for (let n = await t.app.jobs.runDue(); n > 0; n = await t.app.jobs.runDue()) ran += n;
    // Besides each schedule once: the For-you daily run queues one generation run per account it reached.
    const generated = await db.selectFrom('job').select('id').where('type', '=', 'foryou.generate').execute();
    expect(generated.length).toBeGreaterThan(0);
    expect(ran).toBe(schedules.length + generated.length);

    expect(await db.selectFrom('session').where('account_id', '=', expired.accountId).selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom('session').where('account_id', '=', live.accountId).selectAll().execute()).toHaveLength(1);
    expect(await db.selectFrom('upload').select('status').where('id', '=', stale).executeTakeFirstOrThrow()).toEqual({ status: 'ABORTED' });
    expect((await db.selectFrom('request_counter').select('key').where('key', 'like', 'test:%').execute()).map((r) => r.key)).toEqual(['test:new']);
    expect((await db.selectFrom('listing_boundary').select('listing').execute()).map((r) => r.listing)).toEqual(['new']);
    const after = await pending();
    const intervals: Record<string, number> = {
      [ABORT_STALE_UPLOADS_SCHEDULE]: 15,
      [PAYMENT_RECONCILE_SCHEDULE]: 1,
      [RENEW_SCHEDULE]: 10,
      [PEOPLE_BACKFILL_SCHEDULE]: 1,
      [PEOPLE_FAMILY_GROUP_SCHEDULE]: 1,
      [PLACES_BACKFILL]: 1,
      [THINGS_BACKFILL]: 1,
      [SMALL_THUMBS_SCHEDULE]: 1,
      [FORYOU_DAILY_SCHEDULE]: 10,
      [FORYOU_BACKFILL_SCHEDULE]: 1,
      [EXPIRE_GRANTS_SCHEDULE]: 5,
      [SEARCH_KEYS_SCHEDULE]: 1,
      [ROLL_UP_SUBSCRIBERS_SCHEDULE]: 5,
      [PRUNE_VERSIONS_SCHEDULE]: 360,
    };
    const every = (s: string) => (intervals[s] ?? 60) * 60_000;
    expect(after.map((r) => [r.schedule_key, r.run_at])).toEqual([...schedules].sort().map((s) => [s, due + every(s)]));
    expect(after.some((r) => before.some((b) => b.id === r.id))).toBe(false);
    expect(await t.app.jobs.runDue()).toBe(0);
  });
});
