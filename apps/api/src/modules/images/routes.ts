import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { schema as s } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { Text, idParam } from '../../lib/schemas.ts';
import { coverImage } from '../content/covers.ts';
import { providerBadge, providerLogo } from '../providers/logo.ts';
import {
  categoryTile,
  defaultImagesDir,
  parseGeneratedKey,
  productSvg,
  renderToFile,
  WIDTHS,
} from './service.ts';

/*
 * Every /images/* route is here. Dependencies point one way: domains import only ./urls.ts and
 * ./service.ts (URLs and drawing, which import no domain), and this file imports the domains to ask
 * whether a name exists and, for provider logos and blog covers, what to draw (the domain knows
 * what goes on its picture). No domain imports this file, so there is no cycle.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';

export default async function imageRoutes(app: FastifyInstance) {
  const dir = app.config.imagesDir ?? defaultImagesDir();
  const catNames = new Map<number, { name: string; group: string }>();

  app.get<{ Params: { slug: string } }>(
    '/images/categories/:slug.svg',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { slug: Text({ maxLength: 60, pattern: '^[a-z0-9-]{1,60}$' }) },
          required: ['slug'],
        },
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', IMMUTABLE)
        .send(categoryTile(req.params.slug)),
  );

  // Store logos: an initials tile like the categories'.
  app.get<{ Params: { slug: string } }>(
    '/images/stores/:slug.svg',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { slug: Text({ maxLength: 80, pattern: '^[a-z0-9-]{1,80}$' }) },
          required: ['slug'],
        },
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', DAY)
        .send(categoryTile(req.params.slug)),
  );

  // Mechanic and tow-van logos: a badge with the business's initials.
  app.get<{ Params: { id: number } }>(
    '/images/sp/:id.svg',
    {
      schema: { hide: true, params: idParam() },
    },
    async (req, reply) => {
      const svg = await providerLogo(app.db, req.params.id);
      if (svg === undefined)
        return reply.status(404).header('content-type', 'image/svg+xml').send(providerBadge('?'));
      return reply.header('content-type', 'image/svg+xml').header('cache-control', DAY).send(svg);
    },
  );

  // Blog covers drawn from the post's colour, category and title: SVG for pages, PNG for sharing cards.
  const pngCache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    '/images/blogs/:file',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: Text({ maxLength: 144, pattern: '^[a-z0-9-]{1,140}\\.(svg|png)$' }) },
        },
      },
    },
    async (req, reply) => {
      const [key, ext] = req.params.file.split('.');
      const svg = await coverImage(app.db, key);
      if (svg === undefined) throw notFound('No such cover image');
      reply.header('cache-control', IMMUTABLE);
      if (ext === 'svg') return reply.header('content-type', 'image/svg+xml').send(svg);
      let png = pngCache.get(key);
      if (!png) {
        png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
        if (pngCache.size > 64) pngCache.delete(pngCache.keys().next().value!);
        pngCache.set(key, png);
      }
      return reply.header('content-type', 'image/png').send(png);
    },
  );

  // Product pictures: files under the images directory; generated pictures (g-<cat>-<variant>) are drawn on first request.
  app.get<{ Params: { file: string } }>(
    '/images/p/:file',
    {
      schema: {
        tags: ['images'],
        summary: 'A product picture in WebP (160, 320 or 640 px wide)',
        params: {
          type: 'object',
          properties: {
            file: Text({ maxLength: 90, pattern: '^[a-z0-9-]{1,80}-(160|320|640)\\.webp$' }),
          },
          required: ['file'],
        },
      },
    },
    async (req, reply) => {
      const m = /^(.+)-(\d+)\.webp$/.exec(req.params.file)!;
      const key = m[1];
      const width = Number(m[2]);
      let file = `${dir}/${key}-${width}.webp`;
      if (!fs.existsSync(file)) {
        const g = parseGeneratedKey(key);
        if (!g || !WIDTHS.includes(width as 160))
          return reply
            .status(404)
            .send({ status: false, code: 'NOT_FOUND', message: 'No such image' });
        let cat = catNames.get(g.catId);
        if (!cat) {
          const [row] = await app.db
            .select()
            .from(s.categories)
            .where(eq(s.categories.catId, g.catId));
          if (!row)
            return reply
              .status(404)
              .send({ status: false, code: 'NOT_FOUND', message: 'No such image' });
          cat = { name: row.name, group: String(row.parentId || row.catId) };
          catNames.set(g.catId, cat);
        }
        const c = cat;
        file = await renderToFile(dir, key, width, () =>
          productSvg(c.name, c.group, g.variant, width),
        );
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
        .send(fs.createReadStream(file));
    },
  );
}
