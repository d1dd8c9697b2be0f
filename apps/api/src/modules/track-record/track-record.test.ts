import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { dbLabel } from '../../test/helper.ts';
import { createUser } from '../../test/factories.ts';
import {
  as,
  createCommerceWorld,
  product,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';
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
    for (let i = 0; i < 20; i++) {
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
      } else if (stage === 'processing' && roll < 0.5) {
        await as(w.app, seller.cookie).post(`/api/store/orders/${x.order.id}/cancel`, {
          reason: 'Out of stock after all',
        });
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
    const events = await rows<{
      order_id: number;
      to_status: string;
      actor_role: string;
      created_at: Date;
    }>(
      w.db,
      sql`select order_id, to_status, actor_role, created_at from order_events where order_id in (select id from orders where store_id = ${seller.store.id})`,
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
      finished: counted.filter(
        (o) =>
          o.status === 'completed' ||
          (['cancelled', 'refunded'].includes(o.status) &&
            !events.some(
              (e) => e.order_id === o.id && e.to_status === 'cancelled' && e.actor_role === 'buyer',
            )),
      ).length,
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
    // The history is varied enough to mean something: orders under way, finished ones, and both
    // kinds of cancellation.
    expect(n).toBeGreaterThan(5);
    expect(expected.finished).toBeGreaterThan(0);
    expect(expected.finished).toBeLessThan(n);
    expect(counted.some((o) => o.status === 'refunded' || o.status === 'cancelled')).toBe(true);
    expect(hours.length).toBeGreaterThan(2);
    expect((await w.app.inject({ url: '/api/stores/no-such-store/track-record' })).statusCode).toBe(
      404,
    );
  });

  it('counts as finished only orders that reached an end state, never one under way or a buyer changing their mind', async () => {
    const seller = await sellerWithStore(w.db);
    const url = `/api/stores/${seller.store.urlName}/track-record`;
    const figures = async () => {
      const { orders, completed, finished } = (await w.app.inject({ url })).json().item;
      return { orders, completed, finished };
    };
    // One order on its way to the buyer: placed, but nothing finished, so nothing failed either.
    const shipped = await orderUpTo(w, 'shipped', { seller });
    expect(await figures()).toEqual({ orders: 1, completed: 0, finished: 0 });
    // It arrives and the buyer confirms: 1 of 1.
    await as(w.app, seller.cookie).post(`/api/store/orders/${shipped.order.id}/deliver`);
    await as(w.app, shipped.buyer.cookie).post(`/api/orders/${shipped.order.id}/received`);
    expect(await figures()).toEqual({ orders: 1, completed: 1, finished: 1 });
    // The store cancels one it accepted (paid online, so it is refunded): it counts against it.
    const dropped = await orderUpTo(w, 'processing', { seller });
    const c = await as(w.app, seller.cookie).post(`/api/store/orders/${dropped.order.id}/cancel`, {
      reason: 'Sold out',
    });
    expect(c.status).toBe(200);
    expect(await figures()).toEqual({ orders: 2, completed: 1, finished: 2 });
    // A buyer who changes their mind before the store accepts: not the store's doing.
    const changed = await orderUpTo(w, 'placed', { seller, method: 'pay_on_delivery' });
    expect(
      (await as(w.app, changed.buyer.cookie).post(`/api/orders/${changed.order.id}/cancel`, {}))
        .status,
    ).toBe(200);
    // Delivered, not yet confirmed: still under way.
    await orderUpTo(w, 'delivered', { seller });
    expect(await figures()).toEqual({ orders: 4, completed: 1, finished: 2 });
  });

  it("answers the owner's median first reply in chat, worked out from the raw messages", async () => {
    const rnd = random(7);
    const seller = await sellerWithStore(w.db);
    const url = `/api/stores/${seller.store.urlName}/track-record`;
    // No conversation yet: no figure.
    expect((await w.app.inject({ url })).json().item).toMatchObject({
      median_reply_minutes: null,
      replied_threads: 0,
    });
    const part = await product(w.db, seller.store, 5000, 5);
    for (let i = 0; i < 9; i++) {
      const buyer = await createUser(w.db);
      const t = await as(w.app, buyer.cookie).post('/api/chat/threads', {
        subject: 'product',
        subjectId: part.prodId,
      });
      const id = t.body.item.id as number;
      await as(w.app, buyer.cookie).post(`/api/chat/threads/${id}/messages`, {
        body: 'Still there?',
      });
      await as(w.app, buyer.cookie).post(`/api/chat/threads/${id}/messages`, { body: 'Hello?' });
      // Two threads in three stay unanswered; the others get one or two answers.
      if (i % 3 === 2) continue;
      await as(w.app, seller.cookie).post(`/api/chat/threads/${id}/messages`, { body: 'Yes' });
      if (rnd() < 0.5)
        await as(w.app, seller.cookie).post(`/api/chat/threads/${id}/messages`, { body: 'Come' });
      // Spread the times: every message of the thread moves later, the answers more.
      await w.db.execute(
        sql`update chat_messages set created_at = created_at + make_interval(mins => ${Math.floor(rnd() * 600)})
          where thread_id = ${id} and side = 'b'`,
      );
    }
    // The same seller writing as a buyer to another store is not their reply time.
    const other = await sellerWithStore(w.db);
    const theirs = await product(w.db, other.store, 5000, 5);
    const mine = await as(w.app, seller.cookie).post('/api/chat/threads', {
      subject: 'product',
      subjectId: theirs.prodId,
    });
    await as(w.app, seller.cookie).post(`/api/chat/threads/${mine.body.item.id}/messages`, {
      body: 'Do you have it?',
    });

    const msgs = await rows<{ thread_id: number; side: string; created_at: Date; hidden: boolean }>(
      w.db,
      sql`select m.thread_id, m.side, m.created_at, m.hidden from chat_messages m
        join chat_threads t on t.id = m.thread_id where t.kind = 'direct' and t.user_b = ${seller.user.id}`,
    );
    const minutes = [...new Set(msgs.map((m) => m.thread_id))].flatMap((id) => {
      const of = msgs.filter((m) => m.thread_id === id);
      const ask = Math.min(
        ...of.filter((m) => m.side === 'a' && !m.hidden).map((m) => +new Date(m.created_at)),
      );
      const replies = of
        .filter((m) => m.side === 'b' && +new Date(m.created_at) >= ask)
        .map((m) => +new Date(m.created_at));
      return replies.length ? [(Math.min(...replies) - ask) / 60_000] : [];
    });
    const med = median(minutes)!;
    const ans = (await w.app.inject({ url })).json().item;
    expect(minutes.length).toBe(6);
    expect(ans.replied_threads).toBe(6);
    expect(ans.median_reply_minutes).toBe(Math.round(med));
  });
});
