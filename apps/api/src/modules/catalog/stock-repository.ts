import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

/**
 * The statements that change `products.stock` as parts are bought and given back. Stock has one
 * writer: catalog/stock-service.ts, the only caller of these. (A seller setting the count of
 * their own part, by hand or by import, writes the number typed; see the seller repository.)
 * Made on the caller's transaction.
 */
export const stockRepository = (tx: Db) => ({
  /**
   * Takes `quantity` of a part that is on sale, only if that many are left: one conditional
   * update, so a count never goes below zero. False when nothing was taken.
   */
  async takeOne(productId: number, quantity: number): Promise<boolean> {
    const took = await rows<{ stock: number }>(
      tx,
      sql`update products set stock = stock - ${quantity}
          where prod_id = ${productId} and active and stock >= ${quantity} returning stock`,
    );
    return took.length > 0;
  },

  /** Puts an order's parts back on the shelf, in product order (the order checkouts lock them). */
  async giveBackOrder(orderId: number): Promise<void> {
    await tx.execute(
      sql`update products p set stock = p.stock + oi.quantity from (
            select product_id, quantity from order_items where order_id = ${orderId} order by product_id
          ) oi where p.prod_id = oi.product_id`,
    );
  },
});
