import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { defineJob, enqueue, runDueJobs } from '../lib/jobs.ts';
import { createTestApp, dbLabel, type TestApp } from './helper.ts';

let t: TestApp;
const ran: string[] = [];
let failuresLeft = 0;

defineJob<{ tag: string }>('test.record', async (p) => {
  ran.push(p.tag);
});
defineJob<{ tag: string }>(
  'test.flaky',
  async (p) => {
    if (failuresLeft-- > 0) throw new Error('relay unreachable');
    ran.push(p.tag);
  },
  { maxAttempts: 3, backoffMs: 60_000 },
);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  ran.length = 0;
  await t.handle.db.execute(sql`DELETE FROM jobs`);
});

const jobRow = async (tag: string) =>
  (
    await rows<{
      attempts: number;
      done_at: Date | null;
      failed_at: Date | null;
      last_error: string | null;
    }>(
      t.handle.db,
      sql`SELECT attempts, done_at, failed_at, last_error FROM jobs WHERE payload->>'tag' = ${tag}`,
    )
  )[0];

describe(`jobs (${dbLabel()})`, () => {
  it('runs a due job once and records it done', async () => {
    await enqueue(t.handle.db, 'test.record', { tag: 'a' });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(await runDueJobs(t.app)).toBe(0);
    expect(ran).toEqual(['a']);
    expect((await jobRow('a')).done_at).not.toBeNull();
  });

  it('ignores a second enqueue with the same key', async () => {
    expect(await enqueue(t.handle.db, 'test.record', { tag: 'k' }, { key: 'order:1:expiry' })).toBe(
      true,
    );
    expect(await enqueue(t.handle.db, 'test.record', { tag: 'k' }, { key: 'order:1:expiry' })).toBe(
      false,
    );
    await runDueJobs(t.app);
    expect(ran).toEqual(['k']);
  });

  it('waits for runAt', async () => {
    const in30min = new Date(Date.now() + 30 * 60_000);
    await enqueue(t.handle.db, 'test.record', { tag: 'later' }, { runAt: in30min });
    expect(await runDueJobs(t.app)).toBe(0);
    expect(await runDueJobs(t.app, { until: new Date(in30min.getTime() + 1000) })).toBe(1);
    expect(ran).toEqual(['later']);
  });

  it('retries a failing job with backoff, then keeps it as failed', async () => {
    failuresLeft = 1;
    await enqueue(t.handle.db, 'test.flaky', { tag: 'f1' });
    await runDueJobs(t.app);
    expect(ran).toEqual([]);
    const first = await jobRow('f1');
    expect(first).toMatchObject({
      attempts: 1,
      done_at: null,
      failed_at: null,
      last_error: 'relay unreachable',
    });
    // The retry waits for its backoff (60 s), then succeeds.
    expect(await runDueJobs(t.app)).toBe(0);
    await runDueJobs(t.app, { until: new Date(Date.now() + 61_000) });
    expect(ran).toEqual(['f1']);

    failuresLeft = 10;
    await enqueue(t.handle.db, 'test.flaky', { tag: 'f2' });
    await runDueJobs(t.app, { until: new Date(Date.now() + 3600_000) });
    const dead = await jobRow('f2');
    expect(dead.attempts).toBe(3);
    expect(dead.failed_at).not.toBeNull();
    expect(ran).toEqual(['f1']);
  });

  it('an unknown kind fails without stopping the others', async () => {
    await enqueue(t.handle.db, 'test.nobody-handles-this', { tag: 'x' });
    await enqueue(t.handle.db, 'test.record', { tag: 'y' });
    await runDueJobs(t.app);
    expect(ran).toEqual(['y']);
    expect((await jobRow('x')).last_error).toMatch(/no handler/);
  });

  it('runs each job exactly once when several pollers race', async () => {
    const n = 300;
    for (let i = 0; i < n; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          enqueue(t.handle.db, 'test.record', { tag: `r${i + j}` }),
        ),
      );
    }
    // Five pollers at once: on PostgreSQL each uses its own connection from the pool.
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => runDueJobs(t.app, { batch: 3 })),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
    expect(ran.length).toBe(n);
    expect(new Set(ran).size).toBe(n);
  });
});
