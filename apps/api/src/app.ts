import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import { securityHeaders } from '@sf/shared';
import type { Db } from '@sf/db';
import type { Config } from './config.ts';
import { installErrorHandling } from './lib/errors.ts';
import { modules } from './modules/index.ts';
import { installSessions } from './lib/session.ts';
import { installCsrfGuard } from './lib/csrf.ts';
import { installAdminGuard } from './lib/admin-guard.ts';
import { installPayments } from './modules/payments/setup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
  }
}

export type AppConfig = Pick<
  Config,
  | 'production'
  | 'smtpUrl'
  | 'publicUrl'
  | 'redisUrl'
  | 'paystackSecretKey'
  | 'paystackBaseUrl'
  | 'commissionRate'
> & {
  demoData?: boolean;
  version: string;
  dataDir?: string;
  imagesDir?: string;
};

export interface BuildOptions {
  db: Db;
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the API (no listening): tests call it with app.inject, server.ts starts it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    ajv: {
      customOptions: {
        removeAdditional: true,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  app.decorate('db', opts.db);
  app.decorate('config', {
    production: false,
    commissionRate: 0.05,
    version: process.env.APP_VERSION ?? 'dev',
    ...opts.config,
  } as AppConfig);

  installErrorHandling(app);
  const https = Boolean(opts.config?.publicUrl?.startsWith('https://'));
  const headers = securityHeaders({ https });
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(headers)) if (!reply.hasHeader(k)) reply.header(k, v);
    return payload;
  });

  await app.register(cookie);
  installSessions(app);
  installCsrfGuard(app);
  installAdminGuard(app);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await installPayments(app);
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
    { schema: { tags: ['system'], summary: 'Liveness and database check' } },
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
      },
    },
    async (_req, reply) =>
      reply.header('cache-control', 'no-store').send({ status: true, version: app.config.version }),
  );

  for (const mod of modules) await app.register(mod);
  return app;
}
