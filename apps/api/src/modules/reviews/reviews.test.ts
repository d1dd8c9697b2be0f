import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { dbLabel } from '../../test/helper.ts';
import { as, createCommerceWorld, type World } from '../checkout/testing.ts';
import { orderUpTo } from './testing.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

const review = (orderId: number, productId: number, o: Record<string, unknown> = {}) => ({
  orderId,
  productId,
  storeRating: 5,
  productRating: 4,
  body: 'Original Denso plug, fitted my 2010 Corolla.',
  ...o,
});

describe(`reviews (${dbLabel()})`, () => {
  it('only the buyer of a completed order line reviews it, once (delivered is not enough)', async () => {
    const stranger = await createUser(w.db);
    const shipped = await orderUpTo(w, 'shipped');
    const me = as(w.app, shipped.buyer.cookie);
    // No order: a part never bought, or someone else's order.
    const none = await as(w.app, stranger.cookie).post(
      '/api/reviews',
      review(shipped.order.id, shipped.p.prodId),
    );
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/only what you bought/);
    // Not delivered yet; then delivered but not yet received by the buyer (not completed).
    const early = await me.post('/api/reviews', review(shipped.order.id, shipped.p.prodId));
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the order is completed/);
    const delivered = await orderUpTo(w, 'delivered');
    const notYet = await as(w.app, delivered.buyer.cookie).post(
      '/api/reviews',
      review(delivered.order.id, delivered.p.prodId),
    );
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toMatch(/confirm you received it/);
    expect(
      (await as(w.app, delivered.buyer.cookie).post(`/api/orders/${delivered.order.id}/received`))
        .status,
    ).toBe(200);
    expect(
      (
        await as(w.app, delivered.buyer.cookie).post(
          '/api/reviews',
          review(delivered.order.id, delivered.p.prodId),
        )
      ).status,
    ).toBe(201);

    const done = await orderUpTo(w, 'completed');
    const buyer = as(w.app, done.buyer.cookie);
    const ok = await buyer.post('/api/reviews', review(done.order.id, done.p.prodId));
    expect(ok.status).toBe(201);
    expect(ok.body.item).toMatchObject({ verified: true, store_rating: 5, product_rating: 4 });
    const again = await buyer.post(
      '/api/reviews',
      review(done.order.id, done.p.prodId, { storeRating: 1 }),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already reviewed/);
    // Bad ratings: 400 with what is wrong.
    const bad = await buyer.post(
      '/api/reviews',
      review(done.order.id, done.p.prodId, { productRating: 6 }),
    );
    expect(bad.status).toBe(400);

    // Ten simultaneous second reviews: still one.
    const other = await orderUpTo(w, 'completed');
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        as(w.app, other.buyer.cookie).post('/api/reviews', review(other.order.id, other.p.prodId)),
      ),
    );
    expect(tries.filter((r) => r.status === 201)).toHaveLength(1);
    expect(tries.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it('shows on the product with the average; the store answers once; staff hide with an audit entry', async () => {
    const a = await orderUpTo(w, 'completed');
    const b = await orderUpTo(w, 'completed', { seller: a.s });
    await as(w.app, a.buyer.cookie).post(
      '/api/reviews',
      review(a.order.id, a.p.prodId, { productRating: 5, storeRating: 4 }),
    );
    const second = await as(w.app, b.buyer.cookie).post(
      '/api/reviews',
      review(b.order.id, b.p.prodId, { productRating: 2, storeRating: 1 }),
    );
    const list = await w.app.inject({ url: `/api/products/${a.p.prodId}/reviews` });
    expect(list.json().rating).toEqual({ count: 1, average: 5 });
    expect(list.json().items[0]).toMatchObject({ verified: true, buyer_name: expect.any(String) });
    const store = await w.app.inject({ url: `/api/stores/${a.s.store.urlName}/reviews` });
    expect(store.json().rating).toEqual({ count: 2, average: 2.5 });
    const cards = await w.app.inject({
      url: `/api/reviews/summary?products=${a.p.prodId},${b.p.prodId}`,
    });
    expect(cards.json().items).toEqual(
      expect.arrayContaining([
        {
          prod_id: a.p.prodId,
          product: { count: 1, average: 5 },
          store: { count: 2, average: 2.5 },
        },
        {
          prod_id: b.p.prodId,
          product: { count: 1, average: 2 },
          store: { count: 2, average: 2.5 },
        },
      ]),
    );

    const id = second.body.item.id;
    expect(
      (await as(w.app, b.buyer.cookie).post(`/api/reviews/${id}/answer`, { answer: 'Hi' })).status,
    ).toBe(403);
    const ans = await as(w.app, a.s.cookie).post(`/api/reviews/${id}/answer`, {
      answer: 'We replaced the plug the same day.',
    });
    expect(ans.status).toBe(200);
    expect(ans.body.item.answer).toBe('We replaced the plug the same day.');
    expect(
      (await as(w.app, a.s.cookie).post(`/api/reviews/${id}/answer`, { answer: 'Again' })).status,
    ).toBe(409);

    const admin = await createUser(w.db, 'Admin');
    expect(
      (await as(w.app, a.buyer.cookie).post(`/api/admin/reviews/${id}/hide`, { note: 'insults' }))
        .status,
    ).toBe(403);
    const hid = await as(w.app, admin.cookie).post(`/api/admin/reviews/${id}/hide`, {
      note: 'Insults the seller',
    });
    expect(hid.status).toBe(200);
    expect(hid.body.item.hidden).toBe(true);
    // The averages follow at once: computed from the visible reviews.
    const after = await w.app.inject({ url: `/api/stores/${a.s.store.urlName}/reviews` });
    expect(after.json().rating).toEqual({ count: 1, average: 4 });
    expect(after.json().items.map((r: { id: number }) => r.id)).not.toContain(id);
    // The product's only review is hidden: no rating and nothing listed.
    const hiddenOnly = await w.app.inject({ url: `/api/products/${b.p.prodId}/reviews` });
    expect(hiddenOnly.json()).toEqual({
      status: true,
      rating: { count: 0, average: null },
      items: [],
      lastId: null,
    });
    const [entry] = await rows<{ action: string; actor_id: string; note: string }>(
      w.db,
      sql`select action, actor_id, note from audit_log where target_type = 'review' and target_id = ${String(id)}`,
    );
    expect(entry).toMatchObject({
      action: 'review.hide',
      actor_id: admin.user.id,
      note: 'Insults the seller',
    });
    expect(
      (await as(w.app, admin.cookie).post(`/api/admin/reviews/${id}/hide`, { note: 'again' }))
        .status,
    ).toBe(409);
  });
});
