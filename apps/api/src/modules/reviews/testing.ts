import type { FastifyInstance } from 'fastify';
import { createUser } from '../../test/factories.ts';
import { as, buy, deliveryTo, product, sellerWithStore, type World } from '../checkout/testing.ts';

/** Presses Pay on the Paystack test page. */
export async function payOnTestPage(app: FastifyInstance, url: string) {
  // The local Paystack server on its own port ('http' worlds), or mounted in the app.
  if (/^https?:/.test(url)) {
    const paid = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay&channel=card',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`test payment: ${paid.status}`);
    return;
  }
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay&channel=card',
  });
  if (res.statusCode !== 303) throw new Error(`test payment: ${res.statusCode}`);
}

/**
 * An order of one part moved by its seller up to `until` ('placed' leaves it as checkout made it;
 * 'completed' is delivered, then received by the buyer).
 * Paystack orders are paid on the mounted test page first. Tests of reviews, disputes and the
 * track record share it.
 */
export async function orderUpTo(
  w: World,
  until: 'placed' | 'processing' | 'shipped' | 'delivered' | 'completed',
  o: {
    method?: 'paystack' | 'pay_on_delivery';
    price?: number;
    quantity?: number;
    seller?: Awaited<ReturnType<typeof sellerWithStore>>;
    buyer?: Awaited<ReturnType<typeof createUser>>;
  } = {},
) {
  const method = o.method ?? 'paystack';
  const s = o.seller ?? (await sellerWithStore(w.db));
  const p = await product(w.db, s.store, o.price ?? 4000, 50);
  const buyer = o.buyer ?? (await createUser(w.db));
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: o.quantity ?? 1 }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: method,
  });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  if (method === 'paystack') await payOnTestPage(w.app, res.body.payment.authorizationUrl);
  const order = res.body.orders[0] as { id: number; totalKobo: number; subtotalKobo: number };
  const steps = {
    placed: [],
    processing: ['accept'],
    shipped: ['accept', 'ship'],
    delivered: ['accept', 'ship', 'deliver'],
    completed: ['accept', 'ship', 'deliver'],
  }[until];
  for (const step of steps) {
    const r = await as(w.app, s.cookie).post(`/api/store/orders/${order.id}/${step}`);
    if (r.status !== 200) throw new Error(`${step}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  if (until === 'completed') {
    // The buyer's 'I received it'.
    const r = await as(w.app, buyer.cookie).post(`/api/orders/${order.id}/received`);
    if (r.status !== 200) throw new Error(`received: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return { s, p, buyer, order };
}
