import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { createDatabase, pingDatabase, type Database } from './infra/db/database.js';
import { migrateToLatest } from './infra/db/migrate.js';
import { requestLimiter } from './infra/rate-limit/request-limiter.js';
import { setSecurityHeaders } from './infra/http/security-headers.js';
import { lazyChildLogger, RequestLogController, requestIds } from './infra/http/request-log.js';
import { jsonCompressor } from './infra/http/compression.js';
import { registerWebApp } from './infra/http/web-app.js';
import { createBlobStore } from './infra/blob-store/create-blob-store.js';
import type { BlobStore } from './infra/blob-store/blob-store.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { MessageJobs } from './infra/jobs/message-jobs.js';
import { DevOutbox } from './infra/outbox/dev-outbox.js';
import { OutboxMailer, SmtpMailer } from './infra/mail/mailer.js';
import { HttpSmsGateway, OutboxSmsGateway } from './infra/sms/sms-gateway.js';
import { AppError, Unauthorized } from './shared/errors.js';
import { ErrorResponse } from './shared/schemas.js';
import type { AuthContext } from './shared/auth-context.js';
import { UrlSigner } from './infra/signing/url-signer.js';
import type { ModuleManifest } from './infra/module-manifest.js';
import { infraModule } from './infra/infra.module.js';
import { MediaLinks } from './modules/media/media.links.js';
import { captchaModule } from './modules/captcha/captcha.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { qrLoginModule } from './modules/qr-login/qr-login.module.js';
import { eulaModule } from './modules/eula/eula.module.js';
import { notificationModule } from './modules/notification/notification.module.js';
import { accountModule } from './modules/account/account.module.js';
import { signupModule } from './modules/signup/signup.module.js';
import { socialLoginModule } from './modules/social-login/social-login.module.js';
import { remoteConfigModule } from './modules/remote-config/remote-config.module.js';
import { mediaModule } from './modules/media/media.module.js';
import { filesModule } from './modules/files/file.module.js';
import { uploadModule } from './modules/upload/upload.module.js';
import { downloadModule } from './modules/download/download.module.js';
import { timelineModule } from './modules/timeline/timeline.module.js';
import { albumsModule } from './modules/albums/album.module.js';
import { sharesModule } from './modules/shares/share.module.js';
import { shareLinkModule } from './modules/share-link/share-link.module.js';
import { searchModule } from './modules/search/search.module.js';
import { recoveryModule } from './modules/recovery/recovery.module.js';
import { credentialsModule } from './modules/credentials/credentials.module.js';
import { SECURITY_QUESTION_IDS } from './modules/credentials/credentials.public.js';
import { searchIndexModule } from './modules/search-index/search-index.module.js';
import { permissionModule } from './modules/permission/permission.module.js';
import { accountDeletionModule } from './modules/account-deletion/account-deletion.module.js';
import { familyModule } from './modules/family/family.module.js';
import { peopleModule } from './modules/people/people.module.js';
import { createVisionEngine, FACE_MATCH_DISTANCE, FACE_MIN_SCORE, readVisionImage } from './infra/vision/vision-engine.js';
import { placesModule } from './modules/places/place.module.js';
import { thingsModule } from './modules/things/thing.module.js';
import { foryouModule } from './modules/foryou/foryou.module.js';
import { indexMissing } from './modules/search-index/search-index.public.js';
import { AccessPolicy } from './shared/access/access-policy.js';
import { accessPlugin } from './shared/access/access.plugin.js';
import { ajvOptions, clientErrorBody, clientErrorHandler, frameworkErrors, inputGuard } from './shared/input/input.js';
import { decodeHeif, isHeifFile } from './modules/media/media.public.js';
import { paymentModule } from './modules/payment/payment.module.js';
import { packagesModule } from './modules/packages/packages.module.js';
import { invoiceModule } from './modules/invoice/invoice.module.js';
import { getSubscriptionOf, planListeners } from './modules/packages/packages.public.js';

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
  }
  interface FastifyInstance {
    jobs: JobQueue;
    database: Database;
    blobs: BlobStore;
    /** Every module as registered, in order: its name and the tables it owns. */
    modules: ReadonlyArray<Pick<ModuleManifest, 'name' | 'tables'>>;
  }
}

