import type { Db } from '@sf/db';
import { queueAlertMatching } from '../alerts/queue.ts';
import { holdsRepository } from './holds-repository.ts';

/**
 * A locked account sells and lists nothing (decision 0019: hidden through the one flag readers
 * already use). Its workshops and garages leave the lists, their pages (and phone numbers) and
 * request matching (`service_providers.active` false, `held_by` 'lock'); its stores' parts on
 * sale are held 'lock' (`products.active` false through the products trigger). A listing or part
 * staff had suspended or hidden keeps that state: unlocking shows exactly what the lock hid.
 * In the lock's transaction; answers what it hid.
 */
export async function holdForLock(tx: Db, userId: string) {
  const repo = holdsRepository(tx);
  const listings = await repo.holdListings(userId);
  const parts = await repo.holdParts(userId);
  return { listings: listings.length, parts: parts.length };
}

/** Unlocking shows again what the lock hid (a part of a store suspended meanwhile stays held). */
export async function releaseLock(tx: Db, userId: string) {
  const repo = holdsRepository(tx);
  const listings = await repo.releaseListings(userId);
  // The products trigger holds a part of a suspended store again as 'suspension'.
  const parts = await repo.releaseParts(userId);
  // Back on sale: saved searches and price alerts look at them again.
  await queueAlertMatching(
    tx,
    parts.filter((p) => p.active).map((p) => p.prod_id),
  );
  return { listings: listings.length, parts: parts.filter((p) => p.active).length };
}
