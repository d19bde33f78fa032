import { createRequire } from 'node:module';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { setJobRunner } from './job-spans.js';

/** Probes and scrapes arrive every few seconds from every balancer; a span each would drown the requests. */
const UNTRACED = /^\/(health\/|metrics(\?|$))/;

/**
 * OpenTelemetry traces over OTLP/HTTP (JSON): incoming and outgoing HTTP, Fastify's routes and hooks, PostgreSQL
 * queries, and one span per job attempt. Loaded only when an endpoint is configured (main.ts imports this lazily),
 * before the app, so the modules it patches load patched.
 */
export async function startTracing(o: { endpoint: string; serviceName: string }): Promise<{ shutdown(): Promise<void> }> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': o.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: o.endpoint }))],
  });
  provider.register();
  const unregister = registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? '') }),
      new PgInstrumentation({ requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: ({ url }) => UNTRACED.test(url) }),
    ],
  });
  // An ESM import of a CommonJS package does not pass the require hooks the instrumentations patch through: loading
  // them once with require patches the module objects that the app's imports then share.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');

  const tracer = trace.getTracer('bulut.jobs');
  setJobRunner((kind, jobId, attempt, run) =>
    tracer.startActiveSpan(`job ${kind}`, { kind: SpanKind.CONSUMER, attributes: { 'job.kind': kind, 'job.id': jobId, 'job.attempt': attempt } }, async (span) => {
      try {
        return await run();
      } catch (err) {
        span.recordException(err as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        span.end();
      }
    }),
  );

  return {
    async shutdown() {
      setJobRunner(null);
      unregister();
      await provider.shutdown();
    },
  };
}
