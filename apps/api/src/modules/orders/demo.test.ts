import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalisePhone } from '@sf/shared';
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

  it("the README's demo accounts are the data: names, businesses, places; no business answers on a demo account's phone", async () => {
    const readme = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../README.md'),
      'utf8',
    );
    const table = readme
      .split('\n')
      .filter((l) => /^\| `[a-z]+@demo\.ng`/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    expect(table).toHaveLength(5);
    for (const [, email, role, name, business] of table) {
      const [u] = await rows<{ id: string; role: string; name: string; phone: string }>(
        w.db,
        sql`select id, role, name, phone from users where email = ${email.replaceAll('`', '')}`,
      );
      expect(u, email).toMatchObject({ role, name });
      if (role === 'Buyer') {
        // The README gives the buyer's number as people write it.
        const written = /phone ([0-9 ]+)/.exec(business)![1];
        expect(normalisePhone(written)).toBe(u.phone);
      }
      if (role === 'Seller' || role === 'Mechanic' || role === 'Tow Van') {
        // "<business>, a <kind> in [<city>, ]<state>"
        const [, biz, where] = /^(.*), an? (?:store|workshop|tow van) in (.*)$/.exec(business)!;
        const owned = await rows<{ name: string; city: string; state: string }>(
          w.db,
          role === 'Seller'
            ? sql`select s.name, c.name as city, st.name as state from stores s
                join cities c on c.id = s.city_id join states st on st.id = s.state_id
                where s.owner_user_id = ${u.id}`
            : sql`select p.company_name as name, c.name as city, st.name as state
                from service_providers p join cities c on c.id = p.city_id
                join states st on st.id = p.state_id where p.owner_user_id = ${u.id}`,
        );
        expect(
          owned.map((o) => o.name),
          email,
        ).toEqual([biz]);
        const place = where.split(', ');
        expect(place.at(-1)).toBe(owned[0].state);
        if (place.length > 1) expect(place[0]).toBe(owned[0].city);
      }
    }
    // A call to a demo business never rings a demo account other than its owner.
    const accounts = await rows<{ id: string; email: string; phone: string }>(
      w.db,
      sql`select id, email, phone from users where email in ('buyer@demo.ng', 'seller@demo.ng', 'mechanic@demo.ng', 'towvan@demo.ng', 'admin@demo.ng')`,
    );
    const numbers = await rows<{ owner: string | null; phone: string | null }>(
      w.db,
      sql`select owner_user_id as owner, mobile_number as phone from service_providers
          union all select owner_user_id, phone_number from service_providers
          union all select owner_user_id, unnest(phones) from stores`,
    );
    const clash = numbers.filter((x) =>
      accounts.some((a) => a.id !== x.owner && normalisePhone(x.phone) === a.phone),
    );
    expect(clash).toEqual([]);
    // The mechanic's own workshop answers on the mechanic's number.
    const mech = accounts.find((a) => a.email === 'mechanic@demo.ng')!;
    expect(numbers.some((x) => normalisePhone(x.phone) === mech.phone)).toBe(true);
  });

  it('the coupons the README names exist and do what it says', async () => {
    const readme = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../README.md'),
      'utf8',
    );
    const named = [...readme.matchAll(/`([A-Z0-9]{5,})`/g)].map((m) => m[1]);
    expect(named).toEqual(expect.arrayContaining(['WELCOME10', 'LADIPO2000', 'NEWYEAR5']));
    const coupons = await rows<{
      code: string;
      kind: string;
      value: number;
      used_count: number;
      usage_limit: number | null;
    }>(
      w.db,
      sql`select code, kind, value::int as value, used_count, usage_limit from coupons where code in ('WELCOME10', 'LADIPO2000', 'NEWYEAR5')`,
    );
    expect(coupons.find((c) => c.code === 'WELCOME10')).toMatchObject({
      kind: 'percent',
      value: 10,
    });
    expect(coupons.find((c) => c.code === 'LADIPO2000')).toMatchObject({
      kind: 'fixed',
      value: 200_000,
    });
    const used = coupons.find((c) => c.code === 'NEWYEAR5')!;
    expect(used.used_count).toBeGreaterThanOrEqual(used.usage_limit!);
  });
});
