import crypto from 'node:crypto';
import os from 'node:os';

/*
 * Error reporting to a Sentry-compatible service (SENTRY_DSN): 5xx answers and crashes, each as
 * one event in Sentry's documented envelope format, POSTed to `/api/<project>/envelope/`.
 * Sentry itself, GlitchTip and Bugsink all accept it.
 *
 * Why not @sentry/node: since version 8 it is built on OpenTelemetry and installs its own tracer
 * provider and instrumentations at start-up, which would fight the OTLP tracing of
 * lib/telemetry.ts for the same hooks; it also brings some forty packages onto every server for
 * what is one JSON POST per error here. This file is the whole client: no breadcrumbs, no
 * performance data (traces go to OTLP), no personal data (no cookies, no body, no address).
 */

export interface Dsn {
  /** Where envelopes are POSTed. */
  endpoint: string;
  publicKey: string;
  projectId: string;
  dsn: string;
}

/** `https://<key>@<host>[/<path>]/<project>`, as every Sentry-compatible service prints it. */
export function parseDsn(dsn: string): Dsn {
  let u: URL | undefined;
  try {
    u = new URL(dsn);
  } catch {
    /* reported below */
  }
  const m = u && /^(.*)\/(\d+|[\w-]+)\/?$/.exec(u.pathname);
  if (!u || !/^https?:$/.test(u.protocol) || !u.username || !m || u.search || u.hash)
    throw new Error(
      `SENTRY_DSN must be a DSN as the service shows it, https://KEY@host/PROJECT, got "${dsn}"`,
    );
  return {
    endpoint: `${u.protocol}//${u.host}${m[1]}/api/${m[2]}/envelope/`,
    publicKey: decodeURIComponent(u.username),
    projectId: m[2],
    dsn,
  };
}

export interface ErrorContext {
  /** The request that failed, if one did: what is safe to send of it. */
  request?: { id: string; method: string; url: string; route?: string; userAgent?: string };
  /** The trace the error happened in (lib/telemetry.ts), to jump from the error to it. */
  trace?: { traceId: string; spanId: string };
  level?: 'error' | 'fatal';
}

interface Frame {
  function?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  in_app?: boolean;
}

/** V8's stack lines, oldest call first as Sentry wants them. */
function frames(stack: string | undefined): Frame[] {
  const out: Frame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const m =
      /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line) ?? /^\s*at (.+?) \((.+)\)$/.exec(line);
    if (!m) continue;
    const filename = m[2].replace(/^file:\/\//, '');
    out.push({
      function: m[1] || '?',
      filename,
      lineno: m[3] ? Number(m[3]) : undefined,
      colno: m[4] ? Number(m[4]) : undefined,
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return out.reverse().slice(-50);
}

/** The error and its causes (drizzle wraps the driver's error), innermost first. */
function exceptions(err: unknown) {
  const values = [];
  for (let e = err, depth = 0; e != null && depth < 5; depth++) {
    const x = e instanceof Error ? e : new Error(String(e));
    values.unshift({
      type: x.name || 'Error',
      value: x.message.slice(0, 2000),
      stacktrace: { frames: frames(x.stack) },
    });
    e = (x as { cause?: unknown }).cause;
  }
  return values;
}

export interface ErrorReporter {
  /** Sends one event; resolves when it was sent, refused or dropped, never rejects. */
  capture(err: unknown, ctx?: ErrorContext): Promise<void>;
}

/** At most this many events a minute leave one process: an error in a hot path is one issue. */
const PER_MINUTE = 30;
/** One POST may take this long; the service being slow never holds a request or a crash long. */
const SEND_TIMEOUT_MS = 3000;

export function createErrorReporter(opts: {
  dsn: string;
  release: string;
  environment: string;
}): ErrorReporter {
  const dsn = parseDsn(opts.dsn);
  const auth = `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=sparefinder/1`;
  let windowStart = 0;
  let sentInWindow = 0;
  // Seen in this window: the same error from every request of a burst is sent once.
  const seen = new Set<string>();
  // The service asked us to wait (429 with Retry-After): nothing is sent until then.
  let pausedUntil = 0;

  return {
    async capture(err, ctx = {}) {
      try {
        const now = Date.now();
        if (now < pausedUntil) return;
        if (now - windowStart > 60_000) {
          windowStart = now;
          sentInWindow = 0;
          seen.clear();
        }
        const values = exceptions(err);
        const top = values[values.length - 1];
        const key = `${top.type}:${top.value}:${JSON.stringify(top.stacktrace.frames.at(-1))}`;
        if (seen.has(key) || sentInWindow >= PER_MINUTE) return;
        seen.add(key);
        sentInWindow++;

        const eventId = crypto.randomUUID().replace(/-/g, '');
        const r = ctx.request;
        const event = {
          event_id: eventId,
          timestamp: now / 1000,
          platform: 'node',
          level: ctx.level ?? 'error',
          logger: 'sparefinder',
          server_name: os.hostname(),
          release: opts.release,
          environment: opts.environment,
          exception: { values },
          ...(r
            ? {
                transaction: `${r.method} ${r.route ?? r.url.split('?')[0]}`,
                // The path only: a query string can carry a reset token or an e-mail address.
                request: {
                  method: r.method,
                  url: r.url.split('?')[0],
                  headers: r.userAgent ? { 'User-Agent': r.userAgent } : {},
                },
              }
            : {}),
          tags: { ...(r ? { request_id: r.id } : {}) },
          contexts: {
            runtime: { name: 'node', version: process.version },
            ...(ctx.trace
              ? { trace: { trace_id: ctx.trace.traceId, span_id: ctx.trace.spanId } }
              : {}),
          },
        };
        const body =
          `${JSON.stringify({ event_id: eventId, dsn: dsn.dsn, sent_at: new Date(now).toISOString() })}\n` +
          `${JSON.stringify({ type: 'event', content_type: 'application/json' })}\n` +
          `${JSON.stringify(event)}\n`;
        const res = await fetch(dsn.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
          body,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (res.status === 429)
          pausedUntil = Date.now() + 1000 * (Number(res.headers.get('retry-after')) || 60);
        await res.body?.cancel();
      } catch {
        // The reporting service down must never turn into a second error here.
      }
    },
  };
}

let reporter: ErrorReporter | undefined;

/** Turns reporting on for this process (server.ts, with SENTRY_DSN), crashes included. */
export function startErrorReporting(opts: { dsn: string; release: string; environment: string }) {
  reporter = createErrorReporter(opts);
  // A crash is reported before the process ends as Node would have ended it (exit code 1 and
  // the stack on stderr); the report may take up to SEND_TIMEOUT_MS. An unhandled rejection
  // arrives here too (Node's default turns it into an uncaught exception).
  process.on('uncaughtException', (err) => {
    console.error(err);
    void reporter!.capture(err, { level: 'fatal' }).finally(() => process.exit(1));
  });
}

/** Reports an error when reporting is on (a 5xx answer: lib/errors.ts, web.ts); else nothing. */
export function reportError(err: unknown, ctx?: ErrorContext) {
  if (reporter) void reporter.capture(err, ctx);
}
