import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalisePhone } from '@sf/shared';
import { createUser, uniquePhone } from '../../test/factories.ts';
import { account, balance } from '../ledger/ledger.ts';
import {
  as,
  createCommerceWorld,
  newKey,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';

// Who may use a coupon: per account, per phone number, never a platform coupon in one's own store.
let w: World;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
  admin = as(w.app, (await createUser(w.db, 'Admin')).cookie);
});
afterAll(() => w.close());

const onServer = !!process.env.TEST_DATABASE_URL;
let seq = 0;

/** A "first order" platform coupon like WELCOME10: once per account, once per phone number. */
async function firstOrderCoupon(over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/coupons', {
    code: `FIRST${Date.now()}${++seq}`,
    kind: 'percent',
    value: 10,
    perAccountLimit: 1,
    perPhoneLimit: 1,
    description: '10% off your first parts',
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.coupon;
}

const pickup = (phone: string, couponCode: string) => ({
  fulfilment: 'pickup',
  phone,
  couponCode,
  paymentMethod: 'pay_on_delivery',
});

async function checkout(cookie: string, productId: number, body: object) {
  const c = as(w.app, cookie);
  const add = await c.post('/api/cart/items', { productId, quantity: 1 });
  expect(add.status).toBe(200);
  return c.post('/api/checkout', body, { 'idempotency-key': newKey() });
}

const uses = (couponId: number) =>
  w.count(sql`select used_count as n from coupons where id = ${couponId}`);

