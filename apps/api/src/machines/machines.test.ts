import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDb, type DbHandle } from '@sf/db';
import { SESSION_COOKIE } from '@sf/shared';
import { product, sellerWithStore } from '../modules/checkout/testing.ts';
import { createUser, uniquePhone } from '../test/factories.ts';
import { multipart, photo } from '../test/multipart.ts';
import { startS3 } from '../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import {
  freshDatabase,
  nginxBinary,
  reachable,
  root,
  startAppServer,
  startNginx,
  tcpProxy,
  type AppServer,
} from './harness.ts';

// Two app servers as two machines would run them: separate processes on their own ports and
// data folders, sharing only one PostgreSQL database, Redis and (once configured) object
// storage, behind nginx running deploy/nginx.conf. PostgreSQL and Redis are reached through TCP
// proxies the test stops and starts: an outage without restarting the servers other tests use.

const PG_SERVER =
  process.env.MACHINES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const pgAt = new URL(PG_SERVER);
const redisAt = new URL(REDIS_URL);
const pgUp = await reachable(pgAt.hostname, Number(pgAt.port || 5432));
const redisUp = await reachable(redisAt.hostname, Number(redisAt.port || 6379));
const built = fs.existsSync(path.join(root, 'apps/web/build/server/index.js'));
// The reason this file is skipped, if it is: each is a part the test cannot run without.
const skipReason = !pgUp
  ? `no PostgreSQL server answers at ${pgAt.host}`
  : !redisUp
    ? `no Redis server answers at ${redisAt.host}`
    : !built
      ? 'no web build (npm run build runs first in npm test)'
      : '';
if (skipReason) console.warn(`machines.test.ts skipped: ${skipReason}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(
  base: string,
  method: string,
  url: string,
  o: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.cookie) headers.cookie = o.cookie;
  let body: BodyInit | undefined;
  if (Buffer.isBuffer(o.body)) body = new Uint8Array(o.body);
  else if (o.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(o.body);
  }
  const started = performance.now();
  const res = await fetch(base + url, { method, headers, body });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];
  return {
    status: res.status,
    body: json,
    text,
    headers: res.headers,
    cookie,
    ms: performance.now() - started,
  };
}

/** GET over HTTPS to nginx (its certificate is the test's own, self-signed). */
function httpsGet(url: string, headers: Record<string, string> = {}, body?: Buffer) {
  return new Promise<{ status: number; headers: Record<string, any>; body: Buffer }>(
    (resolve, reject) => {
      const req = https.request(
        url,
        { method: body ? 'POST' : 'GET', headers, rejectUnauthorized: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** A live socket collecting events; `next(type)` waits for the next event of that type. */
function live(url: string, cookie: string) {
  const ws = new WebSocket(url, { headers: { cookie }, rejectUnauthorized: false });
  const events: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    events.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  const next = (type: string, ms = 15_000) =>
    new Promise<any>((resolve, reject) => {
      const t = setTimeout(() => {
        // A waiter that gave up must not take a later event from the next one.
        const i = waiters.indexOf(check);
        if (i >= 0) waiters.splice(i, 1);
        reject(new Error(`no ${type} event in ${ms} ms`));
      }, ms);
      const check = () => {
        const i = events.findIndex((e) => e.type === type);
        if (i >= 0) {
          clearTimeout(t);
          resolve(events.splice(i, 1)[0]);
        } else waiters.push(check);
      };
      check();
    });
  return { ws, next, closed, events };
}
const wsUrl = (s: AppServer) => `ws://127.0.0.1:${s.port}/api/live`;

describe('deploy/sparefinder.env', () => {
  it('is a configuration the server accepts, for several machines', () => {
    const env: Record<string, string> = {};
    for (const line of fs
      .readFileSync(path.join(root, 'deploy/sparefinder.env'), 'utf8')
      .split('\n')) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (m) env[m[1]] = m[2];
    }
    const c = loadConfig(env);
    expect(c).toMatchObject({ production: true, demoData: false });
    expect(c.redisUrl && c.databaseUrl && c.publicUrl).toBeTruthy();
    expect(c.warnings).toEqual([]);
  });
});

