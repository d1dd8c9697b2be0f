import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rows, schema } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { createStore } from '../catalog/testing.ts';
import { ordersRepository } from '../orders/repository.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { unbalancedPostings } from '../ledger/ledger.ts';
import {
  as,
  buy,
  createCommerceWorld,
  deliveryTo,
  newKey,
  placeIds,
  product,
  sellerWithStore,
  stockOf,
  type World,
  paystackOrder,
} from './testing.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

const onServer = !!process.env.TEST_DATABASE_URL;
const count = (q: ReturnType<typeof sql>) => w.count(q);

async function coupon(values: Record<string, unknown>) {
  const admin = await createUser(w.db, 'Admin');
  const res = await as(w.app, admin.cookie).post('/api/admin/coupons', values);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.coupon;
}

describe(`checkout (${onServer ? 'postgres' : 'pglite'})`, () => {
  it('places one order per store; delivery fees within the state and to other states; totals add up to the kobo', async () => {
    const lagos = await sellerWithStore(w.db); // store in Lagos: ₦2,500 within, ₦6,000 elsewhere
    const kano = await sellerWithStore(w.db, {
      ...(await placeIds(w.db, 'Kano', 'Kano Municipal')),
      deliveryFeeInStateKobo: 150000,
      deliveryFeeOtherStatesKobo: 450000,
    });
    const p1 = await product(w.db, lagos.store, 1500.25, 5);
    const p2 = await product(w.db, kano.store, 800, 5);
    const buyer = await createUser(w.db);
    const res = await buy(
      w.app,
      buyer.cookie,
      [
        { productId: p1.prodId, quantity: 2 },
        { productId: p2.prodId, quantity: 1 },
      ],
      { ...(await deliveryTo(w.db, 'Kano', 'Kano Municipal')), paymentMethod: 'pay_on_delivery' },
    );
    expect(res.status).toBe(201);
    const { orders } = res.body;
    expect(orders).toHaveLength(2);
    const [toLagosStore, toKanoStore] = orders;
    expect(toLagosStore.store.id).toBe(lagos.store.id);
    expect(toLagosStore.subtotalKobo).toBe(300050);
    expect(toLagosStore.deliveryFeeKobo).toBe(600000); // Kano is another state for a Lagos store
    expect(toLagosStore.totalKobo).toBe(900050);
    expect(toKanoStore.deliveryFeeKobo).toBe(150000); // within Kano
    expect(toKanoStore.totalKobo).toBe(80000 + 150000);
    expect(res.body.totalKobo).toBe(900050 + 230000);
    for (const o of orders) {
      expect(o.status).toBe('pay_on_delivery');
      expect(o.totalKobo).toBe(o.subtotalKobo - o.discountKobo + o.deliveryFeeKobo);
      expect(o.timeline).toEqual([
        expect.objectContaining({ from: null, to: 'pay_on_delivery', by: 'buyer' }),
      ]);
      expect(o.address).toMatchObject({
        state: 'Kano',
        city: 'Kano Municipal',
        street: '12 Allen Avenue',
      });
      expect(o.phone).toBe('+2348031234567');
    }
    expect(await stockOf(w.db, p1.prodId)).toBe(3);
    expect(await stockOf(w.db, p2.prodId)).toBe(4);
    expect((await as(w.app, buyer.cookie).get('/api/cart')).body.items).toEqual([]);
    // The sellers were told (outbox, as SMTP is not set).
    await runDueJobs(w.app); // mails are queued with the change, sent by the job runner
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${lagos.user.email} and subject like 'New order%'`,
      ),
    ).toBe(1);
  });

  it('answers with the orders exactly as they read back later (two stores, one without an owner)', async () => {
    // A checkout's answer is made from the rows its statements wrote and returned; a replay of
    // its key reads the same orders from the tables. The two must not differ in any field.
    const owned = await sellerWithStore(w.db);
    const ownerless = await createStore(w.db, { ownerUserId: null });
    const p1 = await product(w.db, owned.store, 1200, 5);
    const p2 = await product(w.db, ownerless, 300.5, 5);
    const p3 = await product(w.db, ownerless, 99, 5);
    const buyer = await createUser(w.db);
    const key = newKey();
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const first = await buy(
      w.app,
      buyer.cookie,
      [
        { productId: p3.prodId, quantity: 1 },
        { productId: p1.prodId, quantity: 2 },
        { productId: p2.prodId, quantity: 3 },
      ],
      body,
      key,
    );
    expect(first.status).toBe(201);
    expect(first.body.orders.map((o: any) => o.items.length).sort()).toEqual([1, 2]);
    const again = await as(w.app, buyer.cookie).post('/api/checkout', body, {
      'idempotency-key': key,
    });
    expect(again.status).toBe(200);
    expect({ ...again.body, replayed: false }).toEqual(first.body);
    // Only the store with an owner hears of its order.
    await runDueJobs(w.app);
    expect(
      await count(
        sql`select count(*)::int as n from outbox where "to" = ${owned.user.email} and subject like 'New order%'`,
      ),
    ).toBe(1);
    const [key_] = await rows<{ result: { checkoutId: string } }>(
      w.db,
      sql`select result from idempotency_keys where key = ${key}`,
    );
    expect(key_.result.checkoutId).toBe(first.body.checkoutId);
  });

  it('placeOne gives back the order, its lines and first event as Drizzle reads them from the tables', async () => {
    const st = await sellerWithStore(w.db);
    const p = await product(w.db, st.store, 450, 3);
    const buyer = await createUser(w.db);
    const placed = await ordersRepository(w.db).placeOne(
      {
        checkoutId: crypto.randomUUID(),
        buyerUserId: buyer.user.id,
        storeId: st.store.id,
        status: 'pay_on_delivery',
        paymentMethod: 'pay_on_delivery',
        fulfilment: 'pickup',
        phone: '+2348031234567',
        subtotalKobo: 90000,
        totalKobo: 90000,
        holdUntil: new Date('2026-12-01T10:00:00.123Z'),
      },
      [
        {
          productId: p.prodId,
          name: p.name,
          unitPriceKobo: 45000,
          quantity: 2,
          lineTotalKobo: 90000,
        },
      ],
      buyer.user.id,
    );
    const id = placed.order.id;
    const [order] = await w.db.select().from(schema.orders).where(eq(schema.orders.id, id));
    const items = await w.db
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, id));
    const [event] = await w.db
      .select()
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, id));
    expect(placed.order).toEqual(order);
    expect(placed.order.createdAt).toBeInstanceOf(Date);
    expect(placed.order.holdUntil).toEqual(new Date('2026-12-01T10:00:00.123Z'));
    expect(placed.items).toEqual(items);
    expect(placed.event).toEqual(event);
    expect(placed.event).toMatchObject({
      fromStatus: null,
      toStatus: 'pay_on_delivery',
      actorRole: 'buyer',
    });
    expect(placed.store).toEqual({ name: st.store.name, urlName: st.store.urlName });
    expect(placed.owner).toMatchObject({ user_id: st.user.id, email: st.user.email });
  });

  it('pickup is free of delivery fees and needs only a phone', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 5);
    const b = await createUser(w.db);
    const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 1 }], {
      fulfilment: 'pickup',
      phone: '0803 123 4567',
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status).toBe(201);
    expect(res.body.orders[0]).toMatchObject({
      deliveryFeeKobo: 0,
      totalKobo: 100000,
      address: null,
    });
  });

  it('says what to fix: no key, a city outside the state, a bad phone, an empty cart', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 5);
    const b = await createUser(w.db);
    const c = as(w.app, b.cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 1 });
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const noKey = await c.post('/api/checkout', body);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toMatch(/Idempotency-Key/);
    const kano = await placeIds(w.db, 'Kano', 'Kano Municipal');
    const wrongCity = await c.post(
      '/api/checkout',
      { ...body, cityId: kano.cityId },
      { 'idempotency-key': newKey() },
    );
    expect(wrongCity.status).toBe(400);
    expect(wrongCity.body.fields.cityId).toBe('This city is not in the chosen state');
    const badPhone = await c.post(
      '/api/checkout',
      { ...body, phone: '123' },
      { 'idempotency-key': newKey() },
    );
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.fields.phone).toMatch(/Nigerian phone number/);
    const noStreet = await c.post(
      '/api/checkout',
      { ...body, street: '' },
      { 'idempotency-key': newKey() },
    );
    expect(noStreet.body.fields.street).toBe('Enter the street address');
    const empty = await as(w.app, (await createUser(w.db)).cookie).post('/api/checkout', body, {
      'idempotency-key': newKey(),
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('Your cart is empty');
    expect(
      await count(sql`select count(*)::int as n from orders where buyer_user_id = ${b.user.id}`),
    ).toBe(0);
  });

  it('the same Idempotency-Key never places a second set of orders; another body with it is refused', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 10);
    const b = await createUser(w.db);
    const key = newKey();
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const first = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 2 }], body, key);
    expect(first.status).toBe(201);
    // The buyer fills the cart again and the client retries the same request.
    await as(w.app, b.cookie).post('/api/cart/items', { productId: p.prodId, quantity: 1 });
    const again = await as(w.app, b.cookie).post('/api/checkout', body, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.checkoutId).toBe(first.body.checkoutId);
    expect(again.body.orders.map((o: any) => o.id)).toEqual(
      first.body.orders.map((o: any) => o.id),
    );
    const other = await as(w.app, b.cookie).post(
      '/api/checkout',
      { ...body, phone: '08099999999' },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
    // With the cart empty, the key still answers with its orders, and another body is still
    // refused for the key (not for the empty cart).
    await w.db.execute(sql`delete from cart_items where user_id = ${b.user.id}`);
    const emptied = await as(w.app, b.cookie).post('/api/checkout', body, {
      'idempotency-key': key,
    });
    expect(emptied.status).toBe(200);
    expect(emptied.body.checkoutId).toBe(first.body.checkoutId);
    const otherEmptied = await as(w.app, b.cookie).post(
      '/api/checkout',
      { ...body, phone: '08099999999' },
      { 'idempotency-key': key },
    );
    expect(otherEmptied.status).toBe(422);
    expect(
      await count(sql`select count(*)::int as n from orders where buyer_user_id = ${b.user.id}`),
    ).toBe(1);
    expect(await stockOf(w.db, p.prodId)).toBe(8);
  });

  it('the same key sent many times at once places one set of orders', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 50);
    const b = await createUser(w.db);
    const c = as(w.app, b.cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 3 });
    const key = newKey();
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/api/checkout', body, { 'idempotency-key': key })),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.checkoutId))).toEqual(
      new Set([answers[0].body.checkoutId]),
    );
    expect(
      await count(sql`select count(*)::int as n from orders where buyer_user_id = ${b.user.id}`),
    ).toBe(1);
    expect(await stockOf(w.db, p.prodId)).toBe(47);
  });

  it('a part sold out meanwhile: 409 naming it, nothing taken, the cart kept', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 5);
    const q = await product(w.db, s.store, 1000, 5);
    const b = await createUser(w.db);
    const c = as(w.app, b.cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 2 });
    await c.post('/api/cart/items', { productId: q.prodId, quantity: 4 });
    await w.db.execute(sql`update products set stock = 3 where prod_id = ${q.prodId}`);
    const res = await c.post(
      '/api/checkout',
      { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' },
      { 'idempotency-key': newKey() },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`${q.name}: Only 3 left`);
    expect(await stockOf(w.db, p.prodId)).toBe(5);
    expect((await c.get('/api/cart')).body.items).toHaveLength(2);
  });

  it('taking stock changes no indexed column (a HOT update): no index names stock, sold_out follows it', async () => {
    // An index naming `stock` (its columns, expression or WHERE) would make every checkout write
    // a new entry in each of the table's indexes, the GIN search indexes included (migration 0041).
    const defs = await rows<{ def: string }>(
      w.db,
      sql`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'products'::regclass`,
    );
    expect(defs.length).toBeGreaterThan(5);
    expect(defs.filter((d) => /\bstock\b/.test(d.def))).toEqual([]);
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 2);
    const soldOut = async () =>
      (
        await rows<{ sold_out: boolean }>(
          w.db,
          sql`select sold_out from products where prod_id = ${p.prodId}`,
        )
      )[0].sold_out;
    expect(await soldOut()).toBe(false);
    const b = await createUser(w.db);
    const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 2 }], {
      ...(await deliveryTo(w.db)),
      paymentMethod: 'pay_on_delivery',
    });
    expect(res.status).toBe(201);
    expect(await stockOf(w.db, p.prodId)).toBe(0);
    expect(await soldOut()).toBe(true);
  });
  it('a changed price is shown before anything is bought at it', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 5);
    const b = await createUser(w.db);
    const c = as(w.app, b.cookie);
    await c.post('/api/cart/items', { productId: p.prodId, quantity: 1 });
    await w.db.execute(sql`update products set sales_kobo = 90000 where prod_id = ${p.prodId}`);
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const first = await c.post('/api/checkout', body, { 'idempotency-key': newKey() });
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('PRICE_CHANGED');
    expect(first.body.message).toContain('Price changed from ₦1,000.00 to ₦900.00');
    const second = await c.post('/api/checkout', body, { 'idempotency-key': newKey() });
    expect(second.status).toBe(201);
    expect(second.body.orders[0].subtotalKobo).toBe(90000);
  });

  it('coupons: a platform percentage split across stores to the kobo, a store coupon on its store only', async () => {
    const a = await sellerWithStore(w.db);
    const b = await sellerWithStore(w.db);
    const pa = await product(w.db, a.store, 333.33, 5);
    const pb = await product(w.db, b.store, 666.67, 5);
    const ten = await coupon({ code: `ten${Date.now()}`, kind: 'percent', value: 10 });
    const buyer = await createUser(w.db);
    const c = as(w.app, buyer.cookie);
    await c.post('/api/cart/items', { productId: pa.prodId, quantity: 1 });
    await c.post('/api/cart/items', { productId: pb.prodId, quantity: 1 });
    const delivery = await deliveryTo(w.db);
    const quote = await c.post('/api/checkout/quote', {
      stateId: delivery.stateId,
      couponCode: ten.code.toLowerCase(),
    });
    expect(quote.status).toBe(200);
    expect(quote.body.couponProblem).toBeNull();
    expect(quote.body.discountKobo).toBe(10000); // 10% of ₦1,000.00
    // The local Paystack-compatible server takes test payments: pages label them so.
    expect(quote.body.payments).toBe('test');
    const res = await c.post(
      '/api/checkout',
      { ...delivery, couponCode: ten.code, paymentMethod: 'pay_on_delivery' },
      { 'idempotency-key': newKey() },
    );
    expect(res.status).toBe(201);
    const discounts = res.body.orders.map((o: any) => o.discountKobo);
    expect(discounts.reduce((x: number, y: number) => x + y, 0)).toBe(10000);
    expect(discounts).toEqual([3333, 6667]);
    expect(res.body.totalKobo).toBe(quote.body.totalKobo);
    expect(await count(sql`select used_count as n from coupons where id = ${ten.id}`)).toBe(1);

    // A store's fixed coupon applies to that store's goods only.
    const admin = await createUser(w.db, 'Admin');
    const storeCoupon = (
      await as(w.app, admin.cookie).post('/api/admin/coupons', {
        code: `BONLY${Date.now()}`,
        kind: 'fixed',
        value: 50000,
        storeId: b.store.id,
      })
    ).body.coupon;
    await c.post('/api/cart/items', { productId: pa.prodId, quantity: 1 });
    await c.post('/api/cart/items', { productId: pb.prodId, quantity: 1 });
    const q2 = await c.post('/api/checkout/quote', {
      fulfilment: 'pickup',
      couponCode: storeCoupon.code,
    });
    expect(q2.body.stores.map((g: any) => g.discountKobo)).toEqual([0, 50000]);
  });

  it('coupons: minimum order, expiry and usage limit are enforced with a message for the box', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 1000, 50);
    const min = await coupon({
      code: `MIN${Date.now()}`,
      kind: 'fixed',
      value: 10000,
      minOrderKobo: 500000,
    });
    const old = await coupon({
      code: `OLD${Date.now()}`,
      kind: 'percent',
      value: 5,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const once = await coupon({
      code: `ONCE${Date.now()}`,
      kind: 'percent',
      value: 5,
      usageLimit: 1,
    });
    const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
    const b1 = await createUser(w.db);
    const tooSmall = await buy(w.app, b1.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...body,
      couponCode: min.code,
    });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.fields.couponCode).toBe(
      `Coupon ${min.code} needs an order of at least ₦5,000.00 (yours is ₦1,000.00)`,
    );
    const expired = await as(w.app, b1.cookie).post(
      '/api/checkout',
      { ...body, couponCode: old.code },
      { 'idempotency-key': newKey() },
    );
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/expired on/);
    const unknown = await as(w.app, b1.cookie).post(
      '/api/checkout',
      { ...body, couponCode: 'NOPE-NOPE' },
      { 'idempotency-key': newKey() },
    );
    expect(unknown.body.message).toBe('Coupon NOPE-NOPE does not exist');
    expect(
      (
        await as(w.app, b1.cookie).post(
          '/api/checkout',
          { ...body, couponCode: once.code },
          { 'idempotency-key': newKey() },
        )
      ).status,
    ).toBe(201);
    const b2 = await createUser(w.db);
    const used = await buy(w.app, b2.cookie, [{ productId: p.prodId, quantity: 1 }], {
      ...body,
      couponCode: once.code,
    });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(`Coupon ${once.code} has been used up`);
    expect(await count(sql`select used_count as n from coupons where id = ${once.id}`)).toBe(1);
  });

  it('an unpaid Paystack order holds its stock 30 minutes, then the job returns it (and the coupon use)', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 2000, 4);
    const c10 = await coupon({
      code: `HOLD${Date.now()}`,
      kind: 'percent',
      value: 10,
      usageLimit: 3,
    });
    const b = await createUser(w.db);
    const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 3 }], {
      ...(await deliveryTo(w.db)),
      couponCode: c10.code,
      paymentMethod: 'paystack',
    });
    expect(res.status).toBe(201);
    const order = res.body.orders[0];
    expect(order.status).toBe('pending_payment');
    expect(res.body.payment.authorizationUrl).toMatch(/\/paystack-test\/pay\//);
    const holdMs = new Date(order.holdUntil).getTime() - Date.now();
    expect(holdMs).toBeGreaterThan(29 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(30 * 60_000);
    expect(await stockOf(w.db, p.prodId)).toBe(1);
    // Not yet due: nothing happens.
    await runDueJobs(w.app);
    expect((await as(w.app, b.cookie).get(`/api/orders/${order.id}`)).body.order.status).toBe(
      'pending_payment',
    );
    // 31 minutes later.
    await w.db.execute(
      sql`update orders set hold_until = now() - interval '1 minute' where id = ${order.id}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 31 * 60_000) });
    const after = (await as(w.app, b.cookie).get(`/api/orders/${order.id}`)).body.order;
    expect(after.status).toBe('cancelled');
    expect(after.timeline.at(-1)).toMatchObject({
      from: 'pending_payment',
      to: 'cancelled',
      by: 'system',
    });
    expect(await stockOf(w.db, p.prodId)).toBe(4);
    expect(await count(sql`select used_count as n from coupons where id = ${c10.id}`)).toBe(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('a hold the database clock calls ended while this server’s clock does not: the job looks again later instead of forgetting the order', async () => {
    const { p, b, res, order } = await paystackOrder(w, 2000, 2);
    const key = `orders.expire:${res.body.checkoutId}`;
    // A database whose clock runs ahead: the job is due by its clock, the hold is not by ours.
    await w.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where key = ${key}`,
    );
    await runDueJobs(w.app);
    const statusNow = async () =>
      (await as(w.app, b.cookie).get(`/api/orders/${order.id}`)).body.order.status;
    expect(await statusNow()).toBe('pending_payment');
    const [job] = await rows<{ done: boolean; attempts: number; wait_s: number }>(
      w.db,
      sql`select done_at is not null as done, attempts,
                 extract(epoch from run_at - now())::int as wait_s from jobs where key = ${key}`,
    );
    expect(job).toMatchObject({ done: false, attempts: 0 });
    expect(job.wait_s).toBeGreaterThan(28 * 60);
    expect(job.wait_s).toBeLessThanOrEqual(30 * 60);
    // Once the hold has ended by both clocks, the same job cancels it and the stock returns.
    await w.db.execute(
      sql`update orders set hold_until = now() - interval '1 minute' where id = ${order.id}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 31 * 60_000) });
    expect(await statusNow()).toBe('cancelled');
    expect(await stockOf(w.db, p.prodId)).toBe(2);
  });

  // PostgreSQL only: PGlite has one connection, so checkouts cannot race there.
  it.skipIf(!onServer)(
    '1,000 checkouts at once for a part with 10 in stock, twice: exactly 10 orders, stock 0, never negative, no 5xx (PostgreSQL server: PGlite runs one query at a time, so it cannot race; 20 rounds: npm run bench)',
    async () => {
      const body = { ...(await deliveryTo(w.db)), paymentMethod: 'pay_on_delivery' };
      for (let round = 1; round <= 2; round++) {
        const s = await sellerWithStore(w.db);
        const p = await product(w.db, s.store, 5000, 10);
        const buyers = [];
        for (let i = 0; i < 1000; i += 100)
          buyers.push(
            ...(await Promise.all(
              Array.from({ length: 100 }, async () => {
                const b = await createUser(w.db);
                const added = await as(w.app, b.cookie).post('/api/cart/items', {
                  productId: p.prodId,
                  quantity: 1,
                });
                expect(added.status).toBe(200);
                return b;
              }),
            )),
          );
        const answers = await Promise.all(
          buyers.map((b) =>
            as(w.app, b.cookie).post('/api/checkout', body, { 'idempotency-key': newKey() }),
          ),
        );
        const byStatus = answers.reduce<Record<number, number>>(
          (m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }),
          {},
        );
        expect(byStatus, `round ${round}`).toEqual({ 201: 10, 409: 990 });
        expect(await stockOf(w.db, p.prodId)).toBe(0);
        expect(
          await count(
            sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${p.prodId}`,
          ),
        ).toBe(10);
        expect(
          await count(
            sql`select count(distinct order_id)::int as n from order_items where product_id = ${p.prodId}`,
          ),
        ).toBe(10);
      }
    },
    240_000,
  );

  // PostgreSQL only: PGlite has one connection, so checkouts cannot race there.
  it.skipIf(!onServer)(
    'a coupon limited to 5 uses, redeemed by 300 checkouts at once: 5 uses (PostgreSQL server: PGlite cannot run them at once)',
    async () => {
      const s = await sellerWithStore(w.db);
      const p = await product(w.db, s.store, 1000, 1000);
      const five = await coupon({
        code: `FIVE${Date.now()}`,
        kind: 'percent',
        value: 10,
        usageLimit: 5,
      });
      const body = {
        ...(await deliveryTo(w.db)),
        couponCode: five.code,
        paymentMethod: 'pay_on_delivery',
      };
      const buyers = await Promise.all(Array.from({ length: 300 }, () => createUser(w.db)));
      for (const b of buyers)
        await as(w.app, b.cookie).post('/api/cart/items', { productId: p.prodId, quantity: 1 });
      const answers = await Promise.all(
        buyers.map((b) =>
          as(w.app, b.cookie).post('/api/checkout', body, { 'idempotency-key': newKey() }),
        ),
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(await count(sql`select used_count as n from coupons where id = ${five.id}`)).toBe(5);
      expect(
        await count(
          sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${five.id}`,
        ),
      ).toBe(5);
      expect(await stockOf(w.db, p.prodId)).toBe(995);
    },
  );
});
