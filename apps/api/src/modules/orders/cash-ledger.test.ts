import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { account, balance, unbalancedPostings } from '../ledger/ledger.ts';
import {
  as,
  buy,
  createCommerceWorld,
  product,
  sellerWithStore,
  type World,
  payoutAccount,
} from '../checkout/testing.ts';

// Pay on delivery and the ledger: a platform coupon's discount is held until the order
// completes, and a cancellation undoes every posting of the order.
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted' });
});
afterAll(() => w.close());

const RATE = 0.05; // the test app's commission rate

async function platformCoupon(percent = 10) {
  const admin = await createUser(w.db, 'Admin');
  const res = await as(w.app, admin.cookie).post('/api/admin/coupons', {
    code: `PLAT${Date.now()}${Math.floor(Math.random() * 1e4)}`,
    kind: 'percent',
    value: percent,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.coupon.code as string;
}

/** A cash order for one unit, by a fresh account (optionally with a coupon). */
async function cashOrder(
  storeOf: Awaited<ReturnType<typeof sellerWithStore>>,
  price: number,
  couponCode?: string,
) {
  const p = await product(w.db, storeOf.store, price, 5);
  const buyer = await createUser(w.db);
  const res = await buy(w.app, buyer.cookie, [{ productId: p.prodId, quantity: 1 }], {
    fulfilment: 'pickup',
    phone: '0809 111 2222',
    paymentMethod: 'pay_on_delivery',
    ...(couponCode ? { couponCode } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { order: res.body.orders[0], buyer: as(w.app, buyer.cookie) };
}

const storeMoney = async (storeId: number) => ({
  balance: await balance(w.db, account.storeBalance(storeId)),
  due: await balance(w.db, account.storeCommissionDue(storeId)),
});

describe(`cash orders and the ledger (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a seller buying their own part with a platform coupon, cash received, then cancelled: nothing to withdraw, every posting undone', async () => {
    const s = await sellerWithStore(w.db);
    const seller = as(w.app, s.cookie);
    const code = await platformCoupon(10);
    const promotionsBefore = await balance(w.db, account.promotions);
    const commissionBefore = await balance(w.db, account.commission);
    // ₦1,000,000 part, 10% platform discount = ₦100,000; commission 5% = ₦50,000.
    const { order } = await cashOrder(s, 1_000_000, code);
    expect(order.discountKobo).toBe(10_000_000);
    for (const step of ['accept', 'mark-paid'])
      expect((await seller.post(`/api/store/orders/${order.id}/${step}`)).status).toBe(200);

    // The discount is held for the order, not in the balance; the commission is owed.
    expect(await balance(w.db, account.cashDiscountHeld(order.id))).toBe(10_000_000);
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: -5_000_000 });
    expect((await payoutAccount(w.app, w.db, s)).status).toBe(200);
    const early = await seller.post('/api/store/payouts', { amountKobo: 1_000_000 });
    expect(early.status).toBe(409);

    const cancel = await seller.post(`/api/store/orders/${order.id}/cancel`, {
      reason: 'Buyer did not come',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await balance(w.db, account.cashDiscountHeld(order.id))).toBe(0);
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: 0 });
    expect(await balance(w.db, account.promotions)).toBe(promotionsBefore);
    expect(await balance(w.db, account.commission)).toBe(commissionBefore);
    const money = (await seller.get('/api/store/balance')).body;
    expect(money).toMatchObject({ balanceKobo: 0, commissionDueKobo: 0 });
    expect((await seller.post('/api/store/payouts', { amountKobo: 1_000_000 })).status).toBe(409);
    expect(await unbalancedPostings(w.db)).toEqual([]);
    // Cancelling again changes nothing (the order is cancelled; the reversal posted once).
    expect(
      (await seller.post(`/api/store/orders/${order.id}/cancel`, { reason: 'Cancelled again' }))
        .status,
    ).toBe(409);
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: 0 });
  });

  it("an honest seller's cash order cancelled after cash received: the commission charge comes back, to the balance it was taken from", async () => {
    const s = await sellerWithStore(w.db);
    const seller = as(w.app, s.cookie);
    // No balance yet: the commission is recorded as owed, and cancelling clears the debt.
    const first = await cashOrder(s, 4000);
    for (const step of ['accept', 'mark-paid'])
      expect((await seller.post(`/api/store/orders/${first.order.id}/${step}`)).status).toBe(200);
    const c = Math.round(400_000 * RATE);
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: -c });
    await seller.post(`/api/store/orders/${first.order.id}/cancel`, { reason: 'Out of stock' });
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: 0 });

    // With a balance (a completed cash order with a platform coupon gave it one), the
    // commission comes out of the balance and goes back into it.
    const code = await platformCoupon(20);
    const big = await cashOrder(s, 10_000, code);
    for (const step of ['accept', 'mark-paid', 'ship', 'deliver'])
      expect((await seller.post(`/api/store/orders/${big.order.id}/${step}`)).status).toBe(200);
    expect((await big.buyer.post(`/api/orders/${big.order.id}/received`)).status).toBe(200);
    // Discount ₦2,000 released on completion, less the ₦500 commission charged at cash received.
    expect(await storeMoney(s.store.id)).toEqual({ balance: 200_000 - 50_000, due: 0 });
    expect(await balance(w.db, account.cashDiscountHeld(big.order.id))).toBe(0);

    const second = await cashOrder(s, 4000);
    for (const step of ['accept', 'mark-paid'])
      expect((await seller.post(`/api/store/orders/${second.order.id}/${step}`)).status).toBe(200);
    expect(await storeMoney(s.store.id)).toEqual({ balance: 150_000 - c, due: 0 });
    await seller.post(`/api/store/orders/${second.order.id}/cancel`, { reason: 'Wrong part' });
    expect(await storeMoney(s.store.id)).toEqual({ balance: 150_000, due: 0 });
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('the held discount is withdrawable only once the order completes', async () => {
    const s = await sellerWithStore(w.db);
    const seller = as(w.app, s.cookie);
    const code = await platformCoupon(10);
    const { order, buyer } = await cashOrder(s, 50_000, code);
    for (const step of ['accept', 'mark-paid', 'ship', 'deliver'])
      expect((await seller.post(`/api/store/orders/${order.id}/${step}`)).status).toBe(200);
    // Delivered, not completed: still held.
    expect(await storeMoney(s.store.id)).toEqual({ balance: 0, due: -250_000 });
    expect((await buyer.post(`/api/orders/${order.id}/received`)).status).toBe(200);
    // ₦5,000 discount released; the ₦2,500 commission owed is netted from it first.
    expect(await storeMoney(s.store.id)).toEqual({ balance: 250_000, due: 0 });
    expect(await balance(w.db, account.cashDiscountHeld(order.id))).toBe(0);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });
});
