import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { trackRecordRepository } from './repository.ts';
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
export function trackRecordService(db: Db) {
  const repo = trackRecordRepository(db);
  return {
    async one(urlName: string): Promise<TrackRecord> {
      const r = await repo.figures(urlName);
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
    },
  };
}
export type TrackRecordService = ReturnType<typeof trackRecordService>;
