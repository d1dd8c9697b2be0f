import type { Db } from '@sf/db';
import { shareRedis } from './redis.ts';

type After = () => Promise<void> | void;
/** The work waiting for each open transaction's commit. */
const pending = new WeakMap<object, After[]>();

/** Runs `fn` in one database transaction (either driver); `tx` is used like `db`. */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const after: After[] = [];
  const out = await db.transaction((tx) => {
    shareRedis(db, tx as unknown as Db);
    pending.set(tx, after);
    return fn(tx as unknown as Db);
  });
  // A nested transaction (a savepoint) hands its work to the enclosing one.
  const outer = pending.get(db);
  if (outer) outer.push(...after);
  else for (const f of after) await f();
  return out;
}

/**
 * Runs `fn` once `db`'s transaction has committed (at once when `db` is not a transaction);
 * never after a rollback. For what others must not see before the change is visible, e.g. a
 * signal that makes every process re-read it.
 */
export async function afterCommit(db: Db, fn: () => Promise<void> | void) {
  const list = pending.get(db);
  if (list) list.push(fn);
  else await fn();
}
