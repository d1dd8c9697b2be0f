import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, schema as s, type Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { HttpError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { metrics } from '../../lib/metrics.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { recordAudit } from '../audit/service.ts';
import {
  account,
  balance,
  commissionDue,
  lockStore,
  post,
  statement,
  storeEntries,
} from '../ledger/ledger.ts';
import { isRefusal, isUnclear } from '../payments/paystack-client.ts';
import { newTransferReference } from '../payments/service.ts';
import { ordersRepository } from './repository.ts';
import type { StoreBalance } from './types.ts';

/** The smallest withdrawal: ₦1,000. */
export const MIN_PAYOUT_KOBO = 100_000;

/** The job that looks a transfer up at Paystack by its reference and settles or resends it. */
export const VERIFY_JOB = 'payouts.verify';
/** After an unclear answer, the first look-up: long enough for a slow Paystack to finish. */
const FIRST_CHECK_MS = 60_000;
/** A payout Paystack accepted is looked up once an hour later, should its webhook never come. */
const BACKSTOP_CHECK_MS = 60 * 60_000;

export type PayoutOutcome = 'success' | 'failed' | 'reversed';

/** A payout's state as people read it (Paystack's 'success' is 'paid'). */
const PAYOUT_WORDS: Record<string, string> = {
  pending: 'on its way to the bank',
  otp: 'waiting for an OTP',
  success: 'paid',
  failed: 'failed (the money is back in the balance)',
  reversed: 'reversed by the bank (the money is back in the balance)',
};
export type PayoutStatus = 'pending' | 'otp' | PayoutOutcome;
type Payout = typeof s.payouts.$inferSelect;

/** Paystack's transfer states that end a transfer without paying it. */
const FAILED_STATES = new Set(['failed', 'abandoned', 'blocked', 'rejected']);
/** Our states in which a payout's money is out of the balance and its outcome still open. */
const OPEN = ['pending', 'otp'];

export async function ownStore(db: Db, userId: string, storeId?: number): Promise<number> {
  const stores = await ordersRepository(db).storesOwnedBy(userId);
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

/** Why payouts wait, as a sentence (the withdraw refusal; pages say the same). */
const HELD_BECAUSE = {
  bank_account: 'Your bank account changed recently',
  new_device: 'Your account was signed in with an SMS code on a new device',
} as const;
/** Holds from before reasons were stored were all bank account changes. */
const holdReason = (r: string | null): keyof typeof HELD_BECAUSE =>
  r === 'new_device' ? 'new_device' : 'bank_account';

export const mask = (n: string) => `******${n.slice(-4)}`;

/** When payouts resume after a change of bank account, in Lagos time for messages. */
export const lagosTime = (d: Date) =>
  d.toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

const payoutById = async (db: Db, id: number) =>
  (await db.select().from(s.payouts).where(eq(s.payouts.id, id)))[0];

/**
 * Marks an open payout's outcome unknown and, unless a look-up job is already running it,
 * queues one (a look-up that meets another unclear answer simply runs again after its backoff).
 */
async function markUnknown(app: FastifyInstance, p: Payout, queue: boolean) {
  await app.db
    .update(s.payouts)
    .set({ outcomeUnknown: true, updatedAt: new Date() })
    .where(and(eq(s.payouts.id, p.id), inArray(s.payouts.status, OPEN)));
  metrics.payouts.inc({ outcome: 'unknown' });
  if (queue)
    await enqueue(
      app.db,
      VERIFY_JOB,
      { payoutId: p.id },
      { runAt: new Date(Date.now() + FIRST_CHECK_MS) },
    );
}

/** Records what Paystack said a transfer is (an answer to initiate, verify or finalize). */
async function apply(
  app: FastifyInstance,
  p: Payout,
  status: string,
  transferCode?: string | null,
): Promise<'settled' | 'otp' | 'open'> {
  if (status === 'success' || status === 'reversed') {
    await settle(app.db, p.reference, status);
    return 'settled';
  }
  if (FAILED_STATES.has(status)) {
    await settle(app.db, p.reference, 'failed', `The transfer was ${status} at Paystack`);
    return 'settled';
  }
  const otp = status === 'otp';
  const [moved] = await app.db
    .update(s.payouts)
    .set({
      ...(otp ? { status: 'otp' } : {}),
      ...(transferCode ? { transferCode } : {}),
      outcomeUnknown: false,
      updatedAt: new Date(),
    })
    .where(and(eq(s.payouts.id, p.id), inArray(s.payouts.status, OPEN)))
    .returning();
  if (otp && moved && p.status !== 'otp') metrics.payouts.inc({ outcome: 'otp' });
  return otp ? 'otp' : 'open';
}

/**
 * Asks Paystack for the transfer, always under the payout's own reference: however often it is
 * sent, Paystack pays a reference once. A definite refusal (4xx) on the first send returns the
 * money; on a resend it may mean the first one arrived after all, so the reference is looked up.
 */
async function send(app: FastifyInstance, p: Payout, resend: boolean) {
  const recipientCode = p.recipientCode ?? (await bankOf(app.db, p.storeId))?.recipientCode;
  if (!recipientCode) throw new Error(`payout ${p.id} has no recipient`);
  try {
    const t = await app.paystack!.transfer({
      amountKobo: Number(p.amountKobo),
      recipientCode,
      reference: p.reference,
      reason: `SpareFinder NG payout ${p.id}`,
    });
    return apply(app, p, t.status, t.transferCode);
  } catch (err) {
    if (isUnclear(err)) {
      await markUnknown(app, p, !resend);
      return 'unknown' as const;
    }
    if (!isRefusal(err)) throw err;
    if (resend) {
      const found = await app.paystack!.verifyTransfer(p.reference);
      if (found) return apply(app, p, found.status, found.transfer_code);
    }
    await settle(app.db, p.reference, 'failed', err.message);
    return 'settled' as const;
  }
}

async function bankOf(db: Db, storeId: number) {
  return (
    await db.select().from(s.storeBankAccounts).where(eq(s.storeBankAccounts.storeId, storeId))
  )[0];
}

/**
 * A transfer's outcome (answer, look-up or webhook), idempotent and in any order. Success ends
 * an open payout; a failure or reversal of an open payout returns its money to the balance,
 * as does a reversal after success. The money comes back at most once: failed and reversed
 * are final, and the return posting is unique per payout. A success arriving after a failure
 * or reversal changes nothing.
 */
async function settle(db: Db, reference: string, outcome: PayoutOutcome, reason = '') {
  await transaction(db, async (tx) => {
    const [p] = await tx
      .select()
      .from(s.payouts)
      .where(eq(s.payouts.reference, reference))
      .for('update');
    if (!p) return;
    const from = p.status;
    const allowed =
      outcome === 'reversed' ? [...OPEN, 'success'].includes(from) : OPEN.includes(from);
    if (!allowed) return;
    await tx
      .update(s.payouts)
      .set({
        status: outcome,
        outcomeUnknown: false,
        failureReason:
          outcome === 'success'
            ? null
            : reason ||
              (outcome === 'failed'
                ? 'The transfer failed at Paystack'
                : 'The bank reversed the transfer'),
        updatedAt: new Date(),
      })
      .where(eq(s.payouts.id, p.id));
    metrics.payouts.inc({ outcome });
    if (outcome === 'success') return;
    const amount = Number(p.amountKobo);
    // The store's lock: its balance and commission due change together with other postings.
    await lockStore(tx, p.storeId);
    await post(tx, {
      kind: 'payout_reversal',
      ref: String(p.id),
      memo:
        from === 'success'
          ? `Payout ${p.id} reversed by the bank after it was paid: back to the balance`
          : `Payout ${p.id} ${outcome}: back to the balance`,
      entries: [
        { account: account.storePayouts(p.storeId), amountKobo: -amount },
        ...(await storeEntries(tx, p.storeId, amount)),
      ],
    });
  });
}

/** A store's money and its withdrawals; `app` for Paystack and the jobs. */
export function payoutsService(app: FastifyInstance) {
  const db = app.db;

  async function summary(userId: string, storeId?: number): Promise<StoreBalance> {
    const id = await ownStore(db, userId, storeId);
    const bank = await bankOf(db, id);
    const list = await db
      .select()
      .from(s.payouts)
      .where(eq(s.payouts.storeId, id))
      .orderBy(desc(s.payouts.id))
      .limit(50);
    const held = bank?.payoutsHeldUntil && bank.payoutsHeldUntil > new Date();
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
      payoutsHeldUntil: held ? bank.payoutsHeldUntil!.toISOString() : null,
      payoutsHoldReason: held ? holdReason(bank.payoutsHoldReason) : null,
      payouts: list.map((p) => ({
        id: p.id,
        amountKobo: Number(p.amountKobo),
        status: p.status as PayoutStatus,
        outcomeUnknown: p.outcomeUnknown,
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
  }

  return {
    summary,

    /**
     * Withdraws part of the store's balance. The store row is locked while the balance is read
     * and the payout posted, so two withdrawals at once cannot spend the same naira twice. The
     * money leaves the balance before Paystack is asked and only comes back on a definite no.
     */
    async withdraw(userId: string, amountKobo: number, storeId?: number) {
      const id = await ownStore(app.db, userId, storeId);
      if (!app.paystack) throw conflict('Payouts are not available right now');
      if (amountKobo < MIN_PAYOUT_KOBO)
        throw new HttpError(
          400,
          `The smallest payout is ${formatKobo(MIN_PAYOUT_KOBO)}`,
          'VALIDATION',
          {
            amountKobo: `At least ${formatKobo(MIN_PAYOUT_KOBO)}`,
          },
        );
      const payout = await transaction(app.db, async (tx) => {
        await lockStore(tx, id);
        const bank = await bankOf(tx, id);
        if (!bank?.recipientCode) throw conflict('Add your bank account before withdrawing');
        if (bank.payoutsHeldUntil && bank.payoutsHeldUntil > new Date())
          throw conflict(
            `${HELD_BECAUSE[holdReason(bank.payoutsHoldReason)]}: payouts resume on ${lagosTime(bank.payoutsHeldUntil)} (Lagos time)`,
          );
        const bal = await balance(tx, account.storeBalance(id));
        if (amountKobo > bal)
          throw conflict(`Your balance is ${formatKobo(bal)}: you cannot withdraw more`);
        const [p] = await tx
          .insert(s.payouts)
          .values({
            storeId: id,
            amountKobo,
            reference: newTransferReference('po'),
            recipientCode: bank.recipientCode,
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
        // Written with the payout: should this process die before Paystack answers, the
        // reference is still looked up (and sent, if Paystack never got it).
        await enqueue(
          tx,
          VERIFY_JOB,
          { payoutId: p.id },
          { key: `${VERIFY_JOB}:${p.id}`, runAt: new Date(Date.now() + BACKSTOP_CHECK_MS) },
        );
        return p;
      });
      await send(app, payout, false);
      return summary(userId, id);
    },

    /**
     * Looks the payout's reference up at Paystack and acts on what it finds: settles a finished
     * transfer, resends (same reference) one Paystack never received. Throws while the outcome
     * stays open, so the job runs again after its backoff.
     */
    async verify(payoutId: number) {
      const p = await payoutById(app.db, payoutId);
      if (!p || !OPEN.includes(p.status) || !app.paystack) return;
      const found = await app.paystack.verifyTransfer(p.reference);
      const state = found
        ? await apply(app, p, found.status, found.transfer_code)
        : await send(app, p, true);
      if (state === 'open' || state === 'unknown')
        throw new Error(`Payout ${p.id}: the transfer is not finished yet`);
    },

    /** A transfer's outcome (answer, look-up or webhook): see `settle` above. */
    settle: (reference: string, outcome: PayoutOutcome, reason = '') =>
      settle(app.db, reference, outcome, reason),
  };
}
export type PayoutsService = ReturnType<typeof payoutsService>;

/** Staff's side of payouts: the list per store and the OTP Paystack asks for. */
export function adminPayoutsService(app: FastifyInstance) {
  return {
    async list(q: { storeId?: number; status?: string }) {
      const where = [];
      if (q.storeId) where.push(eq(s.payouts.storeId, q.storeId));
      if (q.status) where.push(eq(s.payouts.status, q.status));
      const list = await app.db
        .select({ p: s.payouts, storeName: s.stores.name })
        .from(s.payouts)
        .innerJoin(s.stores, eq(s.stores.id, s.payouts.storeId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(s.payouts.id))
        .limit(100);
      return {
        status: true as const,
        items: list.map(({ p, storeName }) => ({
          id: p.id,
          storeId: p.storeId,
          storeName,
          amountKobo: Number(p.amountKobo),
          status: p.status,
          outcomeUnknown: p.outcomeUnknown,
          reference: p.reference,
          failureReason: p.failureReason,
          createdAt: p.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Sends the OTP Paystack asked for to complete a transfer. A refused OTP leaves the payout
     * waiting for another; an unclear answer leaves it open and looked up like any other.
     */
    async finalize(me: SessionUser, id: number, otp: string, note?: string) {
      const p = await payoutById(app.db, id);
      if (!p) throw notFound(`No payout with id ${id}`);
      if (p.status !== 'otp' || !p.transferCode)
        throw conflict(
          `Payout ${id} is ${PAYOUT_WORDS[p.status] ?? p.status}: it is not waiting for an OTP`,
        );
      if (!app.paystack) throw conflict('Payouts are not available right now');
      let status: string | null = null;
      try {
        ({ status } = await app.paystack.finalizeTransfer(p.transferCode, otp));
      } catch (err) {
        if (isRefusal(err))
          throw new HttpError(400, `Paystack refused the OTP: ${err.message}`, 'VALIDATION', {
            otp: 'Check the OTP Paystack sent and type it again',
          });
        if (!isUnclear(err)) throw err;
      }
      await transaction(app.db, async (tx) => {
        // Out of 'otp': the transfer is now Paystack's to finish (or to be looked up).
        await tx
          .update(s.payouts)
          .set({ status: 'pending', outcomeUnknown: status === null, updatedAt: new Date() })
          .where(and(eq(s.payouts.id, id), eq(s.payouts.status, 'otp')));
        await recordAudit(tx, {
          actorId: me.id,
          action: 'payout.finalize',
          targetType: 'payout',
          targetId: id,
          before: { status: 'otp' },
          after: { status: status ?? 'unknown' },
          note: note ?? null,
        });
      });
      const now = (await payoutById(app.db, id))!;
      if (status === null) await markUnknown(app, now, true);
      else await apply(app, now, status, p.transferCode);
      const after = (await payoutById(app.db, id))!;
      return {
        status: true as const,
        message:
          after.status === 'success'
            ? `Payout ${id} is paid`
            : status === null
              ? `Paystack did not answer clearly: payout ${id} is being checked`
              : `Payout ${id} is with Paystack: it settles when Paystack confirms`,
        payout: { id, status: after.status, outcomeUnknown: after.outcomeUnknown },
      };
    },
  };
}
export type AdminPayoutsService = ReturnType<typeof adminPayoutsService>;
