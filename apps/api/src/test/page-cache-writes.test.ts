import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { registerWeb } from '../web.ts';
import { client } from './helper.ts';
import { createUser } from './factories.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// Which writes empty the guest page cache: every accepted write does, but for writes to a user's
// own things (privateWrites in page-cache.ts), which no guest page shows.

let handle: DbHandle;
let app: FastifyInstance;

beforeAll(async () => {
  handle = await createTestDb();
  app = await buildApp({ db: handle.db, config: { pageCacheMs: 60_000 } });
  await registerWeb(app);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const cacheOf = async (url: string) =>
  (await client(app).get(url)).headers['x-page-cache'] as string | undefined;

describe('guest page cache and writes', () => {
  it('a cart line added and taken out leaves the cached pages; a seller’s change to a part empties them', async () => {
    const seller = await createUser(handle.db, 'Seller');
    const store = await createStore(handle.db, { ownerUserId: seller.user.id });
    const part = await createProduct(handle.db, { store, name: 'Corolla headlamp left', stock: 5 });
    const page = `/product/${part.prodId}`;
    expect(await cacheOf(page)).toBe('miss');
    expect(await cacheOf(page)).toBe('hit');

    const buyer = await createUser(handle.db);
    const asBuyer = client(app, { cookie: buyer.cookie });
    const added = await asBuyer.post('/api/cart/items', { productId: part.prodId, quantity: 1 });
    expect(added.status).toBe(200);
    const removed = await asBuyer.del(`/api/cart/items/${part.prodId}`);
    expect(removed.status).toBe(200);
    expect(await cacheOf(page)).toBe('hit');

    const edit = await client(app, { cookie: seller.cookie }).patch(
      `/api/store/products/${part.prodId}`,
      { stock: 4 },
    );
    expect(edit.status).toBe(200);
    expect(await cacheOf(page)).toBe('miss');
  });
});
