import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { openChatSession } from './support.fixtures.js';

type Item = { kind: 'ticket' | 'feedback'; id: string; state: string; language: string; type: string | null };

describe.each(DIALECTS)("the agents' inbox (%s)", (dialect) => {
  let t: TestApp;
  let agent: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    agent = await signedInOperator(t, await signedInAdmin(t), 'support');
  });
  afterAll(() => t.close());

  const inbox = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/ops/support/inbox${query}`, headers: authed(agent.token) });
    expect(res.statusCode).toBe(200);
    return res.json().items as Item[];
  };
  /** A subscriber in `language` who writes in the chat; returns the ticket's id. */
  const ticketIn = async (language: string, text: string) => {
    const { token } = await signUp(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/language', headers: authed(token), payload: { language } })).statusCode).toBe(200);
    const session = await openChatSession(t, token);
    const sent = await t.app.inject({ method: 'POST', url: '/api/support/messages', headers: { 'x-support-session': session }, payload: { clientId: randomUUID(), text } });
    return sent.json().data.ticketId as string;
  };
  const feedbackIn = async (type: string, language: string, text: string) => {
    const { token } = await signUp(t);
    const sent = await t.app.inject({ method: 'POST', url: `/api/feedback/send/${type}/${language}`, headers: authed(token), payload: { text } });
    expect(sent.statusCode).toBe(200);
    return sent.json().data.id as string;
  };
  const ago = (minutes: number) => Date.now() - minutes * 60_000;

  it('puts those waiting for an agent first, longest waiting first, then new feedback, then those waiting for the subscriber; filters by state, language, kind and type', async () => {
    const oldTr = await ticketIn('tr', 'Eski talep');
    const newEn = await ticketIn('en', 'New question');
    const answered = await ticketIn('tr', 'Yanıtlanan talep');
    const complaint = await feedbackIn('COMPLAINT', 'tr', 'Şikâyetim var');
    const suggestion = await feedbackIn('SUGGESTION', 'en', 'A suggestion');
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${answered}/messages`, headers: authed(agent.token), payload: { clientId: randomUUID(), text: 'Buyurun' } })).statusCode).toBe(200);
    // Waiting times set apart, so the order says what the inbox sorts by (the newest ticket waited longest, etc.).
    await t.database.db.updateTable('support_ticket').set({ waiting_since: ago(30) }).where('id', '=', newEn).execute();
    await t.database.db.updateTable('support_ticket').set({ waiting_since: ago(10) }).where('id', '=', oldTr).execute();
    await t.database.db.updateTable('support_ticket').set({ waiting_since: ago(60) }).where('id', '=', answered).execute();
    await t.database.db.updateTable('support_feedback').set({ created_at: ago(5) }).where('id', '=', complaint).execute();
    await t.database.db.updateTable('support_feedback').set({ created_at: ago(90) }).where('id', '=', suggestion).execute();

    const ids = (items: Item[]) => items.map((i) => i.id);
    expect(ids(await inbox())).toEqual([newEn, oldTr, suggestion, complaint, answered]);
    expect(ids(await inbox('?language=en'))).toEqual([newEn, suggestion]);
    expect(ids(await inbox('?language=tr'))).toEqual([oldTr, complaint, answered]);
    expect(ids(await inbox('?kind=ticket'))).toEqual([newEn, oldTr, answered]);
    expect(ids(await inbox('?kind=feedback'))).toEqual([suggestion, complaint]);
    // A feedback type leaves chats out (they have none).
    expect(ids(await inbox('?type=COMPLAINT'))).toEqual([complaint]);
    expect(ids(await inbox('?state=waiting_subscriber'))).toEqual([answered]);
    // Nobody has taken these two yet.
    expect(ids(await inbox('?state=open'))).toEqual([newEn, oldTr]);

    // Solved and handled leave the default view and are found under their state.
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${answered}/solve`, headers: authed(agent.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/support/feedback/${complaint}/done`, headers: authed(agent.token) })).statusCode).toBe(200);
    expect(ids(await inbox())).toEqual([newEn, oldTr, suggestion]);
    expect(ids(await inbox('?state=solved'))).toEqual([answered]);
    expect(ids(await inbox('?state=done'))).toEqual([complaint]);

    // Every agent action on them is in the audit log, the agent's reading of a feedback included.
    expect((await t.app.inject({ method: 'GET', url: `/api/ops/support/feedback/${complaint}`, headers: authed(agent.token) })).statusCode).toBe(200);
    const audited = async (id: string) =>
      (await t.database.db.selectFrom('operator_audit').select(['action', 'operator_id']).where('target_id', '=', id).execute()).map((r) => `${r.action} ${r.operator_id}`);
    expect(await audited(complaint)).toEqual(expect.arrayContaining([`support.feedback.done ${agent.id}`, `support.feedback.view ${agent.id}`]));
    expect(await audited(answered)).toEqual(expect.arrayContaining([`support.reply ${agent.id}`, `support.ticket.solve ${agent.id}`]));
  });
});
