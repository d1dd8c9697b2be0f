// The money invariants, read from the ledger and set against what the local Paystack server (the
// outside world: what Paystack took in, refunded and transferred) says happened. Each returns
// the violations it finds as sentences; none is ever an acceptable answer.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { unbalancedPostings } from './ledger.ts';

type Group = 'in' | 'refunds' | 'payouts' | 'escrow' | 'stores' | 'platform';

/**
 * Where an account's money sits. Money in is what Paystack took (minus the clearing account's
 * balance); money out is what went back to buyers and out to stores' banks; the rest is held:
 * in escrow per order, as what stores own (their balance, less commission they owe, a cash
 * order's platform discount held until it completes, any other store account), or as the platform's (commission, less the coupons it paid, plus plans).
 */
export function groupOf(acct: string): Group | null {
  if (acct === 'paystack:clearing') return 'in';
  if (/^buyer:[^:]+:refunds$/.test(acct)) return 'refunds';
  if (/^store:\d+:payouts$/.test(acct)) return 'payouts';
  if (/^escrow:order:\d+$/.test(acct)) return 'escrow';
  // A platform coupon's discount on a cash order, the store's once the order completes.
  if (/^pending:order:\d+$/.test(acct)) return 'stores';
  if (/^store:\d+:[a-z_]+$/.test(acct)) return 'stores';
  if (/^platform:[a-z_]+$/.test(acct)) return 'platform';
  return null;
}

const n = (v: unknown) => Number(v ?? 0);

