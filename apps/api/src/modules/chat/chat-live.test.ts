import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { CHAT_GUEST_COOKIE } from '@sf/shared';
import { buildApp } from '../../app.ts';
import { createBus, type LiveEvent } from '../../lib/bus.ts';
import { LIVE_PATH } from '../../lib/live.ts';
import {
  createTestApp,
  client,
  setCookieHeader,
  testRedisPrefix,
  type TestApp,
} from '../../test/helper.ts';
import { product, sellerWithStore } from '../checkout/testing.ts';

// Chat over real WebSocket connections: delivery to both sides and to a guest, the order of many
// messages, a server restart (the client reconnects and reloads what it missed), and two app
// instances that share only Redis (a message sent through A reaches a socket on B).

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 6379), u.hostname);
    s.setTimeout(500);
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

async function listen(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}
const wsUrl = (port: number) => `ws://127.0.0.1:${port}${LIVE_PATH}`;

/** A socket collecting chat events; `until(n)` waits for n chat.message events in all. */
function open(port: number, cookie: string) {
  const ws = new WebSocket(wsUrl(port), { headers: { cookie } });
  const messages: LiveEvent[] = [];
  let wake = () => {};
  const hello = new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_q, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('message', (raw) => {
      const e = JSON.parse(String(raw)) as LiveEvent;
      if (e.type === 'hello') resolve();
      if (e.type === 'chat.message') messages.push(e);
      wake();
    });
  });
  const until = (n: number, ms = 10_000) =>
    new Promise<LiveEvent[]>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`${messages.length} of ${n} events`)), ms);
      const check = () => {
        if (messages.length >= n) {
          clearTimeout(t);
          resolve(messages);
        }
      };
      wake = check;
      check();
    });
  const closed = new Promise<void>((r) => ws.once('close', () => r()));
  return { ws, hello, messages, until, closed };
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = await listen(t.app);
});
afterAll(() => t?.close());

async function pair() {
  const seller = await sellerWithStore(t.handle.db);
  const part = await product(t.handle.db, seller.store, 1000, 2);
  const buyer = await t.signIn('Buyer');
  const thread = (
    await t.post(
      '/api/chat/threads',
      { subject: 'product', subjectId: part.prodId },
      { cookie: buyer.cookie },
    )
  ).body.item;
  return { seller, buyer, thread };
}

