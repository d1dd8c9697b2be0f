import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../../config.ts';
import { acceptedEncoding } from '../../lib/encoding.ts';
import { notFound } from '../../lib/errors.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { sitemapFileParams, type SitemapKind } from './schemas.ts';
import { builtCache, packed, seoService, SITEMAP_CACHE_MS, type Built } from './service.ts';

/**
 * Paths no search engine should crawl: accounts, staff, the API, carts and checkout, requests
 * and chats (all behind a sign-in anyway), search results and the place picker (endless
 * combinations of one list), and the local test pages of outside services.
 */
export const DISALLOWED = [
  '/api/',
  '/user',
  '/admin',
  '/auth/',
  '/shopping/',
  '/broadcast',
  '/chat',
  '/search',
  '/place',
  '/paystack-test',
  '/sms-test',
];

export function robotsTxt(origin: string): string {
  return [
    '# SpareFinder NG: car spare parts, mechanics and tow vans in Nigeria',
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export default async function seoRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  // Every URL in these files starts with PUBLIC_URL: never the Host a request names.
  const origin = publicOrigin(app.config);
  const maps = seoService(app.dbRead, origin);
  const cache = builtCache(app.config.sitemapCacheMs ?? SITEMAP_CACHE_MS);
  const ttlSeconds = Math.round((app.config.sitemapCacheMs ?? SITEMAP_CACHE_MS) / 1000);
  // One pass over each kind for the index and the fixed pages' dates, shared while it is kept.
  let summary: { until: number; p: ReturnType<typeof maps.summary> } | null = null;
  const files = () => {
    const ttl = app.config.sitemapCacheMs ?? SITEMAP_CACHE_MS;
    if (!summary || summary.until <= Date.now()) {
      const p = maps.summary();
      summary = { until: Date.now() + ttl, p };
      p.catch(() => summary?.p === p && (summary = null));
    }
    return summary.p;
  };

  const sendXml = async (req: FastifyRequest, reply: FastifyReply, built: Built) => {
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${ttlSeconds}`)
      .header('vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(built.body);
    // Compressed once per file and encoding: a file of 50,000 URLs is about 5 MB of XML.
    return reply.header('content-encoding', encoding).send(await packed(built, encoding));
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary:
          'The sitemap index: the fixed pages, then products, stores, mechanics, tow vans, blog posts and categories, 50,000 URLs a file',
      },
    },
    async (req, reply) => {
      const built = await cache.get('index', () => maps.index(files()));
      return sendXml(req, reply, built!);
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One sitemap named by the index (pages.xml, products-1.xml …)',
        params: sitemapFileParams,
      },
    },
    async (req, reply) => {
      const name = req.params.file;
      const m = /^([a-z]+)-(\d+)\.xml$/.exec(name);
      const built = await cache.get(name, () =>
        m ? maps.file(m[1] as SitemapKind, Number(m[2])) : maps.pages(files()),
      );
      if (!built) throw notFound(`No sitemap ${name}`);
      return sendXml(req, reply, built);
    },
  );
}
