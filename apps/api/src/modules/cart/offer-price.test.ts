import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../test/factories.ts';
import { cartRepository } from './repository.ts';
import {
  as,
  createCommerceWorld,
  newKey,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';

// An accepted broadcast offer's price holds for the offered quantity only, for 48 hours.
const onServer = !!process.env.TEST_DATABASE_URL;
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

const pickup = { fulfilment: 'pickup', phone: '0809 333 4444', paymentMethod: 'pay_on_delivery' };

describe(`offer price in the cart (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('holds for one unit: more is refused, the checkout charges one at the offer price', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 12_345, 50);
    const buyer = await createUser(w.db);
    const c = as(w.app, buyer.cookie);
    const before = Date.now();
    expect(await cartRepository(w.db).addOfferLine(buyer.user.id, p.prodId, 100_000)).toBe(true);
    // The cart names the offer: its price, the units it holds for, until when, and the shop's
    // price for more.
    const line = (await c.get('/api/cart')).body.items[0];
    expect(line.offer).toMatchObject({ priceKobo: 100_000, quantity: 1, listPriceKobo: 1_234_500 });
    const ends = Date.parse(line.offer.expiresAt) - before;
    expect(ends).toBeGreaterThan(48 * 3_600_000 - 60_000);
    expect(ends).toBeLessThan(48 * 3_600_000 + 60_000);
    const up = await c.patch(`/api/cart/items/${p.prodId}`, { quantity: 10 });
    expect(up.status).toBe(409);
    expect(up.body.message).toMatch(/holds for 1 only/);
    const add = await c.post('/api/cart/items', { productId: p.prodId, quantity: 9 });
    expect(add.status).toBe(200);
    expect(add.body.items[0]).toMatchObject({ quantity: 1, unitPriceKobo: 100_000 });
    // A line pushed past the offered quantity some other way cannot be bought.
    await w.db.execute(
      sql`update cart_items set quantity = 10 where user_id = ${buyer.user.id} and product_id = ${p.prodId}`,
    );
    const refused = await c.post('/api/checkout', pickup, { 'idempotency-key': newKey() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/offer price is for 1 only/);
    await c.patch(`/api/cart/items/${p.prodId}`, { quantity: 1 });
    const ok = await c.post('/api/checkout', pickup, { 'idempotency-key': newKey() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.orders[0]).toMatchObject({ subtotalKobo: 100_000 });
  });

  // PostgreSQL only: PGlite has one connection, so requests cannot race there.
  it.skipIf(!onServer)(
    '200 quantity changes and 50 checkouts at once: the offer price is charged for one unit, once (PostgreSQL server)',
    async () => {
      const s = await sellerWithStore(w.db);
      const p = await product(w.db, s.store, 12_345, 500);
      const buyer = await createUser(w.db);
      const c = as(w.app, buyer.cookie);
      await cartRepository(w.db).addOfferLine(buyer.user.id, p.prodId, 100_000);
      const changes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          i % 2
            ? c.post('/api/cart/items', { productId: p.prodId, quantity: 1 + (i % 9) })
            : c.patch(`/api/cart/items/${p.prodId}`, { quantity: 2 + (i % 9) }),
        ),
      );
      expect(changes.filter((a) => a.status >= 500)).toEqual([]);
      const cart = (await c.get('/api/cart')).body;
      expect(cart.items[0]).toMatchObject({ quantity: 1, unitPriceKobo: 100_000 });
      const placed = await Promise.all(
        Array.from({ length: 50 }, () =>
          c.post('/api/checkout', pickup, { 'idempotency-key': newKey() }),
        ),
      );
      expect(placed.filter((a) => a.status >= 500)).toEqual([]);
      expect(placed.filter((a) => a.status === 201)).toHaveLength(1);
      const [sold] = (
        await w.db.execute(
          sql`select coalesce(sum(oi.quantity), 0)::int as units, coalesce(sum(oi.quantity * oi.unit_price_kobo), 0)::bigint as kobo
              from order_items oi join orders o on o.id = oi.order_id
              where o.buyer_user_id = ${buyer.user.id} and oi.product_id = ${p.prodId}`,
        )
      ).rows as { units: number; kobo: string }[];
      expect({ units: sold.units, kobo: Number(sold.kobo) }).toEqual({ units: 1, kobo: 100_000 });
    },
    60_000,
  );

  it('expires 48 hours after acceptance: the list price, and the cart says the price changed', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 12_345, 50);
    const buyer = await createUser(w.db);
    const c = as(w.app, buyer.cookie);
    await cartRepository(w.db).addOfferLine(buyer.user.id, p.prodId, 100_000);
    const [row] = (
      await w.db.execute(
        sql`select (offer_expires_at - added_at) as left from cart_items where user_id = ${buyer.user.id}`,
      )
    ).rows as { left: unknown }[];
    expect(String(row.left)).toMatch(/48:00:00|2 days/);
    // 48 hours pass.
    await w.db.execute(
      sql`update cart_items set offer_expires_at = now() - interval '1 second' where user_id = ${buyer.user.id}`,
    );
    const cart = (await c.get('/api/cart')).body;
    expect(cart.items[0]).toMatchObject({
      unitPriceKobo: 1_234_500,
      priceChangedFromKobo: 100_000,
      offer: null,
    });
    const first = await c.post('/api/checkout', pickup, { 'idempotency-key': newKey() });
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('PRICE_CHANGED');
    // Now more than one can be bought, at the list price.
    expect((await c.patch(`/api/cart/items/${p.prodId}`, { quantity: 10 })).status).toBe(200);
    const ok = await c.post('/api/checkout', pickup, { 'idempotency-key': newKey() });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.orders[0].subtotalKobo).toBe(10 * 1_234_500);
  });
});
