import { describe, expect, it } from 'vitest';
import { ChatClient, CLOSE_BAD_SESSION, SOCKET_FAILURES_BEFORE_POLLING, type SocketLike } from './chat-client';
import type { ChatMessage } from './types';

/**
 * The server's side of the contract, kept in memory: one seq per conversation, one message per client id (a resend
 * answers with the stored message), a hello replays what is after the client's lastSeq. Sockets are driven by hand,
 * so a test decides exactly which frames get through before a drop.
 */
class ChatServer {
  messages: ChatMessage[] = [];
  hellos: number[] = [];
  sockets: TestSocket[] = [];

  add(author: ChatMessage['author'], clientId: string, text: string): ChatMessage {
    const existing = this.messages.find((m) => m.clientId === clientId);
    if (existing) return existing;
    const seq = this.messages.length + 1;
    const message: ChatMessage = { id: `m${seq}`, ticketId: 't1', seq, clientId, author, authorName: null, text, attachment: null, createdAt: new Date(0).toISOString() };
    this.messages.push(message);
    return message;
  }

  get live(): TestSocket | undefined {
    return this.sockets.filter((s) => s.readyState === 1).at(-1);
  }
}

class TestSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  /** Frames the client sent that the network has not yet carried to the server. */
  inFlight: string[] = [];

  constructor(private readonly server: ChatServer) {}

  send(data: string) {
    this.inFlight.push(data);
  }

  close() {
    this.drop(1000);
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
    this.deliver();
  }

  /** Carries the client's frames to the server, which answers them. */
  deliver() {
    for (const raw of this.inFlight.splice(0)) {
      const frame = JSON.parse(raw) as { type: string; lastSeq?: number; clientId?: string; text?: string };
      if (frame.type === 'hello') {
        this.server.hellos.push(frame.lastSeq!);
        this.push({ type: 'ready', conversation: { ticket: null, messages: this.server.messages.filter((m) => m.seq > frame.lastSeq!), lastSeq: this.server.messages.length } });
      } else if (frame.type === 'send') {
        this.push({ type: 'message', message: this.server.add('subscriber', frame.clientId!, frame.text!) });
      }
    }
  }

  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The network drops: frames still in flight are lost. */
  drop(code = 1006) {
    this.inFlight = [];
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  const server = new ChatServer();
  const timers: Array<() => void> = [];
  let ids = 0;
  const client = new ChatClient({
    url: 'ws://test/api/support/ws',
    session: 's1',
    createSocket: () => {
      const socket = new TestSocket(server);
      server.sockets.push(socket);
      return socket;
    },
    newId: () => `c${++ids}`,
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => undefined,
  });
  return { server, client, fireTimers: () => timers.splice(0).forEach((fn) => fn()) };
}

const texts = (client: ChatClient) => client.getSnapshot().messages.map((m) => m.text);

describe('ChatClient', () => {
  it('resumes after a dropped connection with every message exactly once and the unconfirmed ones resent', () => {
    const { server, client, fireTimers } = setup();
    server.add('agent', 'a0', 'Hello, how can we help?');
    client.connect();
    server.sockets[0]!.open();
    expect(client.getSnapshot().status).toBe('open');
    expect(texts(client)).toEqual(['Hello, how can we help?']);

    client.send('first');
    server.live!.deliver();
    expect(client.getSnapshot().pending).toEqual([]);

    // "second" reaches the server but its echo is lost; "third" never leaves the browser.
    client.send('second');
    const socket = server.live!;
    socket.onmessage = null;
    socket.deliver();
    client.send('third');
    socket.drop();
    // The echo of "second" was lost with the socket: the client still holds "second" and "third" as pending.
    expect(client.getSnapshot().status).toBe('reconnecting');
    // While away, the agent answers.
    server.add('agent', 'a1', 'Looking into it');

    client.send('fourth');
    fireTimers();
    server.sockets.at(-1)!.open();
    // The resends that followed the server's ready frame reach it.
    server.live!.deliver();

    expect(server.hellos).toEqual([0, 2]);
    expect(texts(client)).toEqual(['Hello, how can we help?', 'first', 'second', 'Looking into it', 'third', 'fourth']);
    expect(client.getSnapshot().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(server.messages.map((m) => m.text)).toEqual(['Hello, how can we help?', 'first', 'second', 'Looking into it', 'third', 'fourth']);
    expect(client.getSnapshot().pending).toEqual([]);
  });

  it('ignores a message it already holds, wherever it comes from', () => {
    const { server, client } = setup();
    client.connect();
    server.sockets[0]!.open();
    const message = server.add('agent', 'a1', 'Once');
    server.live!.push({ type: 'message', message });
    server.live!.push({ type: 'message', message });
    client.seed({ ticket: null, messages: [message], lastSeq: 1 });
    expect(texts(client)).toEqual(['Once']);
  });

  it('stops for good when the server says the session is no longer valid', () => {
    const { server, client, fireTimers } = setup();
    client.connect();
    server.sockets[0]!.open();
    server.live!.drop(CLOSE_BAD_SESSION);
    fireTimers();
    expect(client.getSnapshot().status).toBe('expired');
    expect(server.sockets).toHaveLength(1);
  });

  it('shows the agent typing until the agent message arrives', () => {
    const { server, client } = setup();
    client.connect();
    server.sockets[0]!.open();
    server.live!.push({ type: 'typing', author: 'agent', typing: true });
    expect(client.getSnapshot().agentTyping).toBe(true);
    server.live!.push({ type: 'message', message: server.add('agent', 'a1', 'Done') });
    expect(client.getSnapshot().agentTyping).toBe(false);
  });
});

describe('ChatClient without WebSockets', () => {
  it('falls back to long polling after sockets keep failing, with the same no-loss, no-duplicate promise', async () => {
    const server = new ChatServer();
    server.add('agent', 'a0', 'Hello');
    const timers: Array<() => void> = [];
    const asked: number[] = [];
    let pendingPoll: (() => void) | null = null;
    let ids = 0;
    const client = new ChatClient({
      url: 'ws://test/api/support/ws',
      session: 's1',
      createSocket: () => {
        const socket = new TestSocket(server);
        server.sockets.push(socket);
        // A proxy that refuses the upgrade: the socket closes before it ever opens.
        queueMicrotask(() => socket.drop());
        return socket;
      },
      newId: () => `c${++ids}`,
      setTimer: (fn) => timers.push(fn),
      clearTimer: () => undefined,
      polling: {
        fetchAfter: (after) =>
          new Promise((resolve) => {
            asked.push(after);
            // Held like a long poll until the test lets it answer.
            pendingPoll = () => resolve({ ticket: null, messages: server.messages.filter((m) => m.seq > after), lastSeq: server.messages.length });
          }),
        post: async ({ clientId, text }) => server.add('subscriber', clientId, text),
        read: async () => ({}),
      },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    client.connect();
    for (let attempt = 1; attempt < SOCKET_FAILURES_BEFORE_POLLING; attempt++) {
      await settle();
      timers.splice(0).forEach((fn) => fn());
    }
    await settle();
    expect(client.isPolling).toBe(true);
    expect(server.sockets).toHaveLength(SOCKET_FAILURES_BEFORE_POLLING);

    client.send('over REST');
    await settle();
    pendingPoll!();
    await settle();
    server.add('agent', 'a1', 'Got it');
    pendingPoll!();
    await settle();
    expect(texts(client)).toEqual(['Hello', 'over REST', 'Got it']);
    expect(asked[0]).toBe(0);
    expect(client.getSnapshot().pending).toEqual([]);
  });
});
