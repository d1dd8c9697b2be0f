import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface TrackRecordRow {
  verified: boolean;
  created_at: Date;
  orders: number;
  completed: number;
  finished: number;
  disputed: number;
  refunded: number;
  median_ship_hours: number | null;
  median_reply_minutes: number | null;
  replied_threads: number;
}

/** A store's track record, counted in one query from its orders and chats (nothing stored). */
export const trackRecordRepository = (db: Db) => ({
  /** The store's figures; undefined when no store has that name. */
  figures: async (urlName: string) =>
    (
      await rows<TrackRecordRow>(
        db,
        sql`with st as (select id, verified, created_at, owner_user_id from stores where url_name = ${urlName}),
    o as (select o.* from orders o join st on o.store_id = st.id
      where o.status <> 'pending_payment' and not (o.status = 'cancelled' and o.paid_at is null and o.payment_method = 'paystack'))
    select st.verified, st.created_at,
      (select count(*)::int from o) as orders,
      (select count(*)::int from o where o.status = 'completed') as completed,
      (select count(*)::int from o where o.status = 'completed'
        or (o.status in ('cancelled', 'refunded') and not exists (select 1 from order_events e
          where e.order_id = o.id and e.to_status = 'cancelled' and e.actor_role = 'buyer'))) as finished,
      (select count(*)::int from o where exists (select 1 from disputes d where d.order_id = o.id)) as disputed,
      (select count(*)::int from o where o.status = 'refunded'
        or exists (select 1 from disputes d where d.order_id = o.id and d.outcome = 'refund')) as refunded,
      (select (percentile_cont(0.5) within group (order by extract(epoch from e.created_at - coalesce(o.paid_at, o.created_at)) / 3600))::float
        from o join order_events e on e.order_id = o.id and e.to_status = 'shipped') as median_ship_hours,
      r.median_reply_minutes, r.replied_threads
    from st cross join lateral (
      select (percentile_cont(0.5) within group (order by extract(epoch from f.reply - q.ask) / 60))::float as median_reply_minutes,
        count(*)::int as replied_threads
      from (select t.id, (select min(m.created_at) from chat_messages m
          where m.thread_id = t.id and m.side = 'a' and not m.hidden) as ask
        from chat_threads t where t.kind = 'direct' and t.user_b = st.owner_user_id) q
      cross join lateral (select min(m.created_at) as reply from chat_messages m
        where m.thread_id = q.id and m.side = 'b' and m.created_at >= q.ask) f
      where f.reply is not null
    ) r`,
      )
    )[0],
});
