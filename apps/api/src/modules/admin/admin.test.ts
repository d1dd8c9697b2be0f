import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, schema as s } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore } from '../catalog/testing.ts';
import { ADMIN_IDLE_MS } from '../../lib/session.ts';

let t: TestApp;
let admin: { cookie: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('Admin');
});
afterAll(() => t?.close());

const db = () => t.app.db;
const as = (cookie: string) => ({ cookie });

/** The audit entries of one record, newest first (read straight from the table). */
const audit = (type: string, id: number | string) =>
  rows<{ action: string; actor_id: string; before: any; after: any; note: string | null }>(
    db(),
    sql`select action, actor_id, before, after, note from audit_log
        where target_type = ${type} and target_id = ${String(id)} order by id desc`,
  );

/** A seller with a store and two products on sale. */
async function shop() {
  const owner = await t.signIn('Seller');
  const store = await createStore(db(), { ownerUserId: owner.user.id });
  const a = await createProduct(db(), { store, name: 'Suspension test brake pads' });
  const b = await createProduct(db(), { store, name: 'Suspension test oil filter' });
  return { owner, store, a, b };
}

describe(`admin: stores (${dbLabel()})`, () => {
  it('lists with search, filters and cursor paging', async () => {
    await shop();
    await shop();
    const { store } = await shop();
    const found = await t.get(`/api/admin/stores?q=${store.urlName}`, as(admin.cookie));
    expect(found.status).toBe(200);
    expect(found.body.items).toHaveLength(1);
    expect(found.body.items[0]).toMatchObject({
      id: store.id,
      verified: false,
      suspended: false,
      products: 2,
      activeProducts: 2,
    });
    const p1 = await t.get('/api/admin/stores?pagesize=2', as(admin.cookie));
    expect(p1.body.items).toHaveLength(2);
    const p2 = await t.get(
      `/api/admin/stores?pagesize=2&lastId=${p1.body.lastId}`,
      as(admin.cookie),
    );
    expect(p2.body.items[0].id).toBeLessThan(p1.body.items[1].id);
    const unverified = await t.get('/api/admin/stores?verified=no', as(admin.cookie));
    expect(unverified.body.items.every((x: any) => !x.verified)).toBe(true);
    expect((await t.get('/api/admin/stores?verified=maybe', as(admin.cookie))).status).toBe(400);
    expect((await t.get('/api/admin/stores/999999', as(admin.cookie))).status).toBe(404);
  });

  it('verifies with a note: badge public at once, attention count drops, audit entry', async () => {
    const { store } = await shop();
    const count = async () =>
      (await t.get('/api/admin/attention', as(admin.cookie))).body.items.find(
        (i: any) => i.key === 'stores.unverified',
      ).count;
    // Warm the public cache first: the change must show through it.
    expect((await t.get(`/api/stores/${store.urlName}`)).body.store?.verified).toBe(false);
    const before = await count();
    expect(
      (await t.post(`/api/admin/stores/${store.id}/verify`, { verified: true }, as(admin.cookie)))
        .status,
    ).toBe(400);
    const res = await t.post(
      `/api/admin/stores/${store.id}/verify`,
      { verified: true, note: 'CAC papers checked' },
      as(admin.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.body.item.verified).toBe(true);
    expect((await t.get(`/api/stores/${store.urlName}`)).body.store?.verified).toBe(true);
    expect(await count()).toBe(before - 1);
    expect(await audit('store', store.id)).toEqual([
      {
        action: 'store.verify',
        actor_id: admin.user.id,
        before: { verified: false },
        after: { verified: true },
        note: 'CAC papers checked',
      },
    ]);
    const again = await t.post(
      `/api/admin/stores/${store.id}/verify`,
      { verified: true, note: 'again' },
      as(admin.cookie),
    );
    expect(again.status).toBe(409);
    const un = await t.post(
      `/api/admin/stores/${store.id}/verify`,
      { verified: false, note: 'Papers expired' },
      as(admin.cookie),
    );
    expect(un.body.item.verified).toBe(false);
    expect((await audit('store', store.id))[0].action).toBe('store.unverify');
  });

  it('suspends: products vanish everywhere, the owner is told, lifting restores exactly', async () => {
    const { owner, store, a, b } = await shop();
    // b was hidden by its seller before: lifting the suspension must not put it on sale.
    await db().execute(sql`update products set active = false where prod_id = ${b.prodId}`);
    const buyer = await t.signIn('Buyer');
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(200);
    expect((await t.get(`/api/stores/${store.urlName}/products`)).body.items).toHaveLength(1);
    const noConfirm = await t.post(
      `/api/admin/stores/${store.id}/suspend`,
      { suspended: true, note: 'Fake parts reported' },
      as(admin.cookie),
    );
    expect(noConfirm.status).toBe(400);
    expect(noConfirm.body.message).toMatch(/I am sure/);
    const res = await t.post(
      `/api/admin/stores/${store.id}/suspend`,
      { suspended: true, note: 'Fake parts reported', confirm: 'on' },
      as(admin.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ suspended: true, activeProducts: 0 });
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(404);
    expect((await t.get(`/api/stores/${store.urlName}/products`)).body.items).toHaveLength(0);
    const search = await t.get('/api/products/search?prodName=Suspension%20test');
    expect(search.body.items.map((i: any) => i.prod_id)).not.toContain(a.prodId);
    const cart = await t.post(
      '/api/cart/items',
      { productId: a.prodId, quantity: 1 },
      as(buyer.cookie),
    );
    expect(cart.status).toBe(404);
    // The owner: a notification and its e-mail copy.
    const bell = await t.get('/api/notifications', as(owner.cookie));
    expect(bell.body.items[0].title).toMatch(/suspended.*Fake parts reported/);
    const mails = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${owner.user.email}`,
    );
    expect(mails[0].n).toBe(1);
    // The seller cannot put a part back on sale, and a new one is held too.
    const activate = await t.patch(
      `/api/store/products/${a.prodId}`,
      { active: true },
      as(owner.cookie),
    );
    expect(activate.status).toBe(409);
    const mine = await t.get('/api/store/products', as(owner.cookie));
    expect(mine.body.items.find((i: any) => i.id === a.prodId).heldReason).toMatch(/suspended/);
    const late = await createProduct(db(), { store, name: 'Added while suspended' });
    const [lateRow] = await rows<{ active: boolean; held_by: string }>(
      db(),
      sql`select active, held_by from products where prod_id = ${late.prodId}`,
    );
    expect(lateRow).toEqual({ active: false, held_by: 'suspension' });

    const lift = await t.post(
      `/api/admin/stores/${store.id}/suspend`,
      { suspended: false, note: 'Cleared after review' },
      as(admin.cookie),
    );
    expect(lift.status).toBe(200);
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(200);
    expect((await t.get(`/api/products/${b.prodId}`)).status).toBe(404);
    expect(lift.body.item.activeProducts).toBe(2);
    expect((await audit('store', store.id)).map((e) => [e.action, e.after])).toEqual([
      ['store.unsuspend', { suspended: false, productsShown: 2 }],
      ['store.suspend', { suspended: true, productsHidden: 1 }],
    ]);
  });
});

describe(`admin: products (${dbLabel()})`, () => {
  it('lists every product with filters', async () => {
    const { store, a } = await shop();
    const byStore = await t.get(`/api/admin/products?store=${store.id}`, as(admin.cookie));
    expect(byStore.body.items.map((i: any) => i.id).sort()).toHaveLength(2);
    const byText = await t.get(`/api/admin/products?q=${a.prodId}`, as(admin.cookie));
    expect(byText.body.items[0]).toMatchObject({ id: a.prodId, store: { id: store.id } });
    const used = await t.get(`/api/admin/products?store=${store.id}&condition=2`, as(admin.cookie));
    expect(used.body.items.every((i: any) => i.condition === 2)).toBe(true);
    const cat = await t.get(`/api/admin/products?store=${store.id}&catId=601`, as(admin.cookie));
    expect(cat.body.items.length).toBe(2);
    const top = await t.get(
      `/api/admin/products?store=${store.id}&catId=${a.topCatId}&active=yes`,
      as(admin.cookie),
    );
    expect(top.body.items.length).toBe(2);
  });

  it("edits any field with the seller's rules and records what changed", async () => {
    const { a } = await shop();
    const bad = await t.patch(
      `/api/admin/products/${a.prodId}`,
      { priceKobo: 5 },
      as(admin.cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.priceKobo).toMatch(/at least/);
    const res = await t.patch(
      `/api/admin/products/${a.prodId}`,
      { name: 'Front brake pads (corrected)', priceKobo: 2_000_000 },
      as(admin.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({
      name: 'Front brake pads (corrected)',
      priceKobo: 2_000_000,
    });
    const [e] = await audit('product', a.prodId);
    expect(e.action).toBe('product.edit');
    expect(e.after).toEqual({ name: 'Front brake pads (corrected)', priceKobo: 2_000_000 });
    expect(e.before.name).toBe('Suspension test brake pads');
  });

  it('hides with a reason the seller sees; only staff put it back', async () => {
    const { owner, a } = await shop();
    expect(
      (
        await t.post(
          `/api/admin/products/${a.prodId}/hold`,
          { held: true, reason: 'Counterfeit' },
          as(admin.cookie),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.post(
          `/api/admin/products/${a.prodId}/hold`,
          { held: true, confirm: true },
          as(admin.cookie),
        )
      ).status,
    ).toBe(400);
    const res = await t.post(
      `/api/admin/products/${a.prodId}/hold`,
      { held: true, reason: 'Counterfeit brand', confirm: true },
      as(admin.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ heldBy: 'admin', heldReason: 'Counterfeit brand' });
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(404);
    const mine = await t.get(`/api/store/products/${a.prodId}`, as(owner.cookie));
    expect(mine.body.item.heldReason).toBe('Hidden by SpareFinder staff: Counterfeit brand');
    expect(
      (await t.patch(`/api/store/products/${a.prodId}`, { active: true }, as(owner.cookie))).status,
    ).toBe(409);
    // A seller's other edits still work; the part stays hidden.
    expect(
      (await t.patch(`/api/store/products/${a.prodId}`, { stock: 9 }, as(owner.cookie))).status,
    ).toBe(200);
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(404);
    const back = await t.post(
      `/api/admin/products/${a.prodId}/hold`,
      { held: false },
      as(admin.cookie),
    );
    expect(back.status).toBe(200);
    expect((await t.get(`/api/products/${a.prodId}`)).status).toBe(200);
    expect((await audit('product', a.prodId)).map((e) => e.action)).toEqual([
      'product.unhide',
      'product.hide',
    ]);
  });
});

describe(`admin: mechanics and tow vans (${dbLabel()})`, () => {
  async function provider(kind: 'mechanic' | 'towvan') {
    const owner = await t.signIn(kind === 'mechanic' ? 'Mechanic' : 'Tow Van');
    const [place] = await rows<{ state_id: number; city_id: number }>(
      db(),
      sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
          where s.name = 'Lagos' and c.name = 'Ikeja'`,
    );
    const [p] = await db()
      .insert(s.serviceProviders)
      .values({
        kind,
        ownerUserId: owner.user.id,
        companyName: `Admin test ${kind} ${Math.random().toString(36).slice(2, 8)}`,
        mobileNumber: '08031234567',
        stateId: place.state_id,
        cityId: place.city_id,
      })
      .returning();
    return { owner, p };
  }

  it('verifies, edits and suspends with audit entries; lists show it at once', async () => {
    const { owner, p } = await provider('mechanic');
    const inList = async () =>
      (await t.get('/api/mechanics/indexquery?pagesize=50')).body.items.find(
        (i: any) => i.sp_id === p.spId,
      );
    expect((await inList()).verified).toBe(false);
    const v = await t.post(
      `/api/admin/providers/${p.spId}/verify`,
      { verified: true, note: 'Workshop visited' },
      as(admin.cookie),
    );
    expect(v.status).toBe(200);
    expect((await inList()).verified).toBe(true);
    const bad = await t.patch(
      `/api/admin/providers/${p.spId}`,
      { mobileNumber: '12345678' },
      as(admin.cookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields.mobileNumber).toMatch(/Nigerian mobile/);
    const e = await t.patch(
      `/api/admin/providers/${p.spId}`,
      { companyName: 'Renamed Motors', phoneNumber: null },
      as(admin.cookie),
    );
    expect(e.status).toBe(200);
    expect(e.body.item.companyName).toBe('Renamed Motors');
    const s1 = await t.post(
      `/api/admin/providers/${p.spId}/suspend`,
      { suspended: true, note: 'Complaints', confirm: true },
      as(admin.cookie),
    );
    expect(s1.status).toBe(200);
    expect(await inList()).toBeUndefined();
    expect((await t.get(`/api/mechanics/${p.spId}`)).status).toBe(404);
    expect((await t.get('/api/notifications', as(owner.cookie))).body.items[0].title).toMatch(
      /suspended.*Complaints/,
    );
    const list = await t.get('/api/admin/providers?kind=mechanic&suspended=yes', as(admin.cookie));
    expect(list.body.items.map((i: any) => i.id)).toContain(p.spId);
    expect((await audit('provider', p.spId)).map((x) => x.action)).toEqual([
      'provider.suspend',
      'provider.edit',
      'provider.verify',
    ]);
  });
});

describe(`admin: categories (${dbLabel()})`, () => {
  it('adds, renames, moves and orders; refuses bad moves', async () => {
    const top = await t.post('/api/admin/categories', { name: 'Admin Test Top' }, as(admin.cookie));
    expect(top.status).toBe(201);
    expect(top.body.item).toMatchObject({ parentId: 0, path: 'admin-test-top', products: 0 });
    const child = await t.post(
      '/api/admin/categories',
      { name: 'Admin Test Child', parentId: top.body.item.id },
      as(admin.cookie),
    );
    expect(child.body.item.path).toBe('admin-test-top/admin-test-child');
    // The public tree shows it at once (its cache is cleared).
    const pub = await t.get(`/api/categories/getByParentId/${top.body.item.id}`);
    expect(pub.body.items.map((c: any) => c.cat_id)).toContain(child.body.item.id);
    expect(
      (
        await t.post(
          '/api/admin/categories',
          { name: 'Too deep', parentId: child.body.item.id },
          as(admin.cookie),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await t.patch(
          `/api/admin/categories/${top.body.item.id}`,
          { parentId: 1 },
          as(admin.cookie),
        )
      ).status,
    ).toBe(409);
    const renamed = await t.patch(
      `/api/admin/categories/${child.body.item.id}`,
      { name: 'Admin Test Renamed', position: 5 },
      as(admin.cookie),
    );
    expect(renamed.body.item).toMatchObject({ name: 'Admin Test Renamed', position: 5 });
    const moved = await t.patch(
      `/api/admin/categories/${child.body.item.id}`,
      { parentId: 0 },
      as(admin.cookie),
    );
    expect(moved.body.item.parentId).toBe(0);
    expect((await audit('category', child.body.item.id)).map((e) => e.action)).toEqual([
      'category.move',
      'category.edit',
      'category.create',
    ]);
  });

  it('never deletes a category with products: merges it, moving its products in one go', async () => {
    const { store, a, b } = await shop();
    const top = await t.post('/api/admin/categories', { name: 'Merge Test Top' }, as(admin.cookie));
    const from = await t.post(
      '/api/admin/categories',
      { name: 'Merge From', parentId: top.body.item.id },
      as(admin.cookie),
    );
    const fromId = from.body.item.id;
    await db().execute(
      sql`update products set cat_id = ${fromId}, top_cat_id = ${top.body.item.id} where store_id = ${store.id}`,
    );
    const del = await t.post(
      `/api/admin/categories/${fromId}/delete`,
      { confirm: true },
      as(admin.cookie),
    );
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/merge/);
    expect(
      (await t.post(`/api/admin/categories/${fromId}/merge`, { into: 601 }, as(admin.cookie)))
        .status,
    ).toBe(400);
    expect(
      (
        await t.post(
          `/api/admin/categories/${fromId}/merge`,
          { into: top.body.item.id, confirm: true },
          as(admin.cookie),
        )
      ).status,
    ).toBe(409);
    const merged = await t.post(
      `/api/admin/categories/${fromId}/merge`,
      { into: 601, confirm: true },
      as(admin.cookie),
    );
    expect(merged.status).toBe(200);
    const cats = await rows<{ cat_id: number; top_cat_id: number }>(
      db(),
      sql`select cat_id, top_cat_id from products where prod_id in (${a.prodId}, ${b.prodId})`,
    );
    expect(cats.every((c) => c.cat_id === 601 && c.top_cat_id === a.topCatId)).toBe(true);
    expect((await t.get(`/api/categories/${fromId}`)).status).toBe(404);
    expect((await audit('category', fromId))[0].after).toMatchObject({
      mergedInto: 601,
      productsMoved: 2,
    });
    // An empty one goes.
    const gone = await t.post(
      `/api/admin/categories/${top.body.item.id}/delete`,
      { confirm: 'on' },
      as(admin.cookie),
    );
    expect(gone.status).toBe(200);
    expect((await audit('category', top.body.item.id))[0].action).toBe('category.delete');
  });
});

describe(`admin: search across the marketplace (${dbLabel()})`, () => {
  it('finds stores, products and users', async () => {
    const { store, owner, a } = await shop();
    const hits = async (q: string) =>
      (await t.get(`/api/admin/search?q=${encodeURIComponent(q)}`, as(admin.cookie))).body.items;
    expect((await hits(store.name)).find((h: any) => h.kind === 'store').href).toBe(
      `/admin/cedstore/${store.id}`,
    );
    expect((await hits(String(a.prodId))).some((h: any) => h.kind === 'product')).toBe(true);
    expect((await hits(owner.user.email)).find((h: any) => h.kind === 'user').id).toBe(
      owner.user.id,
    );
    expect((await t.get('/api/admin/search', as(admin.cookie))).status).toBe(400);
  });
});

describe(`admin: who may (${dbLabel()})`, () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/stores'],
    ['GET', '/api/admin/stores/1'],
    ['POST', '/api/admin/stores/1/verify', { verified: true, note: 'x y z' }],
    ['POST', '/api/admin/stores/1/suspend', { suspended: true, note: 'x y z', confirm: true }],
    ['GET', '/api/admin/products'],
    ['GET', '/api/admin/products/1'],
    ['PATCH', '/api/admin/products/1', { name: 'Hijacked part' }],
    ['POST', '/api/admin/products/1/hold', { held: true, reason: 'x y z', confirm: true }],
    ['GET', '/api/admin/providers'],
    ['GET', '/api/admin/providers/1'],
    ['PATCH', '/api/admin/providers/1', { companyName: 'Hijacked' }],
    ['POST', '/api/admin/providers/1/verify', { verified: true, note: 'x y z' }],
    ['POST', '/api/admin/providers/1/suspend', { suspended: true, note: 'x y z', confirm: true }],
    ['GET', '/api/admin/categories'],
    ['POST', '/api/admin/categories', { name: 'Hijack' }],
    ['PATCH', '/api/admin/categories/601', { name: 'Hijacked' }],
    ['POST', '/api/admin/categories/601/merge', { into: 602, confirm: true }],
    ['POST', '/api/admin/categories/601/delete', { confirm: true }],
    ['POST', '/api/admin/categories/601/image'],
    ['GET', '/api/admin/search?q=toyota'],
  ];
  it('every route: guest 401, every other role 403, nothing written', async () => {
    const others = await Promise.all(
      (['Buyer', 'Seller', 'Mechanic', 'Tow Van'] as const).map((r) => t.signIn(r)),
    );
    const before = await rows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`);
    for (const [method, url, body] of routes) {
      expect((await t.call(method as 'GET', url, { body })).status, `${method} ${url}`).toBe(401);
      for (const o of others) {
        const res = await t.call(method as 'GET', url, { body, cookie: o.cookie });
        expect(res.status, `${method} ${url} ${o.user.role}`).toBe(403);
      }
    }
    const after = await rows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`);
    expect(after[0].n).toBe(before[0].n);
    const [cat] = await rows<{ name: string }>(
      db(),
      sql`select name from categories where cat_id = 601`,
    );
    expect(cat.name).not.toBe('Hijacked');
  });

  it('an Admin session ends after 30 minutes idle; a recent one is kept fresh', async () => {
    const a = await t.signIn('Admin');
    expect((await t.get('/api/admin/stores?pagesize=1', as(a.cookie))).status).toBe(200);
    const idle = new Date(Date.now() - ADMIN_IDLE_MS - 60_000);
    await db().execute(
      sql`update sessions set last_seen_at = ${idle} where user_id = ${a.user.id}`,
    );
    const late = await t.get('/api/admin/stores?pagesize=1', as(a.cookie));
    expect(late.status).toBe(401);
    expect((await t.get('/api/auth/me', as(a.cookie))).body.user?.isauthenticated ?? false).toBe(
      false,
    );
    // 29 minutes idle is still fine, and using it moves the clock.
    const b = await t.signIn('Admin');
    const recent = new Date(Date.now() - ADMIN_IDLE_MS + 60_000);
    await db().execute(
      sql`update sessions set last_seen_at = ${recent} where user_id = ${b.user.id}`,
    );
    expect((await t.get('/api/admin/stores?pagesize=1', as(b.cookie))).status).toBe(200);
    const [seen] = await rows<{ last_seen_at: Date | string }>(
      db(),
      sql`select last_seen_at from sessions where user_id = ${b.user.id}`,
    );
    expect(Date.now() - new Date(seen.last_seen_at).getTime()).toBeLessThan(60_000);
    // Other roles keep their 30-day sessions however long they are away.
    const buyer = await t.signIn('Buyer');
    await db().execute(
      sql`update sessions set last_seen_at = ${idle} where user_id = ${buyer.user.id}`,
    );
    expect((await t.get('/api/cart', as(buyer.cookie))).status).toBe(200);
  });
});
