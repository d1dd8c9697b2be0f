import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/schemas.ts';
import { transaction } from '../../lib/tx.ts';
import { answerUpload, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import type { Storage } from '../../lib/storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { logoPicture, pictureSpec, replaceLogo } from '../images/uploaded.ts';
import { categoryImageUrl } from '../images/urls.ts';
import { actor, catalogChanged, requireConfirm } from './common.ts';
import * as sc from './schemas.ts';
import type { AdminCategory } from './types.ts';
import { plural } from '@sf/shared';

// The two-level category tree for staff: add, rename, move, order, picture; a category that
// holds products is never deleted, only merged into another (its products move with it, in one
// transaction), so no product is ever left without a category.

interface CategoryRow {
  cat_id: number;
  parent_id: number;
  name: string;
  path: string;
  image: string;
  position: number;
  products: number;
  children: number;
}

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

const categoryRows = (db: Db, id?: number) =>
  rows<CategoryRow>(
    db,
    sql`select c.cat_id, c.parent_id, c.name, c.path, c.image, c.position,
          (select count(*)::int from products p where p.cat_id = c.cat_id) as products,
          (select count(*)::int from categories k where k.parent_id = c.cat_id) as children
        from categories c ${id === undefined ? sql`` : sql`where c.cat_id = ${id}`}
        order by c.parent_id, c.position, c.name`,
  );

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'category';

export function adminCategoriesService(app: FastifyInstance) {
  const db = app.db;

  async function one(id: number, tx: Db = db) {
    const [r] = await categoryRows(tx, id);
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
    const taken = new Set(
      (
        await rows<{ path: string }>(
          tx,
          sql`select path from categories where path = ${base} or path like ${`${base}-%`}`,
        )
      ).map((r) => r.path),
    );
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
      return { status: true as const, items: (await categoryRows(db)).map(toCategory) };
    },

    async create(actorId: string, name: string, parentId = 0) {
      const clean = name.replace(/\s+/g, ' ').trim();
      const item = await transaction(db, async (tx) => {
        // One writer of the tree at a time: ids and paths are chosen from what exists.
        await tx.execute(sql`lock table categories in share row exclusive mode`);
        await checkParent(tx, parentId);
        const image =
          parentId === 0
            ? slug(clean)
            : (
                await rows<{ image: string }>(
                  tx,
                  sql`select image from categories where cat_id = ${parentId}`,
                )
              )[0].image;
        const path = await freePath(tx, parentId, clean);
        const [r] = await rows<{ cat_id: number }>(
          tx,
          sql`insert into categories (cat_id, parent_id, name, path, image, position)
              select coalesce(max(cat_id), 0) + 1, ${parentId}, ${clean}, ${path}, ${image},
                (select coalesce(max(position), -1) + 1 from categories where parent_id = ${parentId})
              from categories returning cat_id`,
        );
        await recordAudit(tx, {
          actorId,
          action: 'category.create',
          targetType: 'category',
          targetId: r.cat_id,
          after: { name: clean, parentId, path },
        });
        return one(r.cat_id, tx);
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
        await tx.execute(sql`lock table categories in share row exclusive mode`);
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
        await tx.execute(
          sql`update categories set name = ${set.name ?? before.name},
                parent_id = ${set.parentId ?? before.parentId}, position = ${set.position ?? before.position}
              where cat_id = ${id}`,
        );
        if (set.parentId !== undefined)
          // Products keep their category; the top category they are listed under follows it.
          await tx.execute(
            sql`update products set top_cat_id = ${set.parentId || id} where cat_id = ${id}`,
          );
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
        await tx.execute(sql`lock table categories in share row exclusive mode`);
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
        const moved = (
          await rows<{ n: number }>(
            tx,
            sql`with m as (update products set cat_id = ${into}, top_cat_id = ${to.parentId || into}
                  where cat_id = ${id} returning 1) select count(*)::int as n from m`,
          )
        )[0].n;
        await tx.execute(sql`delete from categories where cat_id = ${id}`);
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
        await tx.execute(sql`lock table categories in share row exclusive mode`);
        const c = await one(id, tx);
        if (c.children > 0)
          throw conflict(`${c.name} has sub-categories: move or merge them first`);
        if (c.products > 0)
          throw conflict(
            `${c.name} holds ${plural(c.products, 'product')}: merge it into another category instead`,
          );
        // Other tables may name it (broadcast requests): refuse rather than break them.
        try {
          await tx.execute(sql`delete from categories where cat_id = ${id}`);
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
          const [old] = await rows<{ image: string }>(
            tx,
            sql`select image from categories where cat_id = ${id} for update`,
          );
          if (!old) throw notFound(`No category with id ${id}`);
          await tx.execute(sql`update categories set image = ${url} where cat_id = ${id}`);
          await recordAudit(tx, {
            actorId,
            action: 'category.image',
            targetType: 'category',
            targetId: id,
            before: { image: old.image },
            after: { image: url },
          });
          // Only an uploaded picture's files are removed; a drawn tile's name is shared.
          return old.image.startsWith('/images/logos/') ? old.image : null;
        }),
      );
      const item = await one(id);
      return done({ status: true as const, message: `${item.name} has a new picture`, item });
    },
  };
}

/** A category's picture: one, in the field `image` (the category page's form). */
const PICTURE = pictureSpec(1, 'image');

export default async function adminCategoriesRoutes(app: FastifyInstance) {
  const svc = adminCategoriesService(app);
  const tags = ['admin'];
  app.get(
    '/api/admin/categories',
    {
      schema: {
        tags,
        summary: 'The whole tree with product and sub-category counts, in order',
        response: { 200: sc.categoriesReply },
      },
    },
    async () => svc.list(),
  );
  app.post<{ Body: { name: string; parentId?: number } }>(
    '/api/admin/categories',
    {
      schema: {
        tags,
        summary: 'Adds a category (parentId 0 or missing: a top category)',
        body: sc.categoryCreateBody,
        response: { 201: sc.categoryReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await svc.create(actor(req), req.body.name, req.body.parentId)),
  );
  app.patch<{
    Params: { id: number };
    Body: { name?: string; parentId?: number; position?: number };
  }>(
    '/api/admin/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames, moves (parentId) or orders (position) a category',
        params: idParam(),
        body: sc.categoryEditBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  app.post<{ Params: { id: number }; Body: { into: number; confirm?: unknown } }>(
    '/api/admin/categories/:id/merge',
    {
      schema: {
        tags,
        summary: 'Moves every product into another category and removes this one (needs confirm)',
        params: idParam(),
        body: sc.mergeBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.merge(actor(req), req.params.id, req.body.into, req.body.confirm),
  );
  app.post<{ Params: { id: number }; Body: { confirm?: unknown } }>(
    '/api/admin/categories/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes an empty category (needs confirm); one with products is merged instead',
        params: idParam(),
        body: sc.confirmBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.remove(actor(req), req.params.id, req.body?.confirm),
  );
  app.post<{ Params: { id: number } }>(
    '/api/admin/categories/:id/image',
    {
      schema: {
        tags,
        summary: "Sets a category's picture (multipart, one JPEG, PNG or WebP)",
        ...uploadDoc(PICTURE),
        params: idParam(),
        response: {
          200: sc.categoryReply,
          303: { type: 'null', description: 'A page form: back to its page' },
        },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, `/admin/categories/${req.params.id}`, async () => {
        const got = await receiveFiles(req, PICTURE, (f) => logoPicture(f.data));
        return svc.setImage(actor(req), app.storage, req.params.id, got.files[0]);
      }),
  );
}
