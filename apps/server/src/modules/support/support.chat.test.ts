import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../shared/tokens.js';
import { authed, DIALECTS, expectError, readOutbox, signUp, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin, signedInOperator, type SignedInOperator } from '../../test/operators.fixtures.js';
import { ChatClient } from './support.fixtures.js';

type Msg = { id: string; seq: number; clientId: string; author: string; text: string; internal: boolean; ticketId: string };

describe.each(DIALECTS)('support chat (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let agent: SignedInOperator;
  let admin: SignedInOperator;
  beforeAll(async () => {
    // Agent sockets re-check their console session every 300 ms here (15 s by default).
    t = await startTestApp(dialect, { SUPPORT_AGENT_RECHECK_MS: '300' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    base = `127.0.0.1:${port}`;
    admin = await signedInAdmin(t);
    agent = await signedInOperator(t, admin, 'support');
  });
  afterAll(() => t.close());

  const ticketOf = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/ticket', headers: authed(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data.ticket as string;
  };
  const openSession = (ticket: string) => t.app.inject({ method: 'POST', url: '/api/support/session', payload: { ticket } });
  const sessionFor = async (token: string) => {
    const res = await openSession(await ticketOf(token));
    expect(res.statusCode).toBe(200);
    return res.json().data.session as string;
  };
  const subscriberSocket = async (session: string, lastSeq = 0) => {
    const c = await ChatClient.open(`ws://${base}/api/support/ws`);
    c.send({ type: 'hello', session, lastSeq });
    const ready = await c.next<{ type: 'ready'; conversation: { messages: Msg[]; lastSeq: number } }>((f) => f.type === 'ready');
    return { c, ready };
  };
  const agentSocket = async () => {
    const c = await ChatClient.open(`ws://${base}/api/ops/support/ws`);
    c.send({ type: 'hello', token: agent.token });
    await c.next((f) => f.type === 'ready');
    return c;
  };
  const reply = (ticketId: string, text: string, extra: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/messages`, headers: authed(agent.token), payload: { clientId: randomUUID(), text, ...extra } });
  const postAsSubscriber = (session: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/support/messages', headers: { 'x-support-session': session }, payload });
  const conversation = (session: string, after = 0) =>
    t.app.inject({ method: 'GET', url: `/api/support/conversation?after=${after}`, headers: { 'x-support-session': session } });

  it('a ticket is unguessable, stored hashed, lives 10 minutes and opens one chat session only', async () => {
    const { token } = await signUp(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/ticket', headers: authed(token) });
    const { ticket, expiresAt } = res.json().data as { ticket: string; expiresAt: string };
    expect(Buffer.from(ticket, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    const rows = await t.database.db.selectFrom('support_token').selectAll().where('token_hash', 'in', [ticket, hashToken(ticket)]).execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(ticket)]);

    expect((await openSession(ticket)).statusCode).toBe(200);
    expectError(await openSession(ticket), 401, 'INVALID_TICKET');

    const late = await ticketOf(token);
    await t.database.db.updateTable('support_token').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(late)).execute();
    expectError(await openSession(late), 401, 'INVALID_TICKET');
    expectError(await openSession('not-a-ticket'), 401, 'INVALID_TICKET');
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/ticket' }), 401);
    expectError(await conversation('nonsense'), 401, 'INVALID_SESSION');
  });

  it('subscriber and agent talk over WebSockets; a dropped subscriber resumes with nothing lost or repeated', async () => {
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    const inbox = await agentSocket();
    const { c: sub, ready } = await subscriberSocket(session);
    expect(ready.conversation.messages).toEqual([]);

    const first = randomUUID();
    sub.send({ type: 'send', clientId: first, text: 'Merhaba, yüklemem takıldı.' });
    const echo = await sub.next<{ type: 'message'; message: Msg }>((f) => f.type === 'message');
    expect(echo.message).toMatchObject({ clientId: first, author: 'subscriber', text: 'Merhaba, yüklemem takıldı.', internal: false });
    const ticketId = echo.message.ticketId;
    // The inbox hears about the new ticket live.
    const live = await inbox.next<{ type: 'ticket'; ticket: { id: string; state: string; preview: string } }>((f) => f.type === 'ticket' && (f.ticket as { id: string }).id === ticketId);
    expect(live.ticket).toMatchObject({ state: 'open', preview: 'Merhaba, yüklemem takıldı.' });

    inbox.send({ type: 'subscribe', ticketId, lastSeq: 0 });
    const replay = await inbox.next<{ type: 'replay'; messages: Msg[] }>((f) => f.type === 'replay');
    expect(replay.messages.map((m) => m.clientId)).toEqual([first]);

    // Typing both ways, then the agent answers (REST) and the subscriber gets it live.
    sub.send({ type: 'typing', typing: true });
    await inbox.next((f) => f.type === 'typing' && f.author === 'subscriber' && f.typing === true);
    inbox.send({ type: 'typing', ticketId, typing: true });
    await sub.next((f) => f.type === 'typing' && f.author === 'agent' && f.typing === true);
    expect((await reply(ticketId, 'Hangi dosya?')).statusCode).toBe(200);
    const answer = await sub.next<{ type: 'message'; message: Msg }>((f) => f.type === 'message');
    expect(answer.message).toMatchObject({ author: 'agent', text: 'Hangi dosya?' });
    await inbox.next((f) => f.type === 'message' && (f.message as Msg).text === 'Hangi dosya?');

    // Read marks reach the agent.
    sub.send({ type: 'read', seq: answer.message.seq });
    const marked = await inbox.next<{ type: 'ticket'; ticket: { subscriberReadSeq: number } }>(
      (f) => f.type === 'ticket' && (f.ticket as { id: string; subscriberReadSeq: number }).subscriberReadSeq === answer.message.seq,
    );
    expect(marked.ticket).toMatchObject({ id: ticketId, agentReadSeq: answer.message.seq });

    // An internal note reaches agents only.
    expect((await reply(ticketId, 'iç not: kota dolu', { internal: true })).statusCode).toBe(200);
    await inbox.next((f) => f.type === 'message' && (f.message as Msg).internal === true);

    // The network drops. Meanwhile the agent writes twice, and the subscriber's client queued one message (sent over
    // HTTP by the fallback) that it will send again on the socket after reconnecting.
    const lastSeen = answer.message.seq;
    sub.drop();
    await sub.whenClosed();
    await reply(ticketId, 'Dosya 2 GB üstünde mi?');
    await reply(ticketId, 'Bir de tarayıcıyı yeniler misiniz?');
    const queued = randomUUID();
    expect((await postAsSubscriber(session, { clientId: queued, text: 'Evet, 3 GB.' })).statusCode).toBe(200);

    const { c: again, ready: resumed } = await subscriberSocket(session, lastSeen);
    expect(resumed.conversation.messages.map((m) => m.text)).toEqual(['Dosya 2 GB üstünde mi?', 'Bir de tarayıcıyı yeniler misiniz?', 'Evet, 3 GB.']);
    again.send({ type: 'send', clientId: queued, text: 'Evet, 3 GB.' });
    again.send({ type: 'send', clientId: randomUUID(), text: 'Yeniledim.' });
    const after = await again.next<{ type: 'message'; message: Msg }>((f) => f.type === 'message');
    expect(after.message.text).toBe('Yeniledim.');

    // The whole history: every message once, in order, no internal note.
    const history = (await conversation(session)).json().data as { messages: Msg[]; ticket: { state: string } };
    expect(history.messages.map((m) => m.text)).toEqual([
      'Merhaba, yüklemem takıldı.',
      'Hangi dosya?',
      'Dosya 2 GB üstünde mi?',
      'Bir de tarayıcıyı yeniler misiniz?',
      'Evet, 3 GB.',
      'Yeniledim.',
    ]);
    expect(new Set(history.messages.map((m) => m.seq)).size).toBe(6);
    expect(history.ticket.state).toBe('waiting_agent');
    // The agent's view has the note too, and the same messages once each.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/ops/support/tickets/${ticketId}`, headers: authed(agent.token) })).json();
    expect(detail.messages).toHaveLength(7);
    expect(detail.messages.filter((m: Msg) => m.internal).map((m: Msg) => m.text)).toEqual(['iç not: kota dolu']);
    expect(detail.subscriber).toMatchObject({ countryCode: '90', quotaBytes: expect.any(Number), usedBytes: 0 });
    again.close();
    inbox.close();
  });

  it('a socket without a valid hello is closed, and the console token is checked for agents', async () => {
    const c = await ChatClient.open(`ws://${base}/api/support/ws`);
    c.send({ type: 'hello', session: 'forged', lastSeq: 0 });
    expect((await c.whenClosed()).code).toBe(4401);
    const { token } = await signUp(t);
    const a = await ChatClient.open(`ws://${base}/api/ops/support/ws`);
    // A subscriber's token is no console token.
    a.send({ type: 'hello', token });
    expect((await a.whenClosed()).code).toBe(4401);
    // A console role without support permissions is refused.
    const marketing = await signedInOperator(t, admin, 'marketing');
    const m = await ChatClient.open(`ws://${base}/api/ops/support/ws`);
    m.send({ type: 'hello', token: marketing.token });
    expect((await m.whenClosed()).code).toBe(4403);
    // Silence is not a hello.
    const silent = await ChatClient.open(`ws://${base}/api/support/ws`);
    silent.send({ type: 'send', clientId: randomUUID(), text: 'no hello' });
    expect((await silent.whenClosed()).code).toBe(4401);
  });

  it('an agent socket that only listens is cut off when its operator is disabled, its session expires or its role loses the inbox', async () => {
    const listening = async (op: SignedInOperator) => {
      const c = await ChatClient.open(`ws://${base}/api/ops/support/ws`);
      c.send({ type: 'hello', token: op.token });
      await c.next((f) => f.type === 'ready');
      return c;
    };
    const disabled = await signedInOperator(t, admin, 'support');
    const expired = await signedInOperator(t, admin, 'support');
    const demoted = await signedInOperator(t, admin, 'support');
    const stays = await listening(agent);
    const [a, b, c] = await Promise.all([listening(disabled), listening(expired), listening(demoted)]);

    const byAdmin = (url: string, method: 'POST' | 'PUT', payload: object) => t.app.inject({ method, url, headers: authed(admin.token), payload });
    expect((await byAdmin(`/api/ops/operators/${disabled.id}/disable`, 'POST', { reason: 'left the team' })).statusCode).toBe(200);
    // Idle past the console's limit: the session is no longer live though nobody ended it.
    await t.database.db.updateTable('operator_session').set({ last_seen_at: 1 }).where('operator_id', '=', expired.id).execute();
    expect((await byAdmin(`/api/ops/operators/${demoted.id}/role`, 'PUT', { role: 'marketing', reason: 'moved to campaigns' })).statusCode).toBe(200);
    expect((await a.whenClosed()).code).toBe(4401);
    expect((await b.whenClosed()).code).toBe(4401);
    expect((await c.whenClosed()).code).toBe(4403);

    // The agent whose session is live still gets the inbox's live frames after the re-checks.
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    expect((await postAsSubscriber(session, { clientId: randomUUID(), text: 'Hâlâ burada mısınız?' })).statusCode).toBe(200);
    await stays.next((f) => f.type === 'ticket' && (f.ticket as { preview: string }).preview === 'Hâlâ burada mısınız?');
    expect(stays.closed).toBeNull();
    for (const gone of [a, b, c]) expect(gone.frames.filter((f) => f.type === 'ticket')).toEqual([]);
    stays.close();
  });

  it('a new ticket is open until an agent takes it or answers; reopened without an agent it is open again', async () => {
    const states = async (session: string) => (await conversation(session)).json().data.ticket as { state: string; assigneeId: string | null };
    const inbox = async (state: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/ops/support/inbox?state=${state}&kind=ticket&limit=200`, headers: authed(agent.token) })).json().items as Array<{ id: string; waitingSince: string }>;
    const inboxStates = async (state: string) => (await inbox(state)).map((i) => i.id);
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    const ticketId = (await postAsSubscriber(session, { clientId: randomUUID(), text: 'Fotoğraflarım görünmüyor.' })).json().data.ticketId as string;
    expect(await states(session)).toMatchObject({ state: 'open', assigneeId: null });
    const waitingSince = (await inbox('open')).find((i) => i.id === ticketId)?.waitingSince;
    expect(waitingSince).toEqual(expect.any(String));
    // Writing again while nobody has it keeps it open, and its wait keeps its start.
    await postAsSubscriber(session, { clientId: randomUUID(), text: 'Hâlâ görünmüyor.' });
    expect((await states(session)).state).toBe('open');
    expect((await inbox('open')).find((i) => i.id === ticketId)?.waitingSince).toBe(waitingSince);
    // An internal note is not an answer and takes nothing.
    await reply(ticketId, 'iç not: önbellek?', { internal: true });
    expect((await states(session)).state).toBe('open');
    // Taking it: now it waits for that agent.
    await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/take`, headers: authed(agent.token) });
    expect(await states(session)).toMatchObject({ state: 'waiting_agent', assigneeId: agent.id });
    expect(await inboxStates('open')).not.toContain(ticketId);
    expect(await inboxStates('waiting_agent')).toContain(ticketId);

    // Another subscriber's ticket solved by an agent who never took it: writing again reopens it open, then an
    // answer (which assigns the answering agent) makes it wait for the subscriber.
    const other = await sessionFor((await signUp(t)).token);
    const second = (await postAsSubscriber(other, { clientId: randomUUID(), text: 'Yanlışlıkla yazdım.' })).json().data.ticketId as string;
    await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${second}/solve`, headers: authed(agent.token) });
    expect((await postAsSubscriber(other, { clientId: randomUUID(), text: 'Aslında bir sorum var.' })).json().data.ticketId).toBe(second);
    expect(await states(other)).toMatchObject({ state: 'open', assigneeId: null });
    await reply(second, 'Buyurun.');
    expect(await states(other)).toMatchObject({ state: 'waiting_subscriber', assigneeId: agent.id });
  });

  it('solve, rate 1–5, reopen within 7 days, a new ticket after; every agent action is audited', async () => {
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    const sent = await postAsSubscriber(session, { clientId: randomUUID(), text: 'Faturam yanlış.' });
    const ticketId = sent.json().data.ticketId as string;
    expectError(await t.app.inject({ method: 'POST', url: '/api/support/rating', headers: { 'x-support-session': session }, payload: { rating: 5 } }), 409, 'NOT_SOLVED');
    const take = await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/take`, headers: authed(agent.token) });
    expect(take.json().ticket).toMatchObject({ assigneeId: agent.id });
    const assign = (operatorId: string) =>
      t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/assign`, headers: authed(agent.token), payload: { operatorId } });
    expect((await assign(admin.id)).json().ticket).toMatchObject({ assigneeId: admin.id });
    const marketing = await signedInOperator(t, admin, 'marketing');
    expectError(await assign(marketing.id), 400, 'VALIDATION_ERROR');
    expect((await assign(agent.id)).json().ticket).toMatchObject({ assigneeId: agent.id });
    const agents = (await t.app.inject({ method: 'GET', url: '/api/ops/support/agents', headers: authed(agent.token) })).json().items as Array<{ id: string }>;
    expect(agents.map((x) => x.id)).toEqual(expect.arrayContaining([agent.id, admin.id]));
    expect(agents.map((x) => x.id)).not.toContain(marketing.id);
    await reply(ticketId, 'Düzelttik.');
    const solved = await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/solve`, headers: authed(agent.token) });
    expect(solved.json().ticket.state).toBe('solved');
    expectError(await t.app.inject({ method: 'POST', url: '/api/support/rating', headers: { 'x-support-session': session }, payload: { rating: 6 } }), 400);
    const rated = await t.app.inject({ method: 'POST', url: '/api/support/rating', headers: { 'x-support-session': session }, payload: { rating: 4 } });
    expect(rated.json().data).toMatchObject({ id: ticketId, rating: 4, state: 'solved' });

    // Writing again within 7 days reopens the same ticket.
    const reopened = await postAsSubscriber(session, { clientId: randomUUID(), text: 'Yine yanlış.' });
    expect(reopened.json().data.ticketId).toBe(ticketId);
    expect((await conversation(session)).json().data.ticket).toMatchObject({ id: ticketId, state: 'waiting_agent', rating: null });

    // Solved 8 days ago: a new ticket.
    await t.app.inject({ method: 'POST', url: `/api/ops/support/tickets/${ticketId}/solve`, headers: authed(agent.token) });
    await t.database.db.updateTable('support_ticket').set({ solved_at: Date.now() - 8 * 24 * 3600 * 1000 }).where('id', '=', ticketId).execute();
    const fresh = await postAsSubscriber(session, { clientId: randomUUID(), text: 'Başka bir sorun.' });
    expect(fresh.json().data.ticketId).not.toBe(ticketId);

    const actions = await t.database.db.selectFrom('operator_audit').select('action').where('target_id', '=', ticketId).execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['support.ticket.take', 'support.ticket.assign', 'support.reply', 'support.ticket.solve']));
  });

  it('an agent reply while the subscriber is away brings an in-app notification and an e-mail; not while the chat is open', async () => {
    const { token, user } = await signUp(t);
    const session = await sessionFor(token);
    const ticketId = (await postAsSubscriber(session, { clientId: randomUUID(), text: 'Orada mısınız?' })).json().data.ticketId as string;
    const notifications = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/notification/communication/fetch?language=tr', headers: authed(token) })).json().filter((n: { type: string }) => n.type === 'SUPPORT_REPLY');
    const mails = () => readOutbox(t.dataDir).filter((m) => m.to === user.email.toLowerCase() && m.subject === 'Bulut destek ekibi yanıt verdi');

    // In the chat: no notification.
    const { c } = await subscriberSocket(session);
    await reply(ticketId, 'Buradayız.');
    await c.next((f) => f.type === 'message');
    while ((await t.app.jobs.runDue()) > 0);
    expect(await notifications()).toHaveLength(0);
    c.close();
    await c.whenClosed();
    // Gone: the reply is announced both ways.
    await t.database.db.updateTable('support_conversation').set({ subscriber_seen_at: Date.now() - 60_000 }).where('account_id', '=', (await t.database.db.selectFrom('support_ticket').select('account_id').where('id', '=', ticketId).executeTakeFirstOrThrow()).account_id).execute();
    await reply(ticketId, 'Sorununuz çözüldü.');
    while ((await t.app.jobs.runDue()) > 0);
    expect(await notifications()).toHaveLength(1);
    expect(mails()).toHaveLength(1);
  });

  it('attachments: images and PDF by their bytes, at most 10 MB, served inert; disguised HTML and SVG refused', async () => {
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    const upload = (body: Buffer, name: string, type = 'image/png') =>
      t.app.inject({ method: 'POST', url: `/api/support/attachments?name=${encodeURIComponent(name)}`, headers: { 'x-support-session': session, 'content-type': type }, payload: body });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const ok = await upload(png, 'ekran.png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'ekran.png', mime: 'image/png', size: png.length });
    const pdf = await upload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'fatura.pdf', 'application/pdf');
    expect(pdf.json().data.mime).toBe('application/pdf');

    expectError(await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png'), 400, 'UNSUPPORTED_ATTACHMENT');
    expectError(await upload(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'photo.jpg', 'image/jpeg'), 400, 'UNSUPPORTED_ATTACHMENT');
    expectError(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.svg', 'image/svg+xml'), 400, 'UNSUPPORTED_ATTACHMENT');
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(big, 'big.png')).statusCode).toBe(413);

    const id = ok.json().data.id as string;
    const sent = await postAsSubscriber(session, { clientId: randomUUID(), text: '', attachmentId: id });
    expect(sent.json().data.attachment).toMatchObject({ id, mime: 'image/png' });
    const got = await t.app.inject({ method: 'GET', url: `/api/support/attachments/${id}`, headers: { 'x-support-session': session } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="ekran.png"/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    const viaConsole = await t.app.inject({ method: 'GET', url: `/api/ops/support/attachments/${id}`, headers: authed(agent.token) });
    expect(viaConsole.rawPayload.equals(png)).toBe(true);

    // Another subscriber can neither read this attachment nor attach it, nor see this ticket.
    const other = await signUp(t);
    const otherSession = await sessionFor(other.token);
    expectError(await t.app.inject({ method: 'GET', url: `/api/support/attachments/${id}`, headers: { 'x-support-session': otherSession } }), 404);
    expectError(await postAsSubscriber(otherSession, { clientId: randomUUID(), text: 'x', attachmentId: id }), 404);
    const theirs = (await conversation(otherSession)).json().data;
    expect(theirs).toMatchObject({ ticket: null, messages: [] });
    // A subscriber's own token never reaches the console's ticket.
    const ticketId = sent.json().data.ticketId as string;
    expectError(await t.app.inject({ method: 'GET', url: `/api/ops/support/tickets/${ticketId}`, headers: authed(other.token) }), 404);
    expectError(await t.app.inject({ method: 'GET', url: `/api/ops/support/tickets/${randomUUID()}`, headers: authed(agent.token) }), 404);
  });

  it('the same client id twice is one message (a resend), and long polling answers when a reply arrives', async () => {
    const { token } = await signUp(t);
    const session = await sessionFor(token);
    const clientId = randomUUID();
    const a = await postAsSubscriber(session, { clientId, text: 'bir' });
    const b = await postAsSubscriber(session, { clientId, text: 'bir' });
    expect(b.json().data.id).toBe(a.json().data.id);
    const ticketId = a.json().data.ticketId as string;
    const seq = a.json().data.seq as number;
    const polling = t.app.inject({ method: 'GET', url: `/api/support/conversation?after=${seq}&wait=20`, headers: { 'x-support-session': session } });
    await reply(ticketId, 'iki');
    const polled = (await polling).json().data as { messages: Msg[] };
    expect(polled.messages.map((m) => m.text)).toEqual(['iki']);
    expect((await conversation(session)).json().data.messages).toHaveLength(2);
  });

  it('deleting the account removes its chat, feedback and attachment bytes', async () => {
    const { token, accountId } = await signUp(t);
    const session = await sessionFor(token);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
    const up = await t.app.inject({ method: 'POST', url: '/api/support/attachments?name=a.png', headers: { 'x-support-session': session, 'content-type': 'image/png' }, payload: png });
    await postAsSubscriber(session, { clientId: randomUUID(), text: 'bak', attachmentId: up.json().data.id });
    await t.app.inject({ method: 'POST', url: '/api/feedback/send/SUGGESTION/tr', headers: authed(token), payload: { text: 'öneri' } });
    const { blob_key } = await t.database.db.selectFrom('support_attachment').select('blob_key').where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(await t.app.blobs.stat(blob_key)).not.toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: authed(token), payload: { password: 'correct horse 42', confirmation: 'DELETE' } })).statusCode).toBe(202);
    for (let i = 0; i < 200 && (await t.app.jobs.runDue()) > 0; i++);
    for (const table of ['support_message', 'support_ticket', 'support_attachment', 'support_conversation', 'support_token', 'support_feedback'] as const) {
      expect(await t.database.db.selectFrom(table).select('account_id').where('account_id', '=', accountId).execute(), table).toEqual([]);
    }
    expect(await t.app.blobs.stat(blob_key)).toBeNull();
  });

  it('canned replies per language: support creates, edits, lists and deletes them', async () => {
    const create = await t.app.inject({ method: 'POST', url: '/api/ops/support/canned', headers: authed(agent.token), payload: { language: 'ar', title: 'ترحيب', text: 'مرحبا، كيف يمكننا المساعدة؟' } });
    expect(create.statusCode).toBe(200);
    const id = create.json().item.id as string;
    const put = await t.app.inject({ method: 'PUT', url: `/api/ops/support/canned/${id}`, headers: authed(agent.token), payload: { language: 'ar', title: 'ترحيب', text: 'أهلا' } });
    expect(put.json().item.text).toBe('أهلا');
    const list = await t.app.inject({ method: 'GET', url: '/api/ops/support/canned?language=ar', headers: authed(agent.token) });
    expect(list.json().items).toContainEqual({ id, language: 'ar', title: 'ترحيب', text: 'أهلا' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/support/canned?language=tr', headers: authed(agent.token) })).json().items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ops/support/canned/${id}`, headers: authed(agent.token) })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/ops/support/canned/${id}`, headers: authed(agent.token) }), 404);
    const audited = await t.database.db.selectFrom('operator_audit').select(['action', 'operator_id']).where('target_id', '=', id).orderBy('seq').execute();
    expect(audited.map((r) => `${r.action} ${r.operator_id}`)).toEqual([`support.canned.create ${agent.id}`, `support.canned.update ${agent.id}`, `support.canned.delete ${agent.id}`]);
  });
});
