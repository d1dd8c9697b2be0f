import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { registerWeb } from '../web.ts';
import { isInProcess } from '../lib/in-process.ts';
import { createUser } from './factories.ts';
import { client } from './helper.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// A page's in-process calls: its request lines stand for them (lib/in-process.ts), a call that
// fails is logged under the page's request id, and loaders asking for the same thing within one
// page share one call (web.ts, inProcessFetch).

let handle: DbHandle;
let app: FastifyInstance;
let base: string;
const lines: Record<string, any>[] = [];
/** In-process calls that reached the API, by path. */
const calls: string[] = [];
const stream = new Writable({
  write(chunk, _e, cb) {
    for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
    cb();
  },
});

beforeAll(async () => {
  handle = await createTestDb();
  app = await buildApp({ db: handle.db, logger: { level: 'info', stream } });
  // The reviews of a part fail (a fault), so the page is served without them.
  app.addHook('onRequest', async (req) => {
    if (isInProcess(req)) calls.push(req.url.split('?')[0]);
    if (/^\/api\/products\/\d+\/reviews/.test(req.url)) throw new Error('reviews are down');
  });
  await registerWeb(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('request lines of a page and its calls', () => {
  it('a product page writes one pair of lines; its failed call is logged under its id', async () => {
    const seller = await createUser(handle.db, 'Seller');
    const store = await createStore(handle.db, { ownerUserId: seller.user.id });
    const part = await createProduct(handle.db, { store, name: 'Hilux fan belt', stock: 3 });
    lines.length = 0;
    const res = await fetch(`${base}/product/${part.prodId}`, {
      headers: { 'x-request-id': 'page-request-0001' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Hilux fan belt');
    const mine = lines.filter((l) => l.reqId === 'page-request-0001');
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming.map((l) => l.req.url)).toEqual([`/product/${part.prodId}`]);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    // The page made its calls (product, reviews, ratings, the store's record): none wrote a
    // request line, but the one that failed is there, at error level, under the page's id.
    const failed = mine.filter((l) => l.level >= 50);
    expect(failed.length).toBeGreaterThan(0);
    expect(JSON.stringify(failed)).toContain('reviews are down');
  });

  it("a signed-in parts list reads the cart's count and the account's place in one call", async () => {
    const buyer = await createUser(handle.db);
    const seller = await createUser(handle.db, 'Seller');
    const store = await createStore(handle.db, { ownerUserId: seller.user.id });
    const part = await createProduct(handle.db, { store, name: 'Camry wiper blade', stock: 9 });
    const added = await client(app, { cookie: buyer.cookie }).post('/api/cart/items', {
      productId: part.prodId,
      quantity: 2,
    });
    expect(added.status).toBe(200);
    const header = (html: string) => /data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1];
    calls.length = 0;
    const res = await fetch(`${base}/spares-parts`, { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    // The root (the header) and the list (its place) both ask: the page makes one call.
    expect(calls.filter((c) => c === '/api/user/header')).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/user/place' || c === '/api/cart/count')).toEqual([]);
    expect(header(html)).toBe('2');
    // The next page asks again: nothing is shared between pages.
    calls.length = 0;
    await (await fetch(`${base}/spares-parts`, { headers: { cookie: buyer.cookie } })).text();
    expect(calls.filter((c) => c === '/api/user/header')).toHaveLength(1);
  });
});
