import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import fs from 'node:fs';
import sharp from 'sharp';
import { notFound } from '../../lib/errors.ts';
import { redirectToPublicFile } from '../../lib/redirect.ts';
import { Text, idParam } from '../../lib/schemas.ts';
import { categoriesService, productMainPicture, storeHasTile } from '../catalog/service.ts';
import { coverImage } from '../content/covers.ts';
import { providerBadge, providerLogo } from '../providers/logo.ts';
import { defaultFilesDir } from '../../lib/uploads.ts';
import { tile, tileSheet, parseGeneratedKey, productSvg, renderToFile } from './service.ts';
import { LOGO_FILE, LOGO_SIZES, WIDTHS } from './urls.ts';
import { defaultCardJpeg, ogFileName, productCard } from './og.ts';

/*
 * Every /images/* route is here. Dependencies point one way: domains import only ./urls.ts and
 * ./service.ts (URLs and drawing, which import no domain), and this file imports the domains to ask
 * whether a name exists and, for provider logos and blog covers, what to draw (the domain knows
 * what goes on its picture). No domain imports this file, so there is no cycle.
 *
 * Only pictures that exist are answered: a name the domain knows (a category's image name, a
 * store, a provider, a post's cover key, a product picture on disk or a generated key of a known
 * category in one of its variants) at a listed width. Anything else is a 404 before any drawing
 * or writing: otherwise every spelling of a URL would cost a rendering and a file.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
const WEEK = 'public, max-age=604800';
/** The body of a provider logo that does not exist: a neutral badge, drawn once. */
const UNKNOWN_BADGE = providerBadge('?');

export default async function imageRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const dir = app.config.imagesDir ?? defaultFilesDir();
  const categories = categoriesService(app.db);

  // All category tiles in one file (the category grids show them from it). It changes only when
  // staff add a category with a new image name: fresh for an hour, then revalidated in the background.
  app.get('/images/category-tiles.svg', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=3600, stale-while-revalidate=604800')
      .send(tileSheet(await categories.tileImages())),
  );

  app.get(
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
    async (req, reply) => {
      if (!(await categories.hasImage(req.params.slug))) throw notFound('No such image');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', IMMUTABLE)
        .send(tile(req.params.slug, true));
    },
  );

  // Store logos: an initials tile like the categories'.
  app.get(
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
    async (req, reply) => {
      if (!(await storeHasTile(app.db, req.params.slug))) throw notFound('No such image');
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', DAY)
        .send(tile(req.params.slug, false));
    },
  );

  // Mechanic and tow-van logos: a badge with the business's initials.
  app.get(
    '/images/sp/:id.svg',
    {
      schema: { hide: true, params: idParam() },
    },
    async (req, reply) => {
      const svg = await providerLogo(app.db, req.params.id);
      if (svg === undefined)
        return reply.status(404).header('content-type', 'image/svg+xml').send(UNKNOWN_BADGE);
      return reply.header('content-type', 'image/svg+xml').header('cache-control', DAY).send(svg);
    },
  );

  // Blog covers drawn from the post's colour, category and title: SVG for pages, PNG for sharing cards.
  const pngCache = new Map<string, Buffer>();
  app.get(
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

  // Product pictures: files under the images directory (uploads, and generated pictures already
  // drawn); a generated picture (g-<cat>-<variant>) is drawn on its first request.
  app.get(
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
      // Uploaded pictures (and generated ones already drawn) come from storage.
      const name = `${key}-${width}.webp`;
      if (app.storage.publicUrl && (await app.storage.has(name)))
        return redirectToPublicFile(reply, app.storage.publicUrl(name));
      let body = await app.storage.open(name);
      if (!body) {
        const g = parseGeneratedKey(key);
        const cat =
          g && (WIDTHS as readonly number[]).includes(width)
            ? await categories.get(g.catId)
            : undefined;
        // Products are filed under child categories: a top category has no generated picture.
        if (!g || !cat || cat.parentId === 0) throw notFound('No such image');
        const group = String(cat.parentId);
        const file = await renderToFile(dir, key, width, () =>
          productSvg(cat.name, group, g.variant, width),
        );
        body = fs.createReadStream(file);
      }
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
        .send(body);
    },
  );

  // Uploaded logos of stores, mechanics and tow vans (lib/uploads.ts, decision 0013).
  app.get(
    '/images/logos/:file',
    {
      schema: {
        tags: ['images'],
        summary: `An uploaded store or provider logo in WebP (${LOGO_SIZES.join(' or ')} px square)`,
        params: {
          type: 'object',
          properties: {
            file: Text({ maxLength: 40, pattern: LOGO_FILE }),
          },
          required: ['file'],
        },
      },
    },
    async (req, reply) => {
      const name = `logos/${req.params.file}`;
      if (app.storage.publicUrl && (await app.storage.has(name)))
        return redirectToPublicFile(reply, app.storage.publicUrl(name));
      const body = await app.storage.open(name);
      if (!body) throw notFound('No such image');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE)
        .send(body);
    },
  );

  // Sharing cards (og:image): JPEG, 1200x630. A product's is drawn from its main picture once
  // and kept in storage under a name that changes with the picture, so every machine reuses it.
  const drawing = new Map<string, Promise<Buffer>>();
  const cardOf = (key: string): Promise<Buffer> => {
    let p = drawing.get(key);
    if (!p) {
      p = (async () => {
        const name = ogFileName(key);
        const kept = await app.storage.open(name);
        if (kept) return streamToBuffer(kept);
        const g = parseGeneratedKey(key);
        let picture: Buffer | null = null;
        if (g) {
          const cat = await categories.get(g.catId);
          // Drawn at the card's height straight from the drawing, never enlarged from 640 px.
          if (cat && cat.parentId !== 0)
            picture = Buffer.from(productSvg(cat.name, String(cat.parentId), g.variant, 840));
        } else {
          const file = await app.storage.open(`${key}-${WIDTHS[WIDTHS.length - 1]}.webp`);
          if (file) picture = await streamToBuffer(file);
        }
        const jpeg = picture ? await productCard(picture) : await defaultCardJpeg();
        if (picture) await app.storage.put(name, jpeg);
        return jpeg;
      })().finally(() => drawing.delete(key));
      drawing.set(key, p);
    }
    return p;
  };

  app.get('/og/default.jpg', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', WEEK)
      .send(await defaultCardJpeg()),
  );

  app.get(
    '/og/product/:id.jpg',
    {
      schema: {
        tags: ['images'],
        summary:
          "A product's sharing card (og:image): JPEG, 1200x630, from its main picture (the default card when it has none)",
        params: idParam(),
      },
    },
    async (req, reply) => {
      const found = await productMainPicture(app.db, req.params.id);
      if (!found) throw notFound('No such product');
      const body = found.key ? await cardOf(found.key) : await defaultCardJpeg();
      return reply.header('content-type', 'image/jpeg').header('cache-control', DAY).send(body);
    },
  );
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}
