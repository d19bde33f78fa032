import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.js';
import type { Database } from './infra/db/database.js';
import { createInfrastructure } from './infra/create-infrastructure.js';
import { buildModules } from './app-modules.js';
import { pingDatabase } from './infra/db/database.js';
import { pageHeadersFraming } from './infra/http/security-headers.js';
import { registerHttpPipeline } from './infra/http/http-pipeline.js';
import { lazyChildLogger, RequestLogController, requestIds } from './infra/http/request-log.js';
import { registerWebApp } from './infra/http/web-app.js';
import { registerRobots } from './infra/http/robots.js';
import { registerHealth } from './infra/http/health.js';
import { LOG_REDACT, serializeRequest } from './infra/http/log-redaction.js';
import { assertMigrated } from './infra/db/migrate.js';
import { attachMetricsSource } from './infra/metrics/metrics.js';
import { readCurrentFigures } from './infra/figures/figure-reader.js';
import { registerMetricsRoute } from './infra/metrics/metrics-endpoint.js';
import type { DestinationStream } from 'pino';
import type { BlobStore } from './infra/blob-store/blob-store.js';
import type { JobQueue } from './infra/jobs/job-queue.js';
import type { AuthContext } from './shared/auth-context.js';
import type { OperatorContext } from './shared/operator-context.js';
import type { ModuleManifest } from './infra/module-manifest.js';
import { accessPlugin } from './shared/access/access.plugin.js';
import { ajvOptions, clientErrorHandler, frameworkErrors } from './shared/input/input.js';
import { countServerErrors, type FigureRecorder } from './infra/figures/figure-recorder.js';
import { schemaCompilers } from './infra/http/schema-compilers.js';
import type { VisionEngine } from './infra/vision/vision-engine.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes are private unless they say otherwise. */
    public?: boolean;
    /**
     * Served through a signed URL (thumbnails, previews, downloads): the HMAC is the credential and the answer is
     * cacheable, so it is not metered per IP. A timeline scroll fetches thousands of thumbnails a minute, and
     * subscribers behind an operator's carrier-grade NAT share one address.
     */
    signedUrl?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The operator calling a console route (/api/ops/*), or null (issue 27). */
    operator: OperatorContext | null;
  }
  interface FastifyInstance {
    jobs: JobQueue;
    database: Database;
    blobs: BlobStore;
    /** Operating counters (uploads, payments, 5xx) for the operator's dashboard. */
    figures: FigureRecorder;
    /** Every module as registered, in order: its name and the tables it owns. */
    modules: ReadonlyArray<Pick<ModuleManifest, 'name' | 'tables'>>;
  }
}

export interface BuildOptions {
  /** Use an existing database (tests share one per file). */
  database?: Database;
  /** Test clock for packages (renewals, grace, proration) and face data retention; Date.now otherwise. */
  clock?: () => number;
  /** Where the JSON log lines go (tests read them); standard output otherwise. */
  logStream?: DestinationStream;
  /** A vision engine shared by several apps, which closing this one leaves running (tests: its models load once). */
  vision?: VisionEngine;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT,
      serializers: { req: serializeRequest },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    childLoggerFactory: lazyChildLogger,
    forceCloseConnections: 'idle',
    // A request that reaches a closing instance on a kept-alive connection is served (its answer says
    // `connection: close`, http-pipeline.ts), not refused with Fastify's bare 503 that carries no Retry-After: a
    // rolling restart then fails no request a client would not retry (issue 28, src/test/rolling-restart.test.ts).
    return503OnClosing: false,
    ajv: ajvOptions,
    // Compiled once per process for all its apps (the test suite builds hundreds; infra/http/schema-compilers.ts).
    schemaController: { compilersFactory: schemaCompilers },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // --- infrastructure, in dependency order
  const infra = await createInfrastructure(config, app.log, opts.database);
  const { database, db, blobs, jobs, figures } = infra;
  app.decorate('jobs', jobs);
  app.decorate('database', database);
  app.decorate('blobs', blobs);
  app.decorate('figures', figures);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await figures.stop().catch((err: unknown) => app.log.warn({ err }, 'figures not flushed at close'));
    await infra.stopRowChanges();
    if (!opts.database) await database.destroy();
  });
  // The gauges read this app's pool and job table at scrape time (a test process may hold several apps; the newest wins).
  const detachMetrics = attachMetricsSource({
    pool: database.pool ?? (() => ({ max: 1, inUse: 0, idle: 1, waiting: 0 })),
    jobBacklog: () => jobs.backlog(),
    figures: () => readCurrentFigures(db, Date.now()),
  });
  app.addHook('onClose', async () => detachMetrics());

  // --- feature modules, in registration order (app-modules.ts)
  const { modules, auth, operators, access, webdav, contacts, sharedFiles } = await buildModules(app, { config, infra, clock: opts.clock, vision: opts.vision });
  for (const m of modules) {
    for (const job of m.jobs ?? []) jobs.register(job.type, job.handler, job.options);
    for (const schedule of m.schedules ?? []) jobs.registerSchedule(schedule);
  }
  await jobs.ensureSchedules();
  app.decorate('modules', modules.map(({ name, tables }) => ({ name, tables })));

  // --- cross-cutting HTTP concerns
  await registerHttpPipeline(app, {
    authenticate: (token) => auth.service.authenticate(token),
    authenticateOperator: (token, ip) => operators.service.authenticate(token, ip),
    db,
    dialect: database.dialect,
    rateLimitPerMinute: config.rateLimitPerMinute,
    // A support chat on another origin (an outside vendor) is the one foreign page the app frames.
    // Pages frame an outside support chat and the WOPI editor (Collabora Online / ONLYOFFICE, issue 33) when configured.
    pageHeaders: pageHeadersFraming([
      ...(config.supportChatUrl.startsWith('/') ? [] : [new URL(config.supportChatUrl).origin]),
      ...(config.officeWopiUrl ? [new URL(config.officeWopiUrl).origin] : []),
    ]),
  });
  // 5xx answers per minute for the operator's dashboard, summed across instances in the database.
  countServerErrors(app, figures);
  await app.register(accessPlugin, { policy: access });
  registerHealth(app, {
    database: () => pingDatabase(db),
    migrations: () => assertMigrated(db),
    blobStore: () => blobs.ping(),
  });
  if (config.metrics.token) registerMetricsRoute(app, config.metrics.token);

  // --- every module's routes, in the list's order
  await app.register(
    async (api) => {
      for (const { routes } of modules) if (routes) await api.register(routes[0], routes[1]);
    },
    { prefix: '/api' },
  );

  // DAV clients speak outside /api (their own methods and paths), before the web app's fallback.
  await webdav.mount(app);
  await contacts.mount(app);
  registerRobots(app, config.robotsFile);
  await registerWebApp(app, config.webDistDir, { sharedFiles });
  return app;
}
