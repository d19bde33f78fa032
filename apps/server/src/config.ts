import os from 'node:os';
import path from 'node:path';

/** Every setting the server reads, parsed once at start. Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The external origin when PUBLIC_URL is set; null means "take it from each request". */
  publicUrl: string | null;
  databaseUrl: string | null;
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
  logLevel: string;
  sessionTtlMinutes: number;
  rememberMeTtlDays: number;
  freeQuotaBytes: number;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  captchaFailureThreshold: number;
  loginLockoutThreshold: number;
  signupCaptchaThreshold: number;
  captchaRequestsPer10Min: number;
  jobConcurrency: number;
  jobPollMs: number;
  /** This process slot's name, the same across its restarts: a restart frees at once the jobs its last run held. */
  instanceId: string;
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
    databaseUrl,
    sqliteFile: path.join(dataDir, 'bulut.sqlite'),
    blobs,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Bulut <no-reply@bulut.local>',
    smsGatewayUrl: url(env, 'SMS_GATEWAY_URL', ['http:', 'https:']),
    smsGatewayMethod: method,
    outboxDir: path.join(dataDir, 'outbox'),
    webDistDir: env.WEB_DIST_DIR === '' ? null : path.resolve(env.WEB_DIST_DIR || defaultWebDist()),
    logLevel,
    sessionTtlMinutes: int(env, 'SESSION_TTL_MINUTES', 60, 1, 60 * 24 * 30),
    rememberMeTtlDays: int(env, 'REMEMBER_ME_TTL_DAYS', 30, 1, 365),
    freeQuotaBytes: int(env, 'FREE_QUOTA_BYTES', 5 * 1024 ** 3, 0, Number.MAX_SAFE_INTEGER),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1200, 1, 1_000_000),
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 30, 1, 1_000_000),
    captchaFailureThreshold: int(env, 'CAPTCHA_FAILURE_THRESHOLD', 3, 1, 1000),
    loginLockoutThreshold: int(env, 'LOGIN_LOCKOUT_THRESHOLD', 10, 1, 1000),
    signupCaptchaThreshold: int(env, 'SIGNUP_CAPTCHA_THRESHOLD', 5, 1, 100_000),
    captchaRequestsPer10Min: int(env, 'CAPTCHA_REQUESTS_PER_10_MIN', 30, 1, 100_000),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2, 1, 64),
    jobPollMs: int(env, 'JOB_POLL_MS', 500, 10, 60_000),
    // Two live processes cannot listen on one host and port, and a restarted one comes back on the same (with an
    // ephemeral port, the pid keeps processes apart: a restart is then released by its heartbeat going stale).
    instanceId: env.INSTANCE_ID?.trim().slice(0, 200) || `${os.hostname()}:${port || `0:${process.pid}`}`,
  };
}

function defaultWebDist(): string {
  // dist/config.js and src/config.ts both sit two levels below apps/
  return new URL('../../web/dist', import.meta.url).pathname;
}
