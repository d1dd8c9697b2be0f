import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, schema as s } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore } from '../catalog/testing.ts';

// What staff hide stays hidden everywhere a visitor looks, and its owner is told plainly:
// - a suspended workshop's owner sees 'suspended' (with the reason), not an empty form whose
//   save answers 409, and any change is refused with that reason;
// - a locked account's workshops and parts leave the lists, their pages (and phone numbers) and
//   the search; unlocking shows exactly what the lock hid, a staff suspension outlasts it.

let t: TestApp;
beforeAll(async () => {
  // The list caches on, as in production: a lock must still show at once.
  t = await createTestApp({ providersListCacheMs: 60_000 });
});
afterAll(() => t?.close());

const db = () => t.handle.db;
const as = (cookie: string) => ({ cookie });
let admin: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  admin = await t.signIn('Admin');
});

/** A mechanic who listed a workshop in Ikeja through their own form. */
async function workshop() {
  const owner = await t.signIn('Mechanic');
  const [place] = await rows<{ state_id: number; city_id: number }>(
    db(),
    sql`select s.id as state_id, c.id as city_id from states s join cities c on c.state_id = s.id
        where s.name = 'Lagos' and c.name = 'Ikeja'`,
  );
  const name = `Holds Auto ${Math.random().toString(36).slice(2, 8)}`;
  const made = await t.post(
    '/api/provider/profile',
    {
      companyName: name,
      mobileNumber: '08031234567',
      stateId: place.state_id,
      cityId: place.city_id,
    },
    as(owner.cookie),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { owner, spId: made.body.item.sp_id as number, name };
}

const inList = async (spId: number) =>
  (await t.get('/api/mechanics/indexquery?pagesize=50')).body.items.some(
    (i: { sp_id: number }) => i.sp_id === spId,
  );
const suspend = (spId: number, suspended: boolean, note = 'Customers report no-shows') =>
  t.post(
    `/api/admin/providers/${spId}/suspend`,
    { suspended, note, confirm: true },
    as(admin.cookie),
  );
const lock = (id: string, on: boolean) =>
  t.post(
    `/api/admin/users/${id}/${on ? 'lock' : 'unlock'}`,
    { note: 'Fraud report' },
    as(admin.cookie),
  );

describe(`suspended and locked businesses (${dbLabel()})`, () => {
  it("a suspended workshop's owner is told so, with the reason, and a change is refused with it", async () => {
    const w = await workshop();
    expect((await suspend(w.spId, true)).status).toBe(200);
    const mine = await t.get('/api/provider/profile', as(w.owner.cookie));
    expect(mine.status).toBe(200);
    expect(mine.body.item).toMatchObject({
      sp_id: w.spId,
      company_name: w.name,
      suspended: true,
      suspended_reason: 'Customers report no-shows',
    });
    const change = await t.patch(
      '/api/provider/profile',
      { description: 'Open again' },
      as(w.owner.cookie),
    );
    expect(change.status).toBe(409);
    expect(change.body.message).toMatch(/is suspended by SpareFinder staff/);
    // A first save again (as the empty form would send) is refused the same way, not listed anew.
    const again = await t.post(
      '/api/provider/profile',
      { companyName: 'Another name', mobileNumber: '08031234567', stateId: 25, cityId: 1 },
      as(w.owner.cookie),
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/is suspended by SpareFinder staff/);
    expect(
      await rows(
        db(),
        sql`select 1 from service_providers where owner_user_id = ${w.owner.user.id}`,
      ),
    ).toHaveLength(1);
    // Lifted: the owner edits again.
    expect((await suspend(w.spId, false)).status).toBe(200);
    const back = await t.get('/api/provider/profile', as(w.owner.cookie));
    expect(back.body.item).toMatchObject({ suspended: false, suspended_reason: null });
    expect(
      (await t.patch('/api/provider/profile', { description: 'Open again' }, as(w.owner.cookie)))
        .status,
    ).toBe(200);
  });

  it('locking an account hides its workshop and its parts everywhere; unlocking shows exactly those', async () => {
    const w = await workshop();
    const seller = await t.signIn('Seller');
    const store = await createStore(db(), { ownerUserId: seller.user.id });
    const onSale = await createProduct(db(), { store, name: 'Locktest alternator Corolla' });
    const hiddenBySeller = await createProduct(db(), { store, name: 'Locktest fan belt' });
    await db().execute(
      sql`update products set active = false where prod_id = ${hiddenBySeller.prodId}`,
    );
    const [st] = await db()
      .select()
      .from(s.stores)
      .where(sql`id = ${store.id}`);
    expect(await inList(w.spId)).toBe(true);
    expect((await t.get(`/api/mechanics/${w.spId}`)).status).toBe(200);
    expect((await t.get(`/api/products/${onSale.prodId}`)).status).toBe(200);
    const found = await t.get(`/api/search?q=${encodeURIComponent('mechanic Ikeja')}`);
    expect(JSON.stringify(found.body)).toContain(w.name);

    const locked = await lock(w.owner.user.id, true);
    expect(locked.status).toBe(200);
    expect(locked.body.message).toMatch(/its 1 listing is hidden/);
    // Off the list (its cache too), its page and its phone, the other spelling, the home search.
    expect(await inList(w.spId)).toBe(false);
    expect((await t.get(`/api/mechanics/${w.spId}`)).status).toBe(404);
    expect((await t.get(`/api/sp/${w.spId}`)).status).toBe(404);
    const search = await t.get(`/api/search?q=${encodeURIComponent('mechanic Ikeja')}`);
    expect(JSON.stringify(search.body)).not.toContain(w.name);
    // Staff still see it, held by the lock, not suspended.
    const staff = await t.get(
      `/api/admin/providers?q=${encodeURIComponent(w.name)}`,
      as(admin.cookie),
    );
    expect(staff.body.items[0]).toMatchObject({ id: w.spId, suspended: false });

    // A seller: the parts on sale and the store's page go; the part they had hidden stays so.
    const sold = await lock(seller.user.id, true);
    expect(sold.body.message).toMatch(/its 1 part on sale is hidden/);
    expect((await t.get(`/api/products/${onSale.prodId}`)).status).toBe(404);
    expect((await t.get(`/api/stores/${st.urlName}`)).status).toBe(404);
    const parts = await t.get('/api/products/categories/0/?prodName=Locktest');
    expect(parts.body.items).toEqual([]);

    expect((await lock(seller.user.id, false)).body.message).toMatch(
      /1 part on sale is shown again/,
    );
    expect((await t.get(`/api/products/${onSale.prodId}`)).status).toBe(200);
    expect((await t.get(`/api/products/${hiddenBySeller.prodId}`)).status).toBe(404);
    expect((await t.get(`/api/stores/${st.urlName}`)).status).toBe(200);

    expect((await lock(w.owner.user.id, false)).status).toBe(200);
    expect(await inList(w.spId)).toBe(true);
    expect((await t.get(`/api/mechanics/${w.spId}`)).status).toBe(200);
  });

  it('a staff suspension outlasts a lock, and lifting it during a lock leaves the listing hidden', async () => {
    const a = await workshop();
    expect((await lock(a.owner.user.id, true)).status).toBe(200);
    expect((await suspend(a.spId, true)).status).toBe(200);
    expect((await lock(a.owner.user.id, false)).body.message).not.toMatch(/shown again/);
    expect(await inList(a.spId)).toBe(false);
    expect((await suspend(a.spId, false)).status).toBe(200);
    expect(await inList(a.spId)).toBe(true);

    const b = await workshop();
    expect((await lock(b.owner.user.id, true)).status).toBe(200);
    // Suspending a listing the lock hides is a suspension; lifting it while still locked keeps
    // it hidden until the unlock.
    expect((await suspend(b.spId, true)).status).toBe(200);
    expect((await suspend(b.spId, false)).status).toBe(200);
    expect(await inList(b.spId)).toBe(false);
    expect((await t.get(`/api/mechanics/${b.spId}`)).status).toBe(404);
    expect((await lock(b.owner.user.id, false)).status).toBe(200);
    expect(await inList(b.spId)).toBe(true);
  });
});
