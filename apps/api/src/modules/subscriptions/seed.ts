import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { PERIOD_MS, periodJobs } from './service.ts';

/**
 * Demo: the demo seller is on Basic for a period from the first start. Its store holds more
 * products than Free allows (about 60 against 50), so on Free the demo store could add none;
 * on Basic it can, and its page offers Premium. Skipped once the seller has a subscription.
 */
export async function seedSubscriptions(db: Db) {
  const [seller] = await rows<{ id: string }>(
    db,
    sql`select u.id from users u where u.email = 'seller@demo.ng'
        and not exists (select 1 from subscriptions s where s.user_id = u.id)`,
  );
  if (!seller) return;
  const end = new Date(Date.now() + PERIOD_MS);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(
      sql`insert into subscriptions (user_id, plan_id, period_end)
          select ${seller.id}, id, ${end.toISOString()}::timestamptz from subscription_plans
          where audience = 'store' and code = 'basic'`,
    );
    await tx.execute(
      sql`update stores set rank_boost = p.rank_boost from subscription_plans p
          where p.audience = 'store' and p.code = 'basic' and stores.owner_user_id = ${seller.id}`,
    );
    await periodJobs(tx, seller.id, end);
  });
}