/** Sends over real HTTP (the browser's path), not inject. */
async function httpPost(p: number, path: string, body: unknown, cookie: string) {
  const res = await fetch(`http://127.0.0.1:${p}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('chat over /api/live', () => {
  it('delivers a message to both sides, in the order of 50 rapid messages', async () => {
    const { seller, buyer, thread } = await pair();
    const s = open(port, seller.cookie);
    const b = open(port, buyer.cookie);
    await Promise.all([s.hello, b.hello]);
    const ids: number[] = [];
    // 25 each (one person may send 30 a minute), alternating, each sent as soon as the last is stored.
    for (let i = 0; i < 50; i++) {
      const who = i % 2 ? seller : buyer;
      const r = await httpPost(
        port,
        `/api/chat/threads/${thread.id}/messages`,
        { body: `message ${i}` },
        who.cookie,
      );
      expect(r.status).toBe(201);
      ids.push(r.body.item.id);
    }
    for (const sock of [s, b]) {
      const got = await sock.until(50);
      expect(got.map((e) => e.messageId)).toEqual(ids);
      expect(got.map((e) => e.preview)).toEqual(ids.map((_, i) => `message ${i}`));
    }
    s.ws.close();
    b.ws.close();
  });

  it('a guest with a chat cookie gets the staff answer live; without one the upgrade is 401', async () => {
    const first = await t.post('/api/chat/support/messages', { body: 'Do you sell wipers?' });
    const m = new RegExp(`${CHAT_GUEST_COOKIE}=([^;]+)`).exec(
      setCookieHeader(first.headers['set-cookie']),
    )!;
    const cookie = `${CHAT_GUEST_COOKIE}=${m[1]}`;
    const g = open(port, cookie);
    await g.hello;
    const admin = await t.signIn('Admin');
    const staff = open(port, admin.cookie);
    await staff.hello;
    await httpPost(port, '/api/chat/support/messages', { body: 'Any brand' }, cookie);
    expect((await staff.until(1))[0]).toMatchObject({ kind: 'support', preview: 'Any brand' });
    await httpPost(
      port,
      `/api/admin/support/${first.body.item.threadId}/messages`,
      { body: 'Yes, Bosch and Valeo' },
      admin.cookie,
    );
    const got = await g.until(2);
    expect(got.map((e) => e.preview)).toEqual(['Any brand', 'Yes, Bosch and Valeo']);
    const refused = open(port, `${CHAT_GUEST_COOKIE}=short`);
    await expect(refused.hello).rejects.toThrow('refused 401');
    g.ws.close();
    staff.ws.close();
  });
});

describe('a server restart', () => {
  it('the client reconnects to the new server and reloads what it missed from the API', async () => {
    const { seller, buyer, thread } = await pair();
    const first = await buildApp({ db: t.handle.db, bus: createBus() });
    const p = await listen(first);
    const s = open(p, seller.cookie);
    await s.hello;
    const m1 = await httpPost(
      p,
      `/api/chat/threads/${thread.id}/messages`,
      { body: 'before' },
      buyer.cookie,
    );
    expect((await s.until(1))[0].messageId).toBe(m1.body.item.id);
    const lastSeen = m1.body.item.id as number;

    await first.close();
    await s.closed;
    // A new process on the same database and port; a message is sent before the client is back.
    const second = await buildApp({ db: t.handle.db, bus: createBus() });
    try {
      await listen(second, p);
      const m2 = await client(second).post(
        `/api/chat/threads/${thread.id}/messages`,
        { body: 'while you were away' },
        { cookie: buyer.cookie },
      );
      expect(m2.status).toBe(201);
      // The browser client reconnects (lib/live.ts), then reloads after its last seen message.
      const again = open(p, seller.cookie);
      await again.hello;
      const missed = await fetch(
        `http://127.0.0.1:${p}/api/chat/threads/${thread.id}?afterId=${lastSeen}`,
        { headers: { cookie: seller.cookie } },
      ).then((r) => r.json() as Promise<any>);
      expect(missed.messages.map((x: any) => x.body)).toEqual(['while you were away']);
      await httpPost(p, `/api/chat/threads/${thread.id}/messages`, { body: 'after' }, buyer.cookie);
      expect((await again.until(1))[0].preview).toBe('after');
      again.ws.close();
    } finally {
      await second.close();
    }
  });
});

describe('two app instances sharing REDIS_URL', async () => {
  const up = await redisAnswers(REDIS_URL);
  // Skipped only where no Redis server answers at REDIS_URL (CI and this machine have one).
  it.skipIf(!up)('a message sent through A reaches the other side on B', async () => {
    const site = { redisUrl: REDIS_URL, redisKeyPrefix: testRedisPrefix() };
    const a = await buildApp({
      db: t.handle.db,
      bus: createBus(),
      config: site,
    });
    const b = await buildApp({
      db: t.handle.db,
      bus: createBus(),
      config: site,
    });
    try {
      const pa = await listen(a);
      const pb = await listen(b);
      const { seller, buyer, thread } = await pair();
      const s = open(pb, seller.cookie);
      await s.hello;
      const sent = await httpPost(
        pa,
        `/api/chat/threads/${thread.id}/messages`,
        { body: 'via A' },
        buyer.cookie,
      );
      expect(sent.status).toBe(201);
      const got = await s.until(1);
      expect(got[0]).toMatchObject({ messageId: sent.body.item.id, preview: 'via A' });
      s.ws.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
