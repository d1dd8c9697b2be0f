import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { fromJsonRow, rows, schema as s, type Db } from '@sf/db';
import type { Actor, OrderStatus } from './states.ts';

export type OrderRow = typeof s.orders.$inferSelect;
export type OrderItemRow = typeof s.orderItems.$inferSelect;
export type OrderEventRow = typeof s.orderEvents.$inferSelect;
export type StoreInfo = { name: string; urlName: string };

/**
 * A checkout's orders as its transaction wrote them, with their lines, first events and stores
 * (read in that transaction): its answer and its mails are made from these, not read back. Such
 * orders have no dispute or refund yet.
 */
export interface NewOrders {
  orders: OrderRow[];
  items: OrderItemRow[];
  events: OrderEventRow[];
  stores: Map<number, StoreInfo>;
  /** Each store's owner (stores without one are left out), as `storeOwners` reads them. */
  owners: Map<number, StoreOwner>;
}

/**
 * City and state names found in each database. Cities and states are reference data, written
 * only when a process starts (packages/db reference.ts), so a name read once stays true for the
 * process's life.
 */
const knownPlaces = new WeakMap<Db, Map<number, { city: string; state: string }>>();
/** A store's owner, as a new order's mail and notice address them. */
export interface StoreOwner {
  user_id: string;
  email: string;
  name: string;
  store_name: string;
}

/** What `placeOne` wrote for one store's order, and that store as its answer and mails show it. */
export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemRow[];
  event: OrderEventRow;
  store: StoreInfo;
  /** The store's owner, whom its new-order mail and notice go to; null for a store without one. */
  owner: StoreOwner | null;
}

