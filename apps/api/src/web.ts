import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { hasSessionCookie } from '@sf/shared';
import { createPageCache, materialize, type RenderedPage } from './lib/page-cache.ts';
import { broadcast, onBroadcast } from './lib/broadcast.ts';

const CTX_HEADER = 'x-sf-request-context';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PAGE_CACHE_CLEAR = 'page-cache:clear';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The web app's build folder (apps/web/build), found through the workspace. */
export function webBuildDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/build');
}

const VISITOR_HEADERS = ['cookie', 'user-agent', 'accept-language', 'origin', 'host'];
/** A render shared by guests must not carry one guest's cookies. */
const SHARED_HEADERS = VISITOR_HEADERS.filter((h) => h !== 'cookie');

/** Loaders reach our API in-process, with the visitor's cookies and address. */
function inProcessFetch(app: FastifyInstance, req: FastifyRequest, pass = VISITOR_HEADERS) {
  return async (url: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    for (const h of pass) {
      const v = req.headers[h];
      if (typeof v === 'string' && !headers[h]) headers[h] = v;
    }
    let payload: string | Buffer | undefined;
    const body = init.body;
    if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) {
      payload = body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (body != null)
      payload = Buffer.from(await new Response(body as BodyInit).arrayBuffer());
    const res = await app.inject({
      method: (init.method ?? 'GET') as any,
      url,
      headers,
      payload,
      remoteAddress: req.ip,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (Array.isArray(v)) v.forEach((x) => out.append(k, String(x)));
      else if (v !== undefined) out.set(k, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}

/** Static assets and server-rendered pages for every path that is not /api. */
export async function registerWeb(app: FastifyInstance, buildDir = webBuildDir()) {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!fs.existsSync(serverEntry))
    throw new Error(`No web build at ${buildDir}: run "npm run build" first`);
  const build = await import(pathToFileURL(serverEntry).href);

  // Hashed assets never change: a year, immutable. Other public files: an hour.
  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const mode = app.config.production ? 'production' : 'development';
  const cache = createPageCache({ ttlMs: app.config.pageCacheMs });
  const cacheOn = app.config.pageCacheMs > 0;
  // Any accepted write may change what a page shows: every process forgets every cached page.
  const unsubscribe = onBroadcast(PAGE_CACHE_CLEAR, () => cache.clear());
  app.addHook('onClose', async () => void unsubscribe());
  // Before the answer goes out, so a visitor's next page, from any process, shows the change.
  app.addHook('onSend', async (req, reply, payload) => {
    if (STATE_CHANGING.has(req.method) && reply.statusCode < 400) await broadcast(PAGE_CACHE_CLEAR);
    return payload;
  });
  const handler = createRequestHandler(build as ServerBuild, mode);

  /** Renders the guest version of this page (no cookies, no compression, placeholder nonce). */
  async function renderShared(req: FastifyRequest): Promise<RenderedPage> {
    const headers = new Headers();
    for (const h of SHARED_HEADERS)
      if (typeof req.headers[h] === 'string') headers.set(h, req.headers[h]);
    if (typeof req.headers['x-forwarded-proto'] === 'string')
      headers.set('x-forwarded-proto', req.headers['x-forwarded-proto']);
    const res = await handler(new Request(`${req.protocol}://${req.host}${req.url}`, { headers }), {
      nonce: cache.placeholder,
      fetch: inProcessFetch(app, req, SHARED_HEADERS),
    });
    const out: [string, string][] = [];
    res.headers.forEach((v, k) => out.push([k, v]));
    return { status: res.status, headers: out, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** Answers from the guest page cache; false when this request must be rendered for itself. */
  async function fromCache(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!cacheOn || req.method !== 'GET' || hasSessionCookie(req.headers.cookie)) return false;
    const got = await cache.get(`${req.protocol}://${req.host}${req.url}`, () => renderShared(req));
    if (!got) return false;
    const page = materialize(got.page, crypto.randomBytes(16).toString('base64'));
    for (const [k, v] of page.headers)
      if (k !== 'content-length' && k !== 'content-encoding') reply.header(k, v);
    reply.header('x-page-cache', got.hit ? 'hit' : 'miss');
    let body = page.body;
    const enc = String(req.headers['accept-encoding'] ?? '');
    // Compressed per answer (its nonce differs), off the main thread; quality 4 as for fresh renders.
    if (body.length > 1024 && /\b(br|gzip)\b/.test(enc)) {
      const br = /\bbr\b/.test(enc);
      body = br
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzip(body, { level: 6 });
      reply.header('content-encoding', br ? 'br' : 'gzip');
      reply.header('vary', 'Accept-Encoding');
    }
    reply.status(page.status).send(body);
    return true;
  }

  await app.register(async (scope) => {
    // React Router reads the raw body itself: Fastify must not consume it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // The listener builds a Fetch Request from the raw request; a per-request token header
    // (always overwritten, so a visitor cannot forge it) leads back to the Fastify request.
    const pending = new Map<string, FastifyRequest>();
    const listener = createRequestListener({
      build,
      mode,
      getLoadContext: (request) => {
        const token = request.headers.get(CTX_HEADER) ?? '';
        const req = pending.get(token);
        pending.delete(token);
        if (!req) throw new Error('request context missing');
        return {
          nonce: crypto.randomBytes(16).toString('base64'),
          fetch: inProcessFetch(app, req),
        };
      },
    });
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        if (req.url.startsWith('/api/') || req.url === '/api') {
          return reply.status(404).send({
            status: false,
            code: 'NOT_FOUND',
            message: `No API route for ${req.method} ${req.url.split('?')[0]}`,
          });
        }
        if (await fromCache(req, reply)) return reply;
        const token = crypto.randomBytes(12).toString('hex');
        const raw = req.raw.rawHeaders;
        for (let i = raw.length - 2; i >= 0; i -= 2)
          if (raw[i].toLowerCase() === CTX_HEADER) raw.splice(i, 2);
        raw.push(CTX_HEADER, token);
        pending.set(token, req);
        reply.raw.on('close', () => pending.delete(token));
        reply.hijack();
        listener(req.raw, reply.raw);
      },
    });
  });
}
