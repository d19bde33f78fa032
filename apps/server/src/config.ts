import os from 'node:os';
import path from 'node:path';

/** Every setting the server reads, parsed once at start. Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The external origin when PUBLIC_URL is set; null means "take it from each request". */
  publicUrl: string | null;
  /** Subscribers' feedback is also forwarded to this address when set (FEEDBACK_EMAIL, issue 29). */
  feedbackEmail: string | null;
  /** A Collabora Online or ONLYOFFICE server whose editor opens office documents (OFFICE_WOPI_URL); null: the embedded one. */
  officeWopiUrl: string | null;
  /** The support chat frame's base address (SUPPORT_CHAT_URL): our own chat page unless an operator's vendor is named. */
  supportChatUrl: string;
  /** How often an open agent chat socket re-checks its console session (SUPPORT_AGENT_RECHECK_MS, default 15 s). */
  supportAgentRecheckMs: number;
  databaseUrl: string | null;
  /** PostgreSQL connections this instance keeps at most (DB_POOL_SIZE, default twice the cores, at least 4). */
  databasePoolSize: number;
  sqliteFile: string;
  blobs:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  smtpUrl: string | null;
  mailFrom: string;
  smsGatewayUrl: string | null;
  smsGatewayMethod: 'GET' | 'POST';
  outboxDir: string;
  webDistDir: string | null;
  /** The crawl rules served at /robots.txt, read on every request so an operator's edit applies at once. */
  robotsFile: string;
  logLevel: string;
  sessionTtlMinutes: number;
  rememberMeTtlDays: number;
  freeQuotaBytes: number;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** The operator console's public sign-in and set-up routes, per IP (stricter than the subscribers' sign-in). */
  opsAuthRateLimitPerMinute: number;
  captchaFailureThreshold: number;
  /** Recovery starts and wrong codes/answers/links per IP or account in 15 minutes before recovery needs a captcha. */
  forgotPasswordCaptchaThreshold: number;
  loginLockoutThreshold: number;
  /** Members a WebDAV PROPFIND reads and writes at a time (DAV_PAGE_SIZE, default 200): its memory is about one page. */
  davPageSize: number;
  signupCaptchaThreshold: number;
  captchaRequestsPer10Min: number;
  /** How long a prize-draw SMS code stays valid (issue 30); short in end-to-end tests so the timer runs out. */
  drawOtpSeconds: number;
  jobConcurrency: number;
  jobPollMs: number;
  /** How long new photos settle before an account's For-you generation run (one run for a whole upload). */
  foryouSettleMs: number;
  /** Memory videos' height (16:9) and frame rate: a smaller host may render them smaller, at a fraction of the CPU. */
  foryouVideoHeight: number;
  foryouVideoFps: number;
  /**
   * Things (issue 14): whether photos are analysed for objects (THINGS_DETECTION, on by default). Off, no photo is
   * queued for detection and Discover's Things section stays empty: a server (or a test run) that does not offer
   * things saves the detector's model and its ~0.2–0.4 CPU-s a photo.
   */
  thingsDetection: boolean;
  /** This process slot's name, the same across its restarts: a restart frees at once the jobs its last run held. */
  instanceId: string;
  /** Public-link visitor calls per IP and minute, and password attempts per IP and minute. */
  shareLinkLookupsPerMinute: number;
  shareUnlocksPerMinute: number;
  /** Where the key that turns a link's nonce into its token lives: outside the database (SHARE_LINK_KEY, else this file). */
  shareLinkKey: string | null;
  shareLinkKeyFile: string;
  /** Encrypts authenticator-app secrets at rest: TWO_FACTOR_KEY, else a random key in this file (outside the database). */
  twoFactorKey: string | null;
  twoFactorKeyFile: string;
  /** Operator silent sign-in: off (404) unless an issuer and a key are configured. */
  silentLogin: { issuer: string; secret: string | null; publicKey: string | null } | null;

  /** Payments (issue 13): the provider (only the in-process sandbox today), the callback signing secret (null: a
   * random one kept in server_secret), and a test hook that kills the process between the provider's capture and our commit. */
  payment: { provider: 'sandbox'; webhookSecret: string | null; crashAfterProvider: boolean };

  /**
   * Import from Dropbox (issue 34): off (every /api/migration/dropbox call answers 404) unless DROPBOX_APP_KEY is set.
   * The three base URLs point at Dropbox's hosts; tests point them at the local protocol server.
   */
  dropbox: {
    appKey: string;
    appSecret: string | null;
    /** Where Dropbox sends the browser back with the code; null: <origin>/main/settings?tab=5. */
    redirectUri: string | null;
    apiUrl: string;
    contentUrl: string;
    oauthUrl: string;
  } | null;

  /** Download all my data (issue 34): the largest zip part in bytes (EXPORT_PART_BYTES, 4 GB by default). */
  exportPartBytes: number;

  /** Google and Apple sign-in (OpenID Connect); a provider without a client id is off. */
  social: Record<'google' | 'apple', { clientId: string | null; issuer: string }>;
  /** The operator's details printed on every invoice; VAT is a whole percent included in every price. */
  invoiceSeller: { name: string; taxId: string; address: string; vatRate: number };

  /**
   * Prometheus metrics (issue 28): on the app's port at /metrics behind `Authorization: Bearer <token>` when a token is
   * set, and/or on a port of their own (no token) bound to `host` (127.0.0.1 unless METRICS_HOST says otherwise).
   * Neither set: no /metrics at all.
   */
  metrics: { token: string | null; port: number | null; host: string };
  /** Graceful stop: how long /health/ready says 503 while still serving before the listener closes, then how long
   * in-flight requests may take to finish. */
  drain: { delayMs: number; timeoutMs: number };
  /** OpenTelemetry traces to an OTLP/HTTP collector; null: tracing is not loaded at all. */
  otel: { endpoint: string; serviceName: string } | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function onOff(env: Env, name: string, def: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return def;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be on or off, got "${env[name]}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

/** An OpenID issuer: https, or http only for a provider on this machine (development and tests). */
function issuer(env: Env, name: string, def: string): string {
  const raw = url(env, name, ['http:', 'https:']) ?? def;
  const { protocol, hostname } = new URL(raw);
  if (protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new ConfigError(`${name} must use https (http only for localhost), got "${raw}"`);
  }
  return raw.replace(/\/$/, '');
}

function feedbackEmail(env: Env): string | null {
  const raw = env.FEEDBACK_EMAIL?.trim();
  if (!raw) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new ConfigError(`FEEDBACK_EMAIL is not an e-mail address: "${raw}"`);
  return raw;
}

/** An absolute http(s) address, or a path on our own origin (the default, the chat page Bulut serves). */
function supportChatUrl(env: Env): string {
  const raw = env.SUPPORT_CHAT_URL?.trim();
  if (!raw) return '/support-chat';
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  return url(env, 'SUPPORT_CHAT_URL', ['http:', 'https:'])!;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);

  const s3Vars = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Vars.filter((v) => env[v]);
  if (s3Set.length > 0 && s3Set.length < s3Vars.length) {
    throw new ConfigError(`S3 storage needs all of ${s3Vars.join(', ')}; missing ${s3Vars.filter((v) => !env[v]).join(', ')}`);
  }
  const blobs: Config['blobs'] =
    s3Set.length === s3Vars.length
      ? {
          kind: 's3',
          endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']) ?? undefined,
          region: env.S3_REGION || 'us-east-1',
          bucket: env.S3_BUCKET!,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          // Most self-hosted S3-compatible servers (MinIO, Ceph, s3rver) need path-style addressing.
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
        }
      : { kind: 'disk', root: path.join(dataDir, 'blobs') };

  const method = (env.SMS_GATEWAY_METHOD || 'POST').toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new ConfigError(`SMS_GATEWAY_METHOD must be GET or POST, got "${method}"`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`);
  }

  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    publicUrl: publicUrl?.replace(/\/$/, '') ?? null,
    feedbackEmail: feedbackEmail(env),
    supportChatUrl: supportChatUrl(env),
    officeWopiUrl: url(env, 'OFFICE_WOPI_URL', ['http:', 'https:'])?.replace(/\/$/, '') ?? null,
    supportAgentRecheckMs: int(env, 'SUPPORT_AGENT_RECHECK_MS', 15_000, 100, 10 * 60_000),
    databaseUrl,
    // Sized to the cores: one Node process keeps about two statements per core in flight; a bigger pool only adds
    // backends competing for the same CPUs (issue 28). Jobs (JOB_CONCURRENCY, default 2) fit beside the requests.
    databasePoolSize: int(env, 'DB_POOL_SIZE', Math.max(4, 2 * os.availableParallelism()), 1, 1000),
    sqliteFile: path.join(dataDir, 'bulut.sqlite'),
    blobs,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Bulut <no-reply@bulut.local>',
    smsGatewayUrl: url(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
    smsGatewayMethod: method,
    outboxDir: path.join(dataDir, 'outbox'),
    webDistDir: env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR || defaultWebDist()),
    robotsFile: path.resolve(env.ROBOTS_TXT_FILE || new URL('../assets/robots.txt', import.meta.url).pathname),
    logLevel,
    sessionTtlMinutes: int(env, 'SESSION_TTL_MINUTES', 60, 1, 60 * 24 * 30),
    rememberMeTtlDays: int(env, 'REMEMBER_ME_TTL_DAYS', 30, 1, 365),
    freeQuotaBytes: int(env, 'FREE_QUOTA_BYTES', 5 * 1024 ** 3, 0, Number.MAX_SAFE_INTEGER),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1, 1_000_000),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    opsAuthRateLimitPerMinute: int(env, 'OPS_AUTH_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    captchaFailureThreshold: int(env, 'CAPTCHA_FAILURE_THRESHOLD', 3, 1, 1000),
    forgotPasswordCaptchaThreshold: int(env, 'FORGOT_PASSWORD_CAPTCHA_THRESHOLD', 5, 1, 1000),
    loginLockoutThreshold: int(env, 'LOGIN_LOCKOUT_THRESHOLD', 10, 1, 1000),
    davPageSize: int(env, 'DAV_PAGE_SIZE', 200, 1, 5000),
    signupCaptchaThreshold: int(env, 'SIGNUP_CAPTCHA_THRESHOLD', 5, 1, 100_000),
    captchaRequestsPer10Min: int(env, 'CAPTCHA_REQUESTS_PER_10_MIN', 30, 1, 100_000),
    drawOtpSeconds: int(env, 'DRAW_OTP_SECONDS', 180, 1, 3600),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2, 1, 64),
    jobPollMs: int(env, 'JOB_POLL_MS', 500, 10, 60_000),
    foryouSettleMs: int(env, 'FORYOU_SETTLE_SECONDS', 120, 0, 86_400) * 1000,
    foryouVideoHeight: int(env, 'FORYOU_VIDEO_HEIGHT', 720, 180, 1080),
    foryouVideoFps: int(env, 'FORYOU_VIDEO_FPS', 25, 10, 30),
    thingsDetection: onOff(env, 'THINGS_DETECTION', true),
    // Two live processes cannot listen on one host and port, and a restarted one comes back on the same (with an
    // ephemeral port, the pid keeps processes apart: a restart is then released by its heartbeat going stale).
    instanceId: env.INSTANCE_ID?.trim().slice(0, 200) || `${os.hostname()}:${port || `0:${process.pid}`}`,
    shareLinkLookupsPerMinute: int(env, 'SHARE_LINK_RATE_LIMIT_PER_MINUTE', 300, 1, 1_000_000),
    shareUnlocksPerMinute: int(env, 'SHARE_UNLOCK_RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    shareLinkKey: env.SHARE_LINK_KEY?.trim() || null,
    shareLinkKeyFile: path.join(dataDir, 'share-link.key'),
    twoFactorKey: env.TWO_FACTOR_KEY?.trim() || null,
    twoFactorKeyFile: path.join(dataDir, 'two-factor.key'),
    silentLogin: silentLogin(env),
    payment: payment(env),
    dropbox: dropbox(env),
    exportPartBytes: int(env, 'EXPORT_PART_BYTES', 4_000_000_000, 1024, 4_000_000_000),

    social: {
      google: {
        clientId: env.GOOGLE_CLIENT_ID?.trim() || null,
        issuer: issuer(env, 'GOOGLE_ISSUER', 'https://accounts.google.com'),
      },
      apple: {
        clientId: env.APPLE_CLIENT_ID?.trim() || null,
        issuer: issuer(env, 'APPLE_ISSUER', 'https://appleid.apple.com'),
      },
    },
    invoiceSeller: {
      name: env.INVOICE_SELLER_NAME?.trim().slice(0, 200) || 'Bulut İletişim Hizmetleri A.Ş.',
      taxId: env.INVOICE_SELLER_TAX_ID?.trim().slice(0, 50) || '0000000000',
      address: env.INVOICE_SELLER_ADDRESS?.trim().slice(0, 500) || 'İstanbul, Türkiye',
      vatRate: int(env, 'INVOICE_VAT_RATE', 20, 0, 100),
    },
    metrics: metricsConfig(env),
    drain: { delayMs: int(env, 'DRAIN_DELAY_MS', 0, 0, 600_000), timeoutMs: int(env, 'DRAIN_TIMEOUT_MS', 30_000, 0, 3_600_000) },
    otel: otel(env),
  };
}

function metricsConfig(env: Env): Config['metrics'] {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const port = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1, 65535) : null;
  return { token, port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

function otel(env: Env): Config['otel'] {
  // The standard variable; a traces-specific one wins, as the OpenTelemetry specification says.
  const tracesEndpoint = url(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', ['http:', 'https:']);
  const base = url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']);
  if (!tracesEndpoint && !base) return null;
  const endpoint = tracesEndpoint ?? `${base!.replace(/\/$/, '')}/v1/traces`;
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'bulut' };
}

function silentLogin(env: Env): Config['silentLogin'] {
  const issuer = env.SILENT_LOGIN_ISSUER?.trim();
  const secret = env.SILENT_LOGIN_SECRET?.trim() || null;
  // A PEM in one env line usually arrives with literal "\n"s.
  const publicKey = env.SILENT_LOGIN_PUBLIC_KEY?.trim().replace(/\\n/g, '\n') || null;
  if (!issuer && !secret && !publicKey) return null;
  if (!issuer) throw new ConfigError('SILENT_LOGIN_ISSUER is required with SILENT_LOGIN_SECRET or SILENT_LOGIN_PUBLIC_KEY');
  if (!secret && !publicKey) throw new ConfigError('SILENT_LOGIN_ISSUER needs SILENT_LOGIN_SECRET or SILENT_LOGIN_PUBLIC_KEY');
  if (secret && secret.length < 32) throw new ConfigError('SILENT_LOGIN_SECRET must be at least 32 characters');
  return { issuer, secret, publicKey };
}

/** An external service's base URL: https, or http only on this machine (the local protocol server in tests). */
function serviceUrl(env: Env, name: string, def: string): string {
  return issuer(env, name, def);
}

function dropbox(env: Env): Config['dropbox'] {
  const appKey = env.DROPBOX_APP_KEY?.trim();
  if (!appKey) return null;
  return {
    appKey,
    appSecret: env.DROPBOX_APP_SECRET?.trim() || null,
    redirectUri: url(env, 'DROPBOX_REDIRECT_URI', ['http:', 'https:']),
    apiUrl: serviceUrl(env, 'DROPBOX_API_URL', 'https://api.dropboxapi.com'),
    contentUrl: serviceUrl(env, 'DROPBOX_CONTENT_URL', 'https://content.dropboxapi.com'),
    oauthUrl: serviceUrl(env, 'DROPBOX_OAUTH_URL', 'https://www.dropbox.com'),
  };
}

function payment(env: Env): Config['payment'] {
  const provider = env.PAYMENT_PROVIDER?.trim() || 'sandbox';
  if (provider !== 'sandbox') throw new ConfigError(`PAYMENT_PROVIDER must be sandbox (the only provider built in), got "${provider}"`);
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && webhookSecret.length < 32) throw new ConfigError('PAYMENT_WEBHOOK_SECRET must be at least 32 characters');
  return { provider, webhookSecret, crashAfterProvider: env.PAYMENT_CRASH_AFTER_PROVIDER === '1' };
}

function defaultWebDist(): string {
  // dist/config.js and src/config.ts both sit two levels below apps/
  return new URL('../../web/dist', import.meta.url).pathname;
}
