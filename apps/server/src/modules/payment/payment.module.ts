import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Dialect } from '../../infra/db/database.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { FigureRecorder } from '../../infra/figures/figure-recorder.js';
import { routes, type ModuleWith } from '../../infra/module-manifest.js';
import { getOrCreateSecret } from '../../infra/signing/url-signer.js';
import { minutes } from '../../shared/time.js';
import { newToken } from '../../shared/tokens.js';
import { purgeAccount } from './payment.repository.js';
import { paymentRoutes } from './payment.routes.js';
import { PaymentsService } from './payment.service.js';
import { SandboxProvider } from './sandbox/sandbox-provider.js';
import { sandboxRoutes } from './sandbox/sandbox.routes.js';

export const PAYMENT_RECONCILE_SCHEDULE = 'payment.reconcile';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment module's service (tests register purposes on it and run its reconciliation). */
    payments: PaymentsService;
  }
}

interface Deps {
  db: Kysely<DB>;
  dialect: Dialect;
  messages: MessageJobs;
  remoteConfig: { get(name: string, language: string): Promise<string> };
  logger: FastifyBaseLogger;
  figures: FigureRecorder;
  publicUrl: string | null;
  payment: { provider: 'sandbox'; webhookSecret: string | null; crashAfterProvider: boolean };
}

export function paymentModule(d: Deps): ModuleWith<PaymentsService> {
  let secret: Promise<string> | null = null;
  // PAYMENT_WEBHOOK_SECRET, else a random secret kept with the other server secrets (shared by every instance).
  const webhookSecret = () => (secret ??= d.payment.webhookSecret ? Promise.resolve(d.payment.webhookSecret) : getOrCreateSecret(d.db, 'payment_webhook', newToken()));
  // The only provider today; a real one implements PaymentProvider and is chosen here by PAYMENT_PROVIDER.
  const sandbox = new SandboxProvider({
    db: d.db,
    sendSms: async (executor, to, text) => {
      await d.messages.sms(executor, { to, text });
    },
    webhookSecret,
    baseUrl: d.publicUrl ?? '',
    now: Date.now,
  });
  const payments = new PaymentsService({
    db: d.db,
    dialect: d.dialect,
    provider: sandbox,
    remoteConfig: d.remoteConfig,
    webhookSecret,
    logger: d.logger,
    figures: d.figures,
    crashAfterProvider: d.payment.crashAfterProvider,
  });
  return {
    name: 'payment',
    routes: routes(
      async (app, o: { payments: PaymentsService; sandbox: SandboxProvider }) => {
        await app.register(paymentRoutes, o);
        await app.register(sandboxRoutes, o);
        // The sandbox calls back like a provider would: over real HTTP to this server when it listens, else (tests
        // that only inject) through the same router in-process.
        o.sandbox.setCallbackDelivery(async (rawBody, signature) => {
          const headers = { 'content-type': 'application/json', 'x-bulut-signature': signature };
          const address = app.server.listening ? app.server.address() : null;
          if (address && typeof address === 'object') {
            const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
            const res = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}/api/payment/callback`, {
              method: 'POST',
              headers,
              body: rawBody,
              signal: AbortSignal.timeout(10_000),
            });
            if (!res.ok) throw new Error(`callback answered ${res.status}`);
            return;
          }
          const res = await app.inject({ method: 'POST', url: '/api/payment/callback', headers, payload: rawBody });
          if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}`);
        });
      },
      { payments, sandbox },
    ),
    schedules: [{ name: PAYMENT_RECONCILE_SCHEDULE, everyMs: minutes(1), run: () => payments.reconcile() }],
    tables: ['payment', 'payment_refund', 'saved_card', 'payment_callback', 'sandbox_card', 'sandbox_charge', 'sandbox_challenge', 'sandbox_refund'],
    purgeAccount: (account) => purgeAccount(d.db, account.id),
    service: payments,
  };
}

/** The sandbox provider of an app (tests: cards vaulted at another merchant). */
export type { SandboxProvider };
