import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';

/** A deterministic tile colour from a name: pleasant, mid-dark, good contrast with white. */
export function tileColour(name: string): string {
  const h = crypto.createHash('md5').update(name).digest();
  return `hsl(${h[0] * 360 / 256 | 0} 45% 35%)`;
}

const escapeXml = (t: string) => t.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small SVG tile with the category's initials: generated here, nothing downloaded. */
export function categoryTile(slug: string): string {
  const words = slug.replace(/[-_/]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  const initials = escapeXml((words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="12" fill="${tileColour(slug)}"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

export default async function imageRoutes(app: FastifyInstance) {
  app.get<{ Params: { slug: string } }>('/images/categories/:slug.svg', {
    schema: { hide: true, params: { type: 'object', properties: { slug: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' } }, required: ['slug'] } },
  }, async (req, reply) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=31536000, immutable').send(categoryTile(req.params.slug)));
}
