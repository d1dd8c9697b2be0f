import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';

/** Account names of the ledger (see docs/commerce-api.md, "Ledger"). */
export const account = {
  clearing: 'paystack:clearing',
  escrow: (orderId: number) => `escrow:order:${orderId}`,
  storeBalance: (storeId: number) => `store:${storeId}:balance`,
  storePayouts: (storeId: number) => `store:${storeId}:payouts`,
  commission: 'platform:commission',
  promotions: 'platform:promotions',
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

/** Entries with a zero amount are dropped; what is left must be two or more, summing to zero. */
export function checkPosting(p: Posting): Entry[] {
  const entries = p.entries.filter((e) => e.amountKobo !== 0);
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
 * posting of the same kind and ref exists: posting one event twice is a no-op.
 */
export async function post(tx: Db, p: Posting): Promise<boolean> {
  const entries = checkPosting(p);
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
  amountKobo: number;
  createdAt: string;
}

/** An account's movements, newest first. */
export async function statement(db: Db, acct: string, limit = 50): Promise<AccountEntry[]> {
  const out = await rows<{
    kind: string;
    ref: string;
    memo: string;
    amount_kobo: number;
    created_at: Date | string;
  }>(
    db,
    sql`select p.kind, p.ref, p.memo, e.amount_kobo, e.created_at from ledger_entries e
        join ledger_postings p on p.id = e.posting_id where e.account = ${acct}
        order by e.id desc limit ${limit}`,
  );
  return out.map((r) => ({
    kind: r.kind,
    ref: r.ref,
    memo: r.memo,
    amountKobo: Number(r.amount_kobo),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
