import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { ModuleManifest } from './infra/module-manifest.js';
import type { Infrastructure } from './infra/create-infrastructure.js';
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
import { MEDIA_PROCESS_JOB } from './modules/media/media.public.js';
import { filesModule } from './modules/files/files.module.js';
import { uploadModule } from './modules/upload/upload.module.js';
import { downloadModule } from './modules/download/download.module.js';
import { timelineModule } from './modules/timeline/timeline.module.js';
import { albumsModule } from './modules/albums/albums.module.js';
import { privateSharesModule } from './modules/private-shares/private-shares.module.js';
import { claimInvitations } from './modules/private-shares/private-shares.public.js';
import { publicLinksModule } from './modules/public-links/public-links.module.js';
import { loadSharePageAssets, sharedFilesPage } from './modules/public-links/public-links.page.js';
import { searchModule } from './modules/search/search.module.js';
import { recoveryModule } from './modules/recovery/recovery.module.js';
import { credentialsModule } from './modules/credentials/credentials.module.js';
import { SECURITY_QUESTION_IDS } from './modules/credentials/credentials.public.js';
import { searchIndexModule } from './modules/search-index/search-index.module.js';
import { permissionModule } from './modules/permission/permission.module.js';
import { accountDeletionModule } from './modules/account-deletion/account-deletion.module.js';
import { familyModule } from './modules/family/family.module.js';
import { peopleModule } from './modules/people/people.module.js';
import { placesModule } from './modules/places/places.module.js';
import { thingsModule } from './modules/things/things.module.js';
import { foryouModule } from './modules/foryou/foryou.module.js';
import { indexMissing } from './modules/search-index/search-index.public.js';
import { decodeHeif, isHeifFile } from './modules/media/media.public.js';
import { paymentModule } from './modules/payment/payment.module.js';
import { packagesModule } from './modules/packages/packages.module.js';
import { invoiceModule } from './modules/invoice/invoice.module.js';
import { opsCatalogModule } from './modules/ops-catalog/ops-catalog.module.js';
import { recordOperatorAction } from './modules/audit/audit.public.js';
import { getSubscriptionOf, planListeners } from './modules/packages/packages.public.js';
import { operatorsModule } from './modules/operators/operators.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { opsDashboardModule } from './modules/ops-dashboard/ops-dashboard.module.js';
import { opsSubscribersModule } from './modules/ops-subscribers/ops-subscribers.module.js';
import { drawModule } from './modules/draw/draw.module.js';
import { drawEntriesFor } from './modules/draw/draw.public.js';
import { campaignsModule } from './modules/campaigns/campaigns.module.js';
import { CampaignsService } from './modules/campaigns/campaigns.public.js';
import { getById as getAccountById, grantQuota } from './modules/account/account.support.public.js';
import { orderCapturedListeners, PACKAGE_ORDER_PURPOSE } from './modules/packages/packages.public.js';
import { feedbackModule } from './modules/feedback/feedback.module.js';
import { supportModule } from './modules/support/support.module.js';
import { webdavModule } from './modules/webdav/webdav.module.js';
import { migrationModule } from './modules/migration/migration.module.js';
import { contactsModule } from './modules/contacts/contacts.module.js';
import { officeModule } from './modules/office/office.module.js';
import { dataExportModule } from './modules/data-export/data-export.module.js';
import { createVisionEngine, FACE_MATCH_DISTANCE, FACE_MIN_SCORE, readVisionImage, type VisionEngine } from './infra/vision/vision-engine.js';
import { AccessPolicy } from './shared/access/access-policy.js';

export interface ModuleDeps {
  config: Config;
  infra: Infrastructure;
  /** Test clock for packages (renewals, grace, proration) and face data retention; Date.now otherwise. */
  clock?: () => number;
  /** A vision engine the caller owns and shares between apps (tests); the app builds and closes its own otherwise. */
  vision?: VisionEngine;
}

/**
 * The module graph: each module is built from infrastructure and the services of the modules it uses, and the list
 * it returns is the registration order (routes under /api, job types, schedules). `app` receives the decorations and
 * close hooks some modules need (engines, listeners, the support hub).
 */
