import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import type { SitemapKind } from './schemas.ts';

/** One URL of a sitemap: the page's id (the order and the cursor), its path key, its last change. */
export interface SitemapRow {
  id: number;
  key: string;
  /** W3C date-time in UTC, as sitemaps want it. */
  lastmod: string;
}

/** UTC, to the second: `2026-11-27T10:04:05Z`. */
const w3c = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * What is public, with its last change: only what a guest can open. Products that are active
 * (a held product, or one of a suspended store, is inactive: the trigger of 0021 keeps it so);
 * stores not suspended with at least one such product (an empty store page has nothing to find);
 * active mechanics and tow vans; published posts; categories with active products. A store's or
 * a category's page changes with its products, so their last change counts.
 */
const SOURCES: Record<SitemapKind, SQL> = {
  products: sql`select prod_id as id, prod_id::text as key, updated_at as at from products where active`,
  stores: sql`select s.id, s.url_name as key, greatest(s.updated_at, max(p.updated_at)) as at
    from stores s join products p on p.store_id = s.id and p.active
    where s.suspended_at is null group by s.id`,
  mechanics: sql`select sp_id as id, sp_id::text as key, updated_at as at from service_providers
    where active and kind = 'mechanic'`,
  towvans: sql`select sp_id as id, sp_id::text as key, updated_at as at from service_providers
    where active and kind = 'towvan'`,
  blog: sql`select id, slug as key, updated_at as at from blog_posts
    where published_at is not null and published_at <= now()`,
  categories: sql`select m.id, m.id::text as key, max(m.at) as at from (
      select cat_id as id, max(updated_at) as at from products where active group by cat_id
      union all
      select top_cat_id, max(updated_at) from products where active group by top_cat_id
    ) m join categories c on c.cat_id = m.id group by m.id`,
};

export const seoRepository = (db: Db) => ({
  /**
   * Each file's URL count and last change, `perFile` URLs a file in id order: one pass over the
   * kind's rows (an index-ordered scan for products).
   */
  files: (kind: SitemapKind, perFile: number) =>
    rows<{ page: number; n: number; lastmod: string }>(
      db,
      sql`select page, count(*)::int as n, ${w3c(sql`max(at)`)} as lastmod from (
            select (((row_number() over (order by id)) - 1) / ${perFile} + 1)::int as page, at
            from (${SOURCES[kind]}) s
          ) t group by page order by page`,
    ),

  /** The id the `page`-th file starts at (null: there is no such file). */
  firstId: async (kind: SitemapKind, page: number, perFile: number) =>
    (
      await rows<{ id: number }>(
        db,
        sql`select id from (${SOURCES[kind]}) s order by id offset ${(page - 1) * perFile} limit 1`,
      )
    )[0]?.id ?? null,

  /** Up to `limit` rows from id `from` on (keyset paging: each batch is an index range). */
  batch: (kind: SitemapKind, from: number, limit: number) =>
    rows<SitemapRow>(
      db,
      sql`select id, key, ${w3c(sql`at`)} as lastmod from (${SOURCES[kind]}) s
          where id >= ${from} order by id limit ${limit}`,
    ),

  /** The help pages (/static/{slug}) and their last change. */
  staticPages: () =>
    rows<{ slug: string; lastmod: string }>(
      db,
      sql`select slug, ${w3c(sql`updated_at`)} as lastmod from static_pages order by slug`,
    ),
});
