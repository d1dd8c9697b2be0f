import { eq, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { account } from '../ledger/ledger.ts';
import type { OrderRow } from './repository.ts';

// Staff's view of orders: the list they search, the order locked for a change, its escrow hold
// and the ledger postings that touched it.

export interface AdminOrderListRow {
  id: number;
  status: string;
  payment_method: string;
  store_name: string;
  buyer_email: string;
  total_kobo: number;
  paid_at: Date | null;
  escrow_held_at: Date | null;
  created_at: Date;
}

/** One entry of a posting that touched the order (a posting has one row per entry). */
export interface PostingEntryRow {
  id: number;
  kind: string;
  ref: string;
  memo: string;
  created_at: Date;
  account: string;
  amount_kobo: number;
}

/** What the search box matched: an order number, a buyer's e-mail (part of it) or a reference. */
export type OrderMatch = { id: number } | { email: string } | { reference: string };

export interface AdminOrderFilter {
  match?: OrderMatch;
  status?: string;
  lastId?: number;
}

const matchSql = (m: OrderMatch | undefined) =>
  !m
    ? sql`true`
    : 'id' in m
      ? sql`o.id = ${m.id}`
      : 'email' in m
        ? sql`u.email ilike ${`%${m.email.replace(/[\\%_]/g, '\\$&')}%`}`
        : sql`o.payment_reference = ${m.reference}`;

export function adminOrdersRepository(db: Db) {
  return {
    list: (f: AdminOrderFilter, limit: number) =>
      rows<AdminOrderListRow>(
        db,
        sql`select o.id, o.status, o.payment_method, st.name as store_name, coalesce(u.email, u.phone) as buyer_email,
                 o.total_kobo, o.paid_at, o.escrow_held_at, o.created_at
          from orders o join stores st on st.id = o.store_id join users u on u.id = o.buyer_user_id
          where ${matchSql(f.match)}
            and ${f.status ? sql`o.status = ${f.status}` : sql`true`}
            and ${f.lastId ? sql`o.id < ${f.lastId}` : sql`true`}
          order by o.id desc limit ${limit}`,
      ),

    /** The order row, locked for the rest of the transaction. */
    lock: async (id: number): Promise<OrderRow | undefined> =>
      (await db.select().from(s.orders).where(eq(s.orders.id, id)).for('update'))[0],

    /** Holds the escrow (a date) or lifts the hold (null); answers the order as it is now. */
    setEscrowHeld: async (id: number, at: Date | null): Promise<OrderRow> =>
      (
        await db
          .update(s.orders)
          .set({ escrowHeldAt: at, updatedAt: new Date() })
          .where(eq(s.orders.id, id))
          .returning()
      )[0],

    /** Lifts a hold as part of another change of the order (which dates it). */
    clearEscrowHold: (id: number) =>
      db.update(s.orders).set({ escrowHeldAt: null }).where(eq(s.orders.id, id)),

    /** Every posting that touched the order's escrow or names the order, with all its entries. */
    postings: (id: number) =>
      rows<PostingEntryRow>(
        db,
        sql`select p.id, p.kind, p.ref, p.memo, p.created_at, e.account, e.amount_kobo
        from ledger_postings p join ledger_entries e on e.posting_id = p.id
        where p.id in (select posting_id from ledger_entries where account = ${account.escrow(id)})
           or p.ref = ${String(id)}
        order by p.id, e.id`,
      ),
  };
}
