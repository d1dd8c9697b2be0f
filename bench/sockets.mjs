#!/usr/bin/env node
// Live chat at scale on one server process (PostgreSQL server, fresh database): 2,000 signed-in
// users (sessions written straight into the database) each hold a WebSocket on /api/live; 1,000
// direct threads pair them. Two phases of chat messages sent over HTTP
// (POST /api/chat/threads/:id/messages) by one side and timed until the other side's socket
// receives the chat.message event (store, commit, bus, socket):
//   - flat out: 50 senders back to back for BENCH_DURATION s: messages per second;
//   - at a fixed rate (RATE messages/s, open loop: latency counts from the due time): p50/p95/p99.
// Each process holds ~2,000 sockets: raise the open-file limit first (`ulimit -n 8192`).
//
//   node bench/sockets.mjs     SOCKETS (2000), RATE (200, the budget's rate), BENCH_DURATION (10),
//                              BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)
// Figures in bench/results/sockets.json. BENCH_SMOKE=1: 40 sockets, 1 s, 10 messages/s, failing on
// any error or undelivered message (smoke-mode.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { freshDb as newDb, startServer } from './server-db.mjs';
import { failOnErrors, sized, writeResult } from './smoke-mode.mjs';

const port = Number(process.env.BENCH_PORT ?? 3993);
const base = `http://127.0.0.1:${port}`;
const SOCKETS = Number(process.env.SOCKETS ?? sized(2000, 40));
const RATE = Number(process.env.RATE ?? sized(200, 10));
const SECONDS = Number(process.env.BENCH_DURATION ?? sized(10, 1));
/** Senders flat out: never more than threads, so no one sends past the per-minute limit. */
const SENDERS = Math.min(50, Math.floor(SOCKETS / 2));

const hash = (t) => crypto.createHash('sha256').update(t).digest('hex');

/** SOCKETS users with sessions, and SOCKETS/2 threads pairing them (straight into the database). */
async function world(db) {
  const tag = crypto.randomBytes(3).toString('hex');
  const users = (
    await db.query(
      `insert into users (email, name, phone, role, password_hash)
       select 'u' || i || '-${tag}@bench.ng', 'Bench ' || i, '+2347' || lpad(i::text, 9, '0'), 'Buyer', 'x'
       from generate_series(1, $1) i returning id`,
      [SOCKETS],
    )
  ).rows.map((r) => r.id);
  const tokens = users.map(() => crypto.randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (id, user_id, expires_at)
     select unnest($1::text[]), unnest($2::uuid[]), now() + interval '1 day'`,
    [tokens.map(hash), users],
  );
  const threads = [];
  for (let i = 0; i + 1 < users.length; i += 2) threads.push([i, i + 1]);
  const ids = (
    await db.query(
      `insert into chat_threads (kind, user_a, user_b, subject_type, subject_id, subject_title)
       select 'direct', unnest($1::uuid[]), unnest($2::uuid[]), 'product', 1, 'Bench'
       returning id`,
      [threads.map(([a]) => users[a]), threads.map(([, b]) => users[b])],
    )
  ).rows.map((r) => r.id);
  return {
    cookies: tokens.map((t) => `sf_sid=${t}`),
    threads: threads.map(([a, b], i) => ({ id: ids[i], a, b })),
  };
}

/** Opens every socket (100 at a time) and resolves when all said hello. */
async function openAll(cookies, onEvent) {
  const sockets = [];
  for (let i = 0; i < cookies.length; i += 100) {
    await Promise.all(
      cookies.slice(i, i + 100).map(
        (cookie, j) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`, { headers: { cookie } });
            ws.on('message', (raw) => {
              const e = JSON.parse(String(raw));
              if (e.type === 'hello') resolve();
              else onEvent(i + j, e);
            });
            ws.once('error', reject);
            sockets.push(ws);
          }),
      ),
    );
  }
  return sockets;
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
const round = (x) => Math.round(x * 10) / 10;

async function main() {
  const db = await newDb('sf_sockets');
  const server = await startServer(db.url, port, { LOG_LEVEL: 'warn' });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const w = await world(client);
    // clientKey -> [due time, receiving user]; a message counts when the receiver's socket has it.
    const waiting = new Map();
    const latencies = [];
    let delivered = 0;
    const onEvent = (user, e) => {
      if (e.type !== 'chat.message' || !e.clientKey) return;
      const m = waiting.get(e.clientKey);
      if (!m || m.to !== user) return;
      waiting.delete(e.clientKey);
      delivered++;
      latencies.push(performance.now() - m.due);
    };
    const t0 = performance.now();
    const sockets = await openAll(w.cookies, onEvent);
    const openS = (performance.now() - t0) / 1000;
    const rss = Number(
      fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0,
    );
    console.log(
      `${sockets.length} sockets open in ${openS.toFixed(1)} s (server RSS ${rss >> 10} MB)`,
    );

    let n = 0;
    const errors = {};
    /** One message on thread n % threads, alternating sides so no one nears 30 a minute. */
    async function send(due) {
      const k = n++;
      const t = w.threads[k % w.threads.length];
      const fromA = Math.floor(k / w.threads.length) % 2 === 0;
      const key = `b${k}`;
      waiting.set(key, { due, to: fromA ? t.b : t.a });
      let status;
      try {
        const res = await fetch(`${base}/api/chat/threads/${t.id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: w.cookies[fromA ? t.a : t.b] },
          body: JSON.stringify({ body: `Bench message ${k}`, clientKey: key }),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch (e) {
        status = e.cause?.code ?? 'network';
      }
      if (status !== 201) {
        errors[status] = (errors[status] ?? 0) + 1;
        waiting.delete(key);
      }
    }
    const settle = async () => {
      const until = Date.now() + 5000;
      while (waiting.size && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    };

    // Flat out: 50 senders, each sending its next message as soon as the last is answered.
    const flatStart = performance.now();
    const stopAt = flatStart + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (performance.now() < stopAt) await send(performance.now());
      }),
    );
    await settle();
    const flatS = (performance.now() - flatStart) / 1000;
    const flat = { sent: n, delivered, perSecond: round(delivered / flatS) };
    latencies.length = 0;

    // Fixed rate: a message due every 1000/RATE ms whatever happened to earlier ones.
    const sentBefore = n;
    delivered = 0;
    const start = performance.now();
    const total = RATE * SECONDS;
    const inflight = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inflight.push(send(due));
    }
    await Promise.all(inflight);
    await settle();
    latencies.sort((a, b) => a - b);
    const fixed = {
      rate: RATE,
      sent: n - sentBefore,
      delivered,
      p50: round(pct(latencies, 50)),
      p95: round(pct(latencies, 95)),
      p99: round(pct(latencies, 99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    };
    const result = {
      at: new Date().toISOString(),
      sockets: sockets.length,
      openSeconds: round(openS),
      serverRssMb: rss >> 10,
      flatOut: flat,
      fixedRate: fixed,
      httpErrors: errors,
    };
    console.table({ [`flat out (${SENDERS} senders)`]: flat, [`at ${RATE}/s (ms)`]: fixed });
    if (Object.keys(errors).length) console.log('HTTP errors', errors);
    writeResult('sockets.json', result);
    failOnErrors('sockets: HTTP errors', errors);
    failOnErrors('sockets: messages not delivered', fixed.sent - fixed.delivered);
    for (const s of sockets) s.terminate();
  } finally {
    await client.end();
    server.kill();
    await new Promise((r) => server.once('exit', r));
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
