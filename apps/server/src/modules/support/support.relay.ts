import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import { inProcessRelay as inProcess, postgresRelay as postgres, type Relay } from '../../infra/relay/relay.js';

/** What one instance tells every instance (itself included) after a change commits; receivers read the rest from the DB. */
export type SupportEvent =
  | { kind: 'message'; accountId: string; ticketId: string }
  | { kind: 'ticket'; accountId: string; ticketId: string }
  | { kind: 'typing'; accountId: string; ticketId: string; author: 'subscriber' | 'agent'; typing: boolean };

export type SupportRelay = Relay<SupportEvent>;

const CHANNEL = 'bulut_support';

/** One process (SQLite): an in-process bus. */
export const inProcessRelay = (): SupportRelay => inProcess<SupportEvent>();

/**
 * Several instances on one PostgreSQL (infra/relay): clients resume from their last sequence number when they
 * reconnect, so events missed while the relay's connection was lost are recovered there.
 */
export const postgresRelay = (databaseUrl: string, db: Kysely<DB>, log: FastifyBaseLogger): SupportRelay =>
  postgres<SupportEvent>(CHANNEL, databaseUrl, db, log);
