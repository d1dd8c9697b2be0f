import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId } from '../catalog/testing.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { claimContradicts, claimMatcher, priceTooLow } from './rules.ts';

// Genuine-part signals: a genuine claim of another make than the fitment's, and a price far below
// the category's median, are flagged for staff; the listing stays on sale; staff clear (audited).

const BRAKE_PADS = 601;
const OTHER_CAT = 602;

let t: TestApp;
let db: Db;
let toyota: number;
let vw: number;
let honda: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  [toyota, vw, honda] = await Promise.all(
    ['Toyota', 'Volkswagen', 'Honda'].map((m) => makeId(db, m)),
  );
});
afterAll(() => t?.close());

const fit = (makeId: number) => [{ makeId, modelId: null, yearFrom: 2005, yearTo: 2015 }];

describe('genuine-part rules', () => {
  const claimOf = claimMatcher(['Toyota', 'Volkswagen', 'Mercedes-Benz', 'Land Rover', 'Lexus']);
  it('reads the claimed make in the ways sellers write it', () => {
    expect(claimOf('Toyota Genuine brake pads')).toBe('Toyota');
    expect(claimOf('Brake pads, genuine toyota part')).toBe('Toyota');
    expect(claimOf('OEM VW oil filter')).toBe('Volkswagen');
    expect(claimOf('Mercedes Benz OEM wiper')).toBe('Mercedes-Benz');
    expect(claimOf('Genuine Land Rover sensor')).toBe('Land Rover');
    expect(claimOf('Brake pads for Toyota Corolla')).toBeNull();
    expect(claimOf('Genuine leather seat cover')).toBeNull();
  });
  it('a claim contradicts a fitment with none of its family', () => {
    expect(claimContradicts('Toyota', ['Volkswagen'])).toBe(true);
    expect(claimContradicts('Toyota', ['Volkswagen', 'Toyota'])).toBe(false);
    expect(claimContradicts('Toyota', ['Lexus'])).toBe(false);
    expect(claimContradicts('Toyota', [])).toBe(false);
  });
  it('a price is too low under 40% of the median of at least 6 listings', () => {
    expect(priceTooLow(39, 100, 6)).toBe(true);
    expect(priceTooLow(40, 100, 6)).toBe(false);
    expect(priceTooLow(10, 100, 5)).toBe(false);
    expect(priceTooLow(10, null, 0)).toBe(false);
  });
});

