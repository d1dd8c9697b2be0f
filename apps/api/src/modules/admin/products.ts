import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/schemas.ts';
import { transaction } from '../../lib/tx.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { sellerService, type ProductInput } from '../seller/service.ts';
import { actor, catalogChanged, like, page, requireConfirm } from './common.ts';
import * as sc from './schemas.ts';
import type { AdminProduct, AdminProductAnswer } from './types.ts';

// Every product for staff: filter, edit any field (with the seller's own rules), and hide one
// with a reason its seller reads on the dashboard (held by 'admin', docs/decisions/0019).

interface ProductRow {
  prod_id: number;
  name: string;
  store_id: number;
  store_name: string;
  store_url: string;
  cat_id: number;
  cat_name: string;
  state: string;
  condition: number;
  price_kobo: number | string;
  sales_kobo: number | string | null;
  stock: number;
  active: boolean;
  held_by: string | null;
  held_reason: string | null;
}

export interface ProductsQuery {
  q?: string;
  store?: number;
  catId?: number;
  regionId?: number;
  condition?: number;
  active?: string;
  lastId?: number;
  pagesize?: number;
}

const toProduct = (r: ProductRow): AdminProduct & { id: number } => ({
  id: r.prod_id,
  name: r.name,
  store: { id: r.store_id, name: r.store_name, url: `/store/${r.store_url}` },
  category: { id: r.cat_id, name: r.cat_name },
  state: r.state,
  condition: r.condition,
  priceKobo: Number(r.price_kobo),
  salesKobo: r.sales_kobo === null ? null : Number(r.sales_kobo),
  stock: r.stock,
  active: r.active,
  heldBy: r.held_by,
  heldReason: r.held_reason,
  url: `/product/${r.prod_id}`,
});

async function productRows(db: Db, where: SQL[], limit: number) {
  return rows<ProductRow>(
    db,
    sql`select p.prod_id, p.name, p.store_id, st.name as store_name, st.url_name as store_url, p.cat_id,
          c.name as cat_name, sa.name as state, p.condition, p.price_kobo, p.sales_kobo, p.stock, p.active,
          p.held_by, p.held_reason
        from products p join stores st on st.id = p.store_id join categories c on c.cat_id = p.cat_id
          join states sa on sa.id = p.state_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by p.prod_id desc limit ${limit}`,
  );
}

