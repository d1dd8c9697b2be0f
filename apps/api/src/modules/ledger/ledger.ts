import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';

/** Account names of the ledger (see docs/commerce-api.md, "Ledger"). */
export const account = {
  clearing: 'paystack:clearing',
  escrow: (orderId: number) => `escrow:order:${orderId}`,
  storeBalance: (storeId: number) => `store:${storeId}:balance`,
  storePayouts: (storeId: number) => `store:${storeId}:payouts`,
  /** Commission a store owes on cash orders, not yet netted: zero or negative (minus the debt). */
  storeCommissionDue: (storeId: number) => `store:${storeId}:commission_due`,
  commission: 'platform:commission',
  promotions: 'platform:promotions',
  /**
   * A platform-funded discount on a pay-on-delivery order, held from "cash received" until the
   * order completes (then it moves to the store's balance) or is cancelled (back to promotions).
   */
  cashDiscountHeld: (orderId: number) => `pending:order:${orderId}`,
  /** Subscription plans paid by stores, mechanics and tow vans. */
  subscriptions: 'platform:subscriptions',
  buyerRefunds: (userId: string) => `buyer:${userId}:refunds`,
} as const;

export interface Entry {
  account: string;
  /** Signed kobo: + into the account, − out of it. */
  amountKobo: number;
}

export interface Posting {
  kind: string;
  ref: string;
  memo?: string;
  entries: Entry[];
}

export class UnbalancedPosting extends Error {}

/**
 * Entries with a zero amount are dropped; what is left must be none (nothing moves: a cash order
 * with no commission, a release of an escrow staff refunded in full) or two or more summing to
 * zero.
 */
export function checkPosting(p: Posting): Entry[] {
  const entries = p.entries.filter((e) => e.amountKobo !== 0);
  if (entries.length === 0) return entries;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountKobo))
      throw new UnbalancedPosting(`${p.kind}/${p.ref}: ${e.account} amount is not whole kobo`);
  }
  const sum = entries.reduce((a, e) => a + e.amountKobo, 0);
  if (entries.length < 2 || sum !== 0)
    throw new UnbalancedPosting(
      `${p.kind}/${p.ref}: entries must be two or more and sum to zero (sum ${sum})`,
    );
  return entries;
}

/**
 * Writes a posting in the caller's transaction. Returns false (and writes nothing) when a
 * posting of the same kind and ref exists: posting one event twice is a no-op. A posting whose
 * entries are all zero moves no money and is not written either (false).
 */
export async function post(tx: Db, p: Posting): Promise<boolean> {
  const entries = checkPosting(p);
  if (entries.length === 0) return false;
  const [created] = await rows<{ id: number }>(
    tx,
    sql`insert into ledger_postings (kind, ref, memo) values (${p.kind}, ${p.ref}, ${p.memo ?? ''})
        on conflict (kind, ref) do nothing returning id`,
  );
  if (!created) return false;
  await tx
    .insert(s.ledgerEntries)
    .values(
      entries.map((e) => ({ postingId: created.id, account: e.account, amountKobo: e.amountKobo })),
    );
  return true;
}

/** The sum of an account's entries. */
export async function balance(db: Db, acct: string): Promise<number> {
  const [r] = await rows<{ b: number }>(
    db,
    sql`select coalesce(sum(amount_kobo), 0)::bigint as b from ledger_entries where account = ${acct}`,
  );
  return Number(r.b);
}

/**
 * A store's accounts change under its row lock (the lock a payout takes too), so two postings at
 * once can neither net the same debt twice nor spend the same balance twice. FOR NO KEY UPDATE:
 * checkouts inserting orders for the store (a key share) do not wait for it.
 */
export async function lockStore(tx: Db, storeId: number): Promise<void> {
  await tx.execute(sql`select id from stores where id = ${storeId} for no key update`);
}

/** What a store owes the platform for commission on cash orders (0 or more kobo). */
export async function commissionDue(db: Db, storeId: number): Promise<number> {
  return 0 - (await balance(db, account.storeCommissionDue(storeId)));
}

