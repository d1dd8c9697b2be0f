import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { LIVE_PATH, SESSION_ENDED_CODE } from '../lib/live.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createUser } from './factories.ts';

// Sockets open on two real server processes (node:cluster, as WEB_CONCURRENCY=2 runs them): a
// logout, a lock and a demotion sent to one process close the sockets on both (decision 0010).
// The cluster hands new connections to its workers in turn, so two sockets opened one after the
// other land on different processes.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ADMIN_PW = 'Staff-Jollof-Rice-9';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let handle: DbHandle;
let child: ChildProcess;
let base: string;
let output = '';

async function workerOf(): Promise<string | undefined> {
  const r = await fetch(`${base}/api/health`, { headers: { connection: 'close' } }).catch(
    () => undefined,
  );
  return r?.status === 200 ? (r.headers.get('x-worker') ?? undefined) : undefined;
}

/** A socket and its close code; `hello` resolves once it is served. */
function open(cookie: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${LIVE_PATH}`, { headers: { cookie } });
  ws.on('error', () => undefined);
  const hello = new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('unexpected-response', (_q, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
  hello.catch(() => undefined); // a refused socket is awaited through `refused` instead
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  const refused = new Promise<number>((r) =>
    ws.once('unexpected-response', (_q, res) => r(res.statusCode ?? 0)),
  );
  const closesWithin = (ms = 3000) =>
    Promise.race([
      closed,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error('still open')), ms)),
    ]);
  return { ws, hello, closesWithin, refused };
}

/** Two sockets of one session, opened one after the other: one on each process. */
async function pair(cookie: string) {
  const a = open(cookie);
  await a.hello;
  const b = open(cookie);
  await b.hello;
  return [a, b];
}

const post = (url: string, cookie: string, body: object = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Several processes cannot share PGlite: only on the PostgreSQL server (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('live sockets on two server processes', () => {
  beforeAll(async () => {
    handle = await createTestDb();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/test/cluster-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATABASE_URL: handle.url!, PROCESSES: '2' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const seen = new Set<string>();
    for (let i = 0; i < 600 && seen.size < 2; i++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      const w = await workerOf();
      if (w) seen.add(w);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect([...seen].sort()).toEqual(['1', '2']);
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await handle?.close();
  });

  it('logout, a lock and a demotion close the sockets on both processes', async () => {
    const boss = await createUser(handle.db, 'Admin', {
      passwordHash: await hashPassword(ADMIN_PW),
    });
    const leaving = await createUser(handle.db, 'Buyer');
    const locked = await createUser(handle.db, 'Seller');
    const demoted = await createUser(handle.db, 'Admin');

    const l = await pair(leaving.cookie);
    const k = await pair(locked.cookie);
    const d = await pair(demoted.cookie);

    expect((await post('/api/auth/logout', leaving.cookie)).status).toBe(200);
    for (const s of l) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);

    const lock = await post(`/api/admin/users/${locked.user.id}/lock`, boss.cookie);
    expect(lock.status).toBe(200);
    for (const s of k) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);

    const role = await post(`/api/admin/users/${demoted.user.id}/role`, boss.cookie, {
      role: 'Buyer',
      password: ADMIN_PW,
    });
    expect(role.status).toBe(200);
    for (const s of d) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);

    // None of them gets a socket back, on either process.
    for (const c of [leaving.cookie, locked.cookie, demoted.cookie])
      for (let i = 0; i < 2; i++) expect(await open(c).refused).toBe(401);
  });
});
