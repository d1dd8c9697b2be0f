import type { Db } from '@sf/db';
import { stockRepository } from './stock-repository.ts';

/** A part and how many of it. */
export interface StockLine {
  productId: number;
  quantity: number;
}

/**
 * Stock has ONE writer: every change of `products.stock` by buying or giving back goes through
 * here (checkout, order cancellation and expiry, the demo seed). Only a seller typing the count
 * of their own part sets it elsewhere (seller and product-import repositories).
 *
 * Made on the caller's transaction (`stockService(tx)`): what is taken is part of that
 * transaction and rolls back with it.
 */
export function stockService(tx: Db) {
  const repo = stockRepository(tx);
  return {
    /**
     * Takes every line: one conditional update per part, always in product-id order, so two
     * checkouts never wait on each other in a cycle and a count never goes below zero. Stops at
     * the first line that cannot be taken (sold out, too few left, no longer sold) and returns
     * it: the caller then rolls its transaction back. Null when all were taken.
     */
    async take<L extends StockLine>(lines: L[]): Promise<L | null> {
      for (const l of [...lines].sort((a, b) => a.productId - b.productId))
        if (!(await repo.takeOne(l.productId, l.quantity))) return l;
      return null;
    },

    /** Puts a cancelled or expired order's parts back on sale, in product order. */
    async giveBack(orderId: number): Promise<void> {
      await repo.giveBackOrder(orderId);
    },
  };
}
export type StockService = ReturnType<typeof stockService>;
