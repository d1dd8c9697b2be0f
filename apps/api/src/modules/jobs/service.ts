import type { Db } from '@sf/db';
import { notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { defineAttention } from '../audit/attention.ts';
import { recordAudit } from '../audit/service.ts';
import { jobsRepository } from './repository.ts';
import type { FailedJob } from './schemas.ts';
import { iso } from '../../lib/time.ts';

/** The most failed jobs the page lists at once (newest first). */
const PAGE = 100;

defineAttention({
  key: 'jobs.failed',
  label: 'Background jobs that failed',
  href: '/admin/jobs',
  count: (db) => jobsRepository(db).countFailed(),
});

export function jobsService(db: Db) {
  return {
    async failed(): Promise<FailedJob[]> {
      return (await jobsRepository(db).failed(PAGE)).map((r) => ({
        id: r.id,
        kind: r.kind,
        attempts: Number(r.attempts),
        lastError: r.last_error,
        payload: r.payload ?? {},
        createdAt: iso(r.created_at),
        failedAt: iso(r.failed_at),
      }));
    },

    /** Runs a failed job again (with its attempts anew), audited. */
    retry: (actorId: string, id: string) =>
      transaction(db, async (tx) => {
        const job = await jobsRepository(tx).retry(id);
        if (!job) throw notFound('No failed job with this id');
        await recordAudit(tx, {
          actorId,
          action: 'job.retry',
          targetType: 'job',
          targetId: id,
          note: job.kind,
        });
      }),

    /** Gives a failed job up for good, audited with its last error. */
    discard: (actorId: string, id: string) =>
      transaction(db, async (tx) => {
        const job = await jobsRepository(tx).discard(id);
        if (!job) throw notFound('No failed job with this id');
        await recordAudit(tx, {
          actorId,
          action: 'job.discard',
          targetType: 'job',
          targetId: id,
          note: `${job.kind}: ${job.last_error ?? ''}`.slice(0, 500),
        });
      }),
  };
}
export type JobsService = ReturnType<typeof jobsService>;
