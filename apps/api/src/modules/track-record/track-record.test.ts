import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { dbLabel } from '../../test/helper.ts';
import { as, createCommerceWorld, sellerWithStore, type World } from '../checkout/testing.ts';
import { orderUpTo } from '../reviews/testing.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

/** A small deterministic random sequence, so a failure can be replayed. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

describe(`store track record (${dbLabel()})`, () => {
  it('matches figures computed from the raw orders, events and disputes of a random history', async () => {
    const rnd = random(20261123);
    const seller = await sellerWithStore(w.db);
    const stages = ['placed', 'processing', 'shipped', 'delivered'] as const;
    for (let i = 0; i < 14; i++) {
      const method = rnd() < 0.6 ? 'paystack' : 'pay_on_delivery';
      const stage = stages[Math.floor(rnd() * stages.length)];
      const x = await orderUpTo(w, stage, { seller, method });
      // Spread the shipping times: the 'shipped' move happened some hours after payment.
      await w.db.execute(
        sql`update order_events set created_at = created_at + make_interval(hours => ${Math.floor(rnd() * 72)})
          where order_id = ${x.order.id} and to_status = 'shipped'`,
      );
      const roll = rnd();
      if (stage === 'delivered' && roll < 0.4) {
        const d = await as(w.app, x.buyer.cookie).post('/api/disputes', {
          orderId: x.order.id,
          productId: x.p.prodId,
          reason: 'damaged',
          message: 'The part arrived broken.',
        });
        if (method === 'paystack' && roll < 0.2)
          await as(w.app, seller.cookie)
            .post(`/api/disputes/${d.body.item.id}/offer`, { kind: 'refund' })
            .then(() => as(w.app, x.buyer.cookie).post(`/api/disputes/${d.body.item.id}/accept`));
      } else if (stage === 'delivered' && roll < 0.7) {
        await as(w.app, x.buyer.cookie).post(`/api/orders/${x.order.id}/received`);
      } else if (stage === 'placed' && roll < 0.5) {
        await as(w.app, x.buyer.cookie).post(`/api/orders/${x.order.id}/cancel`, {});
      }
    }

    // The raw data, and the figures worked out here from it.
    const orders = await rows<{
      id: number;
      status: string;
      paid_at: Date | null;
      created_at: Date;
      payment_method: string;
    }>(
      w.db,
      sql`select id, status, paid_at, created_at, payment_method from orders where store_id = ${seller.store.id}`,
    );
    const events = await rows<{ order_id: number; to_status: string; created_at: Date }>(
      w.db,
      sql`select order_id, to_status, created_at from order_events where order_id in (select id from orders where store_id = ${seller.store.id})`,
    );
    const disputes = await rows<{ order_id: number; outcome: string | null }>(
      w.db,
      sql`select order_id, outcome from disputes where store_id = ${seller.store.id}`,
    );
    const counted = orders.filter(
      (o) =>
        o.status !== 'pending_payment' &&
        !(o.status === 'cancelled' && !o.paid_at && o.payment_method === 'paystack'),
    );
    const n = counted.length;
    const pct = (k: number) => (n ? Math.round((k * 1000) / n) / 10 : null);
    const hours = counted.flatMap((o) =>
      events
        .filter((e) => e.order_id === o.id && e.to_status === 'shipped')
        .map(
          (e) =>
            (new Date(e.created_at).getTime() - new Date(o.paid_at ?? o.created_at).getTime()) /
            3_600_000,
        ),
    );
    const med = median(hours);
    const expected = {
      orders: n,
      completed: counted.filter((o) => o.status === 'completed').length,
      median_ship_hours: med === null ? null : Math.round(med * 10) / 10,
      disputed_percent: pct(
        counted.filter((o) => disputes.some((d) => d.order_id === o.id)).length,
      ),
      refunded_percent: pct(
        counted.filter(
          (o) =>
            o.status === 'refunded' ||
            disputes.some((d) => d.order_id === o.id && d.outcome === 'refund'),
        ).length,
      ),
      verified: false,
    };
    const ans = await w.app.inject({ url: `/api/stores/${seller.store.urlName}/track-record` });
    expect(ans.statusCode).toBe(200);
    expect(ans.json().item).toMatchObject(expected);
    // The history is varied enough to mean something.
    expect(n).toBeGreaterThan(5);
    expect(hours.length).toBeGreaterThan(2);
    expect((await w.app.inject({ url: '/api/stores/no-such-store/track-record' })).statusCode).toBe(
      404,
    );
  });
});
