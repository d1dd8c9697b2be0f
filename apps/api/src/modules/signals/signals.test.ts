import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId, modelId } from '../catalog/testing.ts';
import { enqueue, runDueJobs } from '../../lib/jobs.ts';
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
let mercedes: number;
let hyundai: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.handle.db;
  [toyota, vw, honda, mercedes, hyundai] = await Promise.all(
    ['Toyota', 'Volkswagen', 'Honda', 'Mercedes-Benz', 'Hyundai'].map((m) => makeId(db, m)),
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
      /₦5,000.*₦20,000 of the category's listings \(6 listings\)/,
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

  describe('part numbers', () => {
    const CAT = 603;
    /** A listing added through the seller's API (judged on create), and its open signals. */
    const add = async (
      cookie: string,
      partNumber: string,
      fitments: { makeId: number; modelId: number | null; yearFrom: number; yearTo: number }[],
      priceKobo = 2_000_000,
    ) => {
      const made = await t.post(
        '/api/store/products',
        {
          name: 'Brake drum',
          title: '',
          description: 'Good condition',
          catId: CAT,
          condition: 1,
          priceKobo,
          salesKobo: null,
          stock: 2,
          partNumber,
          fitments,
        },
        { cookie },
      );
      expect(made.status).toBe(201);
      return made.body.item.id as number;
    };
    const signals = async (id: number) =>
      await rows<{ kind: string; detail: string }>(
        db,
        sql`select kind, detail from product_signals where product_id = ${id} and cleared_at is null order by kind`,
      );

    it('a Mercedes-Benz number on a Toyota listing is flagged; on a Mercedes-Benz or without fitment it is not', async () => {
      const seller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: seller.user.id });
      const onToyota = await add(seller.cookie, 'A 000 983 07 12', fit(toyota));
      expect(await signals(onToyota)).toEqual([
        {
          kind: 'part_number_mismatch',
          detail:
            'Part number A 000 983 07 12 is a Mercedes-Benz number (Mercedes-Benz numbers are A followed by 10 digits), but fits Toyota',
        },
      ]);
      expect(await signals(await add(seller.cookie, 'A0009830712', fit(mercedes)))).toEqual([]);
      expect(await signals(await add(seller.cookie, 'A0009830712', []))).toEqual([]);
      // Shown to staff with the other kinds, and counted in the attention list.
      const admin = await t.signIn('Admin');
      const listed = await t.get('/api/admin/signals', { cookie: admin.cookie });
      expect(
        listed.body.items.find((s: { productId: number }) => s.productId === onToyota),
      ).toMatchObject({ kind: 'part_number_mismatch', active: true });
      // The seller fits it to the right car: the signal goes.
      await t.patch(
        `/api/store/products/${onToyota}`,
        { fitments: fit(mercedes) },
        { cookie: seller.cookie },
      );
      expect(await signals(onToyota)).toEqual([]);
    });

    it('a Toyota 5-5 number listed for Toyotas by two others is flagged on a Passat, by the catalogue only', async () => {
      const seller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: seller.user.id });
      const other = await createStore(db);
      const passat = [
        {
          makeId: vw,
          modelId: await modelId(db, 'Volkswagen', 'Passat'),
          yearFrom: 2006,
          yearTo: 2010,
        },
      ];
      // One Toyota listing is not enough; no format judges a 5-5 number.
      await createProduct(db, {
        store: other,
        catId: CAT,
        partNumber: '04465-02220',
        fitments: fit(toyota),
      });
      const early = await add(seller.cookie, '04465 02220', passat);
      expect(await signals(early)).toEqual([]);
      // The second Toyota listing, added through the API, judges the Passat listing again.
      const otherSeller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: otherSeller.user.id });
      await add(otherSeller.cookie, '0446502220', fit(toyota));
      const flagged =
        'Part number 04465 02220 is listed elsewhere for Toyota only (2 other listings), but this fits Volkswagen';
      expect(await signals(early)).toEqual([{ kind: 'part_number_mismatch', detail: flagged }]);
      const late = await add(seller.cookie, '04465-02220', passat);
      expect((await signals(late))[0].detail).toMatch(
        /04465-02220 is listed elsewhere for Toyota only/,
      );
      // Without fitment, or fitted to a Lexus, nothing is judged.
      expect(await signals(await add(seller.cookie, '04465-02220', []))).toEqual([]);
      expect(
        await signals(await add(seller.cookie, '04465-02220', fit(await makeId(db, 'Lexus')))),
      ).toEqual([]);
      // A Hyundai listing of the same number: the evidence is split, nobody is flagged.
      await createProduct(db, {
        store: other,
        catId: CAT,
        partNumber: '04465-02220',
        fitments: fit(hyundai),
      });
      await t.patch(`/api/store/products/${late}`, { stock: 3 }, { cookie: seller.cookie });
      expect(await signals(late)).toEqual([]);
    });

    it('listings whose evidence changes are judged again: a number edited away, a store imported', async () => {
      const seller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: seller.user.id });
      const toyotaSeller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: toyotaSeller.user.id });
      await createProduct(db, {
        store: await createStore(db),
        catId: CAT,
        partNumber: '04152-YZZA1',
        fitments: fit(toyota),
      });
      const evidence = await add(toyotaSeller.cookie, '04152-YZZA1', fit(toyota));
      const onVw = await add(seller.cookie, '04152-YZZA1', fit(vw));
      expect((await signals(onVw)).map((g) => g.kind)).toEqual(['part_number_mismatch']);
      // The Toyota seller corrects their number: one Toyota listing is left, no longer enough.
      await t.patch(
        `/api/store/products/${evidence}`,
        { partNumber: '04152-YZZA6' },
        { cookie: toyotaSeller.cookie },
      );
      expect(await signals(onVw)).toEqual([]);

      // Old listings written straight to the table (none judged), then one store's import scan.
      const [a, b, c] = [await createStore(db), await createStore(db), await createStore(db)];
      const passat = await createProduct(db, {
        store: a,
        catId: CAT,
        partNumber: '17801-21050',
        fitments: fit(vw),
      });
      for (const store of [b, c])
        await createProduct(db, {
          store,
          catId: CAT,
          partNumber: '17801-21050',
          fitments: fit(toyota),
        });
      await enqueue(db, 'signals.scan', { storeId: b.id });
      await runDueJobs(t.app);
      expect(await signals(passat.prodId)).toEqual([
        {
          kind: 'part_number_mismatch',
          detail:
            'Part number 17801-21050 is listed elsewhere for Toyota only (2 other listings), but this fits Volkswagen',
        },
      ]);
    });

    it('one listing from a verified store is enough evidence', async () => {
      const seller = await t.signIn('Seller');
      await createStore(db, { ownerUserId: seller.user.id });
      await createProduct(db, {
        store: await createStore(db, { verified: true }),
        catId: CAT,
        partNumber: '90915-YZZD2',
        fitments: fit(toyota),
      });
      const id = await add(seller.cookie, '90915-YZZD2', fit(honda));
      expect((await signals(id))[0].detail).toMatch(
        /listed elsewhere for Toyota only \(1 other listing, from a verified store\), but this fits Honda/,
      );
    });

    it("a price is held against its part number's median once 6 listings share it", async () => {
      const seller = await t.signIn('Seller');
      const store = await createStore(db, { ownerUserId: seller.user.id });
      const cat = 604;
      // Cheap shoes in the category (median ₦5,000) and five listings of one part at ₦50,000.
      for (let i = 0; i < 10; i++)
        await createProduct(db, { store, catId: cat, price: 5_000, fitments: fit(toyota) });
      for (let i = 0; i < 5; i++)
        await createProduct(db, {
          store,
          catId: cat,
          price: 50_000,
          partNumber: '04495-33140',
          fitments: fit(toyota),
        });
      const body = {
        name: 'Brake shoes',
        title: '',
        description: '',
        catId: cat,
        condition: 1,
        priceKobo: 1_500_000,
        salesKobo: null,
        stock: 2,
        partNumber: '04495-33140',
        fitments: fit(toyota),
      };
      const made = await t.post('/api/store/products', body, { cookie: seller.cookie });
      expect(made.status).toBe(201);
      // ₦15,000 is three times the category's median but under 40% of the part's ₦50,000.
      expect(await signals(made.body.item.id)).toEqual([
        {
          kind: 'low_price',
          detail:
            '₦15,000 is under 40% of the median ₦50,000 of part number 04495-33140 (6 listings)',
        },
      ]);
      // A number shared by fewer than 6: the category's median, and ₦15,000 is fair there.
      const alone = await t.post(
        '/api/store/products',
        { ...body, partNumber: '04495-33150' },
        { cookie: seller.cookie },
      );
      expect(await signals(alone.body.item.id)).toEqual([]);
    });
  });
});
