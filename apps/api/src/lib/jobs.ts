import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, schema as s, type Db } from '@sf/db';
import { metrics } from './metrics.ts';

/**
 * Background jobs kept in the `jobs` table (see the table's comment): a job survives a
 * restart, and runs once however many processes poll, because a process claims due jobs
 * with `FOR UPDATE SKIP LOCKED` and a lease. The module that owns a kind of work declares
 * its handler with `defineJob`; any code enqueues with `enqueue`, inside its own
 * transaction when the job must exist exactly when the write does.
 */

export interface JobContext {
  app: FastifyInstance;
  id: string;
  attempt: number;
}

/**
 * What a handler may answer instead of nothing: its work is not due yet by this server's clock,
 * so the job runs again at `notBefore` (without using up an attempt). "Due" for the claim is
 * the database's clock; a handler that compares times with its own (a hold's end, a release
 * date) says so here rather than finishing a job that did nothing when the two clocks differ.
 */
export interface NotDueYet {
  notBefore: Date;
}

type Handler = (payload: any, ctx: JobContext) => Promise<void | NotDueYet>;

interface JobKind {
  handler: Handler;
  maxAttempts: number;
  /** Delay before attempt n+1 is `backoffMs * 2^(n-1)`. */
  backoffMs: number;
}

const kinds = new Map<string, JobKind>();

/** Declares the handler of one kind of job; one handler per kind in the whole server. */
export function defineJob<P>(
  kind: string,
  handler: (payload: P, ctx: JobContext) => Promise<void | NotDueYet>,
  opts: { maxAttempts?: number; backoffMs?: number } = {},
) {
  kinds.set(kind, {
    handler: handler as Handler,
    maxAttempts: opts.maxAttempts ?? 5,
    backoffMs: opts.backoffMs ?? 30_000,
  });
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Idempotency key: while a job with this key exists, enqueueing it again does nothing. */
  key?: string;
}

/** Adds a job; `db` may be a transaction. Returns false when `key` already existed. */
export async function enqueue(
  db: Db,
  kind: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<boolean> {
  const inserted = await db
    .insert(s.jobs)
    .values({
      kind,
      payload: payload ?? {},
      key: opts.key ?? null,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: kinds.get(kind)?.maxAttempts ?? 5,
    })
    .onConflictDoNothing({ target: s.jobs.key })
    .returning({ id: s.jobs.id });
  return inserted.length > 0;
}

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** A lease long enough for any handler; a process that dies frees its jobs when it ends. */
const LEASE_MS = 5 * 60_000;

async function claim(db: Db, limit: number, until?: Date, skip: string[] = []): Promise<Claimed[]> {
  // Without a time of its own, "due" is decided by the database clock that stamped run_at: a
  // JavaScript Date has only milliseconds and could fall just before a job queued this instant.
  const due = until ? sql`${until.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  return rows<Claimed>(
    db,
    sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${LEASE_MS / 1000}),
               attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${due}
            ${skip.length ? sql`AND id NOT IN (${sql.join(skip, sql`, `)})` : sql``}
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts`,
  );
}

/** Runs a claimed job; true when it answered that it is not due yet (and was put back). */
async function runOne(app: FastifyInstance, job: Claimed): Promise<boolean> {
  const kind = kinds.get(job.kind);
  try {
    if (!kind) throw new Error(`no handler for job kind "${job.kind}"`);
    const answer = await kind.handler(job.payload, { app, id: job.id, attempt: job.attempts });
    // Not due by this server's clock: again when it is, in the database's terms (its now()
    // plus the time left by ours), so a database clock ahead of ours does not make it spin.
    const waitMs = answer ? Math.max(1000, answer.notBefore.getTime() - Date.now()) : 0;
    await app.db.execute(
      answer
        ? sql`UPDATE jobs SET run_at = now() + make_interval(secs => ${waitMs / 1000}),
                   attempts = attempts - 1, locked_until = NULL WHERE id = ${job.id}`
        : sql`UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${job.id}`,
    );
    return !!answer;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = job.attempts >= job.max_attempts;
    const delayMs = (kind?.backoffMs ?? 30_000) * 2 ** (job.attempts - 1);
    app.log.warn(
      { job: job.id, kind: job.kind, attempt: job.attempts, err: message },
      'job failed',
    );
    if (last) metrics.jobsFailed.inc({ kind: job.kind });
    await app.db.execute(
      last
        ? sql`UPDATE jobs SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE id = ${job.id}`
        : sql`UPDATE jobs SET run_at = now() + make_interval(secs => ${delayMs / 1000}),
                   locked_until = NULL, last_error = ${message} WHERE id = ${job.id}`,
    );
    return false;
  }
}

/**
 * Runs every job due by `until` (default now) until none is left; returns how many ran.
 * The poller calls it; tests call it to drain the queue at a moment of their choosing, with a
 * later `until` to run what would fall due then (an expiry 30 minutes ahead).
 */
export async function runDueJobs(
  app: FastifyInstance,
  opts: { until?: Date; batch?: number } = {},
): Promise<number> {
  let total = 0;
  // A job that answered "not due yet" may still be due by a later `until`: once per drain.
  const notDue: string[] = [];
  for (;;) {
    const batch = await claim(app.db, opts.batch ?? 10, opts.until, notDue);
    if (batch.length === 0) return total;
    for (const job of batch) if (await runOne(app, job)) notDue.push(job.id);
    total += batch.length;
  }
}

const schedules = new Map<string, number>();

/** The start of the period of `everyMs` that `t` falls in (periods count from the epoch). */
const slotOf = (t: number, everyMs: number) => Math.floor(t / everyMs) * everyMs;

/**
 * A job that runs once every `everyMs`, on whichever process claims it: the schedule lives in
 * the same table as every other job. Each run is keyed by its period (`kind@<ISO start>`), so
 * however many processes enqueue a period, it runs once; when it has run it enqueues the next
 * period. `startSchedules` enqueues the current one at start-up, so a schedule whose chain was
 * broken (a discarded failure) starts again with the next deployment.
 */
export function defineSchedule(
  kind: string,
  everyMs: number,
  handler: (ctx: JobContext) => Promise<void>,
) {
  schedules.set(kind, everyMs);
  defineJob<{ slot: string }>(
    kind,
    async (_payload, ctx) => {
      await handler(ctx);
      await enqueueSlot(ctx.app.db, kind, slotOf(Date.now(), everyMs) + everyMs);
    },
    { maxAttempts: 3, backoffMs: 60_000 },
  );
}

function enqueueSlot(db: Db, kind: string, slot: number) {
  const at = new Date(slot);
  return enqueue(
    db,
    kind,
    { slot: at.toISOString() },
    { runAt: at, key: `${kind}@${at.toISOString()}` },
  );
}

/** Enqueues the current period of every schedule (once per period, whoever asks). */
export async function startSchedules(db: Db, now = Date.now()) {
  for (const [kind, everyMs] of schedules) await enqueueSlot(db, kind, slotOf(now, everyMs));
}

/** Polls for due jobs every `intervalMs` until the app closes. */
export function startJobRunner(app: FastifyInstance, intervalMs = 1000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(app)
      .catch((err) => app.log.warn({ err }, 'job poll failed; trying again'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
