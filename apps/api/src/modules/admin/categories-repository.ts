import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

// The category tree's SQL for staff (categories-service.ts holds the rules).

export interface CategoryRow {
  cat_id: number;
  parent_id: number;
  name: string;
  path: string;
  image: string;
  position: number;
  products: number;
  children: number;
}

export interface NewCategory {
  parentId: number;
  name: string;
  path: string;
  image: string;
}

export function adminCategoriesRepository(db: Db) {
  return {
    /** Every category in tree order, or the one with id `id`, with its counts. */
    categories: (id?: number) =>
      rows<CategoryRow>(
        db,
        sql`select c.cat_id, c.parent_id, c.name, c.path, c.image, c.position,
          (select count(*)::int from products p where p.cat_id = c.cat_id) as products,
          (select count(*)::int from categories k where k.parent_id = c.cat_id) as children
        from categories c ${id === undefined ? sql`` : sql`where c.cat_id = ${id}`}
        order by c.parent_id, c.position, c.name`,
      ),

    /** One writer of the tree at a time, until the transaction ends. */
    lockTree: () => db.execute(sql`lock table categories in share row exclusive mode`),

    /** The paths already taken that are `base` or `base-…`. */
    async pathsLike(base: string) {
      return (
        await rows<{ path: string }>(
          db,
          sql`select path from categories where path = ${base} or path like ${`${base}-%`}`,
        )
      ).map((r) => r.path);
    },

    async imageOf(id: number) {
      return (
        await rows<{ image: string }>(db, sql`select image from categories where cat_id = ${id}`)
      )[0].image;
    },

    /** Adds a category last among its siblings, with the next id; answers that id. */
    async insert(c: NewCategory) {
      const [r] = await rows<{ cat_id: number }>(
        db,
        sql`insert into categories (cat_id, parent_id, name, path, image, position)
              select coalesce(max(cat_id), 0) + 1, ${c.parentId}, ${c.name}, ${c.path}, ${c.image},
                (select coalesce(max(position), -1) + 1 from categories where parent_id = ${c.parentId})
              from categories returning cat_id`,
      );
      return r.cat_id;
    },

    update: (id: number, set: { name: string; parentId: number; position: number }) =>
      db.execute(
        sql`update categories set name = ${set.name},
                parent_id = ${set.parentId}, position = ${set.position}
              where cat_id = ${id}`,
      ),

    /** The top category a category's products are listed under. */
    setProductsTop: (id: number, topCatId: number) =>
      db.execute(sql`update products set top_cat_id = ${topCatId} where cat_id = ${id}`),

    /** Moves every product of `id` into `into` (listed under `topCatId`); answers how many. */
    async moveProducts(id: number, into: number, topCatId: number) {
      return (
        await rows<{ n: number }>(
          db,
          sql`with m as (update products set cat_id = ${into}, top_cat_id = ${topCatId}
                  where cat_id = ${id} returning 1) select count(*)::int as n from m`,
        )
      )[0].n;
    },

    remove: (id: number) => db.execute(sql`delete from categories where cat_id = ${id}`),

    /** The category's picture, its row locked for the rest of the transaction. */
    async lockImage(id: number): Promise<string | undefined> {
      const [old] = await rows<{ image: string }>(
        db,
        sql`select image from categories where cat_id = ${id} for update`,
      );
      return old?.image;
    },

    setImage: (id: number, url: string | null) =>
      db.execute(sql`update categories set image = ${url} where cat_id = ${id}`),
  };
}
