import type { FastifyInstance } from 'fastify';
import type * as Api from '@opentelemetry/api';
import type { DbHandle } from '@sf/db';

/*
 * OpenTelemetry tracing, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (docs/deploy.md, "Traces and errors"). Unset, nothing of OpenTelemetry is even loaded: every
 * import below is a type, the packages come in through startTracing's dynamic imports, and the
 * functions the server calls return at once.
 *
 * What is traced: each incoming HTTP request (a server span, named after the Fastify route, with
 * nginx's X-Request-Id), the database queries it makes (pg on PostgreSQL, our own spans on
 * PGlite), Redis commands, and every outbound call through fetch (Paystack, the SMS gateway) or
 * node:http (S3). The instrumentations patch modules as they are first required, so
 * startTracing must run before the server's modules load: main.ts imports server.ts only after.
 */

let api: typeof Api | undefined;
let shutdown: (() => Promise<void>) | undefined;

// Health checks, scrapes and hashed assets are many, cheap and never the interesting trace.
const UNTRACED = /^\/(?:metrics|api\/(?:health|ready|version)|assets\/|favicon)/;
// Query parameters whose values must not reach the tracing backend (reset tokens, addresses),
// beside the signing parameters the instrumentation redacts by default.
const REDACTED = [
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'token',
  'email',
  'phone',
  'code',
  'reference',
  'trxref',
];

export interface TracingOptions {
  otlpEndpoint?: string;
  serviceName: string;
  version: string;
}

/** Starts tracing when an endpoint is configured; resolves whether it did. Once per process. */
export async function startTracing(opts: TracingOptions): Promise<boolean> {
  if (!opts.otlpEndpoint || api) return Boolean(api);
  const [
    otel,
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
    { RedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-redis'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'service.version': opts.version,
      'process.pid': process.pid,
    }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (adding /v1/traces), _HEADERS and _TIMEOUT
    // itself; the processor OTEL_BSP_*; the provider OTEL_TRACES_SAMPLER(_ARG).
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        redactedQueryParams: REDACTED,
        redactedQueryParamsServer: REDACTED,
      }),
      new UndiciInstrumentation(),
      // Queries outside a request (the job poller every second) would be noise, not traces.
      new PgInstrumentation({ requireParentSpan: true }),
      // Commands only: keys and values hold session ids and rate-limit subjects.
      new RedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (cmd) => cmd }),
    ],
  });
  api = otel;
  shutdown = () => provider.shutdown();
  return true;
}

export const tracingOn = () => api !== undefined;

/** Sends the spans still buffered (a stopping server); nothing when tracing is off. */
export async function flushTracing() {
  await shutdown?.().catch(() => {});
}

/** The ids of the span running now, for log lines and error reports; undefined when off. */
export function activeTrace(): { traceId: string; spanId: string } | undefined {
  const ctx = api?.trace.getActiveSpan()?.spanContext();
  return ctx && api!.isSpanContextValid(ctx)
    ? { traceId: ctx.traceId, spanId: ctx.spanId }
    : undefined;
}

/** Pino's mixin: each log line written inside a traced request names its trace. */
export function traceLogFields(): Record<string, string> {
  const t = activeTrace();
  return t ? { trace_id: t.traceId, span_id: t.spanId } : {};
}

/**
 * Names each server span after its route (`GET /api/products/:id`, the label the metrics use)
 * and gives it the request id that names the request in our logs and nginx's.
 */
export function installTracing(app: FastifyInstance) {
  if (!api) return;
  const otel = api;
  app.addHook('onRequest', (req, _reply, done) => {
    const span = otel.trace.getActiveSpan();
    if (span) {
      const route = req.routeOptions.url;
      span.setAttribute('http.request_id', req.id);
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${req.method} ${route}`);
      }
    }
    done();
  });
}

/**
 * PGlite has no instrumentation of its own: each statement it runs for a traced request becomes
 * a client span like those of pg on PostgreSQL (the statement's text, never its parameters).
 */
export function traceDb(handle: DbHandle) {
  if (!api || handle.kind !== 'pglite') return;
  const otel = api;
  const tracer = otel.trace.getTracer('sparefinder-pglite');
  type Runner = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const wrap = (target: Record<string, unknown>, method: 'query' | 'exec') => {
    const original = (target[method] as Runner).bind(target);
    target[method] = (text: string, ...rest: unknown[]) => {
      if (!otel.trace.getActiveSpan()) return original(text, ...rest);
      const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
      return tracer.startActiveSpan(
        `pglite.${method}:${operation}`,
        {
          kind: otel.SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.query.text': text.slice(0, 2000),
          },
        },
        async (span) => {
          try {
            return await original(text, ...rest);
          } catch (e) {
            span.recordException(e as Error);
            span.setStatus({ code: otel.SpanStatusCode.ERROR, message: (e as Error).message });
            throw e;
          } finally {
            span.end();
          }
        },
      );
    };
  };
  for (const db of new Set([handle.db, handle.read])) {
    const client = (db as unknown as { $client: Record<string, unknown> }).$client;
    wrap(client, 'query');
    wrap(client, 'exec');
    // A transaction's statements run on the object it hands its callback.
    const transaction = (client.transaction as (fn: (tx: unknown) => unknown) => unknown).bind(
      client,
    );
    client.transaction = (fn: (tx: Record<string, unknown>) => unknown) =>
      transaction((tx) => {
        wrap(tx as Record<string, unknown>, 'query');
        wrap(tx as Record<string, unknown>, 'exec');
        return fn(tx as Record<string, unknown>);
      });
  }
}
