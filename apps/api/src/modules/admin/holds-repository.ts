import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

// A locked account's holds in SQL (holds.ts says what a lock hides and what unlocking shows).

export function holdsRepository(db: Db) {
  return {
    /** Hides the owner's listings shown now, as held by the lock. */
    holdListings: (userId: string) =>
      rows<{ sp_id: number }>(
        db,
        sql`update service_providers set active = false, held_by = 'lock'
        where owner_user_id = ${userId} and active returning sp_id`,
      ),

    /** Holds the parts on sale of the owner's stores (the products trigger takes them off). */
    holdParts: (userId: string) =>
      rows<{ prod_id: number }>(
        db,
        sql`update products set held_by = 'lock'
        where store_id in (select id from stores where owner_user_id = ${userId})
          and active and held_by is null returning prod_id`,
      ),

    /** Shows again the owner's listings the lock hid. */
    releaseListings: (userId: string) =>
      rows<{ sp_id: number }>(
        db,
        sql`update service_providers set active = true, held_by = null
        where owner_user_id = ${userId} and held_by = 'lock' returning sp_id`,
      ),

    /** Releases the parts the lock held; `active` is what the products trigger left. */
    releaseParts: (userId: string) =>
      rows<{ prod_id: number; active: boolean }>(
        db,
        sql`update products set held_by = null, active = true
        where store_id in (select id from stores where owner_user_id = ${userId})
          and held_by = 'lock' returning prod_id, active`,
      ),
  };
}