export function adminProductsService(app: FastifyInstance) {
  const db = app.db;
  const seller = sellerService(db);

  async function answer(prodId: number, message: string): Promise<AdminProductAnswer> {
    const [item, [r]] = await Promise.all([
      seller.adminGetProduct(prodId),
      rows<{
        id: number;
        name: string;
        url_name: string;
        suspended: boolean;
        held_by: string | null;
        held_reason: string | null;
      }>(
        db,
        sql`select st.id, st.name, st.url_name, st.suspended_at is not null as suspended, p.held_by, p.held_reason
            from products p join stores st on st.id = p.store_id where p.prod_id = ${prodId}`,
      ),
    ]);
    return {
      status: true,
      message,
      item,
      store: { id: r.id, name: r.name, url: `/store/${r.url_name}`, suspended: r.suspended },
      heldBy: r.held_by,
      heldReason: r.held_reason,
    };
  }

  return {
    answer,
    async list(qy: ProductsQuery) {
      const where: SQL[] = [];
      const text = qy.q?.trim();
      if (text)
        where.push(
          /^\d{1,9}$/.test(text)
            ? sql`(p.prod_id = ${Number(text)} or p.name ilike ${like(text)})`
            : sql`(p.name ilike ${like(text)} or p.part_number ilike ${like(text)} or p.sku ilike ${like(text)})`,
        );
      if (qy.store) where.push(sql`p.store_id = ${qy.store}`);
      if (qy.catId) where.push(sql`(p.cat_id = ${qy.catId} or p.top_cat_id = ${qy.catId})`);
      if (qy.regionId) where.push(sql`p.state_id = ${qy.regionId}`);
      if (qy.condition) where.push(sql`p.condition = ${qy.condition}`);
      if (qy.active === 'yes') where.push(sql`p.active`);
      if (qy.active === 'no') where.push(sql`not p.active`);
      if (qy.active === 'held') where.push(sql`p.held_by is not null`);
      if (qy.lastId) where.push(sql`p.prod_id < ${qy.lastId}`);
      const size = qy.pagesize ?? 50;
      return {
        status: true as const,
        ...page((await productRows(db, where, size + 1)).map(toProduct), size),
      };
    },

    async edit(actorId: string, prodId: number, input: ProductInput) {
      const saved = await seller.adminUpdateProduct(prodId, input, async (tx, before, set) => {
        const { searchTerms: _t, topCatId: _c, ...fields } = set;
        const diff = changedFields(before as unknown as Record<string, unknown>, fields);
        if (input.fitments) diff.after.fitments = input.fitments;
        await recordAudit(tx, {
          actorId,
          action: 'product.edit',
          targetType: 'product',
          targetId: prodId,
          ...diff,
        });
      });
      await catalogChanged(app);
      return answer(prodId, saved.message);
    },

    /** Hides a product with a reason its seller sees, or puts it back on sale. */
    async hold(actorId: string, prodId: number, held: boolean, reason?: string, confirm?: unknown) {
      if (held) {
        requireConfirm(confirm, 'hide this product');
        if (!reason) throw badRequest('Say why the product is hidden: its seller reads the reason');
      }
      await transaction(db, async (tx) => {
        const [before] = await rows<{
          active: boolean;
          held_by: string | null;
          held_reason: string | null;
        }>(
          tx,
          sql`select active, held_by, held_reason from products where prod_id = ${prodId} for update`,
        );
        if (!before) throw notFound(`No product with id ${prodId}`);
        if (held && before.held_by === 'admin')
          throw conflict('This product is already hidden by staff');
        if (!held && before.held_by !== 'admin')
          throw conflict(
            before.held_by === 'suspension'
              ? 'This product is hidden because its store is suspended: lift the suspension instead'
              : 'This product is not hidden by staff',
          );
        // The trigger keeps a held product inactive; released, it goes back on sale (unless its
        // store was suspended meanwhile: then the trigger holds it for the suspension instead).
        if (held)
          await tx.execute(
            sql`update products set held_by = 'admin', held_reason = ${reason!} where prod_id = ${prodId}`,
          );
        else {
          await tx.execute(
            sql`update products set held_by = null, held_reason = null, active = true where prod_id = ${prodId}`,
          );
          await queueAlertMatching(tx, [prodId]);
        }
        await recordAudit(tx, {
          actorId,
          action: held ? 'product.hide' : 'product.unhide',
          targetType: 'product',
          targetId: prodId,
          before: { active: before.active, heldBy: before.held_by, heldReason: before.held_reason },
          after: held
            ? { active: false, heldBy: 'admin', heldReason: reason }
            : { active: true, heldBy: null, heldReason: null },
          note: reason ?? null,
        });
      });
      await catalogChanged(app);
      return answer(
        prodId,
        held ? 'The product is hidden; its seller sees why' : 'The product is on sale again',
      );
    },
  };
}

export default async function adminProductsRoutes(app: FastifyInstance) {
  const svc = adminProductsService(app);
  const tags = ['admin'];
  app.get<{ Querystring: ProductsQuery }>(
    '/api/admin/products',
    {
      schema: {
        tags,
        summary:
          'Every product: search, store, category (top or child), state, condition, active (yes, no, held); newest first',
        querystring: sc.productsQuery,
        response: { 200: sc.productsReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get<{ Params: { id: number } }>(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with every field, its store and why it is held',
        params: idParam(),
        response: { 200: sc.productReply },
      },
    },
    async (req) => svc.answer(req.params.id, ''),
  );
  app.patch<{ Params: { id: number }; Body: ProductInput }>(
    '/api/admin/products/:id',
    {
      schema: {
        tags,
        summary: "Changes any field of any product (the seller's rules apply)",
        params: idParam(),
        body: sc.productEditBody,
        response: { 200: sc.productReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  app.post<{ Params: { id: number }; Body: { held: boolean; reason?: string; confirm?: unknown } }>(
    '/api/admin/products/:id/hold',
    {
      schema: {
        tags,
        summary:
          'Hides a product with a reason its seller sees (needs confirm), or puts it back on sale',
        params: idParam(),
        body: sc.holdBody,
        response: { 200: sc.productReply },
      },
    },
    async (req) =>
      svc.hold(actor(req), req.params.id, req.body.held, req.body.reason, req.body.confirm),
  );
}
