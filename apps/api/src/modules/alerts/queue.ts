import type { Db } from '@sf/db';
import { enqueue } from '../../lib/jobs.ts';

export const MATCH_JOB = 'alerts.match';

/**
 * Asks the alerts to look at products just listed, changed or put back on sale (matching.ts).
 * Call it with the writer's transaction, so the job exists exactly when the write does; one job
 * per write, so a whole CSV import is one job and its matches are told together.
 */
export async function queueAlertMatching(db: Db, prodIds: number[], key?: string) {
  const ids = [...new Set(prodIds.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  if (ids.length === 0) return;
  await enqueue(db, MATCH_JOB, { prodIds: ids }, key ? { key } : {});
}
