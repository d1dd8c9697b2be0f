import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { MAX_KOBO } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from './helper.ts';
import { createUser } from './factories.ts';
import { createStore } from '../modules/catalog/testing.ts';
import { MAX_PRICE_KOBO } from '../modules/seller/product-rules.ts';

// Amounts are bigint kobo everywhere, bounded by one business maximum (MAX_KOBO, ₦500,000,000):
// prices beyond the int4 range (₦21,474,836.47) are taken and read back exactly, and every kobo
// input refuses more than the maximum with a 400 naming the field.
let t: TestApp;
let admin: string;
let seller: { cookie: string; userId: string; storeId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app.db, 'Admin')).cookie;
  const s = await createUser(t.app.db, 'Seller');
  const store = await createStore(t.app.db, { ownerUserId: s.user.id });
  seller = { cookie: s.cookie, userId: s.user.id, storeId: store.id };
});
afterAll(() => t?.close());

const part = (priceKobo: number, over: Record<string, unknown> = {}) => ({
  name: 'Gearbox for a lowbed trailer',
  catId: 601,
  condition: 1,
  priceKobo,
  stock: 1,
  ...over,
});
/** The largest int4: ₦21,474,836.47 in kobo. */
const INT4_NAIRA_KOBO = 2_147_483_647;

describe(`money beyond the int4 range (${dbLabel()})`, () => {
  it('a plan priced ₦50,000,000: its store adds products, and the price reads back exactly', async () => {
    const plans = await t.get('/api/admin/plans', { cookie: admin });
    expect(plans.status).toBe(200);
    const basic = plans.body.items.find(
      (p: { audience: string; code: string }) => p.audience === 'store' && p.code === 'basic',
    );
    const price = 5_000_000_000; // ₦50,000,000
    const saved = await t.patch(
      `/api/admin/plans/${basic.id}`,
      { priceKobo: price },
      { cookie: admin },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.item.priceKobo).toBe(price);
    await t.app.db.execute(
      sql`insert into subscriptions (user_id, plan_id, period_end)
          values (${seller.userId}, ${basic.id}, now() + interval '30 days')`,
    );
    const mine = await t.get('/api/subscriptions', { cookie: seller.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.current).toMatchObject({ code: 'basic', priceKobo: price });

    const add = await t.post('/api/store/products', part(1_850_000), { cookie: seller.cookie });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
  });

  it('a product priced at its maximum is stored and shown exactly; beyond it is a 400 naming the field', async () => {
    const top = await t.post(
      '/api/store/products',
      part(MAX_PRICE_KOBO, { salesKobo: MAX_PRICE_KOBO - 1 }),
      { cookie: seller.cookie },
    );
    expect(top.status, JSON.stringify(top.body)).toBe(201);
    const id = top.body.item.id;
    const [row] = await rows<{ price_kobo: number; sales_kobo: number }>(
      t.app.db,
      sql`select price_kobo, sales_kobo from products where prod_id = ${id}`,
    );
    expect(row).toEqual({ price_kobo: MAX_PRICE_KOBO, sales_kobo: MAX_PRICE_KOBO - 1 });
    const back = await t.get(`/api/store/products/${id}`, { cookie: seller.cookie });
    expect(back.body.item).toMatchObject({
      priceKobo: MAX_PRICE_KOBO,
      salesKobo: MAX_PRICE_KOBO - 1,
    });

    const cases: [Record<string, unknown>, string, RegExp][] = [
      [part(MAX_PRICE_KOBO + 1), 'priceKobo', /at most ₦100,000,000\.00/],
      [part(MAX_KOBO + 1), 'priceKobo', /at most ₦500,000,000\.00/],
      [part(1_000_000, { salesKobo: MAX_KOBO + 1 }), 'salesKobo', /at most ₦500,000,000\.00/],
      [part(Number.MAX_SAFE_INTEGER), 'priceKobo', /at most ₦500,000,000\.00/],
      // Past PostgreSQL's bigint.
      [part(2 ** 63), 'priceKobo', /at most ₦500,000,000\.00/],
    ];
    for (const [body, field, message] of cases) {
      const r = await t.post('/api/store/products', body, { cookie: seller.cookie });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION');
      expect(r.body.fields[field], JSON.stringify(r.body)).toMatch(message);
    }
    const patched = await t.patch(
      `/api/store/products/${id}`,
      { priceKobo: MAX_KOBO + 1 },
      { cookie: seller.cookie },
    );
    expect(patched.status).toBe(400);
    expect(patched.body.fields).toHaveProperty('priceKobo');
  });

  it('store fees, coupons and plans take amounts past int4 up to the maximum, and refuse more', async () => {
    // A delivery fee has its own, lower maximum (₦1,000,000); past the shared one it is a 400 too.
    const over = await t.patch(
      '/api/store/profile',
      { deliveryFeeInStateKobo: MAX_KOBO + 1 },
      { cookie: seller.cookie },
    );
    expect(over.status).toBe(400);
    expect(over.body.fields).toHaveProperty('deliveryFeeInStateKobo');

    const coupon = {
      code: 'BIGFLEET',
      kind: 'fixed',
      value: INT4_NAIRA_KOBO + 100,
      minOrderKobo: MAX_KOBO,
      description: 'Fleet deal',
    };
    const made = await t.post('/api/admin/coupons', coupon, { cookie: admin });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.coupon).toMatchObject({
      value: INT4_NAIRA_KOBO + 100,
      minOrderKobo: MAX_KOBO,
    });
    for (const bad of [
      { ...coupon, code: 'BIGGER1', value: MAX_KOBO + 1 },
      { ...coupon, code: 'BIGGER2', minOrderKobo: MAX_KOBO + 1 },
    ]) {
      const r = await t.post('/api/admin/coupons', bad, { cookie: admin });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VALIDATION');
    }

    const plans = await t.get('/api/admin/plans', { cookie: admin });
    const premium = plans.body.items.find((p: { code: string }) => p.code === 'premium');
    const r = await t.patch(
      `/api/admin/plans/${premium.id}`,
      { priceKobo: MAX_KOBO + 1 },
      { cookie: admin },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('priceKobo');
  });
});
