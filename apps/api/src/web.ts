import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import {
  hasChatCookie,
  hasSessionCookie,
  PLACE_COOKIE,
  placeCookieValue,
  readPlaceCookie,
  wantsLite,
} from '@sf/shared';
import type { AuthUser } from './modules/auth/types.ts';
import {
  changesGuestPages,
  createPageCache,
  materialize,
  type RenderedPage,
} from './lib/page-cache.ts';
import { acceptedEncoding, compress, MIN_COMPRESS_BYTES } from './lib/encoding.ts';
import { errorPageHtml, invalidHeaders } from './lib/reply-guard.ts';
import { reportRequestError } from './lib/errors.ts';
import type { SessionPass } from './lib/session.ts';
import { authUser } from './modules/auth/service.ts';
import { countProductView, viewedProduct } from './modules/seller/views.ts';
import { installServiceWorker } from './lib/service-worker.ts';
import { publicOrigin } from './config.ts';
import { PRIVATE } from './lib/cache-control.ts';
import { callInProcess } from './lib/in-process.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PAGE_CACHE_CLEAR = 'sys:page-cache-clear';
/** A page form's body, read before the page runs; as large as the API accepts. */
const PAGE_BODY_LIMIT = 1024 * 1024;

/** The web app's build folder (apps/web/build), found through the workspace. */
export function webBuildDir(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/build');
}

const VISITOR_HEADERS = ['cookie', 'user-agent', 'accept-language', 'origin', 'host'];
/** A render shared by guests must not carry one guest's cookies. */
const SHARED_HEADERS = VISITOR_HEADERS.filter((h) => h !== 'cookie');

/** The session pass of the request being served; dropped once a write may have changed the user. */
interface PassHolder {
  pass: SessionPass | null;
  /** A write went through the API in this request: the user looked up on arrival may be stale. */
  wrote?: boolean;
}

/**
 * What a visitor's own render hands its loaders (ServerContext in apps/web/app/lib/context.ts).
 * A class, never an object literal with `get user()`: V8 gives each literal with an accessor a
 * map of its own, and such an object, with all it reaches (the page's calls and their answers),
 * outlives every young collection until the next full one. Measured with --trace-gc-nvp, the
 * signed-in cart page promoted 127-165 KB a page to the old space with the literal.
 */
class OwnPageContext {
  // React Router's load context type, as this package sees it (apps/web augments it).
  [key: string]: unknown;

  constructor(
    readonly nonce: string,
    readonly fetch: ReturnType<typeof inProcessFetch>,
    private readonly session: PassHolder,
    private readonly signedIn: AuthUser | null,
    readonly mediaOrigins: readonly string[],
    readonly publicOrigin: string,
    readonly sendBody: (body: Readable) => void,
  ) {}

  /**
   * Unknown (undefined) once an action wrote: a logout or a role change must be seen by the
   * loaders that run after it in the same request (a form posted without JavaScript).
   */
  get user(): AuthUser | null | undefined {
    return this.session.wrote ? undefined : this.signedIn;
  }
}

/** An in-process call's answer, before it is handed to a loader as a Response. */
interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array | null;
}

/**
 * Loaders reach our API in-process, with the visitor's cookies and address. Reads carry the
 * page request's session pass (its user is not looked up again); the first write revokes the
 * pass, so the write and every call after it see the session as it is then.
 * Within one page, loaders asking for the same thing (the root and a parts list both read the
 * account's place) share one answer; a write forgets them, and a failed or cookie-setting
 * answer is never shared (the client's retry must ask again).
 */
function inProcessFetch(
  app: FastifyInstance,
  req: FastifyRequest,
  pass = VISITOR_HEADERS,
  session: PassHolder = { pass: null },
) {
  const reads = new Map<string, Promise<Answer>>();
  const call = async (url: string, init: RequestInit, method: string): Promise<Answer> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    for (const h of pass) {
      const v = req.headers[h];
      if (typeof v === 'string' && !headers[h]) headers[h] = v;
    }
    // Logged under the page's request id: a failure in a page's call is found beside the page.
    headers['x-request-id'] = req.id;
    if (method === 'GET' || method === 'HEAD') {
      if (session.pass) headers[session.pass.header[0]] = session.pass.header[1];
    } else {
      session.pass?.revoke();
      session.pass = null;
      session.wrote = true;
      reads.clear();
    }
    let payload: Buffer | undefined;
    const body = init.body;
    if (typeof body === 'string') payload = Buffer.from(body);
    else if (body instanceof URLSearchParams) {
      payload = Buffer.from(body.toString());
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (body != null)
      payload = Buffer.from(await new Response(body as BodyInit).arrayBuffer());
    const res = await callInProcess(app, { method, url, headers, payload, remoteAddress: req.ip });
    const out = new Headers();
    for (const [k, v] of res.headers) out.append(k, v);
    return { status: res.status, headers: out, body: res.body };
  };
  return async (url: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const key = method === 'GET' ? `${url}\n${[...new Headers(init.headers)].join('\n')}` : null;
    let answer = key === null ? undefined : reads.get(key);
    if (!answer) {
      answer = call(url, init, method);
      if (key !== null) {
        const kept = answer;
        const forget = () => reads.get(key) === kept && reads.delete(key);
        reads.set(key, kept);
        kept.then((a) => {
          if (a.status >= 300 || a.headers.has('set-cookie')) forget();
        }, forget);
      }
    }
    const a = await answer;
    // Not a Response: Node 20 keeps each Response body's web stream, and the page's state it
    // reaches, until the next full garbage collection, so a page's four calls filled the old
    // space as fast as the pages themselves (TransportAnswer in apps/web/app/lib/api.ts).
    const text = a.body ? Buffer.from(a.body.buffer, a.body.byteOffset, a.body.byteLength) : null;
    return {
      status: a.status,
      ok: a.status >= 200 && a.status < 300,
      headers: a.headers,
      text: async () => (text ? text.toString('utf8') : ''),
    };
  };
}