describe(`coupon limits (${onServer ? 'postgres' : 'pglite'})`, () => {
  it('staff set the per-account and per-phone limits when creating and changing a coupon', async () => {
    const c = await firstOrderCoupon();
    expect(c).toMatchObject({ perAccountLimit: 1, perPhoneLimit: 1 });
    const patched = await admin.patch(`/api/admin/coupons/${c.id}`, {
      perAccountLimit: 2,
      perPhoneLimit: null,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.coupon).toMatchObject({ perAccountLimit: 2, perPhoneLimit: null });
    const bad = await admin.patch(`/api/admin/coupons/${c.id}`, { perAccountLimit: 0 });
    expect(bad.status).toBe(400);
  });

  it('a first-order coupon: once per account and once per phone number; a cancelled order gives the use back', async () => {
    const s = await sellerWithStore(w.db);
    const p = await product(w.db, s.store, 5000, 100);
    const c = await firstOrderCoupon();
    const a = await createUser(w.db);
    const phone = uniquePhone();

    const first = await checkout(a.cookie, p.prodId, pickup(phone, c.code));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.orders[0].discountKobo).toBe(50_000);

    // The same account again, even with another contact phone: refused, and the summary says so.
    const again = await checkout(a.cookie, p.prodId, pickup(uniquePhone(), c.code));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'COUPON_INVALID',
      message: `You have already used coupon ${c.code}: it can be used once per account. Remove it to check out.`,
    });
    const quote = await as(w.app, a.cookie).post('/api/checkout/quote', {
      fulfilment: 'pickup',
      couponCode: c.code,
    });
    expect(quote.body.couponProblem).toMatch(/already used coupon/);
    expect(quote.body.discountKobo).toBe(0);

    // Another account with the same contact phone: refused.
    const b = await createUser(w.db);
    const shared = await checkout(b.cookie, p.prodId, pickup(phone, c.code));
    expect(shared.status).toBe(409);
    expect(shared.body.message).toBe(
      `Coupon ${c.code} was already used with this phone number: it can be used once per phone number. Remove it to check out.`,
    );
    // Another account whose own phone was the first use's contact phone: refused too.
    const owner = await createUser(w.db, 'Buyer', { phone: normalisePhone(phone)! });
    const byAccountPhone = await checkout(owner.cookie, p.prodId, pickup(uniquePhone(), c.code));
    expect(byAccountPhone.status).toBe(409);
    expect(byAccountPhone.body.message).toMatch(/already used with this phone number/);
    expect(await uses(c.id)).toBe(1);

    // Without the coupon the same buyers check out as usual.
    const plain = await as(w.app, b.cookie).post(
      '/api/checkout',
      { fulfilment: 'pickup', phone, paymentMethod: 'pay_on_delivery' },
      { 'idempotency-key': newKey() },
    );
    expect(plain.status).toBe(201);

    // The first order cancelled: its use no longer counts, for the account or the phone.
    const cancel = await as(w.app, a.cookie).post(`/api/orders/${first.body.orders[0].id}/cancel`, {
      reason: 'Changed my mind',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await uses(c.id)).toBe(0);
    const retry = await as(w.app, a.cookie).post('/api/checkout', pickup(phone, c.code), {
      'idempotency-key': newKey(),
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(await uses(c.id)).toBe(1);
  });

  it("a platform coupon is refused in the buyer's own store and in a store whose owner has the buyer's phone; a store's own coupon is not", async () => {
    const s = await sellerWithStore(w.db);
    const own = await product(w.db, s.store, 100_000, 10);
    const c = await firstOrderCoupon({ perAccountLimit: null, perPhoneLimit: null });
    const promotions = await balance(w.db, account.promotions);

    const self = await checkout(s.cookie, own.prodId, pickup(uniquePhone(), c.code));
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({
      code: 'COUPON_INVALID',
      message: `Coupon ${c.code} cannot be used on parts from your own store (${s.store.name}): remove those parts or the coupon.`,
    });
    const quote = await as(w.app, s.cookie).post('/api/checkout/quote', {
      fulfilment: 'pickup',
      couponCode: c.code,
    });
    expect(quote.body.couponProblem).toMatch(/your own store/);
    expect(quote.body.coupon).toBeNull();

    // A second account of the seller, with the seller's phone as the contact number.
    const second = await createUser(w.db);
    const ownerPhone = s.user.phone;
    const viaPhone = await checkout(second.cookie, own.prodId, pickup(ownerPhone, c.code));
    expect(viaPhone.status).toBe(409);
    expect(viaPhone.body.message).toBe(
      `Coupon ${c.code} cannot be used on parts from ${s.store.name}: its owner has your phone number. Remove those parts or the coupon.`,
    );
    expect(await uses(c.id)).toBe(0);
    expect(await balance(w.db, account.promotions)).toBe(promotions);

    // The store's own coupon (paid by the store) stays usable by anyone.
    const mine = await as(w.app, s.cookie).post('/api/store/coupons', {
      code: `OWN${Date.now()}`,
      kind: 'percent',
      value: 5,
    });
    expect(mine.status).toBe(201);
    const storeCoupon = await as(w.app, second.cookie).post(
      '/api/checkout',
      pickup(ownerPhone, mine.body.coupon.code),
      { 'idempotency-key': newKey() },
    );
    expect(storeCoupon.status, JSON.stringify(storeCoupon.body)).toBe(201);
  });

  // PostgreSQL only: PGlite has one connection, so checkouts cannot race there.
  it.skipIf(!onServer)(
    'a first-order coupon under 300 checkouts at once by one account, then by 300 accounts sharing one phone: one use each (PostgreSQL server)',
    async () => {
      const s = await sellerWithStore(w.db);
      const p = await product(w.db, s.store, 1000, 10_000);
      const one = await firstOrderCoupon();
      const buyer = await createUser(w.db);
      await as(w.app, buyer.cookie).post('/api/cart/items', { productId: p.prodId, quantity: 1 });
      const body = pickup(uniquePhone(), one.code);
      const same = await Promise.all(
        Array.from({ length: 300 }, () =>
          as(w.app, buyer.cookie).post('/api/checkout', body, { 'idempotency-key': newKey() }),
        ),
      );
      expect(same.filter((a) => a.status >= 500)).toEqual([]);
      expect(same.filter((a) => a.status === 201)).toHaveLength(1);
      expect(await uses(one.id)).toBe(1);
      expect(
        await w.count(
          sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${one.id}`,
        ),
      ).toBe(1);

      const shared = await firstOrderCoupon();
      const phone = uniquePhone();
      const buyers = await Promise.all(Array.from({ length: 300 }, () => createUser(w.db)));
      await Promise.all(
        buyers.map((b) =>
          as(w.app, b.cookie).post('/api/cart/items', { productId: p.prodId, quantity: 1 }),
        ),
      );
      const many = await Promise.all(
        buyers.map((b) =>
          as(w.app, b.cookie).post('/api/checkout', pickup(phone, shared.code), {
            'idempotency-key': newKey(),
          }),
        ),
      );
      expect(many.filter((a) => a.status >= 500)).toEqual([]);
      expect(many.filter((a) => a.status === 201)).toHaveLength(1);
      expect(many.filter((a) => a.status === 409)).toHaveLength(299);
      expect(await uses(shared.id)).toBe(1);
    },
    120_000,
  );
});
