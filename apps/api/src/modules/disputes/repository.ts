import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface DisputeRow {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  line_total_kobo: number;
  store_id: number;
  store_name: string;
  store_owner_id: string;
  buyer_user_id: string;
  buyer_name: string;
  reason: string;
  status: string;
  offer: string | null;
  offer_kobo: number | null;
  outcome: string | null;
  refund_kobo: number | null;
  escalate_at: Date;
  resolved_at: Date | null;
  created_at: Date;
  order_total_kobo: number;
  payment_method: string;
  /** The dispute's refund as the refunds record has it (null without one). */
  refund_status: string | null;
}

export interface MessageRow {
  id: number;
  author_role: string;
  author_name: string | null;
  body: string;
  photo_key: string | null;
  created_at: Date;
}

const SELECT = sql`select d.id, d.order_id, d.product_id, oi.name as product_name, oi.line_total_kobo, d.store_id,
  st.name as store_name, st.owner_user_id as store_owner_id, d.buyer_user_id, u.name as buyer_name, d.reason, d.status,
  d.offer, d.offer_kobo, d.outcome, d.refund_kobo, d.escalate_at, d.resolved_at, d.created_at,
  o.total_kobo as order_total_kobo, o.payment_method, rf.status as refund_status
  from disputes d join order_items oi on oi.order_id = d.order_id and oi.product_id = d.product_id
  join orders o on o.id = d.order_id join stores st on st.id = d.store_id join users u on u.id = d.buyer_user_id
  left join refunds rf on rf.purpose = 'dispute' and rf.purpose_id = d.id::text`;

const list = (db: Db, where: SQL, limit: number) =>
  rows<DisputeRow>(db, sql`${SELECT} where ${where} order by d.id desc limit ${limit}`);

export const disputesRepository = (db: Db) => ({
  /** The order line a buyer disputes, with its order. */
  line: async (orderId: number, productId: number) =>
    (
      await rows<{
        buyer_user_id: string;
        status: string;
        store_id: number;
        delivered_at: Date | null;
      }>(
        db,
        sql`select o.buyer_user_id, o.status, o.store_id, o.delivered_at from orders o
          join order_items oi on oi.order_id = o.id and oi.product_id = ${productId} where o.id = ${orderId}`,
      )
    )[0],
  insert: async (d: {
    orderId: number;
    productId: number;
    storeId: number;
    buyerUserId: string;
    reason: string;
    escalateAt: Date;
  }) =>
    (
      await rows<{ id: number }>(
        db,
        sql`insert into disputes (order_id, product_id, store_id, buyer_user_id, reason, escalate_at)
          values (${d.orderId}, ${d.productId}, ${d.storeId}, ${d.buyerUserId}, ${d.reason}, ${d.escalateAt.toISOString()})
          on conflict (order_id, product_id) do nothing returning id`,
      )
    )[0],
  /**
   * Marks a still-delivered order disputed; false when it moved on meanwhile (its money was just
   * released). The row lock this takes orders it with a release of the same order.
   */
  markOrderDisputed: async (orderId: number) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update orders set disputed_at = coalesce(disputed_at, now()), updated_at = now()
          where id = ${orderId} and status = 'delivered' returning id`,
      )
    ).length > 0,
  /** Clears the order's dispute mark when none of its disputes is open any more. */
  clearOrderIfSettled: (orderId: number) =>
    db.execute(
      sql`update orders set disputed_at = null, updated_at = now() where id = ${orderId}
        and not exists (select 1 from disputes where order_id = ${orderId} and status <> 'resolved')`,
    ),
  one: async (id: number) => (await rows<DisputeRow>(db, sql`${SELECT} where d.id = ${id}`))[0],
  /** The row locked for a change (in a transaction). */
  lock: async (id: number) =>
    (
      await rows<{ id: number; status: string }>(
        db,
        sql`select id, status from disputes where id = ${id} for update`,
      )
    )[0],
  /** The buyer's disputes and those against their stores, newest first. */
  listMine: (userId: string, storeIds: number[], limit: number) =>
    list(
      db,
      storeIds.length
        ? sql`(d.buyer_user_id = ${userId} or d.store_id in (${sql.join(
            storeIds.map((s) => sql`${s}`),
            sql`, `,
          )}))`
        : sql`d.buyer_user_id = ${userId}`,
      limit,
    ),
  /** Open disputes, those past their days for staff to decide (waiting), or all; newest first. */
  listForStaff: (status: 'open' | 'waiting' | 'all', limit: number) =>
    list(
      db,
      status === 'all'
        ? sql`true`
        : status === 'waiting'
          ? sql`d.status <> 'resolved' and d.escalate_at <= now()`
          : sql`d.status <> 'resolved'`,
      limit,
    ),
  messages: (id: number) =>
    rows<MessageRow>(
      db,
      sql`select m.id, m.author_role, u.name as author_name, m.body, m.photo_key, m.created_at
        from dispute_messages m left join users u on u.id = m.author_user_id where m.dispute_id = ${id} order by m.id`,
    ),
  message: (m: {
    disputeId: number;
    authorUserId: string | null;
    authorRole: string;
    body: string;
    photoKey?: string | null;
  }) =>
    db.execute(
      sql`insert into dispute_messages (dispute_id, author_user_id, author_role, body, photo_key)
        values (${m.disputeId}, ${m.authorUserId}, ${m.authorRole}, ${m.body}, ${m.photoKey ?? null})`,
    ),
  offer: (id: number, kind: string, kobo: number | null) =>
    db.execute(
      sql`update disputes set status = 'offered', offer = ${kind}, offer_kobo = ${kobo} where id = ${id}`,
    ),
  resolve: (id: number, outcome: string, refundKobo: number | null, by: string | null) =>
    db.execute(
      sql`update disputes set status = 'resolved', outcome = ${outcome}, refund_kobo = ${refundKobo},
        resolved_at = now(), resolved_by = ${by} where id = ${id}`,
    ),
  emails: async (userIds: string[]) =>
    new Map(
      (
        await rows<{ id: string; email: string; name: string }>(
          db,
          sql`select id, email, name from users where id in (${sql.join(
            userIds.map((u) => sql`${u}::uuid`),
            sql`, `,
          )})`,
        )
      ).map((r) => [r.id, r]),
    ),
  storesOwnedBy: async (userId: string) =>
    (
      await rows<{ id: number }>(db, sql`select id from stores where owner_user_id = ${userId}`)
    ).map((r) => r.id),
  /** Unsettled disputes against these stores. */
  openAgainst: async (storeIds: number[]) =>
    storeIds.length === 0
      ? 0
      : ((
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from disputes where status <> 'resolved'
                and store_id in (${sql.join(
                  storeIds.map((s) => sql`${s}`),
                  sql`, `,
                )})`,
          )
        )[0]?.n ?? 0),
  /** Disputes waiting for staff: unresolved past their 5 days. */
  awaitingStaff: async () =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from disputes where status <> 'resolved' and escalate_at <= now()`,
      )
    )[0].n,
});
