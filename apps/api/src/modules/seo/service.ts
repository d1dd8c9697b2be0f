import type { Db } from '@sf/db';
import { compress, type Encoding } from '../../lib/encoding.ts';
import { seoRepository } from './repository.ts';
import { SITEMAP_KINDS, type SitemapKind } from './schemas.ts';

/** The sitemap protocol's limit: at most 50,000 URLs (and 50 MB) a file. */
export const URLS_PER_FILE = 50_000;
/** Rows read a query: a file of 50,000 is five index ranges, never one huge result. */
const BATCH = 10_000;
/** How long a built sitemap is given before it is built again from the database. */
export const SITEMAP_CACHE_MS = 5 * 60_000;

const escapeXml = (t: string) =>
  t.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The path of each kind's page (`key`: an id, a store's url_name, a post's slug). */
const PAGE_PATH: Record<SitemapKind, (key: string) => string> = {
  products: (k) => `/product/${k}`,
  stores: (k) => `/store/${encodeURIComponent(k)}`,
  mechanics: (k) => `/mechanic/${k}`,
  towvans: (k) => `/towvan/${k}`,
  blog: (k) => `/blogs/blog/${encodeURIComponent(k)}`,
  categories: (k) => `/cat/${k}`,
};

/** The pages that are not records: lists and the help pages. */
const FIXED_PAGES: { path: string; from?: SitemapKind }[] = [
  { path: '/', from: 'products' },
  { path: '/spares-parts', from: 'products' },
  { path: '/mechanics', from: 'mechanics' },
  { path: '/towvans', from: 'towvans' },
  { path: '/blogs', from: 'blog' },
  { path: '/vindecoder' },
  { path: '/contact-us' },
];

/** A sitemap's file name: `products-1.xml`, `pages.xml`. */
export const fileName = (kind: SitemapKind | 'pages', page?: number) =>
  kind === 'pages' ? 'pages.xml' : `${kind}-${page}.xml`;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlEntry(loc: string, lastmod?: string) {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

const latest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => !!d).sort((a, b) => (a < b ? 1 : -1))[0];

/**
 * The sitemaps (sitemaps.org protocol): an index at /sitemap.xml naming one file of fixed pages
 * and, for each kind of record, as many files of at most 50,000 URLs as it takes, each with
 * the last change of its newest record. Built from the database when asked (so they follow the
 * catalogue), by keyset ranges of ids (so 100,000 products are ten index ranges, not one big
 * result), and given for SITEMAP_CACHE_MS before being built again.
 */
export function seoService(db: Db, origin: string, perFile = URLS_PER_FILE) {
  const repo = seoRepository(db);

  async function summary() {
    const out = {} as Record<SitemapKind, { page: number; n: number; lastmod: string }[]>;
    for (const kind of SITEMAP_KINDS) out[kind] = await repo.files(kind, perFile);
    return out;
  }

  return {
    summary,

    async index(files = summary()): Promise<string> {
      const all = await files;
      const statics = await repo.staticPages();
      const entries = [
        {
          loc: `${origin}/sitemaps/${fileName('pages')}`,
          lastmod: latest([
            ...SITEMAP_KINDS.flatMap((k) => all[k].map((f) => f.lastmod)),
            ...statics.map((s) => s.lastmod),
          ]),
        },
        ...SITEMAP_KINDS.flatMap((kind) =>
          all[kind].map((f) => ({
            loc: `${origin}/sitemaps/${fileName(kind, f.page)}`,
            lastmod: f.lastmod,
          })),
        ),
      ];
      return (
        `${HEAD}<sitemapindex ${NS}>\n` +
        entries
          .map(
            (e) =>
              `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>\n`,
          )
          .join('') +
        '</sitemapindex>\n'
      );
    },

    /** The lists and help pages, each list dated by the newest record it shows. */
    async pages(files = summary()): Promise<string> {
      const all = await files;
      const statics = await repo.staticPages();
      const newest = (kind: SitemapKind) => latest(all[kind].map((f) => f.lastmod));
      return (
        `${HEAD}<urlset ${NS}>\n` +
        FIXED_PAGES.map((p) => urlEntry(`${origin}${p.path}`, p.from && newest(p.from))).join('') +
        statics
          .map((s) => urlEntry(`${origin}/static/${encodeURIComponent(s.slug)}`, s.lastmod))
          .join('') +
        '</urlset>\n'
      );
    },

    /** File `page` (from 1) of a kind; null when there is no such file. */
    async file(kind: SitemapKind, page: number): Promise<string | null> {
      let from = await repo.firstId(kind, page, perFile);
      if (from === null) return null;
      const parts: string[] = [`${HEAD}<urlset ${NS}>\n`];
      const path = PAGE_PATH[kind];
      let left = perFile;
      while (left > 0) {
        const want = Math.min(BATCH, left);
        const batch = await repo.batch(kind, from, want);
        for (const r of batch) parts.push(urlEntry(`${origin}${path(r.key)}`, r.lastmod));
        left -= batch.length;
        if (batch.length < want) break;
        from = batch[batch.length - 1].id + 1;
      }
      parts.push('</urlset>\n');
      return parts.join('');
    },
  };
}
export type SeoService = ReturnType<typeof seoService>;

/** A built answer, with its compressed copies made once each, when a client first takes one. */
export interface Built {
  body: Buffer;
  packed: Partial<Record<Encoding, Promise<Buffer>>>;
}

export function packed(b: Built, encoding: Encoding): Promise<Buffer> {
  let p = b.packed[encoding];
  if (!p) {
    p = compress(b.body, encoding);
    b.packed[encoding] = p;
    p.catch(() => b.packed[encoding] === p && delete b.packed[encoding]);
  }
  return p;
}

/**
 * Keeps each built sitemap for `ttlMs` (0: builds every time). Concurrent requests for one file
 * share one build; a failed build is not kept. At most a few dozen keys exist (one per file).
 */
export function builtCache(ttlMs: number) {
  const kept = new Map<string, { until: number; p: Promise<Built | null> }>();
  return {
    get(key: string, build: () => Promise<string | null>): Promise<Built | null> {
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && hit.until > now) return hit.p;
      const p = build().then((xml) =>
        xml === null ? null : { body: Buffer.from(xml), packed: {} },
      );
      kept.set(key, { until: now + ttlMs, p });
      p.catch(() => kept.get(key)?.p === p && kept.delete(key));
      return p;
    },
    clear: () => kept.clear(),
  };
}