/**
 * The store's side of a posting that moves `kobo` to (+) or from (−) a store, in the caller's
 * transaction (the store is locked here). Money to a store settles what it owes first and the
 * rest goes to its balance; money from a store (commission on a cash order, which the store
 * collected itself) comes out of its balance while there is one, and the rest is recorded as
 * owed. So a store's balance never goes below zero and what it can withdraw is its balance.
 */
export async function storeEntries(tx: Db, storeId: number, kobo: number): Promise<Entry[]> {
  await lockStore(tx, storeId);
  const bal = account.storeBalance(storeId);
  const due = account.storeCommissionDue(storeId);
  if (kobo >= 0) {
    const settle = Math.min(kobo, await commissionDue(tx, storeId));
    return [
      { account: due, amountKobo: settle },
      { account: bal, amountKobo: kobo - settle },
    ];
  }
  const take = Math.max(0, Math.min(-kobo, await balance(tx, bal)));
  return [
    { account: bal, amountKobo: -take },
    { account: due, amountKobo: kobo + take },
  ];
}

/**
 * Entries that undo the listed postings (by kind and ref) as a whole, for one store: every
 * account gets back the negation of what they moved, except the store's balance and commission
 * owed, whose net is moved again through storeEntries (so a debt netted meanwhile is not owed
 * twice and the balance never goes below zero). Empty when the postings net to nothing.
 */
export async function reversalEntries(
  tx: Db,
  postings: { kind: string; ref: string }[],
  storeId: number,
): Promise<Entry[]> {
  if (postings.length === 0) return [];
  const sums = await rows<{ account: string; s: number }>(
    tx,
    sql`select e.account, sum(e.amount_kobo)::bigint as s from ledger_entries e
        join ledger_postings p on p.id = e.posting_id
        where (p.kind, p.ref) in (${sql.join(
          postings.map((x) => sql`(${x.kind}, ${x.ref})`),
          sql`, `,
        )})
        group by e.account order by e.account`,
  );
  const mine = new Set([account.storeBalance(storeId), account.storeCommissionDue(storeId)]);
  let toStore = 0;
  const out: Entry[] = [];
  for (const r of sums) {
    const amount = Number(r.s);
    if (mine.has(r.account)) toStore += amount;
    else if (amount !== 0) out.push({ account: r.account, amountKobo: -amount });
  }
  if (out.length === 0 && toStore === 0) return [];
  return [...out, ...(await storeEntries(tx, storeId, -toStore))].filter((e) => e.amountKobo !== 0);
}

/** Balances of every account whose name starts with `prefix`. */
export async function balancesLike(db: Db, prefix: string): Promise<Map<string, number>> {
  const out = await rows<{ account: string; b: number }>(
    db,
    sql`select account, sum(amount_kobo)::bigint as b from ledger_entries
        where account like ${prefix.replace(/[%_\\]/g, '\\$&') + '%'} group by account`,
  );
  return new Map(out.map((r) => [r.account, Number(r.b)]));
}

/** Postings whose entries do not sum to zero (always none; tests and operators check it). */
export async function unbalancedPostings(db: Db): Promise<number[]> {
  const out = await rows<{ posting_id: number }>(
    db,
    sql`select posting_id from ledger_entries group by posting_id having sum(amount_kobo) <> 0`,
  );
  return out.map((r) => r.posting_id);
}

export interface AccountEntry {
  kind: string;
  ref: string;
  memo: string;
  account: string;
  amountKobo: number;
  createdAt: string;
}

/** The movements of one or more accounts, newest first. */
export async function statement(
  db: Db,
  acct: string | string[],
  limit = 50,
): Promise<AccountEntry[]> {
  const accounts = [acct].flat();
  const out = await rows<{
    kind: string;
    ref: string;
    memo: string;
    account: string;
    amount_kobo: number;
    created_at: Date | string;
  }>(
    db,
    sql`select p.kind, p.ref, p.memo, e.account, e.amount_kobo, e.created_at from ledger_entries e
        join ledger_postings p on p.id = e.posting_id
        where e.account in (${sql.join(
          accounts.map((a) => sql`${a}`),
          sql`, `,
        )})
        order by e.id desc limit ${limit}`,
  );
  return out.map((r) => ({
    kind: r.kind,
    ref: r.ref,
    memo: r.memo,
    account: r.account,
    amountKobo: Number(r.amount_kobo),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
