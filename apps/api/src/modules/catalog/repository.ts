import { asc, eq, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

export const categoriesRepository = (db: Db) => ({
  byParent: (parentId: number) =>
    db
      .select({
        catId: s.categories.catId,
        parentId: s.categories.parentId,
        name: s.categories.name,
        path: s.categories.path,
        image: s.categories.image,
        childCount: sql<number>`(select count(*)::int from categories c where c.parent_id = categories.cat_id)`,
      })
      .from(s.categories)
      .where(eq(s.categories.parentId, parentId))
      .orderBy(asc(s.categories.position), asc(s.categories.name)),
  one: (catId: number) => db.select().from(s.categories).where(eq(s.categories.catId, catId)).then((r) => r[0]),
});
