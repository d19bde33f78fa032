import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './infra/db/database.js';

// Pure parsing of an env object: no database involved, so this suite does not run per dialect.
describe('config', () => {
  const S3 = { S3_BUCKET: 'bulut-files', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };

  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
  }

  it('names the instance slot by host and port (stable across restarts), by pid with an ephemeral port, or as INSTANCE_ID says', () => {
    expect(loadConfig({ PORT: '8081' }).instanceId).toBe(`${os.hostname()}:8081`);
    expect(loadConfig({ PORT: '0' }).instanceId).toBe(`${os.hostname()}:0:${process.pid}`);
    expect(loadConfig({ INSTANCE_ID: ' web-1 ' }).instanceId).toBe('web-1');
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.databaseUrl).toBeNull();
    expect(c.sqliteFile).toBe(path.join(c.dataDir, 'bulut.sqlite'));
    expect(c.blobs).toEqual({ kind: 'disk', root: path.join(c.dataDir, 'blobs') });
    expect(c.outboxDir).toBe(path.join(c.dataDir, 'outbox'));
    expect(c.publicUrl).toBeNull();
    expect(c.smtpUrl).toBeNull();
    expect(c.smsGatewayUrl).toBeNull();
    expect(c.freeQuotaBytes).toBe(5 * 1024 ** 3);
    expect(c.sessionTtlMinutes).toBe(60);
    expect(c.rememberMeTtlDays).toBe(30);
    expect(c.captchaFailureThreshold).toBe(3);
  });

  it('reads only the env it is given', () => {
    const c = loadConfig({ PORT: '9090', DATA_DIR: '/srv/bulut', PUBLIC_URL: 'https://bulut.example/' });
    expect(c.port).toBe(9090);
    expect(c.dataDir).toBe('/srv/bulut');
    expect(c.blobs).toEqual({ kind: 'disk', root: '/srv/bulut/blobs' });
    expect(c.publicUrl).toBe('https://bulut.example');
    expect(loadConfig({ DATA_DIR: 'relative/dir' }).dataDir).toBe(path.resolve('relative/dir'));
    expect(loadConfig({ WEB_DIST_DIR: '' }).webDistDir).toBeNull();
  });

  it('DATABASE_URL picks PostgreSQL', async () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://bulut:pw@db.internal:5432/bulut' });
    expect(c.databaseUrl).toBe('postgres://bulut:pw@db.internal:5432/bulut');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/bulut' }).databaseUrl).toBe('postgresql://db/bulut');
    // Building the database does not connect yet, so this shows the choice without a server.
    const database = createDatabase({ databaseUrl: c.databaseUrl, sqliteFile: c.sqliteFile });
    try {
      expect(database.dialect).toBe('postgres');
    } finally {
      await database.destroy();
    }
    expect(configError({ DATABASE_URL: 'mysql://db/bulut' })).toMatch(/DATABASE_URL/);
    expect(configError({ DATABASE_URL: 'not a url' })).toMatch(/DATABASE_URL/);
  });

  it('all S3 variables → S3 storage', () => {
    const c = loadConfig(S3);
    expect(c.blobs).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'bulut-files',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const custom = loadConfig({ ...S3, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' });
    expect(custom.blobs).toMatchObject({ kind: 's3', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: false });
    expect(configError({ ...S3, S3_ENDPOINT: 'ftp://minio' })).toMatch(/S3_ENDPOINT/);
  });

  it('some but not all S3 variables → ConfigError naming the missing ones', () => {
    const onlyBucket = configError({ S3_BUCKET: 'bulut-files' });
    const missing = onlyBucket.slice(onlyBucket.indexOf('missing'));
    expect(missing).toContain('S3_ACCESS_KEY_ID');
    expect(missing).toContain('S3_SECRET_ACCESS_KEY');
    expect(missing).not.toContain('S3_BUCKET');

    const noSecret = configError({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' });
    expect(noSecret.slice(noSecret.indexOf('missing'))).toMatch(/^missing S3_SECRET_ACCESS_KEY$/);
  });

  it('a bad PORT → ConfigError with a clear message', () => {
    expect(configError({ PORT: 'abc' })).toBe('PORT must be a whole number, got "abc"');
    expect(configError({ PORT: '80.5' })).toMatch(/PORT must be a whole number/);
    expect(configError({ PORT: '-1' })).toMatch(/PORT/);
    expect(configError({ PORT: '70000' })).toBe('PORT must be between 0 and 65535, got 70000');
  });

  it('other bad values → ConfigError naming the variable', () => {
    expect(configError({ SMTP_URL: 'http://mail.example' })).toMatch(/SMTP_URL must use smtp: or smtps:/);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example:465' }).smtpUrl).toBe('smtps://user:pw@mail.example:465');
    expect(configError({ SMTP_URL: '::::' })).toMatch(/SMTP_URL/);
    expect(configError({ SMS_GATEWAY_URL: 'smtp://x' })).toMatch(/SMS_GATEWAY_URL/);
    expect(configError({ SMS_GATEWAY_METHOD: 'PUT' })).toMatch(/SMS_GATEWAY_METHOD/);
    expect(loadConfig({ SMS_GATEWAY_METHOD: 'get' }).smsGatewayMethod).toBe('GET');
    expect(configError({ LOG_LEVEL: 'chatty' })).toMatch(/LOG_LEVEL/);
    expect(configError({ PUBLIC_URL: 'bulut.example' })).toMatch(/PUBLIC_URL/);
    expect(configError({ SESSION_TTL_MINUTES: '0' })).toMatch(/SESSION_TTL_MINUTES/);
    expect(configError({ RATE_LIMIT_PER_MINUTE: 'lots' })).toMatch(/RATE_LIMIT_PER_MINUTE/);
  });

  it('THINGS_DETECTION: on by default, off only when it says so', () => {
    expect(loadConfig({}).thingsDetection).toBe(true);
    expect(loadConfig({ THINGS_DETECTION: 'off' }).thingsDetection).toBe(false);
    expect(loadConfig({ THINGS_DETECTION: ' On ' }).thingsDetection).toBe(true);
    expect(configError({ THINGS_DETECTION: '0' })).toBe('THINGS_DETECTION must be on or off, got "0"');
  });

  it('turns silent sign-in on only with an issuer and a key', () => {
    expect(loadConfig({}).silentLogin).toBeNull();
    const secret = 's'.repeat(32);
    expect(loadConfig({ SILENT_LOGIN_ISSUER: 'gw', SILENT_LOGIN_SECRET: secret }).silentLogin).toEqual({ issuer: 'gw', secret, publicKey: null });
    expect(loadConfig({ SILENT_LOGIN_ISSUER: 'gw', SILENT_LOGIN_PUBLIC_KEY: 'a\\nb' }).silentLogin?.publicKey).toBe('a\nb');
    expect(configError({ SILENT_LOGIN_SECRET: secret })).toMatch(/SILENT_LOGIN_ISSUER/);
    expect(configError({ SILENT_LOGIN_ISSUER: 'gw' })).toMatch(/SILENT_LOGIN_SECRET or SILENT_LOGIN_PUBLIC_KEY/);
    expect(configError({ SILENT_LOGIN_ISSUER: 'gw', SILENT_LOGIN_SECRET: 'short' })).toMatch(/at least 32/);
  });

  it('Google and Apple sign-in: off without a client id; issuers default to the real ones, http only on this machine', () => {
    expect(loadConfig({}).social).toEqual({
      google: { clientId: null, issuer: 'https://accounts.google.com' },
      apple: { clientId: null, issuer: 'https://appleid.apple.com' },
    });
    const local = loadConfig({ GOOGLE_CLIENT_ID: ' web-app ', GOOGLE_ISSUER: 'http://127.0.0.1:8081/' });
    expect(local.social.google).toEqual({ clientId: 'web-app', issuer: 'http://127.0.0.1:8081' });
    expect(configError({ APPLE_ISSUER: 'http://appleid.example' })).toMatch(/APPLE_ISSUER must use https/);
    expect(configError({ GOOGLE_ISSUER: 'accounts.google.com' })).toMatch(/GOOGLE_ISSUER/);
  });
});
