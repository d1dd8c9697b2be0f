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
   * Claims the key (in the checkout's transaction): false when it is taken already. A second
   * request with the key waits here until the first one's transaction ends.
   */
  async claimKey(userId: string, key: string, hash: string): Promise<boolean> {
    const claimed = await rows<{ key: string }>(
      db,
      sql`insert into idempotency_keys (user_id, scope, key, request_hash)
          values (${userId}, 'checkout', ${key}, ${hash})
          on conflict do nothing returning key`,
    );
    return claimed.length > 0;
  },

  /** Records the checkout the key placed. */
  async keyPlaced(userId: string, key: string, checkoutId: string): Promise<void> {
    await db.execute(
      sql`update idempotency_keys set result = ${JSON.stringify({ checkoutId })}::jsonb
          where user_id = ${userId} and scope = 'checkout' and key = ${key}`,
    );
  },
});
