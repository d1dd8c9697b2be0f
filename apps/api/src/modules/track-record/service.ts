import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import type { TrackRecord } from './types.ts';

/**
 * A store's track record from its orders as they are now (decision 0018), one query, nothing
 * stored: orders counted are those placed and not left unpaid (pending_payment, or cancelled
 * before payment); completed = status completed; finished = orders that reached an end state
 * (completed, cancelled or refunded), leaving out a buyer's own cancellation (a buyer may cancel
 * only before the store accepts: it says nothing of the store), so "completed N of M" never
 * counts an order still under way against the store (decision 0022); time to ship = from payment (or placing, for pay
 * on delivery) to the 'shipped' move, median over shipped orders; disputed = orders with a
 * dispute; refunded = orders refunded on cancellation or by a dispute. Response time in chat = the
 * median, over the direct threads where a customer wrote to the store's owner and got an answer,
 * of the minutes from the customer's first message (one the owner could see: not hidden by a
 * block) to the owner's first message after it; threads never answered are left out of it.
 */
export async function trackRecord(db: Db, urlName: string): Promise<TrackRecord> {
  const [r] = await rows<{
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
  }>(
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
  );
  if (!r) throw notFound(`No store called ${urlName}`);
  const share = (n: number) => (r.orders ? Math.round((n * 1000) / r.orders) / 10 : null);
  return {
    status: true,
    item: {
      orders: r.orders,
      completed: r.completed,
      finished: r.finished,
      median_ship_hours:
        r.median_ship_hours === null ? null : Math.round(r.median_ship_hours * 10) / 10,
      disputed_percent: share(r.disputed),
      refunded_percent: share(r.refunded),
      member_since: new Date(r.created_at).toISOString(),
      verified: r.verified,
      median_reply_minutes:
        r.median_reply_minutes === null ? null : Math.round(r.median_reply_minutes),
      replied_threads: r.replied_threads,
    },
  };
}
