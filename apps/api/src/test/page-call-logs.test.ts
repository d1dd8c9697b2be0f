import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { registerWeb } from '../web.ts';
import { createUser } from './factories.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// A page's request lines stand for its in-process calls (lib/in-process.ts): one pair per page
// a visitor asked for, and a call that fails is logged under the page's request id.

let handle: DbHandle;
let app: FastifyInstance;
let base: string;
const lines: Record<string, any>[] = [];
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
});