/** The whole request body, or null when it is larger than `limit`. */
async function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The page's full address, or null when the Host header is not a host. */
function pageUrl(req: FastifyRequest): string | null {
  try {
    return new URL(req.url, `${req.protocol}://${req.host}`).href;
  } catch {
    return null;
  }
}

/** The Fetch Request React Router reads, built from the Fastify request (null: unreadable). */
function fetchRequest(
  req: FastifyRequest,
  url: string,
  body: Buffer | undefined,
  signal: AbortSignal,
) {
  try {
    const headers = new Headers();
    const raw = req.raw.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
    return new Request(url, {
      method: req.method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal,
    });
  } catch {
    return null; // a header the Fetch API refuses
  }
}

/** Answers with the plain error page (the React error page needs the render that failed). */
function sendErrorPage(reply: FastifyReply, status: number) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(errorPageHtml(status));
}

/**
 * Writes a rendered answer through Fastify, so its hooks (security headers, the header check)
 * and its stream handling apply to every page and page-data answer alike. Headers are checked
 * before anything is written: a value Node would refuse is a logged 500, never a throw.
 */
function sendRendered(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  headers: [string, string][],
  body: Buffer | Readable | null,
) {
  const bad = invalidHeaders(headers);
  if (bad.length) {
    req.log.error({ headers: bad, url: req.url }, 'page answer refused: invalid header value');
    if (body instanceof Readable) body.destroy();
    return sendErrorPage(reply, 500);
  }
  reply.status(status);
  for (const [k, v] of headers) reply.header(k, v);
  // Anything shown to a signed-in visitor, a guest with a chat (decision 0017), or setting a
  // cookie is theirs alone: never stored.
  const own = hasSessionCookie(req.headers.cookie) || hasChatCookie(req.headers.cookie);
  if (req.user || own || reply.hasHeader('set-cookie')) reply.header('cache-control', PRIVATE);
  else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
  if (req.method === 'HEAD') {
    if (body instanceof Readable) body.destroy();
    return reply.send();
  }
  return reply.send(body ?? undefined);
}

