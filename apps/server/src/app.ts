import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config.js';
import { createDatabase, pingDatabase, type Database } from './infra/db/database.js';
import { migrateToLatest } from './infra/db/migrate.js';
import { createBlobStore } from './infra/blob-store/create-blob-store.js';
import type { BlobStore } from './infra/blob-store/blob-store.js';
import { JobQueue } from './infra/jobs/job-queue.js';
import { MessageJobs } from './infra/jobs/message-jobs.js';
import { DevOutbox } from './infra/outbox/dev-outbox.js';
import { OutboxMailer, SmtpMailer } from './infra/mail/mailer.js';
import { HttpSmsGateway, OutboxSmsGateway } from './infra/sms/sms-gateway.js';
import { AppError, TooManyRequests, Unauthorized } from './shared/errors.js';
import { ErrorResponse } from './shared/schemas.js';
import { AuthService } from './modules/auth/auth.service.js';
import type { AuthContext } from './shared/auth-context.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { CaptchaService } from './modules/captcha/captcha.service.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { SignupService } from './modules/signup/signup.service.js';
import { signupRoutes } from './modules/signup/signup.routes.js';
import { EulaService } from './modules/eula/eula.service.js';
import { eulaRoutes } from './modules/eula/eula.routes.js';
import { AccountService } from './modules/account/account.service.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { NotificationService } from './modules/notification/notification.service.js';
import { notificationRoutes } from './modules/notification/notification.routes.js';
import { RemoteConfigService, remoteConfigRoutes } from './modules/remote-config/remote-config.routes.js';
import { FilesService } from './modules/files/file.service.js';
import { purgeBlobsJob } from './modules/files/file.jobs.js';
import { fileRoutes } from './modules/files/file.routes.js';
import { UploadService } from './modules/upload/upload.service.js';
import { uploadRoutes } from './modules/upload/upload.routes.js';
import { DownloadService } from './modules/download/download.service.js';
import { downloadRoutes } from './modules/download/download.routes.js';
import { UrlSigner } from './infra/signing/url-signer.js';
import { MediaLinks } from './modules/media/media.links.js';
import { MediaService } from './modules/media/media.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { TimelineService } from './modules/timeline/timeline.service.js';
import { timelineRoutes } from './modules/timeline/timeline.routes.js';
import { AlbumsService } from './modules/albums/album.service.js';
import { albumRoutes } from './modules/albums/album.routes.js';
import { AccessPolicy } from './shared/access/access-policy.js';
import { accessPlugin } from './shared/access/access.plugin.js';

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
  }
}

export interface BuildOptions {
  /** Use an existing database (tests share one per file). */
  database?: Database;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers["x-remember-me-token"]', 'req.headers["x-captcha-answer"]'],
    },
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    forceCloseConnections: 'idle',
    ajv: { customOptions: { allErrors: false } },
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
  });
  const messages = MessageJobs.register(jobs, mailer, sms);
  const purgeBlobs = purgeBlobsJob(blobs);
  jobs.register(purgeBlobs.type, purgeBlobs.handler, purgeBlobs.options);
  app.decorate('jobs', jobs);
  app.decorate('database', database);
  app.decorate('blobs', blobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!opts.database) await database.destroy();
  });

  // --- services, wired once
  const db = database.db;
  const captcha = new CaptchaService(db, config);
  const auth = new AuthService(db, config, captcha);
  const eula = new EulaService(db);
  const notifications = new NotificationService(db);
  const account = new AccountService(db);
  const signup = new SignupService({ db, config, auth, captcha, eula, notifications, messages });
  const remoteConfig = new RemoteConfigService(db);
  // The signing key is read once here, so file items sign thumbnail URLs synchronously.
  const mediaSigner = new UrlSigner(db);
  await mediaSigner.load();
  const links = new MediaLinks(mediaSigner);
  const media = new MediaService({ db, blobs, jobs, signer: mediaSigner, logger: app.log });
  const files = new FilesService({ db, jobs, links });
  const uploads = new UploadService({
    db,
    blobs,
    jobs,
    logger: app.log,
    links,
    onFolderChanged: (accountId, folderId) => files.folderChanged(accountId, folderId),
  });
  const downloads = new DownloadService({ db, blobs, logger: app.log });
  const timeline = new TimelineService({ db, links });
  const albums = new AlbumsService({ db, links, zips: downloads });

  // --- cross-cutting HTTP concerns
  // While closing, answers to in-flight requests also close their connection, so keep-alive sockets
  // do not hold the shutdown open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (closing) reply.header('connection', 'close');
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix primitives inject small <style> tags (scroll locking), so inline styles stay allowed; scripts do not.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    // The matched route, not the raw URL: a percent-encoded path (/%61pi/…) reaches the same handler.
    const url = req.routeOptions.url ?? req.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    if (req.routeOptions.config?.public) return;
    const token = req.headers['x-auth-token'];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw Unauthorized();
    const ctx = await auth.authenticate(token);
    if (!ctx) throw Unauthorized('Session expired or invalid.', 'UNAUTHORIZED');
    req.auth = ctx;
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // After authentication, so signed-in callers are limited per account and anonymous ones per IP.
    hook: 'preHandler',
    keyGenerator: (req) => (req.auth ? `acct:${req.auth.accountId}` : `ip:${req.ip}`),
    // The web app's own files and signed-URL media are not API calls a client could abuse cheaply.
    allowList: (req) => !(req.routeOptions.url ?? req.url).startsWith('/api/') || req.routeOptions.config?.signedUrl === true,
    errorResponseBuilder: () => TooManyRequests(),
  });
  app.setErrorHandler(errorHandler);

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
  await app.register(accessPlugin, { policy: new AccessPolicy(db) });

  // --- feature modules, explicitly and in order
  const healthCheck = async () => ({
    database: await pingDatabase(db).then(() => true, () => false),
    blobStore: await blobs.ping().then(() => true, () => false),
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth, health: healthCheck, authRateLimit: config.authRateLimitPerMinute });
      await api.register(captchaRoutes, { captcha });
      await api.register(signupRoutes, { signup, authRateLimit: config.authRateLimitPerMinute });
      await api.register(eulaRoutes, { eula });
      await api.register(accountRoutes, { account });
      await api.register(notificationRoutes, { notifications });
      await api.register(remoteConfigRoutes, { remoteConfig });
      await api.register(fileRoutes, { files });
      await api.register(uploadRoutes, { uploads, publicUrl: config.publicUrl });
      await api.register(downloadRoutes, { downloads });
      await api.register(mediaRoutes, { media });
      await api.register(timelineRoutes, { timeline });
      await api.register(albumRoutes, { albums });
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
    return reply.status(status).send({ status: err.code ?? 'BAD_REQUEST', message: err.message });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ status: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again.' });
}

/** Serves the built web app on the same port; any non-API path gets index.html so the client router decides. */
async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasWeb = distDir !== null && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those never change; the HTML must always be revalidated.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && hasWeb;
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ status: 'NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found.` });
  });
}
