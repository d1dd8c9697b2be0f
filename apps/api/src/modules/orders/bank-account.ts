import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, schema as s, type Db } from '@sf/db';
import { HttpError, conflict, unavailable } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mail.ts';
import type { SessionUser } from '../../lib/session.ts';
import { transaction } from '../../lib/tx.ts';
import { publicOrigin } from '../../config.ts';
import { requirePasswordAgain } from '../auth/password-again.ts';
import { lockStore } from '../ledger/ledger.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { isRefusal, isUnclear } from '../payments/paystack-client.ts';
import { lagosTime, mask, ownStore, payoutsService } from './payouts.ts';

/**
 * After the payout account changes, no payout leaves for this long: a stolen session that
 * points payouts at its own account is noticed by the owner (told at once) before money moves.
 */
export const CHANGE_HOLD_MS = 24 * 60 * 60_000;
const MONEY_PAGE = '/user/store/orders';

/** Why payouts wait: the payout account changed, or the account signed in on a new device. */
export type HoldReason = 'bank_account' | 'new_device';

/**
 * The SIM-swap rule (decision 0029): the account was signed in with an SMS code on a browser it
 * never used. Whoever holds the SIM holds the codes, so payouts of every store the account owns
 * wait as long as after a change of payout account, and the owner is told in the bell and by
 * e-mail whatever their notification settings (not by SMS: that would reach the new SIM).
 * Runs in the sign-in's transaction; returns the notices to announce after the commit (none
 * when the account receives no payouts).
 */
export async function holdPayoutsForNewDevice(
  app: FastifyInstance,
  tx: Db,
  userId: string,
): Promise<Notice[]> {
  const held = await rows<{ store_id: number; name: string; until: Date | string }>(
    tx,
    sql`update store_bank_accounts b set
          payouts_hold_reason = case
            when b.payouts_held_until is null
              or b.payouts_held_until <= now() + make_interval(secs => ${CHANGE_HOLD_MS / 1000})
            then 'new_device' else b.payouts_hold_reason end,
          payouts_held_until = greatest(coalesce(b.payouts_held_until, now()),
                                        now() + make_interval(secs => ${CHANGE_HOLD_MS / 1000})),
          updated_at = now()
        from stores st
        where st.id = b.store_id and st.owner_user_id = ${userId}
        returning b.store_id, st.name, b.payouts_held_until as until`,
  );
  if (held.length === 0) return [];
  const [owner] = await rows<{ email: string | null; name: string }>(
    tx,
    sql`select email, name from users where id = ${userId}`,
  );
  const until = new Date(
    held.reduce((a, h) => (new Date(h.until) > new Date(a) ? h.until : a), held[0].until),
  );
  const stores = held.map((h) => h.name).join(', ');
  const title = `Your account was signed in with an SMS code on a new device: payouts of ${stores} resume on ${lagosTime(until)}`;
  const notices: Notice[] = held.map((h) => ({
    userId,
    type: 'new_device',
    title,
    link: MONEY_PAGE,
    event: { type: 'store.payouts_held', storeId: h.store_id },
  }));
  await notificationsService(app).ring(tx, notices.slice(0, 1));
  await queueMail(tx, {
    to: owner?.email ?? null,
    subject: 'New sign-in to your SpareFinder NG account: payouts held for 24 hours',
    text: `Hello ${owner?.name ?? ''},\n\n${title} (Lagos time).\n\nIf this was you, there is nothing to do. If it was not, someone may have taken over your phone number (a SIM swap): call your network at once, change your password, and contact SpareFinder NG support before the hold ends.\n\n${publicOrigin(app.config)}${MONEY_PAGE}`,
  });
  return notices.slice(0, 1);
}

/** The name the bank holds for the account; a clear 4xx when the bank does not know it. */
async function resolveName(app: FastifyInstance, bankCode: string, accountNumber: string) {
  try {
    return (await app.paystack!.resolveAccount(accountNumber, bankCode)).accountName;
  } catch (err) {
    if (isUnclear(err))
      throw unavailable('The bank could not be reached to check this account. Try again shortly.');
    if (!isRefusal(err)) throw err;
    throw new HttpError(
      400,
      'The bank does not know this account number: check the bank and the number',
      'VALIDATION',
      { accountNumber: 'No account with this number at this bank' },
    );
  }
}

