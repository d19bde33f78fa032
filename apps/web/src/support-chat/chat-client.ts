import type { ChatMessage, ChatTicket, Conversation, ServerFrame } from './types';

/** A message typed here that the server has not echoed yet: kept and sent again after every reconnect. */
export interface PendingMessage {
  clientId: string;
  text: string;
  attachmentId?: string;
  /** For showing an attachment before the server has it. */
  attachmentName?: string;
  failed: boolean;
  createdAt: string;
}

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'expired';

export interface ChatSnapshot {
  status: ConnectionStatus;
  ticket: ChatTicket | null;
  /** Confirmed messages, by seq, each once. */
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  agentTyping: boolean;
}

/** The part of the browser's WebSocket the client uses (a test drives it with its own socket). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** The REST long-polling transport (contract §3), used when WebSockets cannot get through (a proxy that drops them). */
export interface PollingTransport {
  /** Messages after `after`; with `wait` > 0 the server holds the call until one exists or the wait ends. */
  fetchAfter(after: number, wait: number): Promise<Conversation>;
  post(message: { clientId: string; text: string; attachmentId?: string }): Promise<ChatMessage>;
  read(seq: number): Promise<unknown>;
}

export interface ChatClientOptions {
  url: string;
  session: string;
  polling?: PollingTransport;
  createSocket?: (url: string) => SocketLike;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const OPEN = 1;
/** The server closes with this when the session is unknown or expired: reconnecting cannot help. */
export const CLOSE_BAD_SESSION = 4401;
/** Reconnect back-off: 0.5 s doubling to 10 s, so a long outage does not hammer the server. */
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 10_000;
/** This many sockets in a row closing before the server's ready frame: WebSockets do not get through, poll instead. */
export const SOCKET_FAILURES_BEFORE_POLLING = 3;
/** How long one long-poll may wait on the server (contract: at most 25 s). */
const POLL_WAIT_S = 25;

/**
 * The subscriber's side of the live chat over one WebSocket. It says which seq it already has on every (re)connect, so
 * the server replays only what was missed; messages are merged by id (never shown twice); and everything typed but not
 * yet echoed by the server is sent again after a reconnect with the same client id, which the server answers with the
 * same message (never a duplicate).
 */
export class ChatClient {
  private socket: SocketLike | null = null;
  private ready = false;
  private attempts = 0;
  private retryTimer: unknown = null;
  private stopped = false;
  /** Sockets in a row that closed without ever being ready. */
  private failedSockets = 0;
  private polling = false;
  private listeners = new Set<() => void>();
  private byId = new Map<string, ChatMessage>();
  private snapshot: ChatSnapshot = { status: 'connecting', ticket: null, messages: [], pending: [], agentTyping: false };
  private readonly createSocket: (url: string) => SocketLike;
  private readonly newId: () => string;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: ChatClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** The highest seq held: what the server need not send again. */
  get lastSeq(): number {
    const last = this.snapshot.messages[this.snapshot.messages.length - 1];
    return last?.seq ?? 0;
  }

  /** History fetched another way (the first page load) joins without duplicates. */
  seed(conversation: Conversation) {
    this.merge(conversation.messages);
    if (conversation.ticket) this.update({ ticket: conversation.ticket });
  }

