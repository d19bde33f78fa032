import './threadpool.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { purgeExpired } from './infra/db/housekeeping.js';
import { abortStaleUploads } from './modules/upload/upload.service.js';
import { purgeExpiredZipLists } from './modules/download/download.service.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Bulut cannot start: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(config);
  app.jobs.start();
  const housekeeping = setInterval(() => {
    const { db } = app.database;
    purgeExpired(db).then(
      (deleted) => app.log.info({ deleted }, 'housekeeping'),
      (err) => app.log.error({ err }, 'housekeeping failed'),
    );
    abortStaleUploads({ db, blobs: app.blobs, logger: app.log }).then(
      (uploads) => app.log.info({ uploads }, 'upload housekeeping'),
      (err) => app.log.error({ err }, 'upload housekeeping failed'),
    );
    purgeExpiredZipLists(db).then(
      (zipLists) => app.log.info({ zipLists }, 'zip link housekeeping'),
      (err) => app.log.error({ err }, 'zip link housekeeping failed'),
    );
  }, 60 * 60_000);
  housekeeping.unref();
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl ?? '(from each request)', database: app.database.dialect, blobs: config.blobs.kind }, 'Bulut is up');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    // A hard stop if something hangs, so an orchestrator's restart is never blocked forever.
    setTimeout(() => process.exit(1), 30_000).unref();
    clearInterval(housekeeping);
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Bulut failed to start:', err);
  process.exit(1);
});
