import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { roleAllows } from '../../shared/access/operator-roles.js';
import { AppError } from '../../shared/errors.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import type { SupportEvent, SupportRelay } from './support.relay.js';
import { MESSAGE_MAX_LENGTH, type SupportMessage } from './support.schemas.js';
import { PRESENCE_INTERVAL_MS, type SupportService } from './support.service.js';

const HELLO_TIMEOUT_MS = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Close codes the clients act on: sign in again (4401), not allowed (4403), a malformed frame (4400). */
export const CLOSE = { unauthorized: 4401, forbidden: 4403, badFrame: 4400 } as const;

type Frame = Record<string, unknown> & { type?: unknown };

/** Runs a client's deliveries one after another, so a replay and live messages never interleave or repeat. */
class Serial {
  private tail: Promise<void> = Promise.resolve();
  run(task: () => Promise<void>, onError: (err: unknown) => void): void {
    this.tail = this.tail.then(task).catch(onError);
  }
}

interface SubscriberClient {
  ws: WebSocket;
  accountId: string;
  /** The highest sequence number this socket has (sent by us, or the client's own lastSeq). */
  lastSent: number;
  serial: Serial;
}

interface AgentTicket {
  accountId: string;
  lastSent: number;
}

interface AgentClient {
  ws: WebSocket;
  /** The console token from the hello: a send authenticates with it like a console request does. */
  token: string;
  ip: string;
  operator: OperatorContext;
  tickets: Map<string, AgentTicket>;
  serial: Serial;
}

const send = (ws: WebSocket, frame: object) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
};

const errorFrame = (err: unknown, clientId?: unknown) =>
  err instanceof AppError
    ? { type: 'error', status: err.status, message: err.message, ...(typeof clientId === 'string' ? { clientId } : {}) }
    : { type: 'error', status: 'INTERNAL_ERROR', message: 'Something went wrong.', ...(typeof clientId === 'string' ? { clientId } : {}) };

const parse = (data: unknown): Frame | null => {
  try {
    const value: unknown = JSON.parse(String(data));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Frame) : null;
  } catch {
    return null;
  }
};

const intAtLeast0 = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/** A message frame's fields, or null when malformed (the socket is then told, not closed). */
const messageOf = (f: Frame) => {
  if (typeof f.clientId !== 'string' || !UUID.test(f.clientId)) return null;
  const text = typeof f.text === 'string' ? f.text : '';
  if (text.length > MESSAGE_MAX_LENGTH) return null;
  const attachmentId = typeof f.attachmentId === 'string' && UUID.test(f.attachmentId) ? f.attachmentId : undefined;
  return { clientId: f.clientId, text, attachmentId, internal: f.internal === true };
};

/**
 * The chat's live side on this instance: the sockets of subscribers (by account) and of agents, fed by the relay, so
 * a change made through any instance reaches every socket. Each socket gets what it lacks, read from the database
 * after its own last sequence number: a missed or repeated event can neither lose nor duplicate a message.
 */
export class SupportHub {
  private readonly subscribers = new Map<string, Set<SubscriberClient>>();
  private readonly agents = new Set<AgentClient>();
  private readonly stop: () => void;
  private readonly recheck: NodeJS.Timeout;
  private rechecking = false;

  constructor(
    private readonly d: {
      service: () => SupportService;
      relay: SupportRelay;
      log: FastifyBaseLogger;
      authenticateOperator: (token: string, ip: string) => Promise<OperatorContext | null>;
      /** The session an agent socket holds, checked again without counting as activity (null: it ended). */
      recheckOperator: (operator: OperatorContext) => Promise<OperatorContext | null>;
      agentRecheckMs: number;
    },
  ) {
    this.stop = d.relay.subscribe((e) => this.onEvent(e));
    // A disabled operator or an ended, idle or expired console session stops receiving within one period.
    this.recheck = setInterval(() => void this.recheckAgents(), d.agentRecheckMs);
    this.recheck.unref();
  }

  hasSubscriber(accountId: string): boolean {
    return (this.subscribers.get(accountId)?.size ?? 0) > 0;
  }

  /** Open sockets on this instance (the benchmark and tests read it). */
  get size(): { subscribers: number; agents: number } {
    let subscribers = 0;
    for (const set of this.subscribers.values()) subscribers += set.size;
    return { subscribers, agents: this.agents.size };
  }

  close(): void {
    this.stop();
    clearInterval(this.recheck);
    for (const set of this.subscribers.values()) for (const c of set) c.ws.close(1001);
    for (const a of this.agents) a.ws.close(1001);
  }

  // --- subscribers

