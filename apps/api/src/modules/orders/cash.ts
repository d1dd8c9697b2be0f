import type { Db } from '@sf/db';
import {
  account,
  balance,
  post,
  reversalEntries,
  storeEntries,
  type Entry,
} from '../ledger/ledger.ts';
import { orderNumber } from './mails.ts';
import type { OrderRow } from './repository.ts';

/*
 * The ledger of a pay-on-delivery order. The store collects the buyer's cash itself, so the
 * platform never holds the money: at "cash received" the store is charged the commission and
 * is owed a platform coupon's discount. That discount is held in the order's own account
 * until the order completes: a seller who buys from themselves with a platform coupon, marks
 * the cash received and cancels must not be left with platform money to withdraw. A
 * cancellation undoes every posting of the order, the commission charge included.
 */

const CASH = 'cash';
const CASH_RELEASE = 'cash_release';
const CASH_REVERSAL = 'cash_reversal';

/** Writes a posting unless all its entries are zero (nothing moved: nothing to record). */
async function postUnlessEmpty(tx: Db, kind: string, ref: string, memo: string, e: Entry[]) {
  if (e.every((x) => x.amountKobo === 0)) return false;
  return post(tx, { kind, ref, memo, entries: e });
}

/**
 * "Cash received": the commission comes out of the store's balance while there is one, else it
 * is recorded as owed (netted against later releases); a platform coupon's discount moves from
 * promotions to the order's held account. In `tx`: the store is locked.
 */
export async function cashEntries(tx: Db, o: OrderRow): Promise<Entry[]> {
  const platformDiscount = o.discountBorneBy === 'platform' ? Number(o.discountKobo) : 0;
  const commission = Number(o.commissionKobo);
  return [
    { account: account.promotions, amountKobo: -platformDiscount },
    { account: account.cashDiscountHeld(o.id), amountKobo: platformDiscount },
    ...(await storeEntries(tx, o.storeId, -commission)),
    { account: account.commission, amountKobo: commission },
  ];
}

export async function postCashReceived(tx: Db, o: OrderRow) {
  await postUnlessEmpty(
    tx,
    CASH,
    String(o.id),
    `Order ${orderNumber(o.id)} paid in cash: commission, platform discount held until completed`,
    await cashEntries(tx, o),
  );
  // Cash marked received on an order already completed: nothing is left to wait for.
  if (o.status === 'completed') await releaseCashDiscount(tx, o);
}

/** The order completed: its held platform discount goes to the store (debts netted first). */
export async function releaseCashDiscount(tx: Db, o: OrderRow) {
  if (o.paymentMethod !== 'pay_on_delivery') return;
  const held = await balance(tx, account.cashDiscountHeld(o.id));
  if (held <= 0) return;
  await postUnlessEmpty(
    tx,
    CASH_RELEASE,
    String(o.id),
    `Order ${orderNumber(o.id)} completed: platform discount released to the store`,
    [
      { account: account.cashDiscountHeld(o.id), amountKobo: -held },
      ...(await storeEntries(tx, o.storeId, held)),
    ],
  );
}

/** The order was cancelled: every cash posting of it is undone, once. */
export async function reverseCashPostings(tx: Db, o: OrderRow) {
  if (o.paymentMethod !== 'pay_on_delivery') return;
  const ref = String(o.id);
  const entries = await reversalEntries(
    tx,
    [
      { kind: CASH, ref },
      { kind: CASH_RELEASE, ref },
    ],
    o.storeId,
  );
  if (entries.length)
    await post(tx, {
      kind: CASH_REVERSAL,
      ref,
      memo: `Order ${orderNumber(o.id)} cancelled: its cash postings undone`,
      entries,
    });
}
