import type { Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { imageUrl } from '../images/urls.ts';
import { cartRepository } from './repository.ts';
import type { CartRow } from './repository.ts';
import type { CartLine, CartStore, CartView } from './types.ts';

export const MAX_QUANTITY = 999;
export const MAX_LINES = 100;

export const currentPrice = (r: Pick<CartRow, 'price_kobo' | 'sales_kobo'>) =>
  Number(r.sales_kobo ?? r.price_kobo);

/** What is wrong with a line today, in words the buyer can act on; null when nothing. */
export function lineProblem(r: CartRow): string | null {
  if (!r.active) return 'This part is no longer sold: remove it to check out';
  if (r.stock <= 0) return 'Out of stock: remove it to check out';
  if (r.quantity > r.stock) return `Only ${r.stock} left: lower the quantity to ${r.stock}`;
  if (r.offer_quantity !== null && r.quantity > r.offer_quantity)
    return `The offer price is for ${r.offer_quantity} only: lower the quantity to ${r.offer_quantity}`;
  const now = currentPrice(r);
  if (now !== Number(r.price_seen_kobo))
    return `Price changed from ${formatKobo(Number(r.price_seen_kobo))} to ${formatKobo(now)}`;
  return null;
}

export function toLine(r: CartRow): CartLine {
  const unit = currentPrice(r);
  const seen = Number(r.price_seen_kobo);
  return {
    productId: r.product_id,
    name: r.name,
    url: `/product/${r.product_id}`,
    image: r.image_key ? imageUrl(r.image_key, 160) : null,
    storeId: r.store_id,
    storeName: r.store_name,
    quantity: r.quantity,
    unitPriceKobo: unit,
    lineTotalKobo: unit * r.quantity,
    stock: Math.max(0, r.stock),
    available: r.active && r.stock > 0,
    priceChangedFromKobo: unit !== seen ? seen : null,
    problem: lineProblem(r),
    offer:
      r.offer_quantity !== null && r.offer_expires_at !== null
        ? {
            priceKobo: unit,
            quantity: r.offer_quantity,
            expiresAt: new Date(r.offer_expires_at).toISOString(),
            listPriceKobo: Number(r.list_price_kobo),
          }
        : null,
  };
}

export function cartView(rs: CartRow[]): CartView {
  const items = rs.map(toLine);
  const stores = new Map<number, CartStore>();
  rs.forEach((r, i) => {
    if (!stores.has(r.store_id))
      stores.set(r.store_id, {
        storeId: r.store_id,
        storeName: r.store_name,
        storeUrl: `/store/${r.store_url_name}`,
        subtotalKobo: 0,
        lines: [],
      });
    const g = stores.get(r.store_id)!;
    g.lines.push(items[i]);
    if (items[i].available) g.subtotalKobo += items[i].lineTotalKobo;
  });
  const groups = [...stores.values()];
  return {
    status: true as const,
    items,
    stores: groups,
    itemCount: items.reduce((a, l) => a + l.quantity, 0),
    subtotalKobo: groups.reduce((a, g) => a + g.subtotalKobo, 0),
    /** True when every line can be bought as shown. */
    ready: items.length > 0 && items.every((l) => l.problem === null),
  };
}

export function cartService(db: Db) {
  const view = async (userId: string) => cartView(await cartRepository(db).cartRows(userId));
  return {
    view,

    async count(userId: string) {
      return cartRepository(db).itemCount(userId);
    },

    async add(userId: string, productId: number, quantity: number) {
      // One add at a time per buyer: the statement counts the cart as it was when it began, so two
      // adds of new parts at once to a cart of 99 would both pass. The lock comes first, in its own
      // statement, so the count is read after the other add has committed.
      const r = await transaction(db, async (tx) => {
        await cartRepository(tx).lockCart(userId);
        return cartRepository(tx).addToCart(userId, productId, quantity, MAX_LINES);
      });
      if (!r || !r.active) throw notFound('This part is not for sale');
      if (r.stock <= 0) throw conflict(`${r.name} is out of stock`);
      if (r.quantity === null && r.before === null && r.lines >= MAX_LINES)
        throw conflict(`A cart holds at most ${MAX_LINES} different parts`);
      if (r.quantity === null) throw conflict(`${r.name} is out of stock`);
      const shown = await view(userId);
      const got = r.quantity;
      const capped = got < (r.before ?? 0) + quantity;
      return {
        ...shown,
        message: capped
          ? `Only ${got} of ${r.name} in stock: your cart has ${got}`
          : `${r.name} added to your cart`,
      };
    },

    async setQuantity(userId: string, productId: number, quantity: number) {
      const p = await cartRepository(db).productExists(productId);
      if (p && p.active && quantity > p.stock)
        throw conflict(
          p.stock > 0 ? `Only ${p.stock} of ${p.name} in stock` : `${p.name} is out of stock`,
        );
      // An accepted offer's price holds for the offered quantity only, until it expires.
      const line = (await cartRepository(db).cartRows(userId)).find(
        (l) => l.product_id === productId,
      );
      if (line && line.offer_quantity !== null && quantity > line.offer_quantity)
        throw conflict(
          `The offer price of ${formatKobo(currentPrice(line))} for ${line.name} holds for ${line.offer_quantity} only: check this one out, then add more at the shop's price`,
        );
      if (!(await cartRepository(db).setQuantity(userId, productId, quantity)))
        throw notFound('This part is not in your cart');
      return view(userId);
    },

    async remove(userId: string, productId: number) {
      await cartRepository(db).removeLine(userId, productId);
      return view(userId);
    },

    /**
     * A guest's browser cart joins the server cart at sign-in: the same part's quantities add,
     * capped at its stock; parts no longer sold or sold out are left out and listed.
     */
    async merge(userId: string, items: { productId: number; quantity: number }[]) {
      const skipped: { productId: number; reason: string }[] = [];
      const sum = new Map<number, number>();
      for (const it of items) sum.set(it.productId, (sum.get(it.productId) ?? 0) + it.quantity);
      let merged = 0;
      for (const [productId, q] of sum) {
        const got = await cartRepository(db).addToCart(
          userId,
          productId,
          Math.min(q, MAX_QUANTITY),
        );
        if (got?.quantity == null) {
          skipped.push({
            productId,
            reason: !got || !got.active ? 'no longer sold' : 'out of stock',
          });
        } else merged++;
      }
      return { ...(await view(userId)), merged, skipped };
    },

    // For checkout and accepted offers (made on their transaction when they write).

    /** The cart's lines with each product's price and stock now; `lock` holds them until commit. */
    async lines(userId: string, lock = false): Promise<CartRow[]> {
      return cartRepository(db).cartRows(userId, lock);
    },

    /** The buyer has now been shown today's prices: later checks compare against these. */
    async acknowledgePrices(userId: string): Promise<void> {
      await cartRepository(db).acknowledgePrices(userId);
    },

    /** Removes the lines just bought. */
    async removeLines(userId: string, productIds: number[]): Promise<void> {
      await cartRepository(db).removeLines(userId, productIds);
    },

    /** One of a part at an accepted offer's price (see repository); whether the line is there. */
    async addOfferLine(userId: string, productId: number, priceKobo: number): Promise<boolean> {
      return cartRepository(db).addOfferLine(userId, productId, priceKobo);
    },
  };
}
export type CartService = ReturnType<typeof cartService>;