/** Checks that hold after every operation, whatever is still in flight. */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const unbalanced = await unbalancedPostings(db);
  if (unbalanced.length) out.push(`postings that do not sum to zero: ${unbalanced.join(', ')}`);

  const accounts = await rows<{ account: string; b: string }>(
    db,
    sql`select account, sum(amount_kobo)::bigint as b from ledger_entries group by account`,
  );
  const sums: Record<Group, number> = {
    in: 0,
    refunds: 0,
    payouts: 0,
    escrow: 0,
    stores: 0,
    platform: 0,
  };
  for (const a of accounts) {
    const g = groupOf(a.account);
    const b = n(a.b);
    if (!g) {
      out.push(`account ${a.account} (${b}) is in none of in/out/escrow/stores/platform`);
      continue;
    }
    sums[g] += g === 'in' ? -b : b;
    if (/^store:\d+:balance$/.test(a.account) && b < 0)
      out.push(`${a.account} is below zero: ${b}`);
    if (/:commission_due$/.test(a.account) && b > 0)
      out.push(`${a.account} is above zero (a store cannot be owed through it): ${b}`);
    if ((['escrow', 'refunds', 'payouts'].includes(g) || a.account.startsWith('pending:')) && b < 0)
      out.push(`${a.account} is below zero: ${b}`);
  }
  const held = sums.refunds + sums.payouts + sums.escrow + sums.stores + sums.platform;
  if (sums.in !== held)
    out.push(
      `money in ${sums.in} ≠ out (refunds ${sums.refunds} + payouts ${sums.payouts}) + escrow ${sums.escrow} + stores ${sums.stores} + platform ${sums.platform}`,
    );

  // An order's escrow holds its total while it is paid and not yet settled, and nothing else.
  const orders = await rows<{
    id: number;
    status: string;
    method: string;
    total: string;
    e: string;
    pending: string;
  }>(
    db,
    sql`select o.id, o.status, o.payment_method as method, o.total_kobo as total,
          coalesce((select sum(amount_kobo) from ledger_entries where account = 'escrow:order:' || o.id), 0)::bigint as e,
          coalesce((select sum(amount_kobo) from ledger_entries where account = 'pending:order:' || o.id), 0)::bigint as pending
        from orders o`,
  );
  for (const o of orders) {
    const held = ['paid', 'processing', 'shipped', 'delivered'].includes(o.status);
    const want = o.method === 'paystack' && held ? n(o.total) : 0;
    if (n(o.e) !== want)
      out.push(`order ${o.id} (${o.method}, ${o.status}) has ${n(o.e)} in escrow, not ${want}`);
    // A cash order's held discount is the store's only once the order completes.
    if (
      n(o.pending) !== 0 &&
      !['pay_on_delivery', 'processing', 'shipped', 'delivered'].includes(o.status)
    )
      out.push(`order ${o.id} (${o.method}, ${o.status}) still holds ${n(o.pending)} pending`);
  }

  // A reference is paid once: one payment posting per successful payment, none for any other.
  const payments = await rows<{ reference: string; status: string; postings: number }>(
    db,
    sql`select p.reference, p.status,
          (select count(*)::int from ledger_postings lp where lp.kind = 'payment' and lp.ref = p.reference) as postings
        from payments p`,
  );
  for (const p of payments) {
    const want = p.status === 'success' ? 1 : 0;
    if (p.postings !== want)
      out.push(`payment ${p.reference} (${p.status}) has ${p.postings} payment postings`);
  }

  // No refund exceeds what was paid: refunds recorded per payment, and the ledger's per buyer.
  const over = await rows<{ reference: string; paid: string; refunded: string }>(
    db,
    sql`select p.reference, p.amount_kobo as paid, sum(r.amount_kobo)::bigint as refunded
        from payments p join refunds r on r.payment_reference = p.reference
        group by p.reference, p.amount_kobo having sum(r.amount_kobo) > p.amount_kobo`,
  );
  for (const r of over)
    out.push(`payment ${r.reference} of ${n(r.paid)} has ${n(r.refunded)} of refunds recorded`);
  const owed = await rows<{ account: string; ledger: string; recorded: string }>(
    db,
    sql`select 'buyer:' || p.user_id || ':refunds' as account, sum(r.amount_kobo)::bigint as recorded,
          coalesce((select sum(amount_kobo) from ledger_entries e where e.account = 'buyer:' || p.user_id || ':refunds'), 0)::bigint as ledger
        from refunds r join payments p on p.reference = r.payment_reference group by p.user_id`,
  );
  for (const r of owed)
    if (n(r.ledger) !== n(r.recorded))
      out.push(`${r.account}: the ledger owes ${n(r.ledger)}, refunds recorded ${n(r.recorded)}`);

  // No payout exceeds what the store was due: paid out never above what reached its accounts.
  const stores = await rows<{ store: string; credited: string; out: string }>(
    db,
    sql`select split_part(account, ':', 2) as store,
          sum(case when account not like '%:payouts' and amount_kobo > 0 then amount_kobo else 0 end)::bigint as credited,
          sum(case when account like '%:payouts' then amount_kobo else 0 end)::bigint as out
        from ledger_entries where account like 'store:%' group by 1`,
  );
  for (const s of stores)
    if (n(s.out) > n(s.credited))
      out.push(
        `store ${s.store} was paid out ${n(s.out)}, more than the ${n(s.credited)} it earned`,
      );
  return out;
}

/**
 * Where the money is, in kobo: what Paystack took in, what left (paid back to buyers as Paystack
 * processed it; transferred to stores and not reversed) and what is held (escrow, refunds owed
 * to buyers that Paystack has not paid back, stores' accounts, the platform's). `in` equals
 * `returned + paidOut + escrow + owedToBuyers + stores + platform` when the ledger holds.
 */
export async function moneyPicture(db: Db) {
  const accounts = await rows<{ account: string; b: string }>(
    db,
    sql`select account, sum(amount_kobo)::bigint as b from ledger_entries group by account`,
  );
  const sums: Record<Group, number> = {
    in: 0,
    refunds: 0,
    payouts: 0,
    escrow: 0,
    stores: 0,
    platform: 0,
  };
  for (const a of accounts) {
    const g = groupOf(a.account);
    if (g) sums[g] += g === 'in' ? -n(a.b) : n(a.b);
  }
  const [r] = await rows<{ returned: string; failed: string }>(
    db,
    sql`select
          (select coalesce(sum(amount_kobo), 0) from paystack_test_records where kind = 'refund' and status = 'processed')::bigint as returned,
          (select coalesce(sum(amount_kobo), 0) from refunds where status = 'failed')::bigint as failed`,
  );
  return {
    in: sums.in,
    returned: n(r.returned),
    paidOut: sums.payouts,
    escrow: sums.escrow,
    owedToBuyers: sums.refunds - n(r.returned),
    failedRefunds: n(r.failed),
    stores: sums.stores,
    platform: sums.platform,
  };
}

