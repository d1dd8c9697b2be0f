import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { plural } from '@sf/shared';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import type { Storage } from '../../lib/storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { replaceLogo, type logoPicture } from '../images/uploaded.ts';
import { categoryImageUrl } from '../images/urls.ts';
import { adminCategoriesRepository, type CategoryRow } from './categories-repository.ts';
import { catalogChanged, requireConfirm } from './common.ts';
import type { AdminCategory } from './types.ts';

// The two-level category tree for staff: add, rename, move, order, picture; a category that
// holds products is never deleted, only merged into another (its products move with it, in one
// transaction), so no product is ever left without a category.

const toCategory = (r: CategoryRow): AdminCategory => ({
  id: r.cat_id,
  parentId: r.parent_id,
  name: r.name,
  path: r.path,
  imageUrl: categoryImageUrl(r.image),
  position: r.position,
  products: r.products,
  children: r.children,
});

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'category';

export function adminCategoriesService(app: FastifyInstance) {
  const db = app.db;

  async function one(id: number, tx: Db = db) {
    const [r] = await adminCategoriesRepository(tx).categories(id);
    if (!r) throw notFound(`No category with id ${id}`);
    return toCategory(r);
  }

  /** A parent must be a top category (the tree has two levels) and not the category itself. */
  async function checkParent(tx: Db, parentId: number, self?: AdminCategory) {
    if (parentId === 0) return;
    const p = await one(parentId, tx).catch(() => {
      throw badRequest(`No category with id ${parentId} to put it under`);
    });
    if (p.parentId !== 0)
      throw badRequest(`${p.name} is a sub-category: choose a top category as the parent`);
    if (self && self.id === parentId) throw badRequest('A category cannot be its own parent');
    if (self && self.children > 0)
      throw conflict(`${self.name} has sub-categories: move them first, the tree has two levels`);
  }

  /** A path no other category has: the parent's path, then the name's words. */
  async function freePath(tx: Db, parentId: number, name: string) {
    const base = parentId === 0 ? slug(name) : `${(await one(parentId, tx)).path}/${slug(name)}`;
    const taken = new Set(await adminCategoriesRepository(tx).pathsLike(base));
    let path = base;
    for (let i = 2; taken.has(path); i++) path = `${base}-${i}`;
    return path;
  }

  async function done<T>(v: T) {
    await catalogChanged(app);
    return v;
  }

  return {
    one,
    async list() {
      return {
        status: true as const,
        items: (await adminCategoriesRepository(db).categories()).map(toCategory),
      };
    },

    async create(actorId: string, name: string, parentId = 0) {
      const clean = name.replace(/\s+/g, ' ').trim();
      const item = await transaction(db, async (tx) => {
        const repo = adminCategoriesRepository(tx);
        // One writer of the tree at a time: ids and paths are chosen from what exists.
        await repo.lockTree();
        await checkParent(tx, parentId);
        const image = parentId === 0 ? slug(clean) : await repo.imageOf(parentId);
        const path = await freePath(tx, parentId, clean);
        const id = await repo.insert({ parentId, name: clean, path, image });
        await recordAudit(tx, {
          actorId,
          action: 'category.create',
          targetType: 'category',
          targetId: id,
          after: { name: clean, parentId, path },
        });
        return one(id, tx);
      });
      return done({ status: true as const, message: `${item.name} is added`, item });
    },

    /** Rename, move under another top category (or to the top), or change its place in the order. */
    async edit(
      actorId: string,
      id: number,
      input: { name?: string; parentId?: number; position?: number },
    ) {
      const item = await transaction(db, async (tx) => {
        const repo = adminCategoriesRepository(tx);
        await repo.lockTree();
        const before = await one(id, tx);
        const set: Partial<AdminCategory> = {};
        if (input.name !== undefined) set.name = input.name.replace(/\s+/g, ' ').trim();
        if (input.parentId !== undefined && input.parentId !== before.parentId) {
          await checkParent(tx, input.parentId, before);
          set.parentId = input.parentId;
        }
        if (input.position !== undefined) set.position = input.position;
        const diff = changedFields(before as unknown as Record<string, unknown>, set);
        if (Object.keys(diff.after).length === 0) return before;
        await repo.update(id, {
          name: set.name ?? before.name,
          parentId: set.parentId ?? before.parentId,
          position: set.position ?? before.position,
        });
        if (set.parentId !== undefined)
          // Products keep their category; the top category they are listed under follows it.
          await repo.setProductsTop(id, set.parentId || id);
        await recordAudit(tx, {
          actorId,
          action: set.parentId !== undefined ? 'category.move' : 'category.edit',
          targetType: 'category',
          targetId: id,
          ...diff,
        });
        return one(id, tx);
      });
      return done({ status: true as const, message: `${item.name} is saved`, item });
    },

    /** Moves every product of `id` into `into`, then removes `id`: one transaction. */
    async merge(actorId: string, id: number, into: number, confirm: unknown) {
      requireConfirm(confirm, 'merge these categories');
      if (id === into) throw badRequest('Choose another category to merge into');
      const item = await transaction(db, async (tx) => {
        const repo = adminCategoriesRepository(tx);
        await repo.lockTree();
        const from = await one(id, tx);
        const to = await one(into, tx).catch(() => {
          throw badRequest(`No category with id ${into} to merge into`);
        });
        if (from.children > 0)
          throw conflict(`${from.name} has sub-categories: move or merge them first`);
        if (to.children > 0)
          throw conflict(
            `${to.name} has sub-categories: products belong in one of them, merge into a sub-category`,
          );
        const moved = await repo.moveProducts(id, into, to.parentId || into);
        await repo.remove(id);
        await recordAudit(tx, {
          actorId,
          action: 'category.merge',
          targetType: 'category',
          targetId: id,
          before: { name: from.name, products: from.products },
          after: { mergedInto: into, mergedIntoName: to.name, productsMoved: moved },
        });
        await recordAudit(tx, {
          actorId,
          action: 'category.merge',
          targetType: 'category',
          targetId: into,
          before: { products: to.products },
          after: { products: to.products + moved, mergedFrom: id, mergedFromName: from.name },
        });
        return one(into, tx);
      });
      return done({
        status: true as const,
        message: `Merged into ${item.name}: it now holds ${plural(item.products, 'product')}`,
        item,
      });
    },

    /** Only an empty category goes: one with products is merged instead. */
    async remove(actorId: string, id: number, confirm: unknown) {
      requireConfirm(confirm, 'delete this category');
      const item = await transaction(db, async (tx) => {
        const repo = adminCategoriesRepository(tx);
        await repo.lockTree();
        const c = await one(id, tx);
        if (c.children > 0)
          throw conflict(`${c.name} has sub-categories: move or merge them first`);
        if (c.products > 0)
          throw conflict(
            `${c.name} holds ${plural(c.products, 'product')}: merge it into another category instead`,
          );
        // Other tables may name it (broadcast requests): refuse rather than break them.
        try {
          await repo.remove(id);
        } catch {
          throw conflict(
            `${c.name} is still used (by requests): merge it into another category instead`,
          );
        }
        await recordAudit(tx, {
          actorId,
          action: 'category.delete',
          targetType: 'category',
          targetId: id,
          before: { name: c.name, parentId: c.parentId, path: c.path },
        });
        return c;
      });
      return done({ status: true as const, message: `${item.name} is deleted`, item });
    },

    /** A picture for the category's tile (a logo-sized square through the upload pipeline). */
    async setImage(
      actorId: string,
      storage: Storage,
      id: number,
      pic: Awaited<ReturnType<typeof logoPicture>>,
    ) {
      await one(id);
      await replaceLogo(storage, pic, (url) =>
        transaction(db, async (tx) => {
          const repo = adminCategoriesRepository(tx);
          const old = await repo.lockImage(id);
          if (old === undefined) throw notFound(`No category with id ${id}`);
          await repo.setImage(id, url);
          await recordAudit(tx, {
            actorId,
            action: 'category.image',
            targetType: 'category',
            targetId: id,
            before: { image: old },
            after: { image: url },
          });
          // Only an uploaded picture's files are removed; a drawn tile's name is shared.
          return old.startsWith('/images/logos/') ? old : null;
        }),
      );
      const item = await one(id);
      return done({ status: true as const, message: `${item.name} has a new picture`, item });
    },
  };
}
