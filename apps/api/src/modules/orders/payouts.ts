import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, schema as s, type Db } from '@sf/db';
import { formatNaira } from '@sf/shared';
import { HttpError, conflict, forbidden } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import {
  account,
  balance,
  commissionDue,
  lockStore,
  post,
  statement,
  storeEntries,
} from '../ledger/ledger.ts';
import { PaystackError } from '../payments/paystack-client.ts';
import { newTransferReference } from '../payments/service.ts';
import { ordersRepository } from './repository.ts';
import type { StoreBalance } from './types.ts';

/** The smallest withdrawal: ₦1,000. */
export const MIN_PAYOUT_KOBO = 100_000;

async function ownStore(db: Db, userId: string, storeId?: number): Promise<number> {
  const stores = await ordersRepository.storesOwnedBy(db, userId);
  if (stores.length === 0) throw forbidden('Only a store owner can do this');
  if (storeId === undefined) return stores[0];
  if (!stores.includes(storeId)) throw forbidden('This is not your store');
  return storeId;
}

/** Money held in escrow for a store's orders (paid, not yet received). */
async function escrowHeld(db: Db, storeId: number): Promise<number> {
  const [r] = await rows<{ b: number }>(
    db,
    sql`select coalesce(sum(e.amount_kobo), 0)::bigint as b from orders o
        join ledger_entries e on e.account = 'escrow:order:' || o.id
        where o.store_id = ${storeId}`,
  );
  return Number(r.b);
}

const mask = (n: string) => `******${n.slice(-4)}`;

export const payoutsService = {
  async summary(db: Db, userId: string, storeId?: number): Promise<StoreBalance> {
    const id = await ownStore(db, userId, storeId);
    const [bank] = await db
      .select()
      .from(s.storeBankAccounts)
      .where(eq(s.storeBankAccounts.storeId, id));
    const list = await db
      .select()
      .from(s.payouts)
      .where(eq(s.payouts.storeId, id))
      .orderBy(desc(s.payouts.id))
      .limit(50);
    return {
      status: true as const,
      storeId: id,
      // What the store can withdraw: never below zero, as commission it owes is netted first.
      balanceKobo: await balance(db, account.storeBalance(id)),
      commissionDueKobo: await commissionDue(db, id),
      escrowKobo: await escrowHeld(db, id),
      paidOutKobo: await balance(db, account.storePayouts(id)),
      minPayoutKobo: MIN_PAYOUT_KOBO,
      bankAccount: bank
        ? {
            bankCode: bank.bankCode,
            accountNumber: mask(bank.accountNumber),
            accountName: bank.accountName,
          }
        : null,
      payouts: list.map((p) => ({
        id: p.id,
        amountKobo: Number(p.amountKobo),
        status: p.status,
        reference: p.reference,
        failureReason: p.failureReason,
        createdAt: p.createdAt.toISOString(),
      })),
      statement: await statement(
        db,
        [account.storeBalance(id), account.storeCommissionDue(id)],
        50,
      ),
    };
  },

  /** Saves where payouts go and registers it with Paystack as a transfer recipient. */
  async setBankAccount(
    app: FastifyInstance,
    userId: string,
    input: { bankCode: string; accountNumber: string; accountName: string; storeId?: number },
  ) {
    const id = await ownStore(app.db, userId, input.storeId);
    if (!app.paystack) throw conflict('Payouts are not available right now');
    let recipientCode: string;
    try {
      ({ recipientCode } = await app.paystack.createRecipient({
        name: input.accountName,
        accountNumber: input.accountNumber,
        bankCode: input.bankCode,
      }));
    } catch (err) {
      if (err instanceof PaystackError && err.httpStatus >= 400 && err.httpStatus < 500)
        throw new HttpError(400, `Paystack refused this account: ${err.message}`, 'VALIDATION');
      throw err;
    }
    const values = {
      storeId: id,
      bankCode: input.bankCode,
      accountNumber: input.accountNumber,
      accountName: input.accountName.trim(),
      recipientCode,
      updatedAt: new Date(),
    };
    await app.db
      .insert(s.storeBankAccounts)
      .values(values)
      .onConflictDoUpdate({ target: s.storeBankAccounts.storeId, set: values });
    return this.summary(app.db, userId, id);
  },

  /**
   * Withdraws part of the store's balance. The store row is locked while the balance is read
   * and the payout posted, so two withdrawals at once cannot spend the same naira twice.
   */
  async withdraw(app: FastifyInstance, userId: string, amountKobo: number, storeId?: number) {
    const id = await ownStore(app.db, userId, storeId);
    if (!app.paystack) throw conflict('Payouts are not available right now');
    if (amountKobo < MIN_PAYOUT_KOBO)
      throw new HttpError(
        400,
        `The smallest payout is ${formatNaira(MIN_PAYOUT_KOBO / 100)}`,
        'VALIDATION',
        {
          amountKobo: `At least ${formatNaira(MIN_PAYOUT_KOBO / 100)}`,
        },
      );
    const payout = await transaction(app.db, async (tx) => {
      await lockStore(tx, id);
      const [bank] = await tx
        .select()
        .from(s.storeBankAccounts)
        .where(eq(s.storeBankAccounts.storeId, id));
      if (!bank?.recipientCode) throw conflict('Add your bank account before withdrawing');
      const bal = await balance(tx, account.storeBalance(id));
      if (amountKobo > bal)
        throw conflict(`Your balance is ${formatNaira(bal / 100)}: you cannot withdraw more`);
      const [p] = await tx
        .insert(s.payouts)
        .values({
          storeId: id,
          amountKobo,
          reference: newTransferReference('po'),
          requestedBy: userId,
        })
        .returning();
      await post(tx, {
        kind: 'payout',
        ref: String(p.id),
        memo: `Payout to ${bank.accountName} ${mask(bank.accountNumber)}`,
        entries: [
          { account: account.storeBalance(id), amountKobo: -amountKobo },
          { account: account.storePayouts(id), amountKobo },
        ],
      });
      return { ...p, recipientCode: bank.recipientCode };
    });
    try {
      const t = await app.paystack.transfer({
        amountKobo,
        recipientCode: payout.recipientCode,
        reference: payout.reference,
        reason: `SpareFinder NG payout ${payout.id}`,
      });
      await app.db
        .update(s.payouts)
        .set({ transferCode: t.transferCode, updatedAt: new Date() })
        .where(eq(s.payouts.id, payout.id));
      if (t.status === 'success') await this.settle(app.db, payout.reference, true);
    } catch (err) {
      if (!(err instanceof PaystackError)) throw err;
      await this.settle(app.db, payout.reference, false, err.message);
    }
    return this.summary(app.db, userId, id);
  },

  /** A transfer's outcome (answer or webhook): success is final; a failure returns the money to the balance once. */
  async settle(db: Db, reference: string, ok: boolean, reason = '') {
    await transaction(db, async (tx) => {
      const [p] = await tx
        .update(s.payouts)
        .set({
          status: ok ? 'success' : 'failed',
          failureReason: ok ? null : reason,
          updatedAt: new Date(),
        })
        .where(and(eq(s.payouts.reference, reference), eq(s.payouts.status, 'pending')))
        .returning();
      if (!p || ok) return;
      await post(tx, {
        kind: 'payout_reversal',
        ref: String(p.id),
        memo: `Payout ${p.id} failed: back to the balance`,
        entries: [
          { account: account.storePayouts(p.storeId), amountKobo: -Number(p.amountKobo) },
          ...(await storeEntries(tx, p.storeId, Number(p.amountKobo))),
        ],
      });
    });
  },
};
