import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb } from '@sf/db/testing';
import { rows, type DbHandle } from '@sf/db';
import { transaction } from '../../lib/tx.ts';
import { allocate, discountOn, priceCheckout } from '../checkout/pricing.ts';
import {
  balance,
  checkPosting,
  commissionDue,
  post,
  storeEntries,
  unbalancedPostings,
  UnbalancedPosting,
} from './ledger.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

describe(`ledger (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses a posting that does not sum to zero, has one entry, or is not whole kobo', () => {
    const bad = [
      [
        { account: 'a', amountKobo: 100 },
        { account: 'b', amountKobo: -99 },
      ],
      [{ account: 'a', amountKobo: 100 }],
      [
        { account: 'a', amountKobo: 0.5 },
        { account: 'b', amountKobo: -0.5 },
      ],
    ];
    for (const entries of bad)
      expect(() => checkPosting({ kind: 't', ref: '1', entries })).toThrow(UnbalancedPosting);
  });

  it('a balance is the sum of entries; posting one (kind, ref) twice is a no-op', async () => {
    const p = {
      kind: 'test',
      ref: 'r1',
      entries: [
        { account: 'x:1', amountKobo: -2500 },
        { account: 'y:1', amountKobo: 2000 },
        { account: 'z:1', amountKobo: 500 },
        { account: 'w:1', amountKobo: 0 },
      ],
    };
    expect(await transaction(h.db, (tx) => post(tx, p))).toBe(true);
    expect(await transaction(h.db, (tx) => post(tx, p))).toBe(false);
    expect(await balance(h.db, 'y:1')).toBe(2000);
    expect(await balance(h.db, 'x:1')).toBe(-2500);
    expect(await balance(h.db, 'w:1')).toBe(0);
    expect(await unbalancedPostings(h.db)).toEqual([]);
  });

  it('a posting whose entries are all zero writes nothing (no error, no empty posting)', async () => {
    const zero = {
      kind: 'cash',
      ref: 'z1',
      entries: [
        { account: 'store:z:balance', amountKobo: 0 },
        { account: 'platform:commission', amountKobo: 0 },
      ],
    };
    expect(await transaction(h.db, (tx) => post(tx, zero))).toBe(false);
    const [r] = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from ledger_postings where kind = 'cash' and ref = 'z1'`,
    );
    expect(r.n).toBe(0);
    // A single non-zero entry among zeros is still refused.
    expect(() =>
      checkPosting({ ...zero, entries: [...zero.entries, { account: 'a', amountKobo: 1 }] }),
    ).toThrow(UnbalancedPosting);
  });

  it('a posting rolls back with the business change it belongs to', async () => {
    await expect(
      transaction(h.db, async (tx) => {
        await post(tx, {
          kind: 'test',
          ref: 'r2',
          entries: [
            { account: 'q', amountKobo: 1 },
            { account: 'r', amountKobo: -1 },
          ],
        });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await balance(h.db, 'q')).toBe(0);
  });
});

describe(`a store's money (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  // Store 990001 (no row needed: the lock finds nothing to lock), platform account 'p'.
  const move = (ref: string, kobo: number) =>
    transaction(h.db, async (tx) =>
      post(tx, {
        kind: 'test-store',
        ref,
        entries: [{ account: 'p', amountKobo: -kobo }, ...(await storeEntries(tx, 990001, kobo))],
      }),
    );
  const state = async () => ({
    balance: await balance(h.db, 'store:990001:balance'),
    due: await commissionDue(h.db, 990001),
  });

  it('a charge beyond the balance is owed, never a negative balance; a credit settles the debt first', async () => {
    await move('a', -3000); // commission on a cash order, nothing to take it from
    expect(await state()).toEqual({ balance: 0, due: 3000 });
    await move('b', -2000);
    expect(await state()).toEqual({ balance: 0, due: 5000 });
    await move('c', 4000); // a release smaller than the debt
    expect(await state()).toEqual({ balance: 0, due: 1000 });
    await move('d', 10000);
    expect(await state()).toEqual({ balance: 9000, due: 0 });
    await move('e', -2500); // taken from the balance while there is one
    expect(await state()).toEqual({ balance: 6500, due: 0 });
    await move('f', -8000);
    expect(await state()).toEqual({ balance: 0, due: 1500 });
    expect(await unbalancedPostings(h.db)).toEqual([]);
  });
});

describe('checkout money', () => {
  it('splits an amount in proportion, to the kobo, whatever the weights', () => {
    for (let i = 0; i < 500; i++) {
      const weights = Array.from(
        { length: 1 + (i % 5) },
        (_, k) => ((i * 7919 + k * 104729) % 100000) + 1,
      );
      const amount = (i * 65537) % 1_000_000;
      const shares = allocate(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((s) => expect(Number.isInteger(s) && s >= 0).toBe(true));
    }
  });

  it('a discount never exceeds the goods; percentages round down to the kobo', () => {
    const c = { id: 1, code: 'X', minOrderKobo: 0, storeId: null };
    expect(discountOn({ ...c, kind: 'percent', value: 10 }, 99_999)).toBe(9_999);
    expect(discountOn({ ...c, kind: 'fixed', value: 500_000 }, 120_000)).toBe(120_000);
  });

  it('per store: total = subtotal − discount + delivery fee; the checkout totals are their sums', () => {
    const stores = new Map([
      [
        1,
        {
          id: 1,
          name: 'A',
          stateId: 25,
          deliveryFeeInStateKobo: 250_000,
          deliveryFeeOtherStatesKobo: 600_000,
        },
      ],
      [
        2,
        {
          id: 2,
          name: 'B',
          stateId: 20,
          deliveryFeeInStateKobo: 150_000,
          deliveryFeeOtherStatesKobo: 450_000,
        },
      ],
    ]);
    const t = priceCheckout({
      lines: [
        { productId: 1, storeId: 1, name: 'a', unitPriceKobo: 33_333, quantity: 3 },
        { productId: 2, storeId: 2, name: 'b', unitPriceKobo: 10_001, quantity: 1 },
      ],
      stores,
      fulfilment: { kind: 'delivery', stateId: 25 },
      coupon: { id: 1, code: 'TEN', kind: 'percent', value: 10, minOrderKobo: 0, storeId: null },
      commissionRate: 0.05,
    });
    expect(t.stores.map((g) => g.deliveryFeeKobo)).toEqual([250_000, 450_000]);
    expect(t.discountKobo).toBe(Math.floor((99_999 + 10_001) * 0.1));
    for (const g of t.stores)
      expect(g.totalKobo).toBe(g.subtotalKobo - g.discountKobo + g.deliveryFeeKobo);
    expect(t.totalKobo).toBe(t.stores.reduce((a, g) => a + g.totalKobo, 0));
    expect(t.subtotalKobo - t.discountKobo + t.deliveryFeeKobo).toBe(t.totalKobo);
  });
});
