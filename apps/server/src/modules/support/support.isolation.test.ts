import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, DIALECTS, expectError, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { ChatClient, openChatSession } from './support.fixtures.js';

type Msg = { id: string; seq: number; author: string; text: string; ticketId: string };

/**
 * Issue 29's isolation test: the subscriber routes of the chat carry no ticket id (the chat session names the account),
 * so the generated id audit cannot reach them; this walks every one of them, and the socket, with another subscriber.
 */
describe.each(DIALECTS)('support isolation between subscribers (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let agent: SignedInOperator;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    agent = await signedInOperator(t, await signedInAdmin(t), 'support');
  });
  afterAll(() => t.close());

  const sessionFor = (token: string) => openChatSession(t, token);
  const asSubscriber = (session: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-support-session': session }, ...(payload ? { payload } : {}) });
  const byAgent = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: authed(agent.token), payload });
  const socket = async (session: string) => {
    const c = await ChatClient.open(`ws://${base}/api/support/ws`);
    c.send({ type: 'hello', session, lastSeq: 0 });
    await c.next((f) => f.type === 'ready');
    return c;
  };

  it("a subscriber never reads, answers, rates or hears another subscriber's ticket", async () => {
    const a = await sessionFor((await signUp(t)).token);
    const b = await sessionFor((await signUp(t)).token);
    const aSocket = await socket(a);
    const bSocket = await socket(b);

    // A writes and sends a picture; an agent answers A, types to A, and solves A's ticket.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    const picture = await t.app.inject({ method: 'POST', url: '/api/support/attachments?name=a.png', headers: { 'x-support-session': a, 'content-type': 'image/png' }, payload: png });
    const attachmentId = picture.json().data.id as string;
    const first = (await asSubscriber(a, 'POST', '/api/support/messages', { clientId: randomUUID(), text: 'A: faturam', attachmentId })).json().data as Msg;
    const ticketA = first.ticketId;
    expect((await byAgent(`/api/ops/support/tickets/${ticketA}/messages`, { clientId: randomUUID(), text: 'A için yanıt' })).statusCode).toBe(200);
    await aSocket.next((f) => f.type === 'message' && (f.message as Msg).text === 'A için yanıt');
    const agentSocket = await ChatClient.open(`ws://${base}/api/ops/support/ws`);
    agentSocket.send({ type: 'hello', token: agent.token });
    await agentSocket.next((f) => f.type === 'ready');
    agentSocket.send({ type: 'subscribe', ticketId: ticketA, lastSeq: 0 });
    await agentSocket.next((f) => f.type === 'replay');
    agentSocket.send({ type: 'typing', ticketId: ticketA, typing: true });
    await aSocket.next((f) => f.type === 'typing' && f.typing === true);
    expect((await byAgent(`/api/ops/support/tickets/${ticketA}/solve`)).statusCode).toBe(200);
    await aSocket.next((f) => f.type === 'ticket' && (f.ticket as { state: string }).state === 'solved');

    // B, in its own chat: its history is its own, A's picture is not found, B cannot attach it or rate A's solved ticket.
    expect((await asSubscriber(b, 'GET', '/api/support/conversation')).json().data).toMatchObject({ ticket: null, messages: [] });
    expectError(await asSubscriber(b, 'GET', `/api/support/attachments/${attachmentId}`), 404);
    expectError(await asSubscriber(b, 'POST', '/api/support/messages', { clientId: randomUUID(), text: 'x', attachmentId }), 404);
    expectError(await asSubscriber(b, 'POST', '/api/support/rating', { rating: 1 }), 404);
    // A message of B's with A's client id is B's own message, in a ticket of B's.
    const bMessage = (await asSubscriber(b, 'POST', '/api/support/messages', { clientId: first.id, text: 'B: merhaba' })).json().data as Msg;
    expect(bMessage.ticketId).not.toBe(ticketA);
    expectError(await asSubscriber(b, 'POST', '/api/support/rating', { rating: 1 }), 409, 'NOT_SOLVED');
    // B's read mark far past its own messages marks only B's.
    expect((await asSubscriber(b, 'POST', '/api/support/read', { seq: first.seq + 100 })).statusCode).toBe(200);
    bSocket.send({ type: 'send', clientId: randomUUID(), text: 'B: orada mısınız?' });
    await bSocket.next((f) => f.type === 'message' && (f.message as Msg).text === 'B: orada mısınız?');

    // A's chat is as it was: A's messages and the agent's, A's rating still possible, nothing from B.
    const mine = (await asSubscriber(a, 'GET', '/api/support/conversation')).json().data as { ticket: { id: string; state: string; rating: number | null }; messages: Msg[] };
    expect(mine.ticket).toMatchObject({ id: ticketA, state: 'solved', rating: null });
    expect(mine.messages.map((m) => m.text)).toEqual(['A: faturam', 'A için yanıt']);
    const agentView = (await t.app.inject({ method: 'GET', url: `/api/ops/support/tickets/${ticketA}`, headers: authed(agent.token) })).json();
    expect(agentView.ticket.subscriberReadSeq).toBe(0);
    expect(agentView.messages.map((m: Msg) => m.text)).toEqual(['A: faturam', 'A için yanıt']);

    // A marker for B after all of A's events: a frame meant for A would have reached B's socket before it (one socket,
    // one order). B heard only its own chat.
    expect((await byAgent(`/api/ops/support/tickets/${bMessage.ticketId}/messages`, { clientId: randomUUID(), text: 'B için yanıt' })).statusCode).toBe(200);
    await bSocket.next((f) => f.type === 'message' && (f.message as Msg).text === 'B için yanıt');
    const heard = JSON.stringify(bSocket.frames);
    for (const leaked of ['A: faturam', 'A için yanıt', ticketA, attachmentId]) expect(heard).not.toContain(leaked);
    expect(bSocket.frames.filter((f) => f.type === 'typing')).toEqual([]);
    expect(aSocket.frames.map((f) => JSON.stringify(f)).join()).not.toContain('B: ');

    for (const c of [aSocket, bSocket, agentSocket]) c.close();
  });
});