/** Static assets and server-rendered pages for every path that is not /api. */
export async function registerWeb(
  app: FastifyInstance,
  buildDir = webBuildDir(),
  mode: 'production' | 'development' = app.config.production ? 'production' : 'development',
) {
  const serverEntry = path.join(buildDir, 'server/index.js');
  if (!fs.existsSync(serverEntry))
    throw new Error(`No web build at ${buildDir}: run "npm run build" first`);
  const build = await import(pathToFileURL(serverEntry).href);
  installServiceWorker(app, build as ServerBuild);

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

  const cache = createPageCache({ ttlMs: app.config.pageCacheMs });
  const cacheOn = app.config.pageCacheMs > 0;
  // Any accepted write may change what a page shows: every process forgets every cached page
  // (but for writes to a user's own things, privateWrites in lib/page-cache.ts).
  const unsubscribe = app.bus.subscribe(PAGE_CACHE_CLEAR, () => cache.clear());
  app.addHook('onClose', async () => void unsubscribe());
  // Before the answer goes out, so a visitor's next page, from any process, shows the change.
  app.addHook('onSend', async (req, reply, payload) => {
    if (STATE_CHANGING.has(req.method) && reply.statusCode < 400 && changesGuestPages(req))
      await app.bus.publish(PAGE_CACHE_CLEAR, { type: 'cache.clear' });
    return payload;
  });
  const handler = createRequestHandler(build as ServerBuild, mode);
  // Canonical and sharing links name this origin, never the request's Host (which a client picks).
  const origin = publicOrigin(app.config);

  /** Renders the guest version of this page (no cookies, no compression, placeholder nonce). */
  async function renderShared(
    req: FastifyRequest,
    url: string,
    place: string | null,
  ): Promise<RenderedPage> {
    const headers = new Headers();
    for (const h of SHARED_HEADERS)
      if (typeof req.headers[h] === 'string') headers.set(h, req.headers[h]);
    // The visitor's place is the one cookie a shared page may depend on (it is in the cache key).
    if (place) headers.set('cookie', `${PLACE_COOKIE}=${place}`);
    if (typeof req.headers['x-forwarded-proto'] === 'string')
      headers.set('x-forwarded-proto', req.headers['x-forwarded-proto']);
    const sent: { html?: Readable } = {};
    const res = await handler(new Request(url, { headers }), {
      nonce: cache.placeholder,
      fetch: inProcessFetch(app, req, SHARED_HEADERS),
      user: null,
      mediaOrigins: app.mediaOrigins,
      publicOrigin: origin,
      sendBody: (b: Readable) => (sent.html = b),
    });
    const out: [string, string][] = [];
    res.headers.forEach((v, k) => out.push([k, v]));
    const body = res.body
      ? Buffer.from(await res.arrayBuffer())
      : Buffer.concat(sent.html ? await sent.html.toArray() : []);
    return { status: res.status, headers: out, body };
  }

  /** Answers from the guest page cache; false when this request must be rendered for itself. */
  async function fromCache(req: FastifyRequest, reply: FastifyReply, url: string) {
    const cookie = req.headers.cookie;
    // A guest's support chat is theirs (decision 0017): pages for them are rendered for them.
    if (!cacheOn || req.method !== 'GET' || hasSessionCookie(cookie) || hasChatCookie(cookie))
      return false;
    // Lite pages (no pictures until tapped, 0028) are rendered for their few visitors.
    const saveData = req.headers['save-data'];
    if (wantsLite(typeof saveData === 'string' ? saveData : undefined, cookie)) return false;
    const ids = readPlaceCookie(cookie);
    const place = ids ? placeCookieValue(ids) : null;
    const got = await cache.get(place ? `${url}\n${place}` : url, () =>
      renderShared(req, url, place),
    );
    if (!got) return false;
    const page = materialize(got.page, crypto.randomBytes(16).toString('base64'));
    const headers = page.headers.filter(
      ([k]) => k !== 'content-length' && k !== 'content-encoding',
    );
    headers.push(['x-page-cache', got.hit ? 'hit' : 'miss']);
    let body: Buffer = page.body;
    // Compressed per answer (its nonce differs): on a phone's slow first round trips every
    // kilobyte of the first page counts.
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (body.length > MIN_COMPRESS_BYTES && encoding) {
      body = await compress(body, encoding);
      headers.push(['content-encoding', encoding], ['vary', 'Accept-Encoding']);
    }
    sendRendered(req, reply, page.status, headers, body);
    return true;
  }

  /** Renders this page (or page-data answer) for this visitor and sends it. */
  async function renderOwn(req: FastifyRequest, reply: FastifyReply, url: string) {
    let body: Buffer | undefined;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const read = await readBody(req.raw, PAGE_BODY_LIMIT);
      if (!read) return sendErrorPage(reply, 413);
      body = read;
    }
    // The visitor leaving stops the render (React Router passes the signal to loaders).
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    const request = fetchRequest(req, url, body, abort.signal);
    if (!request) return sendErrorPage(reply, 400);
    // The session was looked up once for this request (request.user): the page's in-process
    // calls reuse it through a pass instead of looking it up again.
    const session: PassHolder = { pass: app.sessionPass(req.user) };
    reply.raw.on('close', () => session.pass?.revoke());
    const user: AuthUser | null = req.user ? authUser(req.user) : null;
    const sent: { html?: Readable } = {};
    const res = await handler(
      request,
      new OwnPageContext(
        crypto.randomBytes(16).toString('base64'),
        inProcessFetch(app, req, VISITOR_HEADERS, session),
        session,
        user,
        app.mediaOrigins,
        origin,
        (b: Readable) => (sent.html = b),
      ),
    );
    const headers: [string, string][] = [...res.headers];
    // A document comes back as React's Node stream (sendBody); page data as a web stream.
    const stream = res.body ? Readable.fromWeb(res.body as any) : (sent.html ?? null);
    // React Router answers a HEAD with a new bodiless Response: the render is stopped.
    if (stream !== sent.html) sent.html?.destroy();
    return sendRendered(req, reply, res.status, headers, stream);
  }

  await app.register(async (scope) => {
    // React Router reads the raw body itself: Fastify must not consume it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // Whatever fails while rendering or sending a page is logged and answered with a plain
    // error page (or the connection is closed when the answer had already started).
    scope.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      const status =
        err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) {
        req.log.error({ err, url: req.url }, 'page failed');
        reportRequestError(err, req);
      }
      if (reply.raw.headersSent) return void reply.raw.destroy();
      return sendErrorPage(reply, status);
    });
    // A product page served (rendered or from the guest cache) is a view of that product,
    // for its store's figures.
    scope.addHook('onResponse', async (req, reply) => {
      const id = viewedProduct(req.method, req.url, reply.statusCode, req.headers);
      if (id) countProductView(app.db, id);
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
        const url = pageUrl(req);
        if (!url) return sendErrorPage(reply, 400);
        if (await fromCache(req, reply, url)) return reply;
        return renderOwn(req, reply, url);
      },
    });
  });
}
