import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

/** A checkout's Idempotency-Key as stored: the hash of the request and, once placed, its id. */
export interface IdempotencyRow {
  request_hash: string;
  result: { checkoutId?: string };
}

/**
 * City-in-state pairs found in each database. Cities and states are reference data, written only
 * when a process starts (packages/db reference.ts), so a pair found once stays true for the
 * process's life; a pair not found is asked again.
 */
const knownPlaces = new WeakMap<Db, Set<string>>();

export const checkoutRepository = (db: Db) => ({
  /** Whether the city is in the state (the delivery address's check). */
  async cityInState(cityId: number, stateId: number): Promise<boolean> {
    let known = knownPlaces.get(db);
    if (!known) knownPlaces.set(db, (known = new Set()));
    const pair = `${cityId}:${stateId}`;
    if (known.has(pair)) return true;
    const [ok] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from cities where id = ${cityId} and state_id = ${stateId}`,
    );
    if (ok.n > 0) known.add(pair);
    return ok.n > 0;
  },

  async key(userId: string, key: string): Promise<IdempotencyRow | null> {
    const [k] = await rows<IdempotencyRow>(
      db,
      sql`select request_hash, result from idempotency_keys
          where user_id = ${userId} and scope = 'checkout' and key = ${key}`,
    );
    return k ?? null;
  },

  /**
   * Claims the key for the checkout `checkoutId` (in the checkout's transaction): false when it is
   * taken already. A second request with the key waits here until the first one's transaction
   * ends. The key names its checkout from the start: the transaction that claims it either places
   * that checkout or rolls the claim back with everything else, so no other request ever sees a
   * claimed key without its orders.
   */
  async claimKey(userId: string, key: string, hash: string, checkoutId: string): Promise<boolean> {
    const claimed = await rows<{ key: string }>(
      db,
      sql`insert into idempotency_keys (user_id, scope, key, request_hash, result)
          values (${userId}, 'checkout', ${key}, ${hash}, ${JSON.stringify({ checkoutId })}::jsonb)
          on conflict do nothing returning key`,
    );
    return claimed.length > 0;
  },
});
