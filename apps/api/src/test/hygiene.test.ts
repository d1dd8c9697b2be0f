import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from './helper.ts';
import { defineJob, enqueue, runDueJobs, startSchedules } from '../lib/jobs.ts';
import { pruneOrphanedUploads, pruneTables } from '../lib/hygiene.ts';
import { createProduct, createStore } from '../modules/catalog/testing.ts';

// The daily clean-up removes only what is past its age, runs once per period however many
// processes start, and staff can retry or discard a job that failed for good (audited).

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-hygiene-'));
beforeAll(async () => {
  t = await createTestApp({ imagesDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const days = (n: number) => sql`now() - make_interval(days => ${n})`;
const countOf = async (q: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(t.handle.db, q))[0].n);

describe(`clean-up jobs (${dbLabel()})`, () => {
  it('prunes finished jobs, old outbox mail, expired sessions and reset links past their age only', async () => {
    const db = t.handle.db;
    const u = await t.signIn('Buyer');
    await db.execute(sql`insert into jobs (kind, payload, done_at) values
      ('t.old', '{}', ${days(15)}), ('t.recent', '{}', ${days(1)})`);
    await db.execute(sql`insert into jobs (kind, payload, failed_at, last_error) values
      ('t.failed-long-ago', '{}', ${days(60)}, 'boom')`);
    await db.execute(
      sql`insert into jobs (kind, payload, run_at) values ('t.waiting', '{}', ${days(30)})`,
    );
    await db.execute(sql`insert into outbox ("to", subject, text, created_at) values
      ('a@x.ng', 'old', 'x', ${days(31)}), ('a@x.ng', 'new', 'x', ${days(29)})`);
    await db.execute(sql`insert into sessions (id, user_id, expires_at) values
      ('old-session', ${u.user.id}, ${days(2)}), ('fresh-session', ${u.user.id}, now() + interval '1 day')`);
    await db.execute(sql`insert into password_reset_tokens (id, user_id, expires_at) values
      ('old-link', ${u.user.id}, ${days(2)}), ('live-link', ${u.user.id}, now() + interval '1 hour')`);

    await db.execute(sql`insert into phone_codes (phone, code_hash, expires_at) values
      ('+2348030000001', 'h', ${days(2)}), ('+2348030000001', 'h', now() + interval '5 minutes')`);

    const removed = await pruneTables(db);
    expect(removed).toMatchObject({ outbox: 1, sessions: 1, resetLinks: 1, phoneCodes: 1 });
    expect(await countOf(sql`select count(*)::int as n from phone_codes`)).toBe(1);
    expect(removed.jobs).toBeGreaterThanOrEqual(1);
    const kinds = (
      await rows<{ kind: string }>(db, sql`select kind from jobs where kind like 't.%'`)
    ).map((r) => r.kind);
    // A failed job stays for staff however old; waiting work is never touched.
    expect(kinds.sort()).toEqual(['t.failed-long-ago', 't.recent', 't.waiting']);
    expect(await countOf(sql`select count(*)::int as n from outbox where subject = 'old'`)).toBe(0);
    expect(await countOf(sql`select count(*)::int as n from outbox where subject = 'new'`)).toBe(1);
    expect(
      await countOf(sql`select count(*)::int as n from sessions where id = 'fresh-session'`),
    ).toBe(1);
    expect(
      await countOf(sql`select count(*)::int as n from sessions where id = 'old-session'`),
    ).toBe(0);
    // The signed-in user's own session is untouched.
    expect((await t.get('/api/user/profile', { cookie: u.cookie })).status).toBe(200);
    expect(
      await countOf(
        sql`select count(*)::int as n from password_reset_tokens where id = 'live-link'`,
      ),
    ).toBe(1);
  });

  it('removes uploaded files no record names once they are old, and nothing else', async () => {
    const store = await createStore(t.handle.db);
    const p = await createProduct(t.handle.db, { store, imageKey: 'u-aaaaaaaaaaaaaaaa' });
    expect(p).toBeTruthy();
    const put = (name: string, ageDays: number) => {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'x');
      const when = new Date(Date.now() - ageDays * 86_400_000);
      fs.utimesSync(file, when, when);
    };
    put('u-aaaaaaaaaaaaaaaa-320.webp', 10); // named by the product: kept
    put('u-bbbbbbbbbbbbbbbb-320.webp', 10); // nobody's, old: removed
    put('u-bbbbbbbbbbbbbbbb-640.webp', 10);
    put('u-cccccccccccccccc-320.webp', 0); // nobody's yet, but new (an upload in flight): kept
    put('logos/l-dddddddddddddddd-96.webp', 10); // nobody's logo: removed
    put('imports/some-stock-list.csv', 10); // not a kind this clean-up knows: kept
    put('og/u-aaaaaaaaaaaaaaaa-o1.jpg', 10); // the sharing card of the product's picture: kept
    put('og/u-bbbbbbbbbbbbbbbb-o1.jpg', 10); // the card of a picture gone: removed
    const removed = await pruneOrphanedUploads(t.app);
    expect(removed).toBe(4);
    const left = [
      ...fs.readdirSync(dir).filter((f) => f.endsWith('.webp')),
      ...fs.readdirSync(path.join(dir, 'logos')).map((f) => `logos/${f}`),
      ...fs.readdirSync(path.join(dir, 'imports')).map((f) => `imports/${f}`),
      ...fs.readdirSync(path.join(dir, 'og')).map((f) => `og/${f}`),
    ].sort();
    expect(left).toEqual([
      'imports/some-stock-list.csv',
      'og/u-aaaaaaaaaaaaaaaa-o1.jpg',
      'u-aaaaaaaaaaaaaaaa-320.webp',
      'u-cccccccccccccccc-320.webp',
    ]);
  });

  it('a schedule runs once per period however many processes start it', async () => {
    await startSchedules(t.handle.db);
    await startSchedules(t.handle.db);
    expect(
      await countOf(
        sql`select count(*)::int as n from jobs where kind = 'hygiene.daily' and done_at is null`,
      ),
    ).toBe(1);
    await runDueJobs(t.app);
    // It ran, and queued tomorrow's run.
    const next = await rows<{ run_at: Date }>(
      t.handle.db,
      sql`select run_at from jobs where kind = 'hygiene.daily' and done_at is null`,
    );
    expect(next).toHaveLength(1);
    expect(new Date(next[0].run_at).getTime()).toBeGreaterThan(Date.now());
    await startSchedules(t.handle.db);
    expect(
      await countOf(
        sql`select count(*)::int as n from jobs where kind = 'hygiene.daily' and done_at is null`,
      ),
    ).toBe(1);
  });

  it('staff see a failed job, retry it or discard it; both are audited', async () => {
    let runs = 0;
    defineJob(
      't.flaky',
      async () => {
        runs++;
        if (runs === 1) throw new Error('gateway down');
      },
      { maxAttempts: 1 },
    );
    await enqueue(t.handle.db, 't.flaky', { order: 7 });
    defineJob(
      't.hopeless',
      async () => {
        throw new Error('no such order');
      },
      { maxAttempts: 1 },
    );
    await enqueue(t.handle.db, 't.hopeless', {});
    await runDueJobs(t.app);
    const admin = await t.signIn('Admin');
    const list = await t.get('/api/admin/jobs/failed', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const flaky = list.body.items.find((j: { kind: string }) => j.kind === 't.flaky');
    const hopeless = list.body.items.find((j: { kind: string }) => j.kind === 't.hopeless');
    expect(flaky).toMatchObject({ lastError: 'gateway down', payload: { order: 7 } });

    const buyer = await t.signIn('Buyer');
    expect(
      (await t.post(`/api/admin/jobs/${flaky.id}/retry`, {}, { cookie: buyer.cookie })).status,
    ).toBe(403);
    expect(
      (await t.post(`/api/admin/jobs/${flaky.id}/retry`, {}, { cookie: admin.cookie })).status,
    ).toBe(200);
    await runDueJobs(t.app);
    expect(runs).toBe(2);
    expect(
      (await t.post(`/api/admin/jobs/${flaky.id}/retry`, {}, { cookie: admin.cookie })).status,
    ).toBe(404);

    expect((await t.del(`/api/admin/jobs/${hopeless.id}`, { cookie: admin.cookie })).status).toBe(
      200,
    );
    const after = await t.get('/api/admin/jobs/failed', { cookie: admin.cookie });
    expect(after.body.items.map((j: { kind: string }) => j.kind)).not.toContain('t.hopeless');
    const audit = await t.get('/api/admin/audit?targetType=job', { cookie: admin.cookie });
    expect(audit.body.items.map((e: { action: string }) => e.action).sort()).toEqual([
      'job.discard',
      'job.retry',
    ]);
  });
});
