import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';

/** What one instance tells every instance (itself included) after a change commits; receivers read the rest from the DB. */
export type SupportEvent =
  | { kind: 'message'; accountId: string; ticketId: string }
  | { kind: 'ticket'; accountId: string; ticketId: string }
  | { kind: 'typing'; accountId: string; ticketId: string; author: 'subscriber' | 'agent'; typing: boolean };

export interface SupportRelay {
  publish(event: SupportEvent): Promise<void>;
  subscribe(listener: (event: SupportEvent) => void): () => void;
  /** Resolves once this instance hears events (the PostgreSQL relay listens). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'bulut_support';

/** One process (SQLite): an in-process bus. */
export function inProcessRelay(): SupportRelay {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    async publish(event) {
      // Asynchronous like NOTIFY, so a sender never runs the receivers inside its own call.
      setImmediate(() => bus.emit('event', event));
    },
    subscribe(listener) {
      bus.on('event', listener);
      return () => bus.off('event', listener);
    },
    async ready() {},
    async close() {
      bus.removeAllListeners();
    },
  };
}

/**
 * Several instances on one PostgreSQL: LISTEN/NOTIFY on a dedicated connection (a pooled one would lose the LISTEN
 * when returned). Every instance, the sender too, hears each event once, so delivery has one path. Events are sent
 * through the pool: on the listening connection every publish queued behind the previous one (pg warns of that too).
 */
export function postgresRelay(databaseUrl: string, db: Kysely<DB>, log: FastifyBaseLogger): SupportRelay {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<pg.Client> | null = null;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          local.emit('event', JSON.parse(msg.payload) as SupportEvent);
        } catch (err) {
          log.warn({ err }, 'support relay: unreadable notification');
        }
      });
      // A lost connection is replaced on the next publish or after a second; events in between are missed, but
      // clients resume from their last sequence number when they reconnect.
      c.on('error', (err) => {
        log.warn({ err }, 'support relay connection lost');
        if (client === c) client = null;
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async publish(event) {
      // Listening first, so this instance hears its own event too.
      await connect();
      await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(event)})`.execute(db);
    },
    subscribe(listener) {
      void connect().catch((err: unknown) => log.warn({ err }, 'support relay could not listen'));
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async ready() {
      await connect();
    },
    async close() {
      closed = true;
      local.removeAllListeners();
      const c = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