export async function buildModules(app: FastifyInstance, { config, infra, clock, vision: sharedVision }: ModuleDeps) {
  const { database, db, blobs, mailer, sms, jobs, messages, signer, health, figures } = infra;
  const links = new MediaLinks(signer);
  const logger = app.log;
  // --- feature modules: each is built from infrastructure and the services of the modules it uses
  const captcha = captchaModule({ db, config });
  const auth = authModule({ db, config, captcha: captcha.service, messages, health, rowChanges: database.rowChanges });
  const qrLogin = qrLoginModule({ db, config, auth: auth.service });
  const eula = eulaModule({ db });
  const notification = notificationModule({ db });
  // The telesales prize draw (issue 30): public page calls and its console, audited.
  const draw = drawModule({ db, captcha: captcha.service, messages, audit: recordOperatorAction, otpSeconds: config.drawOtpSeconds, clock: clock });
  // Invite friends, stars and raffle rights (issue 30): built early, sign-up and the account module call into it.
  const campaigns = campaignsModule({
    drawEntries: (phoneE164) => drawEntriesFor(draw.service, phoneE164),
    db,
    clock: clock ?? Date.now,
    publicUrl: config.publicUrl,
    getAccount: getAccountById,
    grantQuota,
    audit: recordOperatorAction,
  });
  const account = accountModule({
    db,
    blobs,
    signer,
    messages,
    publicUrl: config.publicUrl,
    heif: { isHeifFile, decodeHeif },
    onContactProved: async (trx, accountId, contact) => {
      await claimInvitations(trx, accountId, contact);
      await campaigns.service.contactProved(trx, accountId, contact);
    },
    clock: clock,
  });
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
    publicUrl: config.publicUrl,
    onSignedUp: (trx, a) => (a.referrerToken ? campaigns.service.recordSignup(trx, { ...a, referrerToken: a.referrerToken }) : Promise.resolve()),
  });
  const remoteConfig = remoteConfigModule({ db });
  const media = mediaModule({ db, blobs, signer, logger });
  const files = filesModule({ db, jobs, blobs, links, mediaJob: MEDIA_PROCESS_JOB });
  const upload = uploadModule({
    db,
    blobs,
    jobs,
    logger,
    links,
    figures,
    publicUrl: config.publicUrl,
  });
  const download = downloadModule({ db, blobs, logger });
  const timeline = timelineModule({ db, links });
  const albums = albumsModule({ db, links, zips: download.service });
  app.decorate('albumStreams', albums.service.streams);
  const shares = privateSharesModule({
    db,
    messages,
    notifications: notification.service,
    links,
    media: links,
    inline: download.service,
    publicUrl: config.publicUrl,
  });
  const access = new AccessPolicy(db);
  const shareLink = publicLinksModule({
    db,
    jobs,
    access,
    links,
    downloads: download.service,
    streams: albums.service.streams,
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
    figures,
    publicUrl: config.publicUrl,
    payment: config.payment,
  });
  app.decorate('payments', payment.service);
  const packages = packagesModule({
    db,
    dialect: database.dialect,
    payments: payment.service,
    clock: clock ?? Date.now,
    freeQuotaBytes: config.freeQuotaBytes,
    setting: (name) => remoteConfig.service.get(name, '*').catch(() => null),
    publicUrl: config.publicUrl,
    seller: config.invoiceSeller,
    logger,
  });
  const invoice = invoiceModule({ db, jobs, messages, signer, payments: payment.service, seller: config.invoiceSeller, clock: clock });
  // The console's plans, remote configuration and orders (issue 27): changes go through their owners' public entries.
  const opsCatalog = opsCatalogModule({ db, payments: payment.service, audit: recordOperatorAction, clock: clock ?? Date.now });
  const family = familyModule({
    db,
    jobs,
    links,
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
    clock: clock,
  });
  // One vision engine for people and things (issue 14): one worker thread, models loaded on the first photo.
  const vision = sharedVision ?? createVisionEngine();
  if (!sharedVision) app.addHook('onClose', () => vision.close());
  const people = peopleModule({
    db,
    blobs,
    jobs,
    signer,
    logger,
    vision: { faces: (image) => vision.faces(image), readImage: (bytes) => readVisionImage(bytes), minScore: FACE_MIN_SCORE },
    matchDistance: FACE_MATCH_DISTANCE,
    clock: clock,
    media: media.service,
    albums: albums.service,
    familyLibrary: family.libraryFilters,
  });
  // A merged person's live links follow the survivor (issue 35), in the merge's transaction.
  people.service.onMerged((trx, accountId, from, into) => shareLink.service.followMerge(trx, accountId, from, into));
  // The family follows the admin's plan inside the transaction that changes it (listeners are process-wide).
  const stopFollowingPlans = planListeners.onPlanChanged((trx, accountId, plan) => family.service.onPlanChanged(trx, accountId, plan));
  // A referred friend's purchase is a stars entry, a refund takes it back (both in the payment's transaction).
  const stopCountingPurchases = orderCapturedListeners.onOrderCaptured((trx, order) => CampaignsService.recordPurchase(trx, order));
  payment.service.onEvent(async (trx, e) => {
    if (e.type === 'REFUNDED' && e.payment.purposeKind === PACKAGE_ORDER_PURPOSE) await CampaignsService.recordRefund(trx, e.payment.purposeRef);
  });
  app.addHook('onClose', async () => {
    stopFollowingPlans();
    stopCountingPurchases();
  });
  const places = placesModule({ db, links, media: media.service, streams: albums.service.streams, familyLibrary: family.libraryFilters });
  const things = thingsModule({ db, blobs, jobs, links, vision, media: media.service, streams: albums.service.streams, detection: config.thingsDetection });
  const foryou = foryouModule({ db, blobs, jobs, links, signer, media: media.service, albums: albums.service, clock: clock, settleMs: config.foryouSettleMs, video: { height: config.foryouVideoHeight, fps: config.foryouVideoFps } });
  // The operator console's principal and its audit log (issue 27).
  const operators = operatorsModule({ db, config, clock: clock });
  const audit = auditModule({ db });
  // Support (issue 29): feedback for the inbox, and the live chat whose agents work in the console.
  const feedback = feedbackModule({ db, messages, feedbackEmail: config.feedbackEmail, clock: clock });
  const support = supportModule({
    db,
    blobs,
    messages,
    log: logger,
    databaseUrl: database.dialect === 'postgres' ? config.databaseUrl : null,
    publicUrl: config.publicUrl,
    chatUrl: config.supportChatUrl,
    audit: recordOperatorAction,
    authenticateOperator: (token, ip) => operators.service.authenticate(token, ip),
    recheckOperator: (operator) => operators.service.stillSignedIn(operator),
    agentRecheckMs: config.supportAgentRecheckMs,
    clock: clock,
  });
  app.addHook('preClose', async () => support.hub.close());
  app.addHook('onClose', async () => support.relay.close());
  const webdav = webdavModule({ db, blobs, jobs, uploads: upload.service, messages, config, clock });
  // Import from Dropbox (issue 34): through the same upload path as the web.
  const migration = migrationModule({ db, jobs, blobs, uploads: upload.service, media: media.service, albums: albums.service, logger, config });
  // Phones sign in to CardDAV with the same device passwords (scope contacts) as WebDAV clients (scope files).
  const contacts = contactsModule({ db, passwords: webdav.service, clock });
  // Office documents (issue 33): blank documents, the editor's configuration, the WOPI host, document previews.
  const office = officeModule({ db, blobs, jobs, access, links, logger, publicUrl: config.publicUrl, wopiUrl: config.officeWopiUrl, clock });
  // Download all my data (issue 34): every module's part of it through its manifest, read when the job runs.
  const dataExport = dataExportModule({
    db,
    blobs,
    jobs,
    messages,
    signer,
    logger,
    partLimit: config.exportPartBytes,
    publicUrl: config.publicUrl,
    modules: () => modules,
  });
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
    operators,
    audit,
    opsDashboardModule({ db, dialect: database.dialect, figures }),
    opsCatalog,
    // The operator console (issue 27): its subscriber pages act through the owners' public entries, audited.
    opsSubscribersModule({ db, auth: auth.service, messages, publicUrl: config.publicUrl, clock: clock, audit: recordOperatorAction }),
    draw,
    campaigns,
    feedback,
    support,
    webdav,
    contacts,
    migration,
    office,
    dataExport,
  ];
  // The link visitor's page, rendered here when the web build has its frame (issue 36); else the app's page serves it.
  const shareAssets = loadSharePageAssets(config.webDistDir);
  const sharedFiles = shareAssets ? sharedFilesPage(shareLink.service, shareAssets) : null;
  return { modules, auth, operators, access, webdav, contacts, sharedFiles };
}
