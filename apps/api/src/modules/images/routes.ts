import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema as s } from '@sf/db';
import { Text } from '../../lib/schemas.ts';
import {
  defaultImagesDir,
  parseGeneratedKey,
  productSvg,
  renderToFile,
  WIDTHS,
} from './service.ts';

/** A deterministic tile colour from a name: pleasant, mid-dark, good contrast with white. */
export function tileColour(name: string): string {
  const h = crypto.createHash('md5').update(name).digest();
  return `hsl(${((h[0] * 360) / 256) | 0} 45% 35%)`;
}

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small SVG tile with the category's initials: generated here, nothing downloaded. */
export function categoryTile(slug: string): string {
  const words = slug
    .replace(/[-_/]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const initials = escapeXml(
    (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase(),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="12" fill="${tileColour(slug)}"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
        .header('cache-control', 'public, max-age=86400')
        .send(categoryTile(req.params.slug)),
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
