import './threadpool.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { readyUrl } from './ready-url.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Bulut cannot start: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  // Tracing patches http, pg and Fastify as they load, so it starts before the app is imported; without an OTLP
  // endpoint none of it is even loaded.
  const tracing = config.otel ? await (await import('./infra/telemetry/tracing.js')).startTracing(config.otel) : null;
  const { buildApp } = await import('./app.js');
  const { sweepTemp } = await import('./infra/blob-store/temp-sweep.js');
  const { startMetricsServer } = await import('./infra/metrics/metrics-endpoint.js');

  const app = await buildApp(config);
  // What a killed previous run left in temp directories; files of a live instance sharing them are younger than the age.
  app.log.info({ removed: await sweepTemp(app.blobs) }, 'temp files swept');
  // Frees what this slot's previous run held (a crash leaves its jobs running), then runs queued jobs and the
  // modules' schedules (housekeeping) as their occurrences come due.
  const { released } = await app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = config.metrics.port === null ? null : await startMetricsServer(config.metrics.port, config.metrics.host);
  app.log.info(
    {
      publicUrl: config.publicUrl ?? '(from each request)',
      database: app.database.dialect,
      blobs: config.blobs.kind,
      instance: config.instanceId,
      releasedJobs: released,
      metricsPort: metricsServer?.port ?? null,
      tracing: tracing !== null,
    },
    'Bulut is up',
  );
  // One plain line among the JSON logs: the address a person opens (the log's fields are for machines).
  console.log(`Bulut is ready: ${readyUrl(config.publicUrl, config.host, app.server.address())}`);

  let closing = false;
  /**
   * A graceful stop (issue 28): /health/ready turns 503 at once and this instance's job leases go back to the queue,
   * so other instances take its jobs now; after DRAIN_DELAY_MS (time for a load balancer's probe to notice) the
   * listener closes and in-flight requests get up to DRAIN_TIMEOUT_MS to finish; then the process exits 0.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const { delayMs, timeoutMs } = config.drain;
    app.log.info({ signal, delayMs, timeoutMs }, 'shutting down: draining');
    app.beginDrain();
    await app.jobs.release().catch((err: unknown) => app.log.error({ err }, 'could not release job leases'));
    // Ctrl-C in a terminal wants the prompt back, not a load balancer's grace period.
    if (signal === 'SIGTERM' && delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const cut = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'drain timeout: closing the connections still open');
      app.server.closeAllConnections();
    }, timeoutMs);
    cut.unref();
    // A hard stop if closing itself hangs (a stuck database pool), so an orchestrator's restart is never blocked.
    setTimeout(() => process.exit(1), timeoutMs + 15_000).unref();
    await app.close();
    clearTimeout(cut);
    await metricsServer?.close();
    await tracing?.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Bulut failed to start:', err);
  process.exit(1);
});