  connect() {
    // A closed client may start again (React mounts effects twice in development); an expired session may not.
    if (this.snapshot.status === 'expired' || this.socket) return;
    this.stopped = false;
    this.ready = false;
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'hello', session: this.options.session, lastSeq: this.lastSeq }));
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      const wasReady = this.ready;
      this.socket = null;
      this.ready = false;
      if (event.code === CLOSE_BAD_SESSION) {
        this.expire();
        return;
      }
      this.failedSockets = wasReady ? 0 : this.failedSockets + 1;
      if (this.options.polling && this.failedSockets >= SOCKET_FAILURES_BEFORE_POLLING) {
        this.startPolling();
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** The network is back (the browser's online event): try now rather than at the end of the back-off. */
  reconnectNow() {
    if (this.stopped || this.socket || this.polling) return;
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  close() {
    this.stopped = true;
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  /** Queues a message and sends it when connected; returns its client id. */
  send(text: string, attachment?: { id: string; name: string }): string {
    const pending: PendingMessage = {
      clientId: this.newId(),
      text,
      attachmentId: attachment?.id,
      attachmentName: attachment?.name,
      failed: false,
      createdAt: new Date().toISOString(),
    };
    this.update({ pending: [...this.snapshot.pending, pending] });
    this.transmit(pending);
    return pending.clientId;
  }

  /** A message the server refused is sent again (same client id) when the subscriber asks. */
  retry(clientId: string) {
    const pending = this.snapshot.pending.find((p) => p.clientId === clientId);
    if (!pending) return;
    const again = { ...pending, failed: false };
    this.update({ pending: this.snapshot.pending.map((p) => (p.clientId === clientId ? again : p)) });
    this.transmit(again);
  }

  typing(typing: boolean) {
    this.frame({ type: 'typing', typing });
  }

  markRead(seq: number) {
    if (this.polling) {
      void this.options.polling!.read(seq).catch(() => undefined);
      return;
    }
    this.frame({ type: 'read', seq });
  }

  get isPolling(): boolean {
    return this.polling;
  }

  private expire() {
    this.stopped = true;
    this.update({ status: 'expired', agentTyping: false });
  }

  /**
   * Long polling: the same promises as the socket (ask after the last seq held, merge by id, resend everything
   * unconfirmed with its client id), one request at a time held open by the server.
   */
  private startPolling() {
    const transport = this.options.polling!;
    this.polling = true;
    this.update({ status: 'open', agentTyping: false });
    for (const pending of this.snapshot.pending) if (!pending.failed) this.transmit(pending);
    let failures = 0;
    const round = () => {
      if (this.stopped) return;
      transport.fetchAfter(this.lastSeq, POLL_WAIT_S).then(
        (conversation) => {
          failures = 0;
          this.seed(conversation);
          if (this.snapshot.status !== 'open') {
            this.update({ status: 'open' });
            for (const pending of this.snapshot.pending) if (!pending.failed) this.transmit(pending);
          }
          round();
        },
        (error: unknown) => {
          if ((error as { httpStatus?: number }).httpStatus === 401) return this.expire();
          this.update({ status: 'reconnecting' });
          this.retryTimer = this.setTimer(round, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures++));
        },
      );
    };
    round();
  }

  private transmit(pending: PendingMessage) {
    if (this.polling) {
      const { clientId, text, attachmentId } = pending;
      this.options.polling!.post({ clientId, text, ...(attachmentId ? { attachmentId } : {}) }).then(
        (message) => this.merge([message]),
        // Still pending: the next successful poll sends it again under the same client id.
        () => undefined,
      );
      return;
    }
    this.frame({ type: 'send', clientId: pending.clientId, text: pending.text, ...(pending.attachmentId ? { attachmentId: pending.attachmentId } : {}) });
  }

  private frame(body: Record<string, unknown>) {
    if (!this.ready || this.socket?.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(body));
  }

  private receive(data: unknown) {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(data)) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'ready': {
        this.ready = true;
        this.attempts = 0;
        this.merge(frame.conversation.messages);
        this.update({ status: 'open', ...(frame.conversation.ticket ? { ticket: frame.conversation.ticket } : {}) });
        // Everything not yet confirmed goes again: the server keeps one message per client id.
        for (const pending of this.snapshot.pending) if (!pending.failed) this.transmit(pending);
        break;
      }
      case 'message':
        this.merge([frame.message]);
        if (frame.message.author !== 'subscriber') this.update({ agentTyping: false });
        break;
      case 'ticket':
        this.update({ ticket: frame.ticket });
        break;
      case 'typing':
        if (frame.author !== 'subscriber') this.update({ agentTyping: frame.typing });
        break;
      case 'error':
        if (frame.clientId) {
          this.update({ pending: this.snapshot.pending.map((p) => (p.clientId === frame.clientId ? { ...p, failed: true } : p)) });
        }
        break;
      default:
        break;
    }
  }

  private merge(messages: readonly ChatMessage[]) {
    let changed = false;
    for (const message of messages) {
      if (message.internal || this.byId.has(message.id)) continue;
      this.byId.set(message.id, message);
      changed = true;
    }
    if (!changed) return;
    const confirmed = new Set([...this.byId.values()].map((m) => m.clientId));
    this.update({
      messages: [...this.byId.values()].sort((a, b) => a.seq - b.seq),
      pending: this.snapshot.pending.filter((p) => !confirmed.has(p.clientId)),
    });
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.update({ status: 'reconnecting', agentTyping: false });
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private update(patch: Partial<ChatSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
