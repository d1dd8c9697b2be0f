import type { Category } from '@sf/shared';
import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { categoriesRepository } from './repository.ts';
import { memo } from '../../lib/cache.ts';

export const categoryImageUrl = (image: string) => `/images/categories/${encodeURIComponent(image)}.svg`;

export function categoriesService(db: Db) {
  const repo = categoriesRepository(db);
  return {
    /** Children of a category; 0 gives the top categories. */
    // Categories change only through the admin area: a minute of staleness is fine.
    byParent: memo(async (parentId: number): Promise<Category[]> => {
      if (parentId !== 0 && !(await repo.one(parentId))) throw notFound(`No category with id ${parentId}`);
      const rows = await repo.byParent(parentId);
      return rows.map((r) => ({
        cat_id: r.catId,
        parent_id: r.parentId,
        name: r.name,
        image_url: categoryImageUrl(r.image),
        path: r.path,
        child_count: r.childCount,
      }));
    }, 60_000),
    one: repo.one,
  };
}
