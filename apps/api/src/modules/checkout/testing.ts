import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Db, type DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp, type AppConfig } from '../../app.ts';
import { createUser } from '../../test/factories.ts';
import { client } from '../../test/helper.ts';
import { watchAnswers } from '../../test/answers.ts';
import { createProduct, createStore } from '../catalog/testing.ts';
import { startPaystackServer, TEST_SECRET } from '../payments/testing.ts';
import { hashPassword } from '../auth/passwords.ts';

/**
 * Test world for cart, checkout, orders and payments: a fresh database, the app listening on
 * a real port, and (paystack: 'http') the local Paystack-compatible server on its own port.
 * With paystack: 'mounted' the app uses its own in-process test server, as `npm start` does.
 */
export async function createCommerceWorld(
  opts: { paystack?: 'http' | 'mounted'; config?: Partial<AppConfig> } = {},
) {
  const handle: DbHandle = await createTestDb();
  let appUrl = '';
  const paystack =
    opts.paystack === 'mounted' ? null : await startPaystackServer(handle.db, () => appUrl);
  const app: FastifyInstance = await buildApp({
    db: handle.db,
    config: {
      ...(paystack ? { paystackSecretKey: TEST_SECRET, paystackBaseUrl: paystack.url } : {}),
      ...opts.config,
    },
  });
  const answers = watchAnswers(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  appUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    appUrl,
    paystack,
    /** The `n` of a `select count(*)::int as n` query. */
    count: async (q: ReturnType<typeof sql>) => (await rows<{ n: number }>(handle.db, q))[0].n,
    async close() {
      await app.close();
      await paystack?.close();
      await handle.close();
      answers.check();
    },
  };
}
export type World = Awaited<ReturnType<typeof createCommerceWorld>>;

export async function placeIds(db: Db, state: string, city: string) {
  const [r] = await rows<{ state_id: number; city_id: number }>(
    db,
    sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
        where s.name = ${state} and c.name = ${city}`,
  );
  if (!r) throw new Error(`no place ${state}/${city}`);
  return { stateId: r.state_id, cityId: r.city_id };
}

/** A seller with a store in Lagos (fees ₦2,500 within Lagos, ₦6,000 elsewhere). */
export async function sellerWithStore(db: Db, over: Parameters<typeof createStore>[1] = {}) {
  const seller = await createUser(db, 'Seller');
  const store = await createStore(db, { ownerUserId: seller.user.id, ...over });
  return { ...seller, store };
}

export async function product(
  db: Db,
  store: { id: number; stateId: number; cityId: number },
  priceNaira: number,
  stock: number,
  name = `Part ${crypto.randomBytes(2).toString('hex')}`,
) {
  return createProduct(db, { store, price: priceNaira, stock, name });
}

/** The shared test client, signed in with `cookie`; `post` takes extra headers third. */
export function as(app: FastifyInstance, cookie: string) {
  const c = client(app, { cookie });
  return {
    get: (url: string) => c.get(url),
    post: (url: string, payload?: object, headers?: Record<string, string>) =>
      c.post(url, payload ?? {}, { headers }),
    patch: (url: string, payload: object) => c.patch(url, payload),
    put: (url: string, payload: object) => c.put(url, payload),
    del: (url: string) => c.del(url),
  };
}

export const newKey = () => `k-${crypto.randomUUID()}`;

export async function deliveryTo(db: Db, state = 'Lagos', city = 'Ikeja') {
  const p = await placeIds(db, state, city);
  return {
    fulfilment: 'delivery' as const,
    ...p,
    street: '12 Allen Avenue',
    phone: '08031234567',
  };
}

/** Adds the lines to the user's cart and checks out; returns the answer. */
export async function buy(
  app: FastifyInstance,
  cookie: string,
  lines: { productId: number; quantity: number }[],
  body: Record<string, unknown>,
  key = newKey(),
) {
  const c = as(app, cookie);
  for (const l of lines) {
    const r = await c.post('/api/cart/items', l);
    if (r.status !== 200) throw new Error(`add to cart: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return c.post('/api/checkout', body, { 'idempotency-key': key });
}

/**
 * One part of a new Lagos store, bought by a new buyer to pay through Paystack: the order waits
 * for its payment and holds the part. `res` is the checkout's answer.
 */
export async function paystackOrder(w: World, priceNaira: number, stock: number) {
  const s = await sellerWithStore(w.db);
  const p = await product(w.db, s.store, priceNaira, stock);
  const b = await createUser(w.db);
  const res = await buy(w.app, b.cookie, [{ productId: p.prodId, quantity: 1 }], {
    ...(await deliveryTo(w.db)),
    paymentMethod: 'paystack',
  });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body)}`);
  return { s, p, b, res, order: res.body.orders[0] };
}

export const stockOf = async (db: Db, productId: number) =>
  (
    await rows<{ stock: number }>(db, sql`select stock from products where prod_id = ${productId}`)
  )[0].stock;

/** The password `payoutAccount` gives a seller (saving a payout account needs it). */
export const SELLER_PASSWORD = 'payout-owner-password-1';
let sellerHash: Promise<string> | null = null;

/**
 * Gives the seller a password and saves their payout account with it (the name comes from the
 * bank, as the local Paystack server resolves it). Returns the API's answer.
 */
export async function payoutAccount(
  app: FastifyInstance,
  db: Db,
  seller: { user: { id: string }; cookie: string },
  bank = { bankCode: '058', accountNumber: '0123456789' },
) {
  sellerHash ??= hashPassword(SELLER_PASSWORD);
  await db.execute(
    sql`update users set password_hash = ${await sellerHash} where id = ${seller.user.id}`,
  );
  return as(app, seller.cookie).put('/api/store/bank-account', {
    ...bank,
    password: SELLER_PASSWORD,
  });
}
