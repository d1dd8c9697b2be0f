import crypto from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import { securityHeaders } from '@sf/shared';
import type { Db } from '@sf/db';
import { loadConfig, type Config } from './config.ts';
import { installErrorHandling } from './lib/errors.ts';
import { installReplyGuard } from './lib/reply-guard.ts';
import { modules } from './modules/index.ts';
import { installSessions } from './lib/session.ts';
import { installCsrfGuard } from './lib/csrf.ts';
import { installAdminGuard } from './lib/admin-guard.ts';
import { installPayments } from './modules/payments/setup.ts';
import { installSms } from './modules/sms/setup.ts';
import { installInputGuard } from './lib/input-guard.ts';
import { TEXT_FORMATS } from './lib/schemas.ts';
import { versionReply } from './lib/system.ts';
import { installUploads } from './lib/uploads.ts';
import { parseS3Url } from './lib/storage.ts';
import { servePicturesFrom } from './modules/images/urls.ts';
import { processBus, type Bus } from './lib/bus.ts';
import { installLive } from './lib/live.ts';
import { attachRedis } from './lib/redis.ts';
import { sharedCompilers } from './lib/schema-compilers.ts';
import { installLimitSwitch } from './lib/limits.ts';
import { installCompression } from './lib/compression.ts';
// The daily clean-up schedule (declared on import, like every job kind).
import './lib/hygiene.ts';
import { installMetrics } from './lib/metrics-endpoint.ts';
import { installTracing } from './lib/telemetry.ts';
import { installLoadShedding, installReadiness } from './lib/readiness.ts';
import { VisitorRequestLogs } from './lib/in-process.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * Public reads that may lag a moment behind writes (catalogue, search, provider lists):
     * the read replica with DATABASE_READ_URL, else `db`. Anything a user just changed, and
     * every write, uses `db`.
     */
    dbRead: Db;
    config: AppConfig;
    /** The live bus (lib/bus.ts): publish events to users' sockets and to every process. */
    bus: Bus;
    /** Origins besides ours that pages may show pictures and media from (the content policy). */
    mediaOrigins: string[];
  }
}

export type AppConfig = Pick<
  Config,
  | 'production'
  | 'smtpUrl'
  | 'redisUrl'
  | 'redisKeyPrefix'
  | 's3Url'
  | 'publicUrl'
  | 'paystackSecretKey'
  | 'paystackBaseUrl'
  | 'paystackTimeoutMs'
  | 'smsApiKey'
  | 'smsSenderId'
  | 'smsBaseUrl'
  | 'smsChannel'
  | 'smsTimeoutMs'
  | 'commissionRate'
  | 'orderHoldMs'
  | 'host'
  | 'port'
  | 'trustProxy'
  | 'pageCacheMs'
  | 'registrationsPerHour'
  | 'catalogListCacheMs'
  | 'providersListCacheMs'
  | 'supportEmail'
  | 'e2eRoutes'
  | 'version'
  | 'metricsToken'
  | 'mailOff'
  | 'loadShedLoopMs'
  | 'loadShedPoolWaiting'
  | 'mediaOrigins'
  | 'vapid'
> & {
  demoData?: boolean;
  /** How often open live sockets are checked against the sessions table (lib/live.ts). */
  liveRecheckMs?: number;
  dataDir?: string;
  imagesDir?: string;
  /** How long a built sitemap is given before it is built again (modules/seo; tests use 0). */
  sitemapCacheMs?: number;
};

/** What an app built without a setting uses: the defaults of an empty environment. */
function defaults(): AppConfig {
  const c = loadConfig({});
  return {
    production: c.production,
    host: c.host,
    port: c.port,
    trustProxy: c.trustProxy,
    redisKeyPrefix: c.redisKeyPrefix,
    pageCacheMs: c.pageCacheMs,
    registrationsPerHour: c.registrationsPerHour,
    catalogListCacheMs: c.catalogListCacheMs,
    providersListCacheMs: c.providersListCacheMs,
    supportEmail: c.supportEmail,
    e2eRoutes: c.e2eRoutes,
    version: c.version,
    commissionRate: c.commissionRate,
    orderHoldMs: c.orderHoldMs,
    paystackTimeoutMs: c.paystackTimeoutMs,
    smsSenderId: c.smsSenderId,
    smsChannel: c.smsChannel,
    smsTimeoutMs: c.smsTimeoutMs,
    mailOff: c.mailOff,
    // An app built without these settings (the tests' bursts of hundreds of requests at once)
    // does not shed load; the server always passes LOAD_SHED_* (on by default, config.ts).
    loadShedLoopMs: 0,
    loadShedPoolWaiting: 0,
    mediaOrigins: c.mediaOrigins,
  };
}

