import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  MAX_PREPARED,
  MAX_PREPARED_READS,
  named,
  openDb,
  type DbHandle,
} from './client.ts';

// The PostgreSQL server of `npm test` (or TEST_DATABASE_URL); a fresh database, dropped after.
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const reachable = await new Promise<boolean>((resolve) => {
  const u = new URL(serverUrl);
  const sock = net.connect(
    { host: u.hostname, port: Number(u.port || 5432), timeout: 1500 },
    () => (sock.destroy(), resolve(true)),
  );
  sock.on('error', () => resolve(false));
  sock.on('timeout', () => (sock.destroy(), resolve(false)));
});

describe.runIf(reachable)('PostgreSQL pool', () => {
  const name = `sf_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  let handle: DbHandle;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDb({ url: url.toString(), poolSize: 3 });
  });

  afterAll(async () => {
    await handle?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('survives the server closing its idle connections, and the next query opens a new one', async () => {
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [name],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the pool's clients see their sockets close
    const res = (await handle.db.execute(sql`select 1 as one`)) as unknown as {
      rows: { one: number }[];
    };
    expect(res.rows[0].one).toBe(1);
  });

  it('prepares the primary statements once per connection, never the reads, and at most MAX_PREPARED texts', async () => {
    type Prepared = { rows: { statement: string }[] };
    const preparedOn = (tx: { execute: typeof handle.db.execute }) =>
      tx.execute(sql`select statement from pg_prepared_statements`) as unknown as Promise<Prepared>;
    // One transaction is one connection: what that connection keeps prepared is what it shows.
    await handle.db.transaction(async (tx) => {
      for (const n of [1, 2]) await tx.execute(sql`select ${n}::int as written_marker`);
      const texts = (await preparedOn(tx)).rows.map((r) => r.statement);
      expect(texts.filter((t) => t.includes('written_marker'))).toHaveLength(1);
    });
    await handle.read.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as read_marker`);
      // Not prepared by the read handle (this connection may keep the primary's from before).
      const texts = (await preparedOn(tx)).rows.map((r) => r.statement);
      expect(texts.some((t) => t.includes('read_marker'))).toBe(false);
    });
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < MAX_PREPARED + 20; i++) {
        const got = (await tx.execute(sql.raw(`select ${i} as n${i}`))) as unknown as {
          rows: Record<string, number>[];
        };
        expect(got.rows[0][`n${i}`]).toBe(i);
      }
      expect((await preparedOn(tx)).rows.length).toBeLessThanOrEqual(MAX_PREPARED);
    });
  });

  it('prepares reads sent named, at most MAX_PREPARED_READS texts, leaving room for the rest', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // One connection, so every statement below lands on it.
    const one = await openDb({ url: url.toString(), poolSize: 1 });
    try {
      const texts = async () =>
        (
          (await one.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
            rows: { statement: string }[];
          }
        ).rows.map((r) => r.statement);
      for (let i = 0; i < MAX_PREPARED_READS + 10; i++)
        for (const _ of [1, 2])
          await named(one.read).execute(sql.raw(`select ${i} as named_read_${i}`));
      const reads = (await texts()).filter((t) => t.includes('named_read_'));
      expect(reads).toHaveLength(MAX_PREPARED_READS);
      await one.db.execute(sql`select 1 as written_after_reads`);
      expect((await texts()).some((t) => t.includes('written_after_reads'))).toBe(true);
    } finally {
      await one.close();
    }
  });

  it('sends reads to the primary while the replica is down, and back once it answers', async () => {
    // The replica: a read-only login reached through a proxy this test can break; each answer
    // names the login that gave it.
    const role = `${name}_ro`;
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    const upstream = new URL(serverUrl);
    let mode: 'forward' | 'reset' = 'forward';
    let attempts = 0;
    const open = new Set<net.Socket>();
    const proxy = net.createServer((sock) => {
      attempts++;
      if (mode === 'reset') return void sock.destroy();
      const up = net.connect(Number(upstream.port || 5432), upstream.hostname);
      for (const s of [sock, up]) {
        open.add(s);
        s.on('close', () => open.delete(s));
        s.on('error', () => {});
      }
      sock.pipe(up).pipe(sock);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const readUrl = new URL(serverUrl);
    readUrl.pathname = `/${name}`;
    readUrl.username = role;
    readUrl.port = String((proxy.address() as net.AddressInfo).port);
    const primaryUrl = new URL(readUrl);
    primaryUrl.username = upstream.username || 'postgres';
    primaryUrl.port = upstream.port;
    const h = await openDb({
      url: primaryUrl.toString(),
      readUrl: readUrl.toString(),
      poolSize: 2,
      replicaRetryMs: 400,
    });
    const who = async () =>
      (
        (await h.read.execute(sql`select current_user as u`)) as unknown as {
          rows: { u: string }[];
        }
      ).rows[0].u;
    try {
      expect(await who()).toBe(role);
      // A wrong query is the query's fault, not the replica's: it fails and moves nothing.
      await expect(h.read.execute(sql`select * from no_such_table`)).rejects.toThrow();
      expect(await who()).toBe(role);

      // The replica dies: its connections drop and new ones are cut at once.
      mode = 'reset';
      for (const s of open) s.destroy();
      await new Promise((r) => setTimeout(r, 50));
      attempts = 0;
      expect(await who()).toBe(primaryUrl.username);
      expect(attempts).toBe(1);
      // Within the retry window the replica is not tried at all.
      for (let i = 0; i < 10; i++) expect(await who()).toBe(primaryUrl.username);
      expect(attempts).toBe(1);
      // A transaction on the read side falls over too.
      await new Promise((r) => setTimeout(r, 450));
      const inTx = await h.read.transaction(
        async (tx) =>
          tx.execute(sql`select current_user as u`) as unknown as Promise<{
            rows: { u: string }[];
          }>,
      );
      expect(inTx.rows[0].u).toBe(primaryUrl.username);
      expect(attempts).toBe(2);

      // Back: after the window the replica takes reads again.
      mode = 'forward';
      await new Promise((r) => setTimeout(r, 450));
      expect(await who()).toBe(role);
    } finally {
      await h.close();
      for (const s of open) s.destroy();
      proxy.close();
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells an unreachable or restarting server from a wrong query, through wrapping causes', () => {
    const wrapped = (cause: unknown) =>
      Object.assign(new Error('Failed query: select 1'), { cause });
    for (const e of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Connection terminated due to connection timeout')),
      wrapped(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ),
      wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      wrapped(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })),
    ])
      expect(isDatabaseUnavailable(e), e.message).toBe(true);
    for (const e of [
      wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })),
      wrapped(Object.assign(new Error('syntax error'), { code: '42601' })),
      wrapped(Object.assign(new Error('could not serialize access'), { code: '40001' })),
      new Error('No such product'),
      null,
    ])
      expect(isDatabaseUnavailable(e)).toBe(false);
  });
});

describe.runIf(reachable)('a server that is down', () => {
  it('fails a query within the connection timeout with an error isDatabaseUnavailable knows', async () => {
    // A port nothing listens on: a closed listener's port.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const down = await openDb({ url: `postgres://postgres@127.0.0.1:${port}/none`, poolSize: 1 });
    const started = Date.now();
    const err = await down.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await down.close();
  });
});
