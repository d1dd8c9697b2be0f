// Traces and error reports leave the server over real HTTP, to local stand-ins for the services
// an operator points them at: an OTLP/HTTP collector (OTEL_EXPORTER_OTLP_ENDPOINT) and a
// Sentry-compatible DSN (SENTRY_DSN), each a small server that decodes what it is sent.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { freshDatabase, root, startAppServer, type AppServer } from '../machines/harness.ts';
import { redisAnswers } from './redis-proxy.ts';
import { testRedisPrefix } from './helper.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Skipped only where no Redis server answers at REDIS_URL (CI and this machine have one).
const redisUp = await redisAnswers(REDIS_URL);

/**
 * A module-loader hook (node --import) that writes the address of every ES module the server
 * resolves from an @opentelemetry package into `file`: the proof that tracing left off loads none.
 */
function loaderProbe(dir: string, file: string) {
  const hooks = path.join(dir, 'otel-probe-hooks.mjs');
  fs.writeFileSync(
    hooks,
    `import fs from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.includes('@opentelemetry')) fs.appendFileSync(${JSON.stringify(file)}, r.url + '\\n');
  return r;
}
`,
  );
  const entry = path.join(dir, 'otel-probe.mjs');
  fs.writeFileSync(
    entry,
    `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hooks}`)});\n`,
  );
  fs.writeFileSync(file, '');
  return { NODE_OPTIONS: `--import ${entry}` };
}
const probed = (file: string) => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A server that keeps every POST it is sent (gunzipped) and answers 200. */
async function receiver() {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let buf = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') buf = zlib.gunzipSync(buf);
      got.push({ path: req.url ?? '', headers: req.headers, body: buf.toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, got, close: () => server.close() };
}

const until = async <T>(what: string, fn: () => T | undefined, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
// OTLP's enum (trace.proto): SPAN_KIND_SERVER = 2, SPAN_KIND_CLIENT = 3.
const SERVER = 2;
const CLIENT = 3;

/** Every span of every OTLP/HTTP JSON export the collector received, with its service name. */
function spans(got: Received[]) {
  const out: (OtlpSpan & { service: string; attr: (k: string) => unknown })[] = [];
  for (const r of got.filter((g) => g.path === '/v1/traces')) {
    for (const rs of JSON.parse(r.body).resourceSpans ?? []) {
      const service = rs.resource.attributes.find((a: { key: string }) => a.key === 'service.name')
        ?.value.stringValue;
      for (const ss of rs.scopeSpans ?? [])
        for (const s of ss.spans as OtlpSpan[])
          out.push({
            ...s,
            service,
            attr: (k) => {
              const v = s.attributes.find((a) => a.key === k)?.value;
              return v && Object.values(v)[0];
            },
          });
    }
  }
  return out;
}

describe('tracing', () => {
  let server: AppServer | undefined;
  let untraced: AppServer | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  let collector: Awaited<ReturnType<typeof receiver>> | undefined;
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    untraced?.child.kill('SIGTERM');
    await untraced?.exited;
    collector?.close();
    await dropDb?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends traces to the OTLP collector: a request’s server span with its request id and the database and Redis spans under it; an outbound call', async () => {
    collector = await receiver();
    const env: Record<string, string> = {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'sparefinder-test',
      // Export within a tenth of a second instead of five.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // The SMS gateway is the collector's server too: any POST is kept and answered.
      SMS_API_KEY: 'test-gateway-key',
      SMS_BASE_URL: collector.url,
    };
    // On the PostgreSQL server when the run has one (pg's instrumentation), else PGlite (ours).
    // Redis too (the rate limits and the session cache), when a server answers.
    if (redisUp) Object.assign(env, { REDIS_URL, REDIS_KEY_PREFIX: testRedisPrefix() });
    const serverUrl = process.env.TEST_DATABASE_URL;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-trace-'));
    if (serverUrl) {
      const db = await freshDatabase(serverUrl, 'sf_trace');
      dropDb = db.drop;
      env.DATABASE_URL = db.url;
    } else {
      env.DATA_DIR = dataDir;
    }
    const loaded = path.join(dataDir, 'otel-loaded.txt');
    server = await startAppServer('traced', { ...env, ...loaderProbe(dataDir, loaded) });
    // The probe sees the packages tracing loads (what makes its silence below mean something).
    expect(probed(loaded).some((u) => u.includes('@opentelemetry/sdk-trace-node'))).toBe(true);

    const requestId = `trace-${crypto.randomBytes(8).toString('hex')}`;
    const res = await fetch(`${server.url}/api/database/states/NG`, {
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    const request = await until('the server span', () =>
      spans(collector!.got).find((s) => s.attr('http.request_id') === requestId),
    );
    expect(request.kind).toBe(SERVER);
    expect(request.name).toBe('GET /api/database/states/:country');
    expect(request.attr('http.route')).toBe('/api/database/states/:country');
    expect(request.service).toBe('sparefinder-test');

    // The database spans of that request: same trace, each a descendant of the server span.
    const inTrace = () => spans(collector!.got).filter((s) => s.traceId === request.traceId);
    const queries = await until('the database spans', () => {
      const found = inTrace().filter((s) => s.kind === CLIENT && s.attr('db.query.text'));
      return found.length ? found : undefined;
    });
    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    for (const q of queries) {
      let p = q.parentSpanId && byId.get(q.parentSpanId);
      while (p && p.spanId !== request.spanId) p = p.parentSpanId && byId.get(p.parentSpanId);
      expect(p && p.spanId, `${q.name} under the request`).toBe(request.spanId);
      expect(q.attr('db.system.name') ?? q.attr('db.system')).toBe('postgresql');
    }
    expect(queries.some((q) => /select/i.test(String(q.attr('db.query.text'))))).toBe(true);
    // The statement's text only: its parameters (the country code) are not sent.
    expect(JSON.stringify(queries.map((q) => q.attributes))).not.toContain('"NG"');

    // An outbound call through fetch (the SMS gateway here; Paystack goes the same way) is a
    // client span too: the sign-in code's job sends it a moment after the request.
    const code = await fetch(`${server.url}/api/auth/phone/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '08031234567' }),
    });
    expect(code.status).toBe(200);
    const outbound = await until('the SMS gateway call span', () =>
      spans(collector!.got).find(
        (s) => s.kind === CLIENT && String(s.attr('url.full')).endsWith('/api/sms/send'),
      ),
    );
    expect(outbound.attr('http.request.method')).toBe('POST');
    expect(collector.got.some((g) => g.path === '/api/sms/send')).toBe(true);

    // That request's Redis commands (its rate limits) are client spans in its trace, named by
    // command alone: no key or value (phone numbers, session ids) leaves for the backend.
    if (redisUp) {
      const codeRequest = await until('the code request span', () =>
        spans(collector!.got).find(
          (s) => s.kind === SERVER && s.name === 'POST /api/auth/phone/code',
        ),
      );
      const commands = await until('the Redis spans', () => {
        const found = spans(collector!.got).filter(
          (s) =>
            s.traceId === codeRequest.traceId &&
            (s.attr('db.system.name') ?? s.attr('db.system')) === 'redis',
        );
        return found.length ? found : undefined;
      });
      expect(commands.every((c) => c.kind === CLIENT)).toBe(true);
      const sent = JSON.stringify(commands.map((c) => c.attributes));
      expect(sent).not.toContain('8031234567');
    }

    // Health checks and scrapes are not traced.
    const before = spans(collector.got).length;
    await fetch(`${server.url}/api/health`);
    await new Promise((r) => setTimeout(r, 600));
    expect(spans(collector.got).filter((s) => s.attr('url.path') === '/api/health')).toEqual([]);
    expect(spans(collector.got).length).toBeGreaterThanOrEqual(before);
  }, 180_000);

  it('loads nothing of OpenTelemetry when no endpoint is set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-untraced-'));
    try {
      const loaded = path.join(dir, 'otel-loaded.txt');
      untraced = await startAppServer('untraced', { DATA_DIR: dir, ...loaderProbe(dir, loaded) });
      expect((await fetch(`${untraced.url}/api/database/states/NG`)).status).toBe(200);
      expect(probed(loaded)).toEqual([]);
    } finally {
      untraced?.child.kill('SIGTERM');
      await untraced?.exited;
      untraced = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The one event of a Sentry envelope: header line, item header, payload. */
function envelopeEvent(r: Received) {
  const [head, item, payload] = r.body.trim().split('\n');
  expect(JSON.parse(item)).toMatchObject({ type: 'event' });
  return { head: JSON.parse(head), event: JSON.parse(payload) };
}

describe('error reports (SENTRY_DSN)', () => {
  it('reports an unexpected 5xx with its request, never its query string or cookies', async () => {
    const dsnServer = await receiver();
    const handle = await createTestDb();
    const dsn = `${dsnServer.url.replace('//', '//publickey123@')}/42`;
    const { startErrorReporting } = await import('../lib/error-report.ts');
    // The process's crash handler too: taken off again below, the test runner keeps its own.
    const before = process.listeners('uncaughtException');
    startErrorReporting({ dsn, release: 'test-release', environment: 'test' });
    for (const l of process.listeners('uncaughtException'))
      if (!before.includes(l)) process.off('uncaughtException', l);
    const app = await buildApp({ db: handle.db });
    app.get('/api/test/boom', async () => {
      throw new TypeError('the widget was undefined', { cause: new Error('inner cause') });
    });
    try {
      const res = await app.inject({
        url: '/api/test/boom?token=secret-token',
        headers: { 'x-request-id': 'boom-request-1', cookie: 'sf_session=abc', 'user-agent': 'UA' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      const r = await until('the error report', () => dsnServer.got[0]);
      expect(r.path).toBe('/api/42/envelope/');
      expect(r.headers['content-type']).toBe('application/x-sentry-envelope');
      expect(r.headers['x-sentry-auth']).toContain('sentry_key=publickey123');
      const { head, event } = envelopeEvent(r);
      expect(head.event_id).toBe(event.event_id);
      expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
      expect(event).toMatchObject({
        level: 'error',
        platform: 'node',
        release: 'test-release',
        environment: 'test',
        transaction: 'GET /api/test/boom',
        request: { method: 'GET', url: '/api/test/boom', headers: { 'User-Agent': 'UA' } },
        tags: { request_id: 'boom-request-1' },
      });
      const values = event.exception.values;
      expect(values.map((v: { type: string }) => v.type)).toEqual(['Error', 'TypeError']);
      expect(values[1].value).toBe('the widget was undefined');
      expect(values[1].stacktrace.frames.at(-1).filename).toContain('telemetry.test.ts');
      expect(r.body).not.toContain('secret-token');
      expect(r.body).not.toContain('sf_session');

      // A 4xx is the client's mistake, not ours: not reported. The same error again within the
      // minute is the same issue: not sent twice.
      expect((await app.inject({ url: '/api/nope' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/test/boom' })).statusCode).toBe(500);
      await new Promise((r) => setTimeout(r, 300));
      expect(dsnServer.got).toHaveLength(1);
    } finally {
      await app.close();
      await handle.close();
      dsnServer.close();
    }
  }, 120_000);

  it('reports a crash before the process ends with exit code 1', async () => {
    const dsnServer = await receiver();
    const dsn = `${dsnServer.url.replace('//', '//k@')}/7`;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startErrorReporting } from './apps/api/src/lib/error-report.ts';
         startErrorReporting({ dsn: ${JSON.stringify(dsn)}, release: 'r1', environment: 'production' });
         setTimeout(() => { throw new RangeError('crashed on purpose'); }, 10);`,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const code = await new Promise((r) => child.once('exit', r));
    dsnServer.close();
    expect(code).toBe(1);
    expect(stderr).toContain('crashed on purpose');
    expect(dsnServer.got).toHaveLength(1);
    const { event } = envelopeEvent(dsnServer.got[0]);
    expect(event).toMatchObject({ level: 'fatal', release: 'r1', environment: 'production' });
    expect(event.exception.values.at(-1)).toMatchObject({
      type: 'RangeError',
      value: 'crashed on purpose',
    });
  }, 60_000);
});