export interface BuildOptions {
  /** Use an existing database (tests share one per file). */
  database?: Database;
  /** Test clock for packages (renewals, grace, proration) and face data retention; Date.now otherwise. */
  clock?: () => number;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers["x-remember-me-token"]', 'req.headers["x-captcha-answer"]'],
    },
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    childLoggerFactory: lazyChildLogger,
    forceCloseConnections: 'idle',
    ajv: ajvOptions,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // --- infrastructure, in dependency order
  const database = opts.database ?? createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);
  const blobs = createBlobStore(config.blobs);
  const outbox = new DevOutbox(config.outboxDir);
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(outbox);
  const sms = config.smsGatewayUrl
    ? new HttpSmsGateway(config.smsGatewayUrl, config.smsGatewayMethod)
    : new OutboxSmsGateway(outbox);
  const jobs = new JobQueue({
    db: database.db,
    dialect: database.dialect,
    logger: app.log,
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    instanceName: config.instanceId,
  });
  const messages = new MessageJobs(jobs);
  app.decorate('jobs', jobs);
  app.decorate('database', database);
  app.decorate('blobs', blobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!opts.database) await database.destroy();
  });
  const db = database.db;
  // The signing key is read once here, so file items sign thumbnail URLs synchronously.
  const signer = new UrlSigner(db);
  await signer.load();
  const links = new MediaLinks(signer);
  const logger = app.log;
  const health = async () => ({
    database: await pingDatabase(db).then(() => true, () => false),
    blobStore: await blobs.ping().then(() => true, () => false),
  });

  // --- feature modules: each is built from infrastructure and the services of the modules it uses
  const captcha = captchaModule({ db, config });
  const auth = authModule({ db, config, captcha: captcha.service, messages, health });
  const qrLogin = qrLoginModule({ db, config, auth: auth.service });
  const eula = eulaModule({ db });
  const notification = notificationModule({ db });
  const account = accountModule({ db, blobs, signer, messages, publicUrl: config.publicUrl, heif: { isHeifFile, decodeHeif } });
  const social = socialLoginModule({
    db,
    auth: auth.service,
    providers: config.social,
    publicUrl: config.publicUrl,
    authRateLimit: config.authRateLimitPerMinute,
  });
  const signup = signupModule({
    db,
    config,
    authRateLimit: config.authRateLimitPerMinute,
    messages,
    auth: auth.service,
    captcha: captcha.service,
    eula: eula.service,
    notifications: notification.service,
    social: social.service,
  });
  const remoteConfig = remoteConfigModule({ db });
  const media = mediaModule({ db, blobs, signer, logger });
  const files = filesModule({ db, jobs, blobs, links });
  const upload = uploadModule({
    db,
    blobs,
    jobs,
    logger,
    links,
    publicUrl: config.publicUrl,
  });
  const download = downloadModule({ db, blobs, logger });
  const timeline = timelineModule({ db, links });
  const albums = albumsModule({ db, links, zips: download.service });
  app.decorate('albumStreams', albums.service.streams);
  const shares = sharesModule({
    db,
    messages,
    notifications: notification.service,
    links,
    media: links,
    inline: download.service,
  });
  const access = new AccessPolicy(db);
  const shareLink = shareLinkModule({
    db,
    jobs,
    access,
    links,
    downloads: download.service,
    key: { configured: config.shareLinkKey, file: config.shareLinkKeyFile },
    limits: { lookupsPerMinute: config.shareLinkLookupsPerMinute, unlocksPerMinute: config.shareUnlocksPerMinute },
  });
  const search = searchModule({ db, dialect: database.dialect, links, albums: albums.service });
  const credentials = credentialsModule({
    db,
    auth: auth.service,
    captcha: captcha.service,
    messages,
    authRateLimit: config.authRateLimitPerMinute,
    publicUrl: config.publicUrl,
  });
  const recovery = recoveryModule({
    db,
    auth: auth.service,
    twoFactorEnabled: (accountId) => auth.service.twoFactor.isEnabled(accountId),
    captcha: captcha.service,
    credentials: credentials.service,
    messages,
    securityQuestionIds: SECURITY_QUESTION_IDS,
    authRateLimit: config.authRateLimitPerMinute,
    publicUrl: config.publicUrl,
  });
  const payment = paymentModule({
    db,
    dialect: database.dialect,
    messages,
    remoteConfig: remoteConfig.service,
    logger,
    publicUrl: config.publicUrl,
    payment: config.payment,
  });
  app.decorate('payments', payment.service);
  const packages = packagesModule({
    db,
    dialect: database.dialect,
    payments: payment.service,
    clock: opts.clock ?? Date.now,
    freeQuotaBytes: config.freeQuotaBytes,
    setting: (name) => remoteConfig.service.get(name, '*').catch(() => null),
    publicUrl: config.publicUrl,
    logger,
  });
  const invoice = invoiceModule({ db, jobs, messages, signer, payments: payment.service, seller: config.invoiceSeller, clock: opts.clock });
  const family = familyModule({
    db,
    messages,
    notifications: notification.service,
    publicUrl: config.publicUrl,
    freeQuotaBytes: config.freeQuotaBytes,
    maxMembersSetting: async () => {
      const value = Number(await remoteConfig.service.get('max_family_member_count', '*').catch(() => ''));
      return Number.isInteger(value) && value > 0 ? value : null;
    },
    hasOwnPackage: async (executor, accountId) => {
      const own = await getSubscriptionOf(executor, accountId);
      return own !== null && own.status !== 'EXPIRED';
    },
    clock: opts.clock,
  });
  // One vision engine for people and things (issue 14): one worker thread, models loaded on the first photo.
  const vision = createVisionEngine();
  app.addHook('onClose', () => vision.close());
  const people = peopleModule({
    db,
    blobs,
    jobs,
    signer,
    logger,
    vision: { faces: (image) => vision.faces(image), readImage: (bytes) => readVisionImage(bytes), minScore: FACE_MIN_SCORE },
    matchDistance: FACE_MATCH_DISTANCE,
    clock: opts.clock,
    media: media.service,
    albums: albums.service,
  });
  // The family follows the admin's plan inside the transaction that changes it (listeners are process-wide).
  const stopFollowingPlans = planListeners.onPlanChanged((trx, accountId, plan) => family.service.onPlanChanged(trx, accountId, plan));
  app.addHook('onClose', async () => {
    stopFollowingPlans();
  });
  const places = placesModule({ db, links, media: media.service, streams: albums.service.streams });
  const things = thingsModule({ db, blobs, jobs, links, vision, media: media.service, streams: albums.service.streams });
  const foryou = foryouModule({ db, blobs, jobs, links, signer, media: media.service, albums: albums.service, clock: opts.clock, settleMs: config.foryouSettleMs });
  // Rows from before the search index existed (or written by an older version) are indexed once, here.
  await indexMissing(db);

  /** Everything the app registers, in registration order (routes under /api, job types, schedules). */
  const modules: ModuleManifest[] = [
    infraModule({ db, mailer, sms }),
    auth,
    qrLogin,
    captcha,
    social,
    signup,
    eula,
    account,
    notification,
    remoteConfig,
    searchIndexModule({ db }),
    files,
    upload,
    download,
    media,
    timeline,
    albums,
    shares,
    shareLink,
    search,
    credentials,
    recovery,
    permissionModule({ db }),
    accountDeletionModule({ db, jobs, auth: auth.service, logger, modules: () => modules }),
    payment,
    packages,
    invoice,
    family,
    people,
    places,
    things,
    foryou,
  ];
  for (const m of modules) {
    for (const job of m.jobs ?? []) jobs.register(job.type, job.handler, job.options);
    for (const schedule of m.schedules ?? []) jobs.registerSchedule(schedule);
  }
  await jobs.ensureSchedules();
  app.decorate('modules', modules.map(({ name, tables }) => ({ name, tables })));

  // --- cross-cutting HTTP concerns
  // While closing, answers to in-flight requests also close their connection, so keep-alive sockets
  // do not hold the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // One onSend hook for the app's own steps (each hook is a step of Fastify's chain on every answer, issue 18).
  const compress = jsonCompressor();
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
    compress(req, reply, payload, done);
  });
  app.decorateRequest('auth', null);
  // Security headers, then the session. A callback hook: public routes and refusals pass without a promise, and a
  // session lookup costs one.
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req, reply);
    // The matched route, not the raw URL: a percent-encoded path (/%61pi/…) reaches the same handler.
    const url = req.routeOptions.url ?? req.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return done();
    if (req.routeOptions.config?.public) return done();
    const token = req.headers['x-auth-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return done(Unauthorized());
    auth.service.authenticate(token).then((ctx) => {
      if (!ctx) return done(Unauthorized('Session expired or invalid.', 'UNAUTHORIZED'));
      req.auth = ctx;
      done();
    }, done);
  });
  // Counted in the database, so all instances together allow the limit, not each of them.
  requestLimiter(app, { db: database.db, dialect: database.dialect, max: config.rateLimitPerMinute, windowMs: 60_000 });
  app.setErrorHandler(errorHandler);
  // A callback hook: the guard is synchronous, and most requests should not pay for a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    try {
      inputGuard(req);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bulut API', version: '1.0.0', description: 'Cloud storage and photo gallery.' },
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } },
      },
      security: [{ authToken: [] }],
    },
    // Shared schemas keep their $id as the component name, so generated client types are FileItem, Album, …
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  app.addSchema(ErrorResponse);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(accessPlugin, { policy: access });

  // --- every module's routes, in the list's order
  await app.register(
    async (api) => {
      for (const { routes } of modules) if (routes) await api.register(routes[0], routes[1]);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}

function errorHandler(this: FastifyInstance, err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.status(err.httpStatus).send({ status: err.status, message: err.message, field: err.field });
  }
  if (err.validation) {
    const first = err.validation[0];
    const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
    const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || missing;
    const where = err.validationContext ?? 'request';
    const detail = missing && !first?.instancePath ? 'is required' : (first?.message ?? 'is invalid');
    const message = `${where}${field ? `.${field}` : ''} ${detail}`;
    return reply.status(400).send({ status: 'VALIDATION_ERROR', message, field: field || where });
  }
  const status = err.statusCode ?? 500;
  if (status < 500) {
    const { httpStatus, body } = clientErrorBody(err);
    return reply.status(httpStatus).send(body);
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' });
}