  acceptSubscriber(ws: WebSocket): void {
    let client: SubscriberClient | null = null;
    let presence: NodeJS.Timeout | null = null;
    const hello = setTimeout(() => ws.close(CLOSE.unauthorized, 'hello expected'), HELLO_TIMEOUT_MS);
    const service = this.d.service();
    const fail = (err: unknown) => {
      this.d.log.warn({ err }, 'support socket delivery failed');
      send(ws, errorFrame(err));
    };

    ws.on('message', (data) => {
      const f = parse(data);
      if (!f) return ws.close(CLOSE.badFrame, 'bad frame');
      if (!client) {
        if (f.type !== 'hello') return ws.close(CLOSE.unauthorized, 'hello expected');
        clearTimeout(hello);
        const lastSeq = intAtLeast0(f.lastSeq) ?? 0;
        service.chat.sessionAccount(typeof f.session === 'string' ? f.session : undefined).then(
          (accountId) => {
            if (ws.readyState !== ws.OPEN) return;
            const c: SubscriberClient = { ws, accountId, lastSent: lastSeq, serial: new Serial() };
            client = c;
            const set = this.subscribers.get(accountId) ?? new Set();
            set.add(c);
            this.subscribers.set(accountId, set);
            void service.chat.markPresent(accountId).catch(fail);
            presence = setInterval(() => void service.chat.markPresent(accountId).catch(fail), PRESENCE_INTERVAL_MS);
            presence.unref();
            c.serial.run(async () => {
              const conversation = await service.chat.conversation(accountId, c.lastSent);
              c.lastSent = Math.max(c.lastSent, ...conversation.messages.map((m) => m.seq));
              send(ws, { type: 'ready', conversation });
            }, fail);
          },
          () => ws.close(CLOSE.unauthorized, 'invalid session'),
        );
        return;
      }
      const c = client;
      switch (f.type) {
        case 'send': {
          const m = messageOf(f);
          if (!m) return send(ws, { type: 'error', status: 'VALIDATION_ERROR', message: 'Malformed message.', clientId: f.clientId });
          // The echo (with the client id) arrives through the relay like any message: it is the acknowledgement.
          service.chat.sendAsSubscriber(c.accountId, { clientId: m.clientId, text: m.text, attachmentId: m.attachmentId }).catch((err: unknown) => send(ws, errorFrame(err, m.clientId)));
          return;
        }
        case 'typing':
          void service.chat.subscriberTyping(c.accountId, f.typing === true).catch(fail);
          return;
        case 'read': {
          const seq = intAtLeast0(f.seq);
          if (seq !== null) void service.chat.readBySubscriber(c.accountId, seq).catch(fail);
          return;
        }
        case 'ping':
          return send(ws, { type: 'pong' });
        default:
          return send(ws, { type: 'error', status: 'VALIDATION_ERROR', message: 'Unknown frame type.' });
      }
    });

    ws.on('close', () => {
      clearTimeout(hello);
      if (presence) clearInterval(presence);
      if (!client) return;
      const set = this.subscribers.get(client.accountId);
      set?.delete(client);
      if (set?.size === 0) this.subscribers.delete(client.accountId);
      void service.chat.markGone(client.accountId).catch(() => undefined);
    });
  }

  // --- agents

  acceptAgent(ws: WebSocket, ip: string): void {
    let agent: AgentClient | null = null;
    const hello = setTimeout(() => ws.close(CLOSE.unauthorized, 'hello expected'), HELLO_TIMEOUT_MS);
    const service = this.d.service();
    const fail = (err: unknown) => send(ws, errorFrame(err));

    ws.on('message', (data) => {
      const f = parse(data);
      if (!f) return ws.close(CLOSE.badFrame, 'bad frame');
      if (!agent) {
        if (f.type !== 'hello' || typeof f.token !== 'string' || f.token.length === 0 || f.token.length > 200) return ws.close(CLOSE.unauthorized, 'hello expected');
        clearTimeout(hello);
        this.d.authenticateOperator(f.token, ip).then(
          (operator) => {
            if (!operator) return ws.close(CLOSE.unauthorized, 'invalid token');
            if (!roleAllows(operator.role, 'ops.support.read')) return ws.close(CLOSE.forbidden, 'not allowed');
            if (ws.readyState !== ws.OPEN) return;
            agent = { ws, token: f.token as string, ip, operator, tickets: new Map(), serial: new Serial() };
            this.agents.add(agent);
            send(ws, { type: 'ready' });
          },
          () => ws.close(CLOSE.unauthorized, 'invalid token'),
        );
        return;
      }
      const a = agent;
      const ticketId = typeof f.ticketId === 'string' && UUID.test(f.ticketId) ? f.ticketId : null;
      switch (f.type) {
        case 'subscribe': {
          if (!ticketId) return send(ws, { type: 'error', status: 'VALIDATION_ERROR', message: 'ticketId is required.' });
          const lastSeq = intAtLeast0(f.lastSeq) ?? 0;
          a.serial.run(async () => {
            const { accountId, messages } = await service.agent.messagesAfter(ticketId, lastSeq);
            const entry = { accountId, lastSent: Math.max(lastSeq, ...messages.map((m) => m.seq)) };
            a.tickets.set(ticketId, entry);
            send(ws, { type: 'replay', ticketId, messages });
          }, fail);
          return;
        }
        case 'unsubscribe':
          if (ticketId) a.tickets.delete(ticketId);
          return;
        case 'send': {
          const m = messageOf(f);
          if (!ticketId || !m) return send(ws, { type: 'error', status: 'VALIDATION_ERROR', message: 'Malformed message.', clientId: f.clientId });
          // A send is the agent working: it authenticates (and keeps the session alive) like a console request.
          const reply = async () => {
            const operator = await this.d.authenticateOperator(a.token, a.ip);
            if (!operator || !roleAllows(operator.role, 'ops.support.read')) return this.cutOff(a, operator);
            a.operator = operator;
            if (!roleAllows(operator.role, 'ops.support.write')) return send(ws, { type: 'error', status: 'FORBIDDEN', message: 'Not allowed.', clientId: m.clientId });
            await service.agent.reply(operator, ticketId, m);
          };
          reply().catch((err: unknown) => send(ws, errorFrame(err, m.clientId)));
          return;
        }
        case 'typing':
          if (ticketId) void service.agent.typing(ticketId, f.typing === true).catch(fail);
          return;
        case 'ping':
          return send(ws, { type: 'pong' });
        default:
          return send(ws, { type: 'error', status: 'VALIDATION_ERROR', message: 'Unknown frame type.' });
      }
    });

    ws.on('close', () => {
      clearTimeout(hello);
      if (agent) this.agents.delete(agent);
    });
  }