describe(`genuine-part signals (${dbLabel()})`, () => {
  it('flags a Toyota Genuine part for a Passat and a price far below the category, clears with an audit entry, flags again only when the listing changes', async () => {
    const seller = await t.signIn('Seller');
    const store = await createStore(db, { ownerUserId: seller.user.id });
    // Five other brake pads at ₦20,000: with the new one, six listings, median ₦20,000.
    for (let i = 0; i < 5; i++)
      await createProduct(db, { store, catId: BRAKE_PADS, price: 20_000, fitments: fit(toyota) });
    const body = {
      name: 'Toyota Genuine brake pads',
      title: '',
      description: 'Original part',
      catId: BRAKE_PADS,
      condition: 1,
      priceKobo: 500_000,
      salesKobo: null,
      stock: 3,
      partNumber: '04465-33450',
      fitments: fit(vw),
    };
    const made = await t.post('/api/store/products', body, { cookie: seller.cookie });
    expect(made.status).toBe(201);
    const id = made.body.item.id as number;

    const admin = await t.signIn('Admin');
    const open = async () =>
      (await t.get('/api/admin/signals', { cookie: admin.cookie })).body.items.filter(
        (s: { productId: number }) => s.productId === id,
      ) as { id: number; kind: string; detail: string; active: boolean }[];
    const flagged = await open();
    expect(flagged.map((s) => s.kind).sort()).toEqual(['low_price', 'make_mismatch']);
    const mismatch = flagged.find((s) => s.kind === 'make_mismatch')!;
    expect(mismatch.detail).toMatch(/genuine Toyota, but fits Volkswagen/);
    expect(flagged.find((s) => s.kind === 'low_price')!.detail).toMatch(
      /₦5,000.*₦20,000.*6 listings/,
    );
    // Marked, not hidden: the part stays on sale.
    expect(flagged.every((s) => s.active)).toBe(true);
    expect((await t.get(`/api/products/${id}`)).status).toBe(200);
    const attention = await t.get('/api/admin/attention', { cookie: admin.cookie });
    expect(
      attention.body.items.find((i: { key: string }) => i.key === 'signals.open'),
    ).toMatchObject({ count: 2, href: '/admin/signals' });

    // Staff only; clearing is audited and leaves the open list.
    expect(
      (
        await t.post(
          `/api/admin/signals/${mismatch.id}/clear`,
          { note: 'Fine' },
          { cookie: seller.cookie },
        )
      ).status,
    ).toBe(403);
    const cleared = await t.post(
      `/api/admin/signals/${mismatch.id}/clear`,
      { note: 'Seller sent the Toyota invoice' },
      { cookie: admin.cookie },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.item.clearedAt).toBeTruthy();
    expect(
      (
        await t.post(
          `/api/admin/signals/${mismatch.id}/clear`,
          { note: 'Again' },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(409);
    expect(
      (await t.post('/api/admin/signals/999999/clear', { note: 'None' }, { cookie: admin.cookie }))
        .status,
    ).toBe(404);
    const audit = await rows<{ action: string; actor_id: string; note: string }>(
      db,
      sql`select action, actor_id, note from audit_log where target_type = 'product' and target_id = ${String(id)}`,
    );
    expect(audit).toEqual([
      { action: 'signal.clear', actor_id: admin.user.id, note: 'Seller sent the Toyota invoice' },
    ]);
    expect((await open()).map((s) => s.kind)).toEqual(['low_price']);
    const clearedList = await t.get('/api/admin/signals?status=cleared', { cookie: admin.cookie });
    expect(clearedList.body.items.map((s: { id: number }) => s.id)).toContain(mismatch.id);

    // A fair price: the price signal goes; the same claim stays cleared.
    const priced = await t.patch(
      `/api/store/products/${id}`,
      { priceKobo: 1_900_000 },
      { cookie: seller.cookie },
    );
    expect(priced.status).toBe(200);
    expect(await open()).toEqual([]);
    // The claim changes what it fits (Honda now): judged again, flagged again.
    await t.patch(`/api/store/products/${id}`, { fitments: fit(honda) }, { cookie: seller.cookie });
    expect((await open()).map((s) => s.kind)).toEqual(['make_mismatch']);
    // Fixed by the seller: it fits Toyotas. Nothing left.
    await t.patch(
      `/api/store/products/${id}`,
      { fitments: fit(toyota) },
      { cookie: seller.cookie },
    );
    expect(await open()).toEqual([]);
  });

  it('a thin category flags no price; existing listings are judged by the scan job (audited)', async () => {
    const seller = await t.signIn('Seller');
    const store = await createStore(db, { ownerUserId: seller.user.id });
    // Three plugs only: too few to call any price low.
    for (const price of [9_000, 9_500, 500])
      await createProduct(db, { store, catId: OTHER_CAT, price, fitments: fit(toyota) });
    // Written straight to the table (as an old listing): no signal until the scan.
    const old = await createProduct(db, {
      store,
      catId: OTHER_CAT,
      name: 'Genuine Honda spark plug',
      price: 8_000,
      fitments: fit(toyota),
    });
    const admin = await t.signIn('Admin');
    const mine = async () =>
      await rows<{ product_id: number; kind: string }>(
        db,
        sql`select g.product_id, g.kind from product_signals g join products p on p.prod_id = g.product_id
          where p.store_id = ${store.id} and g.cleared_at is null`,
      );
    expect(await mine()).toEqual([]);
    const scan = await t.post('/api/admin/signals/scan', undefined, { cookie: admin.cookie });
    expect(scan.status).toBe(202);
    await runDueJobs(t.app);
    expect(await mine()).toEqual([{ product_id: old.prodId, kind: 'make_mismatch' }]);
    const [entry] = await rows<{ action: string }>(
      db,
      sql`select action from audit_log where action = 'signal.scan' and actor_id = ${admin.user.id}`,
    );
    expect(entry).toEqual({ action: 'signal.scan' });
  });
});