export interface BuildOptions {
  db: Db;
  /** The read replica (DbHandle.read); `db` when unset. */
  dbRead?: Db;
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
  /** Another bus than this process's (a test standing for a second machine). */
  bus?: Bus;
  /** Sees every route as it is added (the schema test checks that each describes its answer). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the API (no listening): tests call it with app.inject, server.ts starts it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const config: AppConfig = { ...defaults(), ...opts.config };
  const app = Fastify({
    logger: opts.logger ?? false,
    logController: new VisitorRequestLogs(),
    bodyLimit: 1024 * 1024,
    // nginx's $request_id (X-Request-Id) names the request in our logs too; a value of another
    // shape (a client writing into our logs) is replaced by one of ours.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given)
        ? given
        : crypto.randomUUID();
    },
    // Only configured proxies may set the client address: see docs/decisions/0010-trust-model.md.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // The nearest N hops: the same rule as Fastify's hop count.
          (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    ajv: {
      customOptions: {
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        // Text() fields: one line, or several, never NUL or other control characters.
        formats: TEXT_FORMATS,
      },
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    schemaController: { compilersFactory: sharedCompilers },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.decorate('db', opts.db);
  app.decorate('dbRead', opts.dbRead ?? opts.db);
  app.decorate('config', config);
  app.decorate('bus', opts.bus ?? processBus());
  if (config.redisUrl) {
    // Rate limits and the session cache (decision 0020); the database stands in while it is down.
    app.addHook('onClose', attachRedis(opts.db, config.redisUrl, app.log, config.redisKeyPrefix));
    const leave = await app.bus.useRedis(config.redisUrl, app.log);
    app.addHook('onClose', leave);
  }
  installLimitSwitch(app);

  installErrorHandling(app);
  installTracing(app);
  installMetrics(app);
  installLoadShedding(app);
  installReplyGuard(app);
  installCompression(app);
  const https = Boolean(config.publicUrl?.startsWith('https://'));
  // Pictures may come from the uploads' public address (a CDN) and any configured media origin.
  const cdn = config.s3Url ? parseS3Url(config.s3Url).publicUrl : undefined;
  const mediaOrigins = [
    ...new Set([...(cdn ? [new URL(cdn).origin] : []), ...config.mediaOrigins]),
  ];
  app.decorate('mediaOrigins', mediaOrigins);
  const headers = securityHeaders({ https, mediaOrigins });
  app.addHook('onSend', async (req, reply, payload) => {
    for (const [k, v] of Object.entries(headers)) if (!reply.hasHeader(k)) reply.header(k, v);
    if (!reply.hasHeader('x-request-id')) reply.header('x-request-id', req.id);
    return payload;
  });

  await app.register(cookie);
  installSessions(app);
  installCsrfGuard(app);
  installAdminGuard(app);
  installInputGuard(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // Multipart (files) for every module, once; each upload route sets its own limits.
  await installUploads(app);
  servePicturesFrom(app.storage.publicBase);
  await installLive(app);
  await installPayments(app);
  await installSms(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SpareFinder NG API',
        version: '1.0.0',
        description:
          'Car spare parts, mechanics and tow vans in Nigeria. Every list answers {status, items}; every error {status:false, code, message}.',
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: versionReply },
      },
    },
    async () => {
      await opts.db.execute(sql`select 1`);
      return { status: true, version: app.config.version };
    },
  );
  app.get(
    '/api/version',
    {
      schema: {
        tags: ['system'],
        summary: 'The running build, polled by clients to notice deployments',
        response: { 200: versionReply },
      },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'no-store').send({ status: true, version: app.config.version }),
  );

  installReadiness(app);

  for (const mod of modules) await app.register(mod);
  return app;
}
