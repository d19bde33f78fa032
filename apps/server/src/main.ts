import './threadpool.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { sweepTemp } from './infra/blob-store/temp-sweep.js';

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
  // What a killed previous run left in temp directories; files of a live instance sharing them are younger than the age.
  app.log.info({ removed: await sweepTemp(app.blobs) }, 'temp files swept');
  // Frees what this slot's previous run held (a crash leaves its jobs running), then runs queued jobs and the
  // modules' schedules (housekeeping) as their occurrences come due.
  const { released } = await app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl ?? '(from each request)', database: app.database.dialect, blobs: config.blobs.kind, instance: config.instanceId, releasedJobs: released }, 'Bulut is up');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    // A hard stop if something hangs, so an orchestrator's restart is never blocked forever.
    setTimeout(() => process.exit(1), 30_000).unref();
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
