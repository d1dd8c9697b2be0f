import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { queueAlertMatching } from '../alerts/queue.ts';

/**
 * A locked account sells and lists nothing (decision 0019: hidden through the one flag readers
 * already use). Its workshops and garages leave the lists, their pages (and phone numbers) and
 * request matching (`service_providers.active` false, `held_by` 'lock'); its stores' parts on
 * sale are held 'lock' (`products.active` false through the products trigger). A listing or part
 * staff had suspended or hidden keeps that state: unlocking shows exactly what the lock hid.
 * In the lock's transaction; answers what it hid.
 */
export async function holdForLock(tx: Db, userId: string) {
  const listings = await rows<{ sp_id: number }>(
    tx,
    sql`update service_providers set active = false, held_by = 'lock'
        where owner_user_id = ${userId} and active returning sp_id`,
  );
  const parts = await rows<{ prod_id: number }>(
    tx,
    sql`update products set held_by = 'lock'
        where store_id in (select id from stores where owner_user_id = ${userId})
          and active and held_by is null returning prod_id`,
  );
  return { listings: listings.length, parts: parts.length };
}

/** Unlocking shows again what the lock hid (a part of a store suspended meanwhile stays held). */
export async function releaseLock(tx: Db, userId: string) {
  const listings = await rows<{ sp_id: number }>(
    tx,
    sql`update service_providers set active = true, held_by = null
        where owner_user_id = ${userId} and held_by = 'lock' returning sp_id`,
  );
  // The products trigger holds a part of a suspended store again as 'suspension'.
  const parts = await rows<{ prod_id: number; active: boolean }>(
    tx,
    sql`update products set held_by = null, active = true
        where store_id in (select id from stores where owner_user_id = ${userId})
          and held_by = 'lock' returning prod_id, active`,
  );
  // Back on sale: saved searches and price alerts look at them again.
  await queueAlertMatching(
    tx,
    parts.filter((p) => p.active).map((p) => p.prod_id),
  );
  return { listings: listings.length, parts: parts.filter((p) => p.active).length };
}