// Skipped only when PostgreSQL, Redis, nginx or the web build is missing: skipReason names which.
describe.skipIf(!!skipReason)('two app servers, one database, Redis, behind nginx', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let handle: DbHandle;
  let pgProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let redisProxy: Awaited<ReturnType<typeof tcpProxy>>;
  let a: AppServer;
  let b: AppServer;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let s3: Awaited<ReturnType<typeof startS3>>;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase(PG_SERVER);
    pgProxy = await tcpProxy({ host: pgAt.hostname, port: Number(pgAt.port || 5432) });
    redisProxy = await tcpProxy({ host: redisAt.hostname, port: Number(redisAt.port || 6379) });
    s3 = await startS3();
    const dbUrl = new URL(db.url);
    dbUrl.host = `127.0.0.1:${pgProxy.port}`;
    // One site: both machines count limits and cache sessions under one key prefix, this run's.
    const redisKeyPrefix = `sf-machines-${crypto.randomBytes(4).toString('hex')}:`;
    const env = (name: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sf-machines-${name}-`));
      dataDirs.push(dir);
      return {
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redisProxy.url('redis'),
        REDIS_KEY_PREFIX: redisKeyPrefix,
        S3_URL: s3.url,
        DATA_DIR: dir,
        TRUST_PROXY: 'loopback',
        APP_VERSION: `machines-${name}`,
      };
    };
    // One after the other: the first applies the migrations, the second finds nothing to do.
    a = await startAppServer('A', env('a'));
    b = await startAppServer('B', env('b'));
    handle = await openDb({ url: db.url, poolSize: 2 });
    if (nginxBinary) nginx = await startNginx([a.port, b.port]);
  }, 240_000);

  afterAll(async () => {
    for (const s of [a, b]) if (s && s.child.exitCode === null) s.child.kill('SIGKILL');
    await nginx?.stop();
    await handle?.close();
    await pgProxy?.stop();
    await redisProxy?.stop();
    await s3?.stop();
    await db?.drop();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  }, 60_000);

  let phoneN = 0;
  async function register(base: string) {
    const body = {
      name: 'Chidi Okeke',
      email: `chidi${Date.now()}${++phoneN}@test.ng`,
      phone: uniquePhone(),
      password: 'Danfo-bus-2-Yaba',
      role: 'Buyer',
    };
    const r = await call(base, 'POST', '/api/auth/register', { body });
    expect(r.status, r.text).toBe(201);
    return { ...body, id: r.body.user.id as string, cookie: r.cookie! };
  }

  it('a product hidden through A disappears from the list B had cached, at once', async () => {
    const s = await sellerWithStore(handle.db);
    const kept = await product(handle.db, s.store, 5000, 3, 'Hilux gearbox mount');
    const hidden = await product(handle.db, s.store, 7000, 2, 'Corolla fog lamp');
    const list = async () =>
      (await call(b.url, 'GET', `/api/stores/${s.store.urlName}/products`)).body.items.map(
        (p: { id: number }) => p.id,
      );
    expect(await list()).toEqual(expect.arrayContaining([kept.prodId, hidden.prodId]));
    // B now holds the list in its cache; A hides one product.
    const r = await call(a.url, 'PATCH', `/api/store/products/${hidden.prodId}`, {
      cookie: s.cookie,
      body: { active: false },
    });
    expect(r.status, r.text).toBe(200);
    const after = await list();
    expect(after).toContain(kept.prodId);
    expect(after).not.toContain(hidden.prodId);
    // The same through the catalogue list (all categories).
    const all = await call(b.url, 'GET', '/api/products/categories/0');
    expect(all.body.items.map((p: { id: number }) => p.id)).not.toContain(hidden.prodId);
  });

  it('a session made on A works on B, and signing out on B ends it on A', async () => {
    const u = await register(a.url);
    const onB = await call(b.url, 'GET', '/api/auth/dszauth', { cookie: u.cookie });
    expect(onB.body.user).toMatchObject({ isauthenticated: true, id: u.id });
    const out = await call(b.url, 'POST', '/api/auth/logout', { cookie: u.cookie });
    expect(out.status).toBeLessThan(400);
    const onA = await call(a.url, 'GET', '/api/auth/dszauth', { cookie: u.cookie });
    expect(onA.body.user.isauthenticated).toBe(false);
  });

  it('login failures counted on A lock the account on B', async () => {
    const u = await register(a.url);
    for (let i = 0; i < 5; i++) {
      const r = await call(a.url, 'POST', '/api/auth/login', {
        body: { email: u.email, password: 'wrong-password-1' },
      });
      expect(r.status).toBe(401);
    }
    const r = await call(b.url, 'POST', '/api/auth/login', {
      body: { email: u.email, password: u.password },
    });
    expect(r.status, r.text).toBe(429);
  });

  it('a chat message sent through A reaches a WebSocket client on B', async () => {
    const s = await sellerWithStore(handle.db);
    const part = await product(handle.db, s.store, 3000, 1, 'Camry radiator');
    const buyer = await createUser(handle.db, 'Buyer');
    const thread = await call(a.url, 'POST', '/api/chat/threads', {
      cookie: buyer.cookie,
      body: { subject: 'product', subjectId: part.prodId },
    });
    expect(thread.status, thread.text).toBeLessThan(300);
    const sock = live(wsUrl(b), s.cookie);
    await sock.next('hello');
    const sent = await call(a.url, 'POST', `/api/chat/threads/${thread.body.item.id}/messages`, {
      cookie: buyer.cookie,
      body: { body: 'Is it still available?' },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(await sock.next('chat.message')).toMatchObject({ messageId: sent.body.item.id });
    sock.ws.close();
  });

  // Each server has a DATA_DIR of its own: B finds A's picture only in the shared bucket.
  it('an image uploaded on A is served by B (object storage)', async () => {
    const s = await sellerWithStore(handle.db);
    const part = await product(handle.db, s.store, 3000, 1, 'Sienna side mirror');
    const m = multipart([
      { field: 'images', filename: 'mirror.jpg', type: 'image/jpeg', data: await photo() },
    ]);
    const up = await call(a.url, 'POST', `/api/store/products/${part.prodId}/images`, {
      cookie: s.cookie,
      body: m.payload,
      headers: m.headers,
    });
    expect(up.status, up.text).toBe(201);
    const img = await fetch(`${b.url}/images/p/${up.body.images[0].key}-640.webp`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
  });

  describe('nginx with deploy/nginx.conf', () => {
    // Skipped where Debian's nginx is not installed (.ci/run installs it).
    it.skipIf(!nginxBinary)(
      'balances over both servers, compresses, caches assets, upgrades /api/live',
      async () => {
        const n = nginx!;
        const plain = await fetch(`${n.httpUrl}/api/health`, { redirect: 'manual' });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toContain('https://');

        const versions = new Set<string>();
        for (let i = 0; i < 6; i++) {
          const r = await httpsGet(`${n.httpsUrl}/api/health`);
          expect(r.status).toBe(200);
          versions.add(JSON.parse(String(r.body)).version);
        }
        expect([...versions].sort()).toEqual(['machines-a', 'machines-b']);

        const doc = await httpsGet(`${n.httpsUrl}/api/docs/json`, { 'accept-encoding': 'gzip' });
        expect(doc.status).toBe(200);
        expect(doc.headers['content-encoding']).toBe('gzip');

        const asset = fs
          .readdirSync(path.join(root, 'apps/web/build/client/assets'))
          .find((f) => f.endsWith('.js'))!;
        const js = await httpsGet(`${n.httpsUrl}/assets/${asset}`, { 'accept-encoding': 'gzip' });
        expect(js.status).toBe(200);
        expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(js.headers['content-encoding']).toBe('gzip');

        const u = await createUser(handle.db, 'Buyer');
        const sock = live(`wss://127.0.0.1:${n.httpsPort}/api/live`, u.cookie);
        await sock.next('hello');
        sock.ws.close();

        // A 9 MB upload reaches the app, which answers with its own message (not nginx's 413 page).
        const s = await sellerWithStore(handle.db);
        const part = await product(handle.db, s.store, 3000, 1, 'Big picture');
        const m = multipart([
          {
            field: 'images',
            filename: 'big.jpg',
            type: 'image/jpeg',
            data: Buffer.alloc(9 << 20, 1),
          },
        ]);
        const big = await httpsGet(
          `${n.httpsUrl}/api/store/products/${part.prodId}/images`,
          { ...m.headers, cookie: s.cookie },
          m.payload,
        );
        expect(big.status).toBeGreaterThanOrEqual(400);
        expect(big.status).toBeLessThan(500);
        expect(JSON.parse(String(big.body)).status).toBe(false);
      },
    );
  });

  describe('survival', () => {
    /** Health checks on both servers every 50 ms while `during` runs; every answer recorded. */
    async function probe(during: () => Promise<void>) {
      const seen: Array<{ status: number; ms: number }> = [];
      let on = true;
      const loop = async (s: AppServer) => {
        while (on) {
          const started = performance.now();
          const status = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(10_000) })
            .then((r) => r.status)
            .catch(() => -1);
          seen.push({ status, ms: performance.now() - started });
          await sleep(50);
        }
      };
      const loops = [loop(a), loop(b)];
      await during();
      on = false;
      await Promise.all(loops);
      return seen;
    }

    it('a PostgreSQL outage gives quick 503s, never 500s, and both servers recover by themselves', async () => {
      let during: Array<{ status: number; ms: number }> = [];
      const all = await probe(async () => {
        await sleep(300);
        await pgProxy.stop();
        const mark = Date.now();
        // A page that needs the database, asked during the outage.
        const page = await call(b.url, 'GET', '/api/products/categories/0?prodName=zzz+outage');
        expect(page.status).toBe(503);
        expect(page.body.code).toBe('UNAVAILABLE');
        while (Date.now() - mark < 3000) await sleep(100);
        await pgProxy.start();
        const until = Date.now() + 20_000;
        for (;;) {
          const [ra, rb] = await Promise.all([
            call(a.url, 'GET', '/api/health'),
            call(b.url, 'GET', '/api/health'),
          ]);
          if (ra.status === 200 && rb.status === 200) break;
          if (Date.now() > until) throw new Error('the servers did not recover within 20 s');
          await sleep(200);
        }
      });
      during = all.filter((x) => x.status !== 200);
      expect(during.length).toBeGreaterThan(0);
      expect(new Set(during.map((x) => x.status))).toEqual(new Set([503]));
      // Fail fast: no answer waited for the database to come back.
      expect(Math.max(...all.map((x) => x.ms))).toBeLessThan(3000);
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();
    }, 60_000);

    it('a Redis restart: the site stays up, and messages cross machines again once it is back', async () => {
      const s = await sellerWithStore(handle.db);
      const part = await product(handle.db, s.store, 3000, 1, 'Corolla alternator');
      const buyer = await createUser(handle.db, 'Buyer');
      const thread = await call(a.url, 'POST', '/api/chat/threads', {
        cookie: buyer.cookie,
        body: { subject: 'product', subjectId: part.prodId },
      });
      const send = (text: string) =>
        call(a.url, 'POST', `/api/chat/threads/${thread.body.item.id}/messages`, {
          cookie: buyer.cookie,
          body: { body: text },
        });
      const seen = await probe(async () => {
        await redisProxy.stop();
        await sleep(500);
        const r = await send('while Redis is down');
        expect(r.status, r.text).toBe(201);
        expect(r.ms).toBeLessThan(3000);
        const login = await register(b.url);
        expect(login.cookie).toBeTruthy();
        await sleep(1500);
        await redisProxy.start();
      });
      expect(seen.every((x) => x.status === 200)).toBe(true);
      // Reconnects with a growing delay (at most 5 s): B hears A again without a restart.
      const sock = live(wsUrl(b), s.cookie);
      await sock.next('hello');
      const until = Date.now() + 20_000;
      for (let i = 0; ; i++) {
        const sent = await send(`after Redis came back ${i}`);
        expect(sent.status).toBe(201);
        const got = await sock.next('chat.message', 1000).catch(() => null);
        if (got) break;
        if (Date.now() > until)
          throw new Error(
            `B did not hear A through Redis within 20 s\nA: ${a.output()}\nB: ${b.output()}`,
          );
      }
      sock.ws.close();
    }, 60_000);

    it('SIGTERM: A finishes the upload in flight, closes its sockets and exits within 10 s; nginx sends the rest to B', async () => {
      const s = await sellerWithStore(handle.db);
      const part = await product(handle.db, s.store, 3000, 1, 'Hilux headlamp');
      const sock = live(wsUrl(a), s.cookie);
      await sock.next('hello');
      const m = multipart([
        { field: 'images', filename: 'lamp.jpg', type: 'image/jpeg', data: await photo() },
      ]);
      // An upload whose body is half sent when the signal comes.
      const conn = net.connect(a.port, '127.0.0.1');
      await new Promise((r) => conn.once('connect', r));
      let answer = '';
      conn.on('data', (d) => (answer += String(d)));
      const ended = new Promise((r) => conn.once('close', r));
      conn.write(
        `POST /api/store/products/${part.prodId}/images HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Cookie: ${s.cookie}\r\nContent-Type: ${m.headers['content-type']}\r\n` +
          `Content-Length: ${m.payload.length}\r\nConnection: close\r\n\r\n`,
      );
      const half = Math.floor(m.payload.length / 2);
      conn.write(m.payload.subarray(0, half));
      await sleep(300);
      const signalled = Date.now();
      a.child.kill('SIGTERM');
      // Traffic through nginx meanwhile: every request answered (by B once A stops listening).
      const through: number[] = [];
      const keepAsking = (async () => {
        if (!nginx) return;
        while (a.child.exitCode === null) {
          through.push(
            (await httpsGet(`${nginx.httpsUrl}/api/health`).catch(() => ({ status: -1 }))).status,
          );
          await sleep(50);
        }
      })();
      await sleep(1000);
      conn.write(m.payload.subarray(half));
      await ended;
      expect(answer, a.output()).toMatch(/^HTTP\/1\.1 201/);
      expect(await sock.closed).toBeGreaterThan(0);
      await a.exited;
      await keepAsking;
      const took = Date.now() - signalled;
      expect(took).toBeLessThan(10_000);
      expect(a.child.exitCode).toBe(0);
      if (nginx) {
        expect(through.length).toBeGreaterThan(0);
        expect(through.every((x) => x === 200)).toBe(true);
        const after = await httpsGet(`${nginx.httpsUrl}/api/health`);
        expect(JSON.parse(String(after.body)).version).toBe('machines-b');
      }
    }, 60_000);
  });
});
