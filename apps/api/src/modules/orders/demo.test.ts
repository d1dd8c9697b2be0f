import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { seedDemoData } from '../../seed.ts';
import { createSession, SESSION_COOKIE } from '../../lib/session.ts';
import { unbalancedPostings } from '../ledger/ledger.ts';
import { as, createCommerceWorld, type World } from '../checkout/testing.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
  await seedDemoData(w.db);
});
afterAll(() => w.close());

const signedIn = async (email: string) => {
  const [u] = await rows<{ id: string }>(w.db, sql`select id from users where email = ${email}`);
  const { token } = await createSession(w.db, u.id);
  return as(w.app, `${SESSION_COOKIE}=${token}`);
};

describe(`demo commerce data (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the demo buyer has orders in several states, each with its timeline', async () => {
    const buyer = await signedIn('buyer@demo.ng');
    const { items } = (await buyer.get('/api/orders')).body;
    expect(items.length).toBeGreaterThanOrEqual(6);
    const states = new Set(items.map((o: any) => o.status));
    for (const s of ['completed', 'delivered', 'shipped', 'paid', 'pay_on_delivery', 'cancelled'])
      expect(states).toContain(s);
    for (const o of items) {
      expect(o.timeline[0].from).toBeNull();
      expect(o.timeline.at(-1).to).toBe(o.status);
      expect(o.totalKobo).toBe(o.subtotalKobo - o.discountKobo + o.deliveryFeeKobo);
    }
  });

  it('the demo seller has incoming orders and a balance; the ledger balances', async () => {
    const seller = await signedIn('seller@demo.ng');
    const orders = (await seller.get('/api/store/orders')).body.items;
    expect(orders.some((o: any) => o.actions.includes('accept'))).toBe(true);
    const money = (await seller.get('/api/store/balance')).body;
    expect(money.balanceKobo).toBeGreaterThan(0);
    expect(money.escrowKobo).toBeGreaterThan(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('WELCOME10 takes 10% off; seeding again adds nothing', async () => {
    const buyer = await signedIn('buyer@demo.ng');
    const [p] = await rows<{ prod_id: number }>(
      w.db,
      sql`select prod_id from products where active and stock > 0 order by prod_id limit 1`,
    );
    await buyer.post('/api/cart/items', { productId: p.prod_id, quantity: 1 });
    const q = (
      await buyer.post('/api/checkout/quote', { fulfilment: 'pickup', couponCode: 'welcome10' })
    ).body;
    expect(q.couponProblem).toBeNull();
    expect(q.discountKobo).toBe(Math.floor(q.subtotalKobo / 10));
    const before = (await rows<{ n: number }>(w.db, sql`select count(*)::int as n from orders`))[0]
      .n;
    await seedDemoData(w.db);
    expect((await rows<{ n: number }>(w.db, sql`select count(*)::int as n from orders`))[0].n).toBe(
      before,
    );
  });
});
