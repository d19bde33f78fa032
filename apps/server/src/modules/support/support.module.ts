import websocket from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob-store/blob-store.js';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import type { OperatorContext } from '../../shared/operator-context.js';
import { inProcessRelay, postgresRelay, type SupportRelay } from './support.relay.js';
import { supportOpsRoutes } from './support.ops.routes.js';
import { supportRoutes } from './support.routes.js';
import { SupportService, type RecordOperatorAction } from './support.service.js';
import { SupportHub } from './support.sockets.js';

/** Removes expired chat tickets and sessions. */
export const PURGE_SUPPORT_TOKENS_SCHEDULE = 'support.tokens.purge';

/** A chat frame is small; an attachment goes over HTTP, never the socket. */
const MAX_FRAME_BYTES = 64 * 1024;

const supportPlugin: FastifyPluginAsyncTypebox<{ service: SupportService; hub: SupportHub; chatUrl: string }> = async (app, opts) => {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(supportRoutes, opts);
  await app.register(supportOpsRoutes, opts);
};

/** The live support chat (issue 29): tickets, messages, attachments, the agents' inbox, over REST and WebSockets. */
export function supportModule(d: {
  db: Kysely<DB>;
  blobs: BlobStore;
  messages: MessageJobs;
  log: FastifyBaseLogger;
  /** PostgreSQL relays through LISTEN/NOTIFY across instances; SQLite (one instance) in process. */
  databaseUrl: string | null;
  publicUrl: string | null;
  chatUrl: string;
  audit: RecordOperatorAction;
  authenticateOperator: (token: string, ip: string) => Promise<OperatorContext | null>;
  /** An open agent socket's session, checked again (disabled operator, ended or expired session, changed role). */
  recheckOperator: (operator: OperatorContext) => Promise<OperatorContext | null>;
  agentRecheckMs: number;
  clock?: () => number;
}): ModuleWith<SupportService> & { hub: SupportHub; relay: SupportRelay } {
  const relay = d.databaseUrl ? postgresRelay(d.databaseUrl, d.db, d.log) : inProcessRelay();
  let service: SupportService | null = null;
  const hub = new SupportHub({
    service: () => service!,
    relay,
    log: d.log,
    authenticateOperator: d.authenticateOperator,
    recheckOperator: d.recheckOperator,
    agentRecheckMs: d.agentRecheckMs,
  });
  service = new SupportService({
    db: d.db,
    blobs: d.blobs,
    messages: d.messages,
    relay,
    audit: d.audit,
    clock: d.clock ?? Date.now,
    publicUrl: d.publicUrl,
    hasLocalSubscriberSocket: (accountId) => hub.hasSubscriber(accountId),
  });
  const s = service;
  return {
    name: 'support',
    routes: routes(supportPlugin, { service: s, hub, chatUrl: d.chatUrl }),
    tables: ['support_token', 'support_conversation', 'support_ticket', 'support_message', 'support_attachment', 'support_canned'],
    schedules: [{ name: PURGE_SUPPORT_TOKENS_SCHEDULE, everyMs: 60 * 60 * 1000, run: () => s.sweepTokens() }],
    service: s,
    hub,
    relay,
    purgeAccount: (account) => s.purgeAccount(account.id),
  };
}
