import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { buildApp } from '../app.ts';
import { registerWeb } from '../web.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';
import { createUser } from './factories.ts';

// A page sent leaves nothing behind that holds its render: the render's abort timer held every
// page's whole render state for six seconds after it was sent (entry.server.tsx), so under load
// the old space filled with finished pages and a full collection held up the pages in flight.

let handle: DbHandle;
let app: FastifyInstance;
let base: string;
let path: string;

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

beforeAll(async () => {
  handle = await createTestDb();
  app = await buildApp({ db: handle.db });
  await registerWeb(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const seller = await createUser(handle.db, 'Seller');
  const store = await createStore(handle.db, { ownerUserId: seller.user.id });
  const part = await createProduct(handle.db, { store, name: 'Corolla headlamp', stock: 2 });
  path = `/product/${part.prodId}`;
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

/** Fetches `n` pages one after another, each read to its end. */
async function pages(n: number, init: RequestInit & { method?: string } = {}) {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${base}${path}?v=${Math.random()}`, init);
    expect(res.status).toBe(200);
    const text = await res.text();
    if (init.method !== 'HEAD') expect(text).toContain('Corolla headlamp');
  }
  await new Promise((r) => setImmediate(r));
}

describe('a page sent leaves no timer behind', () => {
  for (const [name, init] of [
    ['a guest page (the shared render)', {}],
    [
      'a page rendered for its visitor, brotli',
      { headers: { 'accept-encoding': 'br', 'save-data': 'on' } },
    ],
    [
      'a page rendered for its visitor, gzip',
      { headers: { 'accept-encoding': 'gzip', 'save-data': 'on' } },
    ],
    ['a HEAD request', { method: 'HEAD', headers: { 'save-data': 'on' } }],
  ] as const) {
    it(name, async () => {
      await pages(2, init);
      const before = timers();
      await pages(8, init);
      expect(timers()).toBeLessThanOrEqual(before);
    });
  }
});
