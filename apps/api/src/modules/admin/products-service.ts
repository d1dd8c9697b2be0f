import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { sellerService } from '../seller/service.ts';
import { catalogChanged, page, requireConfirm } from './common.ts';
import { adminProductsRepository, type ProductRow } from './products-repository.ts';
import type {
  AdminProduct,
  AdminProductAnswer,
  AdminProductEdit,
  AdminProductsQuery,
} from './types.ts';

// Every product for staff: filter, edit any field (with the seller's own rules), and hide one
// with a reason its seller reads on the dashboard (held by 'admin', docs/decisions/0019).

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

export function adminProductsService(app: FastifyInstance) {
  const db = app.db;
  const seller = sellerService(db);

  async function answer(prodId: number, message: string): Promise<AdminProductAnswer> {
    const [item, r] = await Promise.all([
      seller.adminGetProduct(prodId),
      adminProductsRepository(db).storeOf(prodId),
    ]);
    return {
      status: true,
      message,
      item,
      store: { id: r!.id, name: r!.name, url: `/store/${r!.url_name}`, suspended: r!.suspended },
      heldBy: r!.held_by,
      heldReason: r!.held_reason,
    };
  }

  return {
    answer,
    async list(qy: AdminProductsQuery) {
      const { pagesize, ...filter } = qy;
      const size = pagesize ?? 50;
      const list = await adminProductsRepository(db).products(
        { ...filter, q: qy.q?.trim() || undefined },
        size + 1,
      );
      return { status: true as const, ...page(list.map(toProduct), size) };
    },

    async edit(actorId: string, prodId: number, input: AdminProductEdit) {
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
        const repo = adminProductsRepository(tx);
        const before = await repo.lockHold(prodId);
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
        if (held) await repo.hold(prodId, reason!);
        else {
          await repo.release(prodId);
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
