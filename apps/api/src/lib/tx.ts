import type { Db } from '@sf/db';
import { shareRedis } from './redis.ts';

/** Runs `fn` in one database transaction (either driver); `tx` is used like `db`. */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => {
    shareRedis(db, tx as unknown as Db);
    return fn(tx as unknown as Db);
  });
}