/**
 * Checks against the outside world, once nothing is in flight (every webhook delivered, every
 * job run): what Paystack took, refunded and transferred is what the ledger says.
 */
export async function settledViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const [money] = await rows<{ taken: string; cleared: string }>(
    db,
    sql`select
          (select coalesce(sum(amount_kobo), 0) from paystack_test_records where kind = 'transaction' and status = 'success')::bigint as taken,
          (select coalesce(-sum(amount_kobo), 0) from ledger_entries where account = 'paystack:clearing')::bigint as cleared`,
  );
  if (n(money.taken) !== n(money.cleared))
    out.push(
      `Paystack took ${n(money.taken)} from buyers; the ledger shows ${n(money.cleared)} in`,
    );
  const unpaid = await rows<{ code: string; status: string | null }>(
    db,
    sql`select t.code, p.status from paystack_test_records t left join payments p on p.reference = t.code
        where t.kind = 'transaction' and t.status = 'success' and (p.status is null or p.status <> 'success')`,
  );
  for (const u of unpaid)
    out.push(`Paystack took payment ${u.code} but ours is ${u.status ?? 'missing'}`);

  // Refunds: what Paystack holds or paid back per payment is what we sent, never more (a refund
  // Paystack could not pay, failed or needing attention, is not money sent back). A refund still
  // unsent is allowed only while its job is leased by a process that was killed (it runs again
  // when the lease ends, minutes later on the database's clock).
  const refunds = await rows<{
    reference: string;
    at_paystack: string;
    sent: string;
    unsent: string;
    paid: string;
  }>(
    db,
    sql`select p.reference, p.amount_kobo as paid,
          coalesce((select sum(amount_kobo) from paystack_test_records x where x.kind = 'refund'
                    and x.reference = p.reference and x.status not in ('failed', 'needs-attention')), 0)::bigint as at_paystack,
          coalesce((select sum(amount_kobo) from refunds r where r.payment_reference = p.reference
                    and r.status in ('sent', 'processed')), 0)::bigint as sent,
          coalesce((select sum(amount_kobo) from refunds r where r.payment_reference = p.reference
                    and r.status in ('pending', 'sending')), 0)::bigint as unsent
        from payments p where p.status = 'success'`,
  );
  for (const r of refunds) {
    if (n(r.at_paystack) < n(r.sent) || n(r.at_paystack) > n(r.sent) + n(r.unsent))
      out.push(
        `payment ${r.reference}: Paystack refunded ${n(r.at_paystack)}, we recorded ${n(r.sent)} as sent (${n(r.unsent)} unsent)`,
      );
    if (n(r.at_paystack) > n(r.paid))
      out.push(`payment ${r.reference} of ${n(r.paid)} was refunded ${n(r.at_paystack)}`);
  }
  const stuck = await rows<{
    reference: string;
    status: string;
    attempts: number;
    last_error: string | null;
    job: string | null;
  }>(
    db,
    sql`select r.reference, r.status, r.attempts, r.last_error,
          (select j.key || ' attempts ' || j.attempts || '/' || j.max_attempts || coalesce(' last error: ' || j.last_error, '')
             || case when j.done_at is not null then ' done' else '' end
           from jobs j where j.key = r.purpose || 's.refund:' || r.purpose_id) as job
        from refunds r where r.status in ('pending', 'sending')
          and not exists (select 1 from jobs j where j.key = r.purpose || 's.refund:' || r.purpose_id
                          and j.done_at is null and j.locked_until > now())`,
  );
  for (const r of stuck)
    out.push(
      `refund ${r.reference} is still ${r.status} after every job ran (${r.attempts} attempts, last error: ${r.last_error ?? 'none'}; job ${r.job ?? 'none'})`,
    );

  // Each refund reads what Paystack last said of it: processed only when Paystack paid it back,
  // failed when Paystack could not (failed, or needs-attention), never sent twice.
  const told = await rows<{ reference: string; status: string; at: string | null; n: number }>(
    db,
    sql`select r.reference, r.status, string_agg(x.status, ',' order by x.id) as at, count(x.id)::int as n
        from refunds r left join paystack_test_records x
          on x.kind = 'refund' and x.data->>'merchantNote' = r.reference
        group by r.reference, r.status`,
  );
  for (const r of told) {
    const at = r.at ?? 'nothing';
    const states = at.split(',');
    // Sent again after Paystack could not pay an earlier try (a retry that did not yet know):
    // still one payment back, and never one after another that was paid.
    const unpaid = (x: string) => ['failed', 'needs-attention'].includes(x);
    const ok =
      r.status === 'processed'
        ? states.at(-1) === 'processed' && states.slice(0, -1).every(unpaid)
        : r.status === 'failed'
          ? states.every(unpaid)
          : r.status === 'sent'
            ? r.n === 1 && at === 'pending'
            : // pending or sending: unsent, or sent by a process killed before it said so
              r.n <= 1;
    if (!ok) out.push(`refund ${r.reference} is ${r.status}; at Paystack: ${at}`);
  }

  // Payouts: each reads what Paystack last said of its transfer, and its money came back to the
  // balance (one payout_reversal posting) exactly when the transfer failed or was reversed.
  const payouts = await rows<{
    reference: string;
    status: string;
    at: string | null;
    back: number;
  }>(
    db,
    sql`select p.reference, p.status, t.status as at,
          (select count(*)::int from ledger_postings lp where lp.kind = 'payout_reversal' and lp.ref = p.id::text) as back
        from payouts p left join paystack_test_records t on t.kind = 'transfer' and t.reference = p.reference`,
  );
  for (const p of payouts) {
    const at = p.at ?? 'nothing';
    const ok =
      p.status === 'success'
        ? at === 'success' && p.back === 0
        : p.status === 'reversed'
          ? at === 'reversed' && p.back === 1
          : p.status === 'failed'
            ? ['failed', 'nothing'].includes(at) && p.back === 1
            : false;
    if (!ok)
      out.push(
        `payout ${p.reference} is ${p.status} with ${p.back} payout_reversal postings; at Paystack: ${at}`,
      );
  }

  // Payouts: what left for each store's bank is what the ledger paid out.
  const transfers = await rows<{ store: number; sent: string; ledger: string }>(
    db,
    sql`select b.store_id as store,
          coalesce((select sum(t.amount_kobo) from paystack_test_records t where t.kind = 'transfer'
                    and t.status = 'success' and t.data->>'recipient' = b.recipient_code), 0)::bigint as sent,
          coalesce((select sum(amount_kobo) from ledger_entries e where e.account = 'store:' || b.store_id || ':payouts'), 0)::bigint as ledger
        from store_bank_accounts b`,
  );
  for (const t of transfers)
    if (n(t.sent) !== n(t.ledger))
      out.push(
        `store ${t.store}: Paystack transferred ${n(t.sent)}, the ledger paid out ${n(t.ledger)}`,
      );
  const twice = await rows<{ reference: string; status: string }>(
    db,
    sql`select p.reference, p.status from payouts p join paystack_test_records t
          on t.kind = 'transfer' and t.reference = p.reference and t.status = 'success'
        where p.status = 'failed'`,
  );
  for (const t of twice)
    out.push(
      `payout ${t.reference} is marked failed (money back on the balance) but Paystack sent it`,
    );
  return out;
}
