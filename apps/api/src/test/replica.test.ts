import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, type TestApp } from './helper.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// DATABASE_READ_URL: public reads go to the replica, writes and a user's own reads to the
// primary. The replica here is a read-only login role on the test database; a view hides one
// new product from that role only, standing for a row the replica has not received yet, so
// each answer shows which database it came from.

const server = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let shown: number;
let lagging: number;

// Skipped on PGlite: an embedded database has no second login to stand for a replica.
describe.skipIf(!server)('read replica (postgres)', () => {
  beforeAll(async () => {
    t = await createTestApp(
      { catalogListCacheMs: 0, providersListCacheMs: 0 },
      { readOnlyReplica: true },
    );
    const db = t.handle.db;
    const store = await createStore(db);
    shown = (await createProduct(db, { store, name: 'Toyota Corolla Alternator Belt' })).prodId;
    lagging = (await createProduct(db, { store, name: 'Toyota Corolla Alternator Pulley' })).prodId;
    const readUrl = (t.handle as typeof t.handle & { readUrl: string }).readUrl;
    const role = decodeURIComponent(new URL(readUrl).username);
    // Before the replica pool's first connection, so every one of them gets the search path.
    await db.execute(sql.raw(`CREATE SCHEMA lag AUTHORIZATION ${role}`));
    await db.execute(
      sql.raw(
        `CREATE VIEW lag.products AS SELECT * FROM public.products WHERE prod_id <> ${lagging}`,
      ),
    );
    await db.execute(sql.raw(`GRANT SELECT ON lag.products TO ${role}`));
    await db.execute(sql.raw(`ALTER ROLE ${role} SET search_path = lag, public`));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the replica refuses every write', async () => {
    const [{ ro }] = await rows<{ ro: string }>(
      t.handle.read,
      sql`select current_setting('transaction_read_only') as ro`,
    );
    expect(ro).toBe('on');
    await expect(
      t.handle.read.execute(sql`update products set price = price + 1 where prod_id = ${shown}`),
    ).rejects.toThrow();
    expect(t.app.dbRead).toBe(t.handle.read);
    expect(t.app.db).not.toBe(t.handle.read);
  });

  it('catalogue lists, search and product pages read the replica', async () => {
    const list = await t.get('/api/products/categories/0?prodName=corolla%20alternator');
    expect(list.status).toBe(200);
    const ids = list.body.items.map((i: { prod_id: number }) => i.prod_id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(lagging);
    const search = await t.get('/api/search?q=corolla%20alternator');
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).not.toContain('Pulley');
    expect(JSON.stringify(search.body)).toContain('Alternator Belt');
    expect((await t.get(`/api/products/${lagging}`)).status).toBe(404);
    expect((await t.get(`/api/products/${shown}`)).status).toBe(200);
    expect((await t.get('/api/mechanics/indexquery')).status).toBe(200);
  });

  it("a buyer's cart reads and writes the primary: a part the replica lacks can be added", async () => {
    const buyer = await t.signIn('Buyer');
    const add = await t.post('/api/cart/items', { productId: lagging }, { cookie: buyer.cookie });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const cart = await t.get('/api/cart', { cookie: buyer.cookie });
    expect(JSON.stringify(cart.body)).toContain('Pulley');
  });
});
