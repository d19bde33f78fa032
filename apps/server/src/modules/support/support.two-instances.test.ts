import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createPgDatabase, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { ChatClient } from './support.fixtures.js';

type Msg = { seq: number; clientId: string; author: string; text: string; ticketId: string };

// Two instances on one PostgreSQL, as behind a load balancer: the subscriber's socket on A, the agent's on B; every
// message must cross through LISTEN/NOTIFY both ways. (SQLite runs one instance, with an in-process relay.)
describe.skipIf(!process.env.TEST_DATABASE_URL)('support chat across two instances (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  let agent: SignedInOperator;
  const addr = (t: TestApp) => `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;

  beforeAll(async () => {
    const shared = await createPgDatabase();
    drop = shared.drop;
    a = await startTestApp('postgres', {}, { databaseUrl: shared.url });
    b = await startTestApp('postgres', {}, { databaseUrl: shared.url });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    agent = await signedInOperator(b, await signedInAdmin(b), 'support');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('a subscriber on instance A and an agent on instance B hear each other live', async () => {
    const { token } = await signUp(a);
    const ticket = (await a.app.inject({ method: 'GET', url: '/api/account/ticket', headers: authed(token) })).json().data.ticket as string;
    const session = (await a.app.inject({ method: 'POST', url: '/api/support/session', payload: { ticket } })).json().data.session as string;

    const sub = await ChatClient.open(`ws://${addr(a)}/api/support/ws`);
    sub.send({ type: 'hello', session, lastSeq: 0 });
    await sub.next((f) => f.type === 'ready');
    const agentSocket = await ChatClient.open(`ws://${addr(b)}/api/ops/support/ws`);
    agentSocket.send({ type: 'hello', token: agent.token });
    await agentSocket.next((f) => f.type === 'ready');

    // A → B: the new ticket reaches the agent's inbox on the other instance.
    const clientId = randomUUID();
    sub.send({ type: 'send', clientId, text: 'A üzerinden merhaba' });
    const created = await agentSocket.next<{ type: 'ticket'; ticket: { id: string; preview: string } }>((f) => f.type === 'ticket');
    expect(created.ticket.preview).toBe('A üzerinden merhaba');
    agentSocket.send({ type: 'subscribe', ticketId: created.ticket.id, lastSeq: 0 });
    const replay = await agentSocket.next<{ type: 'replay'; messages: Msg[] }>((f) => f.type === 'replay');
    expect(replay.messages.map((m) => m.clientId)).toEqual([clientId]);

    // B → A: the agent answers over its socket on B; the subscriber on A gets it.
    agentSocket.send({ type: 'send', ticketId: created.ticket.id, clientId: randomUUID(), text: 'B üzerinden cevap' });
    const answer = await sub.next<{ type: 'message'; message: Msg }>((f) => f.type === 'message' && (f.message as Msg).author === 'agent');
    expect(answer.message.text).toBe('B üzerinden cevap');

    // A → B again, on the subscribed ticket: a message frame, not just an inbox update.
    sub.send({ type: 'send', clientId: randomUUID(), text: 'teşekkürler' });
    const live = await agentSocket.next<{ type: 'message'; message: Msg }>((f) => f.type === 'message' && (f.message as Msg).author === 'subscriber');
    expect(live.message.text).toBe('teşekkürler');
    sub.close();
    agentSocket.close();
  });
});
