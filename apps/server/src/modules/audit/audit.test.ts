import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { recordOperatorAction } from './audit.public.js';

describe.each(DIALECTS)('operator audit log (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInOperator;
  let ctx: OperatorContext;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await signedInAdmin(t);
    ctx = { operatorId: admin.id, sessionId: 'cli', role: 'admin', email: admin.email, ip: '10.1.2.3' };
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/audit/verify', headers: authed(admin.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { ok: boolean; checked: number; firstBroken: { seq: number; reason: string } | null };
  };
  const rows = () => t.database.db.selectFrom('operator_audit').selectAll().orderBy('seq').execute();

  it('chains every row to the one before; concurrent writers keep the chain whole', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordOperatorAction(t.database.db, { operator: ctx, action: 'config.update', targetKind: 'config', targetId: `key_${i}`, accountId: null, reason: 'load', after: { i } }),
      ),
    );
    const all = await rows();
    expect(all.map((r) => Number(r.seq))).toEqual(all.map((_, i) => i + 1));
    for (let i = 1; i < all.length; i++) expect(all[i]!.prev_hash).toBe(all[i - 1]!.hash);
    expect(await verify()).toEqual({ ok: true, checked: all.length, firstBroken: null });
  });

  it('a rolled-back change leaves no audit row (the row is written in the change\'s transaction)', async () => {
    const before = (await rows()).length;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await recordOperatorAction(trx, { operator: ctx, action: 'plan.update', targetKind: 'plan', targetId: 'p1', accountId: null, reason: 'will fail' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await rows()).length).toBe(before);
    expect((await verify()).ok).toBe(true);
  });

  it('detects an edited row, a deleted row and a removed last row, naming the first broken link', async () => {
    const all = await rows();
    const victim = all[3]!;
    // Edited: the reason is rewritten in the database.
    await t.database.db.updateTable('operator_audit').set({ reason: 'nothing to see' }).where('seq', '=', victim.seq).execute();
    expect(await verify()).toEqual({ ok: false, checked: 3, firstBroken: { seq: Number(victim.seq), reason: 'row was changed after it was written' } });
    // Re-hashing the edited row does not help: the next row's prev_hash no longer matches.
    const { chainHash } = await import('./audit.chain.js');
    const edited = { ...victim, reason: 'nothing to see' };
    await t.database.db.updateTable('operator_audit').set({ hash: chainHash(edited) }).where('seq', '=', victim.seq).execute();
    expect((await verify()).firstBroken).toEqual({ seq: Number(victim.seq) + 1, reason: 'previous hash does not match the row before' });
    await t.database.db.updateTable('operator_audit').set({ reason: victim.reason, hash: victim.hash }).where('seq', '=', victim.seq).execute();
    expect((await verify()).ok).toBe(true);

    // Deleted from the middle.
    await t.database.db.deleteFrom('operator_audit').where('seq', '=', victim.seq).execute();
    expect((await verify()).firstBroken).toEqual({ seq: Number(victim.seq), reason: `row ${Number(victim.seq)} is missing` });
    await t.database.db.insertInto('operator_audit').values(victim).execute();
    expect((await verify()).ok).toBe(true);

    // The last row removed: the head still remembers it.
    const last = (await rows()).at(-1)!;
    await t.database.db.deleteFrom('operator_audit').where('seq', '=', last.seq).execute();
    expect((await verify()).firstBroken).toEqual({ seq: Number(last.seq), reason: `row ${Number(last.seq)} is missing` });
    await t.database.db.insertInto('operator_audit').values(last).execute();
    expect((await verify()).ok).toBe(true);
  });

  it('lists newest first with filters and keyset paging, exports CSV (audited), and tells the subscriber (not who)', async () => {
    const subscriber = await signUp(t);
    await recordOperatorAction(t.database.db, {
      operator: ctx,
      action: 'subscriber.suspend',
      targetKind: 'account',
      targetId: subscriber.accountId,
      accountId: subscriber.accountId,
      reason: 'fraud report, "quoted", =cmd',
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED' },
    });
    // A view changes nothing: no notification for it.
    await recordOperatorAction(t.database.db, { operator: ctx, action: 'subscriber.view', targetKind: 'account', targetId: subscriber.accountId, accountId: subscriber.accountId, reason: null });

    const page = await t.app.inject({ method: 'GET', url: `/api/ops/audit?accountId=${subscriber.accountId}`, headers: authed(admin.token) });
    expect(page.statusCode).toBe(200);
    const items = page.json().items as Array<Record<string, unknown>>;
    expect(items.map((i) => i.action)).toEqual(['subscriber.view', 'subscriber.suspend']);
    expect(items[1]).toMatchObject({ operatorId: admin.id, operatorEmail: admin.email, ip: '10.1.2.3', before: { status: 'ACTIVE' }, after: { status: 'SUSPENDED' } });

    const first = await t.app.inject({ method: 'GET', url: '/api/ops/audit?limit=2', headers: authed(admin.token) });
    const next = await t.app.inject({ method: 'GET', url: `/api/ops/audit?limit=2&before=${first.json().nextBefore}`, headers: authed(admin.token) });
    const firstSeqs = (first.json().items as Array<{ seq: number }>).map((i) => i.seq);
    const nextSeqs = (next.json().items as Array<{ seq: number }>).map((i) => i.seq);
    expect(nextSeqs[0]).toBe(firstSeqs[1]! - 1);

    const notices = await t.app.inject({ method: 'GET', url: '/api/notification/communication/fetch', headers: authed(subscriber.token) });
    const mine = (notices.json() as Array<{ type: string; body: string; title: string }>).filter((n) => n.type === 'OPERATOR_ACTION');
    expect(mine).toHaveLength(1);
    // The subscriber signed up in Turkish: the label is the suspension's, and no operator is named.
    expect(mine[0]!.body).toBe('Bulut destek hesabınızda bir değişiklik yaptı: hesap askıya alındı');
    expect(JSON.stringify(mine)).not.toContain(admin.email);

    const csv = await t.app.inject({ method: 'GET', url: `/api/ops/audit/export.csv?accountId=${subscriber.accountId}`, headers: authed(admin.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('seq,id,at,operator_id,operator_email,action,target_kind,target_id,account_id,ip,reason,before_json,after_json,prev_hash,hash');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('"fraud report, ""quoted"", =cmd"');
    const exported = await t.app.inject({ method: 'GET', url: '/api/ops/audit?action=audit.export', headers: authed(admin.token) });
    expect(exported.json().items[0]).toMatchObject({ action: 'audit.export', operatorId: admin.id });
    expect((await verify()).ok).toBe(true);
  });

  it('is for roles with ops.audit.read only', async () => {
    const support = await signedInOperator(t, admin, 'support');
    const res = await t.app.inject({ method: 'GET', url: '/api/ops/audit', headers: authed(support.token) });
    expect(expectError(res, 403, 'FORBIDDEN').message).toBe('Your role does not allow this.');
  });
});