/** Where a store's payouts go; `app` for Paystack, the mail and the bell. */
export function bankAccountService(app: FastifyInstance) {
  return {
    /** The account holder's name as the bank has it, shown before the owner confirms. */
    async resolve(userId: string, bankCode: string, accountNumber: string) {
      await ownStore(app.db, userId);
      if (!app.paystack) throw conflict('Payouts are not available right now');
      return {
        status: true as const,
        accountName: await resolveName(app, bankCode, accountNumber),
      };
    },

    /**
     * Saves where payouts go, under the name the bank holds (never a typed one), registered with
     * Paystack as a transfer recipient. Needs the owner's password; the owner is told by e-mail
     * (whatever their notification settings) and in the bell; a change of account holds payouts.
     */
    async save(
      me: SessionUser,
      input: { bankCode: string; accountNumber: string; password?: string; storeId?: number },
    ) {
      const id = await ownStore(app.db, me.id, input.storeId);
      if (!app.paystack) throw conflict('Payouts are not available right now');
      await requirePasswordAgain(app.db, me, input.password);
      const accountName = await resolveName(app, input.bankCode, input.accountNumber);
      let recipientCode: string;
      try {
        ({ recipientCode } = await app.paystack.createRecipient({
          name: accountName,
          accountNumber: input.accountNumber,
          bankCode: input.bankCode,
        }));
      } catch (err) {
        if (isRefusal(err))
          throw new HttpError(400, `Paystack refused this account: ${err.message}`, 'VALIDATION');
        if (!isUnclear(err)) throw err;
        throw unavailable(
          'Paystack could not be reached to register this account. Try again shortly.',
        );
      }
      const notices: Notice[] = [];
      await transaction(app.db, async (tx) => {
        await lockStore(tx, id);
        const [before] = await tx
          .select()
          .from(s.storeBankAccounts)
          .where(eq(s.storeBankAccounts.storeId, id));
        const changed =
          !!before &&
          (before.bankCode !== input.bankCode || before.accountNumber !== input.accountNumber);
        const now = new Date();
        const heldUntil = changed
          ? new Date(now.getTime() + CHANGE_HOLD_MS)
          : (before?.payoutsHeldUntil ?? null);
        const holdReason: HoldReason | null = changed
          ? 'bank_account'
          : ((before?.payoutsHoldReason as HoldReason | null | undefined) ?? null);
        const values = {
          storeId: id,
          bankCode: input.bankCode,
          accountNumber: input.accountNumber,
          accountName,
          recipientCode,
          payoutsHeldUntil: heldUntil,
          payoutsHoldReason: holdReason,
          updatedAt: now,
        };
        await tx
          .insert(s.storeBankAccounts)
          .values(values)
          .onConflictDoUpdate({ target: s.storeBankAccounts.storeId, set: values });
        const [owner] = await rows<{ owner_user_id: string; email: string; name: string }>(
          tx,
          sql`select st.owner_user_id, u.email, st.name from stores st
            join users u on u.id = st.owner_user_id where st.id = ${id}`,
        );
        if (!owner) return;
        const where = `${accountName}, ${mask(input.accountNumber)}`;
        const title = changed
          ? `The payout bank account of ${owner.name} changed to ${where}: payouts resume on ${lagosTime(heldUntil!)}`
          : `Payouts of ${owner.name} now go to ${where}`;
        const n: Notice = {
          userId: owner.owner_user_id,
          type: 'payout_account',
          title,
          link: MONEY_PAGE,
          event: { type: 'store.bank_account', storeId: id },
        };
        await notificationsService(app).ring(tx, [n]);
        notices.push(n);
        // Always e-mailed: the owner must hear of it even with notification e-mails off.
        await queueMail(tx, {
          to: owner.email,
          subject: 'Your payout bank account was changed',
          text: `${title}.\n\nIf you did not make this change, change your password at once and contact SpareFinder NG support.\n\n${publicOrigin(app.config)}${MONEY_PAGE}`,
        });
      });
      await notificationsService(app).announce(notices);
      return payoutsService(app).summary(me.id, id);
    },
  };
}
export type BankAccountService = ReturnType<typeof bankAccountService>;
