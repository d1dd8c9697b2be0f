import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openDb, type DbHandle } from './client.ts';

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
