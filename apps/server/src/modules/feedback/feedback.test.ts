import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator } from '../../test/operators.fixtures.js';
import { FEEDBACK_PER_HOUR } from './feedback.service.js';

const client = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0', language: 'tr-TR', platform: 'Linux x86_64', vendor: 'Google Inc.' };

describe.each(DIALECTS)('feedback (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { FEEDBACK_EMAIL: 'feedback@operator.example.com' });
  });
  afterAll(() => t.close());

  const send = (token: string, type: string, language: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/feedback/send/${type}/${language}`, headers: authed(token), payload });

  it('stores the feedback with the account, type, language and client details, forwards it, and shows it in the inbox', async () => {
    const { token, accountId } = await signUp(t);
    const res = await send(token, 'COMPLAINT', 'tr', { text: '  Fotoğraflar yüklenmiyor.  ', client: { ...client, injected: 'dropped' } });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as string;
    const row = await t.database.db.selectFrom('support_feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: accountId, type: 'COMPLAINT', language: 'tr', text: 'Fotoğraflar yüklenmiyor.', state: 'new' });
    expect(JSON.parse(row.client_json)).toEqual(client);

    while ((await t.app.jobs.runDue()) > 0);
    const mail = readOutbox(t.dataDir).find((m) => m.to === 'feedback@operator.example.com' && m.text.includes(id));
    expect(mail?.subject).toBe('Bulut feedback: COMPLAINT (tr)');
    expect(mail?.text).toContain('Fotoğraflar yüklenmiyor.');
    expect(mail?.text).toContain('Chrome/131.0');

    const admin = await signedInAdmin(t);
    const support = await signedInOperator(t, admin, 'support');
    const inbox = await t.app.inject({ method: 'GET', url: '/api/ops/support/inbox?kind=feedback&type=COMPLAINT&language=tr', headers: authed(support.token) });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().items).toContainEqual(expect.objectContaining({ kind: 'feedback', id, type: 'COMPLAINT', language: 'tr', accountId, state: 'new' }));
    const detail = await t.app.inject({ method: 'GET', url: `/api/ops/support/feedback/${id}`, headers: authed(support.token) });
    expect(detail.json().feedback).toMatchObject({ id, text: 'Fotoğraflar yüklenmiyor.', client });
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/support/feedback/${id}/done`, headers: authed(support.token) })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/ops/support/inbox?kind=feedback', headers: authed(support.token) });
    expect(after.json().items.map((i: { id: string }) => i.id)).not.toContain(id);
    // Marketing has no support permission.
    const marketing = await signedInOperator(t, admin, 'marketing');
    expectError(await t.app.inject({ method: 'GET', url: '/api/ops/support/inbox', headers: authed(marketing.token) }), 403);
  });

  it('accepts 700 characters and refuses 701, an empty text, other types and other languages', async () => {
    const { token } = await signUp(t);
    expect((await send(token, 'SUGGESTION', 'en', { text: 'ş'.repeat(700) })).statusCode).toBe(200);
    expectError(await send(token, 'SUGGESTION', 'en', { text: 'a'.repeat(701) }), 400);
    expectError(await send(token, 'SUGGESTION', 'en', { text: '   ' }), 400, 'VALIDATION_ERROR');
    expectError(await send(token, 'PRAISE', 'en', { text: 'hello' }), 400);
    expectError(await send(token, 'suggestion', 'en', { text: 'hello' }), 400);
    expectError(await send(token, 'SUGGESTION', 'de', { text: 'hello' }), 400);
    expectError(await send(token, 'SUGGESTION', 'TR', { text: 'hello' }), 400);
    expect((await send(token, 'SUGGESTION', 'ar', { text: 'مرحبا' })).statusCode).toBe(200);
    // The spec's second reading: the bare text as the body.
    const plain = (text: string) =>
      t.app.inject({ method: 'POST', url: '/api/feedback/send/COMPLAINT/en', headers: { ...authed(token), 'content-type': 'text/plain; charset=utf-8' }, payload: text });
    const stored = await plain('Plain text works.');
    expect(stored.statusCode).toBe(200);
    expect((await t.database.db.selectFrom('support_feedback').select('text').where('id', '=', stored.json().data.id).executeTakeFirstOrThrow()).text).toBe('Plain text works.');
    expectError(await plain('x'.repeat(701)), 400);
    expectError(await t.app.inject({ method: 'POST', url: '/api/feedback/send/SUGGESTION/en', payload: { text: 'hi' } }), 401);
  });

  it(`allows ${FEEDBACK_PER_HOUR} a hour per account, then 429; another account is not affected`, async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (let i = 0; i < FEEDBACK_PER_HOUR; i++) expect((await send(a.token, 'SUGGESTION', 'en', { text: `idea ${i}` })).statusCode).toBe(200);
    expectError(await send(a.token, 'SUGGESTION', 'en', { text: 'one more' }), 429, 'TOO_MANY_REQUESTS');
    expect((await send(b.token, 'SUGGESTION', 'en', { text: 'mine' })).statusCode).toBe(200);
    const stored = await t.database.db.selectFrom('support_feedback').select('id').where('account_id', '=', a.accountId).execute();
    expect(stored).toHaveLength(FEEDBACK_PER_HOUR);
  });
});