export function ordersRepository(db: Db) {
  return {
    /**
     * One store's new order in ONE statement: the order, its lines, its first event ('Order
     * placed' by the buyer), and its store and owner read back with them. Checkout places its
     * orders inside a transaction that holds row locks; each statement there is a round trip to
     * the database made while those locks are held, so the order's writes go together.
     */
    async placeOne(
      order: typeof s.orders.$inferInsert,
      items: Omit<typeof s.orderItems.$inferInsert, 'orderId'>[],
      actorUserId: string,
    ): Promise<PlacedOrder> {
      const orderId = sql`(select id from o)`;
      const [r] = await rows<{
        o: Record<string, unknown>;
        i: Record<string, unknown>[];
        e: Record<string, unknown>;
        store: {
          name: string;
          url_name: string;
          user_id: string | null;
          email: string;
          owner_name: string;
        };
      }>(
        db,
        sql`with o as ${db.insert(s.orders).values(order).returning()},
          i as ${db
            .insert(s.orderItems)
            .values(items.map((it) => ({ ...it, orderId })))
            .returning()},
          e as ${db
            .insert(s.orderEvents)
            .values({
              orderId,
              fromStatus: null,
              toStatus: order.status,
              actorUserId,
              actorRole: 'buyer',
              note: 'Order placed',
            })
            .returning()}
          select (select to_jsonb(o) from o) as o,
            (select coalesce(jsonb_agg(to_jsonb(i) order by i.product_id), '[]'::jsonb) from i) as i,
            (select to_jsonb(e) from e) as e,
            (select jsonb_build_object('name', st.name, 'url_name', st.url_name, 'user_id', u.id,
                'email', u.email, 'owner_name', u.name)
              from stores st left join users u on u.id = st.owner_user_id
              where st.id = ${order.storeId}) as store`,
      );
      const st = r.store;
      return {
        order: fromJsonRow(s.orders, r.o),
        items: r.i.map((x) => fromJsonRow(s.orderItems, x)),
        event: fromJsonRow(s.orderEvents, r.e),
        store: { name: st.name, urlName: st.url_name },
        owner: st.user_id
          ? { user_id: st.user_id, email: st.email, name: st.owner_name, store_name: st.name }
          : null,
      };
    },

    async event(e: {
      orderId: number;
      from: string | null;
      to: string;
      actorUserId: string | null;
      actorRole: Actor;
      note?: string;
    }): Promise<OrderEventRow> {
      const [row] = await db
        .insert(s.orderEvents)
        .values({
          orderId: e.orderId,
          fromStatus: e.from,
          toStatus: e.to,
          actorUserId: e.actorUserId,
          actorRole: e.actorRole,
          note: e.note ?? '',
        })
        .returning();
      return row;
    },

    /**
     * The one way an order changes state: a conditional update that only succeeds from an
     * allowed state, so two moves at once cannot both happen. Returns the row before and after.
     */
    async move(
      id: number,
      from: OrderStatus[],
      to: OrderStatus,
      set: Partial<typeof s.orders.$inferInsert> = {},
    ): Promise<{ before: string; after: OrderRow } | null> {
      const [r] = await rows<{ before: string; id: number }>(
        db,
        sql`with prev as (select id, status from orders where id = ${id} for update)
          select prev.status as before, prev.id from prev`,
      );
      if (!r || !from.includes(r.before as OrderStatus)) return null;
      const [after] = await db
        .update(s.orders)
        .set({ ...set, status: to, updatedAt: new Date() })
        .where(and(eq(s.orders.id, id), eq(s.orders.status, r.before)))
        .returning();
      return after ? { before: r.before, after } : null;
    },

    /** Locks the order's row in `tx` until it ends. */
    async lock(id: number) {
      await db.execute(sql`select id from orders where id = ${id} for update`);
    },

    async find(id: number): Promise<OrderRow | undefined> {
      return (await db.select().from(s.orders).where(eq(s.orders.id, id)))[0];
    },

    async byCheckout(checkoutId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(s.orders)
        .where(eq(s.orders.checkoutId, checkoutId))
        .orderBy(s.orders.id);
    },

    async listBuyer(userId: string, o: { status?: string; lastId?: number; limit: number }) {
      return db
        .select()
        .from(s.orders)
        .where(
          and(
            eq(s.orders.buyerUserId, userId),
            o.status ? eq(s.orders.status, o.status) : undefined,
            o.lastId ? lt(s.orders.id, o.lastId) : undefined,
          ),
        )
        .orderBy(desc(s.orders.id))
        .limit(o.limit);
    },

    async listStores(storeIds: number[], o: { status?: string; lastId?: number; limit: number }) {
      if (storeIds.length === 0) return [];
      return db
        .select()
        .from(s.orders)
        .where(
          and(
            inArray(s.orders.storeId, storeIds),
            o.status ? eq(s.orders.status, o.status) : undefined,
            o.lastId ? lt(s.orders.id, o.lastId) : undefined,
          ),
        )
        .orderBy(desc(s.orders.id))
        .limit(o.limit);
    },

    async items(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(s.orderItems)
        .where(inArray(s.orderItems.orderId, orderIds))
        .orderBy(s.orderItems.orderId, s.orderItems.productId);
    },

    async events(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(s.orderEvents)
        .where(inArray(s.orderEvents.orderId, orderIds))
        .orderBy(s.orderEvents.orderId, s.orderEvents.id);
    },

    async storesOwnedBy(userId: string): Promise<number[]> {
      const r = await db
        .select({ id: s.stores.id })
        .from(s.stores)
        .where(eq(s.stores.ownerUserId, userId))
        .orderBy(s.stores.id);
      return r.map((x) => x.id);
    },

    async storeInfo(ids: number[]): Promise<Map<number, StoreInfo>> {
      if (ids.length === 0) return new Map();
      const r = await db
        .select({ id: s.stores.id, name: s.stores.name, urlName: s.stores.urlName })
        .from(s.stores)
        .where(inArray(s.stores.id, ids));
      return new Map(r.map((x) => [x.id, x]));
    },

    async people(ids: string[]) {
      if (ids.length === 0)
        return new Map<string, { name: string; email: string; phone: string }>();
      const r = await db
        .select({ id: s.users.id, name: s.users.name, email: s.users.email, phone: s.users.phone })
        .from(s.users)
        .where(inArray(s.users.id, ids));
      return new Map(r.map((x) => [x.id, x]));
    },

    /**
     * City and state names by city id, remembered per database (see `knownPlaces`): in a
     * transaction, `memo` names the database whose names to use (each transaction is a new object).
     */
    async placeNames(cityIds: number[], memo: Db = db) {
      let known = knownPlaces.get(memo);
      if (!known) knownPlaces.set(memo, (known = new Map()));
      const out = new Map<number, { city: string; state: string }>();
      const missing = cityIds.filter((id) => {
        const got = known.get(id);
        if (got) out.set(id, got);
        return !got;
      });
      if (missing.length === 0) return out;
      const r = await rows<{ id: number; city: string; state: string }>(
        db,
        sql`select c.id, c.name as city, st.name as state from cities c join states st on st.id = c.state_id
          where c.id in (${sql.join(
            missing.map((i) => sql`${i}`),
            sql`, `,
          )})`,
      );
      for (const x of r) {
        const place = { city: x.city, state: x.state };
        known.set(x.id, place);
        out.set(x.id, place);
      }
      return out;
    },

    /** What an invoice says of the store: its name, address and phones. */
    async storeCard(storeId: number) {
      const [r] = await rows<{
        name: string;
        url_name: string;
        address: string;
        phones: string[];
        city: string;
        state: string;
      }>(
        db,
        sql`select st.name, st.url_name, st.address, st.phones, c.name as city, sa.name as state
          from stores st join cities c on c.id = st.city_id join states sa on sa.id = st.state_id
          where st.id = ${storeId}`,
      );
      return r;
    },

    /** The owners of these stores, by store id (a store without an owner is left out). */
    async storeOwners(storeIds: number[]) {
      const out = new Map<number, StoreOwner>();
      if (storeIds.length === 0) return out;
      const r = await rows<StoreOwner & { store_id: number }>(
        db,
        sql`select st.id as store_id, u.id as user_id, u.email, u.name, st.name as store_name from stores st
          join users u on u.id = st.owner_user_id where st.id in (${sql.join(
            storeIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
      );
      for (const { store_id, ...owner } of r) out.set(store_id, owner);
      return out;
    },

    /** The disputes of these orders' lines, oldest first. */
    async disputes(ids: number[]) {
      if (ids.length === 0) return [];
      return rows<{
        id: number;
        order_id: number;
        product_id: number;
        status: string;
        escalated: boolean;
      }>(
        db,
        sql`select id, order_id, product_id, status, escalate_at <= now() as escalated from disputes
          where order_id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) order by id`,
      );
    },

    /**
     * Every refund of these orders, oldest first: a cancelled order's own, staff's partial ones
     * (`order-part`, purpose id `<order>:<key>`) and those of the orders' disputes. Found through
     * the orders' payment references (indexed), then matched to their order.
     */
    async refunds(orders: { id: number; paymentReference: string | null }[]) {
      const refs = [...new Set(orders.map((o) => o.paymentReference).filter((r) => r !== null))];
      if (refs.length === 0) return [];
      const got = await rows<{
        order_id: number;
        purpose: string;
        reference: string;
        amount_kobo: number;
        status: string;
        created_at: Date | string;
        updated_at: Date | string;
      }>(
        db,
        sql`select case r.purpose when 'order' then r.purpose_id::int
                   when 'order-part' then split_part(r.purpose_id, ':', 1)::int
                   else d.order_id end as order_id,
                 r.purpose, r.reference, r.amount_kobo, r.status, r.created_at, r.updated_at
          from refunds r left join disputes d on r.purpose = 'dispute' and d.id::text = r.purpose_id
          where r.payment_reference in (${sql.join(
            refs.map((x) => sql`${x}`),
            sql`, `,
          )})
          order by r.created_at, r.reference`,
      );
      const ids = new Set(orders.map((o) => o.id));
      return got
        .filter((r) => ids.has(Number(r.order_id)))
        .map((r) => ({
          orderId: Number(r.order_id),
          purpose: r.purpose,
          reference: r.reference,
          amountKobo: Number(r.amount_kobo),
          status: r.status,
          createdAt: new Date(r.created_at),
          updatedAt: new Date(r.updated_at),
        }));
    },

    /** Gives a checkout's coupon use back once none of its orders goes ahead. */
    async releaseCouponIfDead(checkoutId: string) {
      const [alive] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where checkout_id = ${checkoutId}
          and status not in ('cancelled', 'refunded')`,
      );
      if (alive.n > 0) return;
      const [r] = await rows<{ coupon_id: number }>(
        db,
        sql`update coupon_redemptions set released_at = now()
          where checkout_id = ${checkoutId} and released_at is null returning coupon_id`,
      );
      if (r)
        await db.execute(
          sql`update coupons set used_count = used_count - 1 where id = ${r.coupon_id} and used_count > 0`,
        );
    },
  };
}
