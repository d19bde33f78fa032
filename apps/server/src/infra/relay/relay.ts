import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * What one instance tells every instance (itself included) on one channel: the support chat's events (issue 29), the
 * session cache's changed rows (issue 28). Receivers read the rest from the database.
 */
export interface Relay<E> {
  publish(event: E): Promise<void>;
  subscribe(listener: (event: E) => void): () => void;
  /** Resolves once this instance hears events (the PostgreSQL relay listens). */
  ready(): Promise<void>;
  /** Whether events are heard right now: false until the PostgreSQL relay listens, and while its connection is lost. */
  listening(): boolean;
  /** Called when the relay stops hearing (its connection lost): events from then until it listens again are missed. */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process (SQLite): an in-process bus. */
export function inProcessRelay<E>(): Relay<E> {
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
    listening: () => true,
    onGap: () => () => undefined,
    async close() {
      bus.removeAllListeners();
    },
  };
}

/**
 * Several instances on one PostgreSQL: LISTEN/NOTIFY on a dedicated connection (a pooled one would lose the LISTEN
 * when returned). Every instance, the sender too, hears each event once, so delivery has one path. Events are sent
 * through the pool: on the listening connection every publish queued behind the previous one (pg warns of that too).
 * A sender may also NOTIFY `channel` itself inside a transaction (delivered at its commit): payloads are JSON.
 */
export function postgresRelay<E>(channel: string, databaseUrl: string, db: Kysely<DB>, log: FastifyBaseLogger): Relay<E> {
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
        if (msg.channel !== channel || !msg.payload) return;
        try {
          local.emit('event', JSON.parse(msg.payload) as E);
        } catch (err) {
          log.warn({ err, channel }, 'relay: unreadable notification');
        }
      });
      // A lost connection is replaced on the next publish or after a second; events in between are missed (listeners
      // hear of the gap), and each user of a relay says how it recovers.
      c.on('error', (err) => {
        log.warn({ err, channel }, 'relay connection lost');
        if (client === c) {
          client = null;
          local.emit('gap');
        }
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      });
      await c.connect();
      await c.query(`LISTEN ${channel}`);
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
      await sql`SELECT pg_notify(${channel}, ${JSON.stringify(event)})`.execute(db);
    },
    subscribe(listener) {
      void connect().catch((err: unknown) => log.warn({ err, channel }, 'relay could not listen'));
      local.on('event', listener);
      return () => local.off('event', listener);
    },
    async ready() {
      await connect();
    },
    listening: () => client !== null && !closed,
    onGap(listener) {
      local.on('gap', listener);
      return () => local.off('gap', listener);
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
