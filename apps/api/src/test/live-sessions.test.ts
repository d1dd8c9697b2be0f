import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createBus, STAFF_CHANNEL, userChannel, type LiveEvent } from '../lib/bus.ts';
import { LIVE_PATH, SESSION_ENDED_CODE } from '../lib/live.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createSession, SESSION_COOKIE } from '../lib/session.ts';
import {
  client,
  createTestApp,
  dbLabel,
  testRedisPrefix,
  type Client,
  type TestApp,
} from './helper.ts';
import { redisAnswers } from './redis-proxy.ts';

// A live socket lives no longer than its session (decision 0010): logout, a password change, a
// lock, a role change and an admin's "end sessions" close the sockets that session opened, on
// every process. Real sockets (the ws client) on two app instances, each with its own bus, that
// hear each other only through Redis: two machines.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
const ADMIN_PW = 'Staff-Jollof-Rice-9';
const USER_PW = 'Okada-rides-4-ever';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return `ws://127.0.0.1:${port}${LIVE_PATH}`;
}

/** A socket with its events, its close code, and a check that it is still served. */
function open(url: string, cookie: string) {
  const ws = new WebSocket(url, { headers: { cookie } });
  const events: LiveEvent[] = [];
  let onEvent: (() => void) | undefined;
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)) as LiveEvent);
    onEvent?.();
  });
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  const refused = new Promise<number>((r) =>
    ws.once('unexpected-response', (_q, res) => r(res.statusCode ?? 0)),
  );
  ws.on('error', () => undefined);
  const next = (type: string, ms = 5000) =>
    new Promise<LiveEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${ms} ms`)), ms);
      const look = () => {
        const i = events.findIndex((e) => e.type === type);
        if (i < 0) return;
        clearTimeout(timer);
        onEvent = undefined;
        resolve(events.splice(i, 1)[0]);
      };
      onEvent = look;
      look();
    });
  /** Resolves with the close code, or rejects if the socket is still open after `ms`. */
  const closesWithin = (ms = 3000) =>
    Promise.race([
      closed,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms),
      ),
    ]);
  return { ws, events, next, closed, refused, closesWithin };
}

async function adminUser(t: TestApp) {
  return t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
}

/** Runs the session-ending scenarios with requests sent to `act` and sockets on `urls`. */
function scenarios(
  get: () => { t: TestApp; act: Client; urls: string[]; publish: FastifyInstance },
) {
  it('logout closes the sockets of that session everywhere, not those of the same user elsewhere', async () => {
    const { t, act, urls } = get();
    const ada = await t.signIn('Buyer');
    // The same account signed in on another device.
    const other = {
      cookie: `${SESSION_COOKIE}=${(await createSession(t.handle.db, ada.user.id)).token}`,
    };
    const sockets = urls.map((u) => open(u, ada.cookie));
    const elsewhere = urls.map((u) => open(u, other.cookie));
    for (const s of [...sockets, ...elsewhere]) await s.next('hello');

    const out = await act.post('/api/auth/logout', {}, { cookie: ada.cookie });
    expect(out.status).toBe(200);
    for (const s of sockets) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);
    // The other device of the same account keeps its sockets and still gets its events.
    await get().publish.bus.publish(userChannel(ada.user.id), { type: 'message.preview' });
    for (const s of elsewhere)
      expect((await s.next('message.preview')).type).toBe('message.preview');
    // The ended session cannot open a new one.
    for (const u of urls) expect(await open(u, ada.cookie).refused).toBe(401);
    for (const s of elsewhere) s.ws.close();
  });

  it('a password change closes every socket of the account, on every instance', async () => {
    const { t, act, urls } = get();
    const u = await t.signIn('Seller', { passwordHash: await hashPassword(USER_PW) });
    const sockets = urls.map((x) => open(x, u.cookie));
    for (const s of sockets) await s.next('hello');
    const changed = await act.patch(
      '/api/user/profile',
      { currentPassword: USER_PW, newPassword: 'Suya-by-the-roadside-7' },
      { cookie: u.cookie },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const s of sockets) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);
    // This device's new session opens sockets again.
    const again = open(urls[urls.length - 1], changed.cookie!);
    await again.next('hello');
    again.ws.close();
  });

  it('a lock and an admin ending sessions close the sockets at once', async () => {
    const { t, act, urls } = get();
    const admin = await adminUser(t);
    const v = await t.signIn('Seller');
    const w = await t.signIn('Buyer');
    const vs = urls.map((x) => open(x, v.cookie));
    const ws = urls.map((x) => open(x, w.cookie));
    for (const s of [...vs, ...ws]) await s.next('hello');
    const lock = await act.post(`/api/admin/users/${v.user.id}/lock`, {}, { cookie: admin.cookie });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    for (const s of vs) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);
    const end = await act.post(
      `/api/admin/users/${w.user.id}/sessions/end`,
      {},
      { cookie: admin.cookie },
    );
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    for (const s of ws) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);
    for (const x of urls) {
      expect(await open(x, v.cookie).refused).toBe(401);
      expect(await open(x, w.cookie).refused).toBe(401);
    }
  });

  it("an admin demoted to Buyer stops receiving every user's support messages", async () => {
    const { t, act, urls, publish } = get();
    const boss = await adminUser(t);
    const staff = await t.signIn('Admin');
    const sockets = urls.map((x) => open(x, staff.cookie));
    for (const s of sockets) await s.next('hello');
    await publish.bus.publish(STAFF_CHANNEL, { type: 'support.message', n: 1 });
    for (const s of sockets) await s.next('support.message');

    const demote = await act.post(
      `/api/admin/users/${staff.user.id}/role`,
      { role: 'Buyer', password: ADMIN_PW },
      { cookie: boss.cookie },
    );
    expect(demote.status, JSON.stringify(demote.body)).toBe(200);
    for (const s of sockets) expect(await s.closesWithin()).toBe(SESSION_ENDED_CODE);
    await publish.bus.publish(STAFF_CHANNEL, { type: 'support.message', n: 2 });
    for (const x of urls) expect(await open(x, staff.cookie).refused).toBe(401);
    for (const s of sockets) expect(s.events).toEqual([]);
  });
}

describe(`live sockets end with their session, one process (${dbLabel()})`, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ liveRecheckMs: 100 });
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  scenarios(() => ({ t, act: t, urls: [url], publish: t.app }));

  it('a session ended behind the bus (a lost event) closes its socket at the next check', async () => {
    const u = await t.signIn('Buyer');
    const a = await t.signIn('Admin');
    const su = open(url, u.cookie);
    const sa = open(url, a.cookie);
    await su.next('hello');
    await sa.next('hello');
    // Straight in the table: no bus event, only the periodic check can notice.
    await t.handle.db.execute(sql`delete from sessions where user_id = ${u.user.id}`);
    await t.handle.db.execute(sql`update users set role = 'Buyer' where id = ${a.user.id}`);
    expect(await su.closesWithin()).toBe(SESSION_ENDED_CODE);
    expect(await sa.closesWithin()).toBe(SESSION_ENDED_CODE);
  });
});

describe(`live sockets end with their session, two machines sharing Redis (${dbLabel()})`, () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urls: string[];
  beforeAll(async () => {
    if (!redisUp) return;
    t = await createTestApp();
    // Long enough that only the bus can close a socket within the test's waits.
    const config = {
      redisUrl: REDIS_URL,
      redisKeyPrefix: testRedisPrefix(),
      liveRecheckMs: 600_000,
    };
    a = await buildApp({ db: t.handle.db, bus: createBus(), config });
    b = await buildApp({ db: t.handle.db, bus: createBus(), config });
    urls = [await listen(a), await listen(b)];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  // Skipped only where no Redis server answers at REDIS_URL (CI and this machine have one).
  if (redisUp) scenarios(() => ({ t, act: client(a), urls, publish: a }));
  else it.skip('needs Redis at REDIS_URL', () => undefined);
});