  /** Closes every agent socket whose console session ended (or whose role lost the inbox) since it said hello. */
  async recheckAgents(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      await Promise.all(
        [...this.agents].map(async (a) => {
          try {
            const operator = await this.d.recheckOperator(a.operator);
            if (!operator || !roleAllows(operator.role, 'ops.support.read')) return this.cutOff(a, operator);
            a.operator = operator;
          } catch (err) {
            // The database did not answer: keep the socket; the next period checks again.
            this.d.log.warn({ err }, 'support agent session re-check failed');
          }
        }),
      );
    } finally {
      this.rechecking = false;
    }
  }

  private cutOff(a: AgentClient, operator: OperatorContext | null): void {
    // Out of the set at once, so nothing more is delivered while the close handshake runs.
    this.agents.delete(a);
    a.ws.close(operator ? CLOSE.forbidden : CLOSE.unauthorized, operator ? 'not allowed' : 'session ended');
  }

  // --- relay events

  private onEvent(e: SupportEvent): void {
    const service = this.d.service();
    const subscribers = this.subscribers.get(e.accountId);
    const fail = (err: unknown) => this.d.log.warn({ err }, 'support event delivery failed');
    if (e.kind === 'message') {
      for (const c of subscribers ?? []) {
        c.serial.run(async () => {
          const { messages } = await service.chat.conversation(c.accountId, c.lastSent);
          this.deliver(c, messages);
        }, fail);
      }
      for (const a of this.agents) {
        const t = a.tickets.get(e.ticketId);
        if (!t) continue;
        a.serial.run(async () => {
          const { messages } = await service.agent.messagesAfter(e.ticketId, t.lastSent);
          for (const m of messages) {
            if (m.seq <= t.lastSent) continue;
            t.lastSent = m.seq;
            send(a.ws, { type: 'message', ticketId: e.ticketId, message: m });
          }
        }, fail);
      }
      return;
    }
    if (e.kind === 'ticket') {
      if (subscribers?.size) {
        void service.chat.subscriberTicket(e.accountId).then((ticket) => {
          for (const c of subscribers) if (ticket) send(c.ws, { type: 'ticket', ticket });
        }, fail);
      }
      if (this.agents.size) {
        void service.inbox.inboxItem(e.ticketId).then((ticket) => {
          for (const a of this.agents) if (ticket) send(a.ws, { type: 'ticket', ticket });
        }, fail);
      }
      return;
    }
    if (e.author === 'agent') {
      for (const c of subscribers ?? []) send(c.ws, { type: 'typing', author: 'agent', typing: e.typing });
    } else {
      for (const a of this.agents) if (a.tickets.has(e.ticketId)) send(a.ws, { type: 'typing', ticketId: e.ticketId, author: 'subscriber', typing: e.typing });
    }
  }

  private deliver(c: SubscriberClient, messages: SupportMessage[]): void {
    for (const m of messages) {
      if (m.seq <= c.lastSent) continue;
      c.lastSent = m.seq;
      send(c.ws, { type: 'message', message: m });
    }
  }
}
