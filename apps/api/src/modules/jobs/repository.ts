import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

interface FailedRow {
  id: string;
  kind: string;
  attempts: number;
  last_error: string | null;
  payload: Record<string, unknown>;
  created_at: Date | string;
  failed_at: Date | string;
}

export function jobsRepository(db: Db) {
  return {
    failed: (limit: number) =>
      rows<FailedRow>(
        db,
        sql`select id, kind, attempts, last_error, payload, created_at, failed_at from jobs
          where failed_at is not null order by failed_at desc limit ${limit}`,
      ),

    /** Puts a failed job back in the queue with a fresh set of attempts; null when it is not failed. */
    retry: async (id: string) =>
      (
        await rows<{ kind: string }>(
          db,
          sql`update jobs set failed_at = null, attempts = 0, run_at = now(), locked_until = null
            where id = ${id} and failed_at is not null returning kind`,
        )
      )[0] ?? null,

    /** Removes a failed job for good; null when it is not failed. */
    discard: async (id: string) =>
      (
        await rows<{ kind: string; last_error: string | null }>(
          db,
          sql`delete from jobs where id = ${id} and failed_at is not null returning kind, last_error`,
        )
      )[0] ?? null,

    countFailed: async () =>
      Number(
        (
          await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from jobs where failed_at is not null`,
          )
        )[0].n,
      ),
  };
}
