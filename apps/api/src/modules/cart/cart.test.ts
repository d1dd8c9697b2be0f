import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../test/factories.ts';
import {
  as,
  createCommerceWorld,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
import { MAX_LINES } from './service.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

describe(`cart (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('is for signed-in users only', async () => {
    const res = await w.app.inject({ method: 'GET', url: '/api/cart' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You are not logged in');
  });

  it('adds, changes, removes, and groups lines by store with subtotals in kobo', async () => {
    const a = await sellerWithStore(w.db);
    const b = await sellerWithStore(w.db);
    const p1 = await product(w.db, a.store, 1500, 10);
    const p2 = await product(w.db, a.store, 2000.5, 3);
    const p3 = await product(w.db, b.store, 999.99, 1);
    const { cookie } = await createUser(w.db);
    const c = as(w.app, cookie);
    expect((await c.post('/api/cart/items', { productId: p1.prodId, quantity: 2 })).status).toBe(
      200,
    );
    await c.post('/api/cart/items', { productId: p2.prodId });
    await c.post('/api/cart/items', { productId: p3.prodId, quantity: 1 });
    let cart = (await c.get('/api/cart')).body;
    expect(cart.itemCount).toBe(4);
    expect(cart.stores.map((g: any) => g.storeId)).toEqual([a.store.id, b.store.id]);
    expect(cart.stores[0].subtotalKobo).toBe(2 * 150000 + 200050);
    expect(cart.stores[1].subtotalKobo).toBe(99999);
    expect(cart.subtotalKobo).toBe(300000 + 200050 + 99999);
    expect(cart.ready).toBe(true);
    expect((await c.get('/api/cart/count')).body.count).toBe(4);
    expect((await c.get('/api/user/header')).body).toMatchObject({ count: 4, place: null });

    cart = (await c.patch(`/api/cart/items/${p1.prodId}`, { quantity: 5 })).body;
    expect(cart.items.find((l: any) => l.productId === p1.prodId).quantity).toBe(5);
    const tooMany = await c.patch(`/api/cart/items/${p2.prodId}`, { quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/Only 3 of .* in stock/);
    cart = (await c.del(`/api/cart/items/${p3.prodId}`)).body;
    expect(cart.stores).toHaveLength(1);
    expect((await c.patch(`/api/cart/items/${p3.prodId}`, { quantity: 1 })).status).toBe(404);
  });

  it('caps an added quantity at the stock and refuses a sold-out part', async () => {
    const a = await sellerWithStore(w.db);
    const p = await product(w.db, a.store, 100, 3);
    const none = await product(w.db, a.store, 100, 0);
    const c = as(w.app, (await createUser(w.db)).cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 2 });
    const more = await c.post('/api/cart/items', { productId: p.prodId, quantity: 5 });
    expect(more.status).toBe(200);
    expect(more.body.message).toMatch(/Only 3 of/);
    expect(more.body.items[0].quantity).toBe(3);
    const out = await c.post('/api/cart/items', { productId: none.prodId, quantity: 1 });
    expect(out.status).toBe(409);
    expect(out.body.message).toMatch(/out of stock/);
    expect((await c.post('/api/cart/items', { productId: 99999999, quantity: 1 })).status).toBe(
      404,
    );
    expect((await c.post('/api/cart/items', { productId: p.prodId, quantity: 0 })).status).toBe(
      400,
    );
  });

  it('holds at most MAX_LINES different parts: a new part is refused, a part already there still adds', async () => {
    const a = await sellerWithStore(w.db);
    const parts: Awaited<ReturnType<typeof product>>[] = [];
    for (let i = 0; i <= MAX_LINES; i++) parts.push(await product(w.db, a.store, 100, 5));
    const user = await createUser(w.db);
    await w.db.execute(sql`insert into cart_items (user_id, product_id, quantity, price_seen_kobo)
      select ${user.user.id}, prod_id, 1, price_kobo from products
      where prod_id in (${sql.join(
        parts.slice(0, MAX_LINES).map((p) => sql`${p.prodId}`),
        sql`, `,
      )})`);
    const c = as(w.app, user.cookie);
    const refused = await c.post('/api/cart/items', { productId: parts[MAX_LINES].prodId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`A cart holds at most ${MAX_LINES} different parts`);
    const more = await c.post('/api/cart/items', { productId: parts[0].prodId, quantity: 2 });
    expect(more.status).toBe(200);
    expect(more.body.message).toMatch(/added to your cart/);
    expect(more.body.items.find((l: any) => l.productId === parts[0].prodId).quantity).toBe(3);
    expect((await c.get('/api/cart/count')).body.count).toBe(MAX_LINES + 2);
  });

  it('adds of new parts at once to a cart one short of MAX_LINES: exactly one fits', async () => {
    const a = await sellerWithStore(w.db);
    const base = await product(w.db, a.store, 100, 5);
    const copies = await w.db.execute(sql`insert into products
        (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition, stock)
      select store_id, cat_id, top_cat_id, state_id, city_id, name || ' ' || g, price_kobo, condition, stock
      from products, generate_series(1, 299) g where prod_id = ${base.prodId}
      returning prod_id`);
    const ids = [
      base.prodId,
      ...(copies.rows as { prod_id: number }[]).map((r) => Number(r.prod_id)),
    ];
    expect(ids).toHaveLength(300);
    const user = await createUser(w.db);
    const c = as(w.app, user.cookie);
    // One line short of the limit, then 201 new parts at once: exactly one more fits (without the
    // cart's lock, 4 of them did on the PostgreSQL server).
    const full = ids.slice(0, MAX_LINES - 1);
    await w.db.execute(sql`insert into cart_items (user_id, product_id, quantity, price_seen_kobo)
      select ${user.user.id}, prod_id, 1, price_kobo from products where prod_id in (${sql.join(
        full.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const fresh = ids.filter((id) => !full.includes(id));
    const got = await Promise.all(
      fresh.map((productId) => c.post('/api/cart/items', { productId })),
    );
    const codes = got.map((g) => g.status);
    expect(codes.filter((x) => x === 200)).toHaveLength(1);
    expect(codes.filter((x) => x === 409)).toHaveLength(fresh.length - 1);
    expect((await c.get('/api/cart')).body.items).toHaveLength(MAX_LINES);
  });

  it('re-reads price and stock: a changed price or sold-out line says so', async () => {
    const a = await sellerWithStore(w.db);
    const p = await product(w.db, a.store, 5000, 4);
    const q = await product(w.db, a.store, 3000, 2);
    const c = as(w.app, (await createUser(w.db)).cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 1 });
    await c.post('/api/cart/items', { productId: q.prodId, quantity: 2 });
    await w.db.execute(sql`update products set price_kobo = 550000 where prod_id = ${p.prodId}`);
    await w.db.execute(sql`update products set stock = 0 where prod_id = ${q.prodId}`);
    const cart = (await c.get('/api/cart')).body;
    const lp = cart.items.find((l: any) => l.productId === p.prodId);
    const lq = cart.items.find((l: any) => l.productId === q.prodId);
    expect(lp.unitPriceKobo).toBe(550000);
    expect(lp.priceChangedFromKobo).toBe(500000);
    expect(lp.problem).toBe('Price changed from ₦5,000.00 to ₦5,500.00');
    expect(lq.available).toBe(false);
    expect(lq.problem).toMatch(/Out of stock/);
    expect(cart.ready).toBe(false);
    // The sold-out line does not count in the subtotal.
    expect(cart.subtotalKobo).toBe(550000);
  });

  it('merges a guest cart at sign-in: quantities add, capped at stock; unknown parts listed', async () => {
    const a = await sellerWithStore(w.db);
    const p = await product(w.db, a.store, 100, 5);
    const q = await product(w.db, a.store, 200, 2);
    const gone = await product(w.db, a.store, 200, 0);
    const c = as(w.app, (await createUser(w.db)).cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 2 });
    const res = await c.post('/api/cart/merge', {
      items: [
        { productId: p.prodId, quantity: 2 },
        { productId: q.prodId, quantity: 7 },
        { productId: gone.prodId, quantity: 1 },
        { productId: 99999998, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((l: any) => [l.productId, l.quantity]));
    expect(byId.get(p.prodId)).toBe(4);
    expect(byId.get(q.prodId)).toBe(2);
    expect(byId.has(gone.prodId)).toBe(false);
    expect(res.body.merged).toBe(2);
    expect(res.body.skipped).toEqual([
      { productId: gone.prodId, reason: 'out of stock' },
      { productId: 99999998, reason: 'no longer sold' },
    ]);
    // Merging the same browser cart again adds again, still capped at the stock.
    const again = await c.post('/api/cart/merge', {
      items: [{ productId: p.prodId, quantity: 9 }],
    });
    expect(again.body.items.find((l: any) => l.productId === p.prodId).quantity).toBe(5);
  });

  it("one user's cart is theirs alone", async () => {
    const a = await sellerWithStore(w.db);
    const p = await product(w.db, a.store, 100, 5);
    const one = as(w.app, (await createUser(w.db)).cookie);
    const two = as(w.app, (await createUser(w.db)).cookie);
    await one.post('/api/cart/items', { productId: p.prodId, quantity: 1 });
    expect((await two.get('/api/cart')).body.items).toEqual([]);
    expect((await two.del(`/api/cart/items/${p.prodId}`)).status).toBe(200);
    expect((await one.get('/api/cart')).body.items).toHaveLength(1);
  });
});
