#!/usr/bin/env node
// Checkout under load, on the PostgreSQL server, over real HTTP against the API process
// (bench/api-server.ts), each scenario on a fresh database:
//   race      1,000 checkouts at once for a part with 10 in stock (ROUNDS times, default 20):
//             exactly 10 orders, stock 0, never negative, no 5xx.
//   sigkill   the server killed with SIGKILL in the middle of 500 checkouts (and 100 payment
//             webhooks), then restarted: every acknowledged order is there, stock + sold =
//             initial stock, every ledger posting balances.
//   throughput 50 buyers checking out different parts against the production server (two
//             processes, as the budget is set): flat out for DURATION seconds (orders per second),
//             then at RATE checkouts per second, open loop (p50/p99 from each checkout's due time);
//             GET /api/cart latency under both; a failed request is counted with its message.
//             BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles each server process.
//
//   node bench/checkout.mjs [race|sigkill|throughput|race,throughput …]   (default: all)
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), ROUNDS, RACE_N, DURATION, RATE
//   BENCH_SMOKE=1: one round of 40, 50 checkouts killed after 10, 10 buyers for 2 s (smoke-mode.mjs)
import crypto from 'node:crypto';
import pg from 'pg';
import { freshDb as newDb, startBuiltServer, startServer as start } from './server-db.mjs';
import { failOnErrors, sized, writeResult } from './smoke-mode.mjs';
import { jsonClient } from './http-json.mjs';
import { dbBackendsCpuMs, treeCpuMs } from './proc-cpu.mjs';

const which = new Set((process.argv[2] ?? 'race,sigkill,throughput').split(','));
const port = Number(process.env.BENCH_PORT ?? 3991);
const base = `http://127.0.0.1:${port}`;
const SECRET = 'sk_test_sparefinder_local_no_money_moves';
const client = jsonClient(base);

const stop = (child, sig = 'SIGTERM') =>
  new Promise((r) => {
    if (child.exitCode !== null || child.signalCode) return r();
    child.once('exit', r);
    child.kill(sig);
  });

const freshDb = () => newDb('sf_checkout');
const startServer = (dbUrl) => start(dbUrl, port, { DEMO_DATA: 'true' });

let worlds = 0;

/** Store, parts and signed-in buyers with one line in their cart, straight into the database. */
async function world(db, { buyers, parts, stock }) {
  // Phone numbers are unique per account: each world's buyers get their own block of numbers.
  const phoneBlock = ++worlds * 100_000;
  const st = await db.query(
    `insert into stores (name, url_name, state_id, city_id, delivery_fee_in_state_kobo, delivery_fee_other_states_kobo)
     select 'Bench Store ' || $1, 'bench-' || $1, s.id, c.id, 250000, 600000 from states s join cities c on c.state_id = s.id
     where s.name = 'Lagos' and c.name = 'Ikeja' returning id, state_id, city_id`,
    [crypto.randomBytes(4).toString('hex')],
  );
  const store = st.rows[0];
  const prods = await db.query(
    `insert into products (store_id, cat_id, top_cat_id, state_id, city_id, name, price_kobo, condition, stock)
     select $1, 601, coalesce(nullif((select parent_id from categories where cat_id = 601), 0), 601), $2, $3, 'Bench part ' || g, 500000, 1, $4
     from generate_series(1, $5) g returning prod_id`,
    [store.id, store.state_id, store.city_id, stock, parts],
  );
  const ids = prods.rows.map((r) => r.prod_id);
  const out = [];
  const tag = crypto.randomBytes(3).toString('hex');
  const users = await db.query(
    `insert into users (email, name, phone, role, password_hash)
     select 'bench' || g || '-${tag}@bench.ng', 'Bench Buyer ' || g, '+2348' || lpad(($2 + g)::text, 9, '0'), 'Buyer', 'x'
     from generate_series(1, $1) g returning id`,
    [buyers, phoneBlock],
  );
  for (const [i, u] of users.rows.entries()) {
    const token = crypto.randomBytes(32).toString('base64url');
    out.push({
      id: u.id,
      cookie: `sf_sid=${token}`,
      hash: crypto.createHash('sha256').update(token).digest('hex'),
      product: ids[i % ids.length],
    });
  }
  await db.query(
    `insert into sessions (id, user_id, expires_at) select * from unnest($1::text[], $2::uuid[], $3::timestamptz[])`,
    [
      out.map((b) => b.hash),
      out.map((b) => b.id),
      out.map(() => new Date(Date.now() + 86_400_000)),
    ],
  );
  await db.query(
    `insert into cart_items (user_id, product_id, quantity, price_seen_kobo) select * from unnest($1::uuid[], $2::int[], $3::int[], $4::bigint[])`,
    [out.map((b) => b.id), out.map((b) => b.product), out.map(() => 1), out.map(() => 500000)],
  );
  const city = await db.query(
    `select c.id as city_id, c.state_id from cities c join states s on s.id = c.state_id where s.name = 'Lagos' and c.name = 'Ikeja'`,
  );
  return { store, products: ids, buyers: out, place: city.rows[0] };
}

const body = (place, method = 'pay_on_delivery') =>
  JSON.stringify({
    fulfilment: 'delivery',
    stateId: place.state_id,
    cityId: place.city_id,
    street: '1 Bench Road',
    phone: '08031234567',
    paymentMethod: method,
  });

/** One checkout of the buyer's cart; the answer's body is parsed only when `json()` is called. */
async function checkout(b, place, method) {
  const t0 = performance.now();
  const res = await client.send('POST', '/api/checkout', {
    headers: { cookie: b.cookie, 'idempotency-key': `bench-${crypto.randomUUID()}` },
    body: body(place, method),
  });
  return { ...res, ms: performance.now() - t0 };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10
    : null;
};
const tally = (rs) => rs.reduce((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});

async function race() {
  const rounds = Number(process.env.ROUNDS ?? sized(20, 1));
  const n = Number(process.env.RACE_N ?? sized(1000, 40));
  const d = await freshDb();
  const child = await startServer(d.url);
  const db = new pg.Client({ connectionString: d.url });
  await db.connect();
  const results = [];
  try {
    for (let r = 1; r <= rounds; r++) {
      const w = await world(db, { buyers: n, parts: 1, stock: 10 });
      const t0 = performance.now();
      const answers = await Promise.all(w.buyers.map((b) => checkout(b, w.place)));
      const secs = (performance.now() - t0) / 1000;
      const [{ stock }] = (
        await db.query('select stock from products where prod_id = $1', [w.products[0]])
      ).rows;
      const [{ orders }] = (
        await db.query('select count(*)::int as orders from order_items where product_id = $1', [
          w.products[0],
        ])
      ).rows;
      const row = {
        round: r,
        statuses: tally(answers),
        orders,
        stock,
        seconds: Math.round(secs * 100) / 100,
      };
      const ok =
        orders === 10 && stock === 0 && !answers.some((a) => a.status >= 500 || a.status === 0);
      results.push({ ...row, ok });
      console.log(`race ${r}/${rounds}: ${JSON.stringify(row)} ${ok ? 'OK' : 'FAIL'}`);
    }
  } finally {
    await db.end();
    await stop(child);
    await d.drop();
  }
  return { n, rounds, allOk: results.every((r) => r.ok), results };
}

async function sigkill() {
  const d = await freshDb();
  let child = await startServer(d.url);
  const db = new pg.Client({ connectionString: d.url });
  await db.connect();
  try {
    const initial = 1000;
    const checkouts = sized(500, 50);
    const w = await world(db, { buyers: checkouts + sized(100, 10), parts: 5, stock: initial / 5 });
    // 100 Paystack checkouts first, whose webhooks arrive during the crash.
    const payers = w.buyers.slice(checkouts);
    const placed = await Promise.all(payers.map((b) => checkout(b, w.place, 'paystack')));
    const refs = placed
      .filter((p) => p.status === 201)
      .map((p) => p.json())
      .map((j) => ({ ref: j.payment.reference, amount: j.totalKobo }));
    await db.query(
      `update paystack_test_records set status = 'success' where kind = 'transaction'`,
    );
    const acked = [];
    let answered = 0;
    const killAfter = sized(120, 10);
    const run = Promise.all(
      w.buyers.slice(0, checkouts).map(async (b) => {
        const r = await checkout(b, w.place);
        answered++;
        if (r.status === 201) acked.push(...r.json().orders.map((o) => o.id));
        if (answered === killAfter) child.kill('SIGKILL');
        return r;
      }),
    );
    const hooks = Promise.all(
      refs.map(async ({ ref, amount }) => {
        const raw = JSON.stringify({
          event: 'charge.success',
          data: { status: 'success', reference: ref, amount, currency: 'NGN', channel: 'card' },
        });
        const sig = crypto.createHmac('sha512', SECRET).update(raw).digest('hex');
        return fetch(`${base}/api/payments/paystack/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': sig },
          body: raw,
        })
          .then((r) => r.status)
          .catch(() => 0);
      }),
    );
    const answers = await run;
    await hooks;
    await new Promise((r) =>
      child.exitCode !== null || child.signalCode ? r() : child.once('exit', r),
    );
    child = await startServer(d.url);
    const present = (await db.query('select id from orders where id = any($1::int[])', [acked]))
      .rows.length;
    const [{ left }] = (
      await db.query(
        'select sum(stock)::int as left from products where prod_id = any($1::int[])',
        [w.products],
      )
    ).rows;
    const [{ sold }] = (
      await db.query(
        `select coalesce(sum(oi.quantity), 0)::int as sold from order_items oi join orders o on o.id = oi.order_id
         where oi.product_id = any($1::int[]) and o.status not in ('cancelled', 'refunded')`,
        [w.products],
      )
    ).rows;
    const unbalanced = (
      await db.query(
        'select posting_id from ledger_entries group by posting_id having sum(amount_kobo) <> 0',
      )
    ).rows.length;
    const postings = (await db.query('select count(*)::int as n from ledger_postings')).rows[0].n;
    const result = {
      checkouts,
      killedAfterAnswers: killAfter,
      statuses: tally(answers),
      acknowledgedOrders: acked.length,
      acknowledgedPresentAfterRestart: present,
      initialStock: initial,
      stockLeft: left,
      sold,
      stockPlusSoldEqualsInitial: left + sold === initial,
      ledgerPostings: postings,
      unbalancedPostings: unbalanced,
    };
    result.ok = present === acked.length && result.stockPlusSoldEqualsInitial && unbalanced === 0;
    console.log(`sigkill: ${JSON.stringify(result)} ${result.ok ? 'OK' : 'FAIL'}`);
    return result;
  } finally {
    await db.end();
    await stop(child);
    await d.drop();
  }
}

/**
 * One buyer's round: check out (the one line in the cart), put the part back in the cart for the
 * next round, and open the cart as the buyer would; a failed request is tallied with its first
 * message. Answers the checkout's status, and the milliseconds of the checkout and the cart read.
 */
async function round(b, place, t, sentFrom = performance.now()) {
  const r = await checkout(b, place);
  // Latency from `sentFrom`: at a fixed rate, the round's due time (it may be sent late).
  t.checkoutMs.push(performance.now() - sentFrom);
  if (r.status === 201) t.orders++;
  else t.fail(r.status, r.json()?.message ?? r.error ?? null);
  const again = await client.send('POST', '/api/cart/items', {
    headers: { cookie: b.cookie },
    body: JSON.stringify({ productId: b.product, quantity: 1 }),
  });
  if (!again.ok) t.fail(`cart ${again.status}`, again.json()?.message ?? again.error ?? null);
  const c0 = performance.now();
  await client.send('GET', '/api/cart', { headers: { cookie: b.cookie } });
  t.cartMs.push(performance.now() - c0);
}

const tallies = () => {
  const t = { orders: 0, errors: {}, messages: {}, checkoutMs: [], cartMs: [] };
  t.fail = (key, message) => {
    t.errors[key] = (t.errors[key] ?? 0) + 1;
    // The first answer of each failing status, to tell why.
    t.messages[key] ??= message;
  };
  return t;
};

const summary = (t, secs) => ({
  orders: t.orders,
  ordersPerSecond: Math.round((t.orders / secs) * 10) / 10,
  checkoutP50: pct(t.checkoutMs, 50),
  checkoutP99: pct(t.checkoutMs, 99),
  cartP50: pct(t.cartMs, 50),
  cartP99: pct(t.cartMs, 99),
  errors: t.errors,
  ...(Object.keys(t.messages).length ? { messages: t.messages } : {}),
});

/**
 * Checkout with 50 buyers on different parts, two ways. Flat out: every buyer runs rounds back
 * to back for DURATION seconds (orders per second: what the server can take). At the budget's
 * rate: checkouts due at a fixed RATE per second (200), round-robin over the buyers (each buyer's
 * turn every 50/RATE s), each checkout's latency counted from its due time, as the other budgets
 * are measured (open loop: a buyer still busy when its turn comes sends late, and the lateness
 * counts). The first second at the rate is not counted (connections open, the flat-out queue drains).
 */
const perOrder = (ms, orders) =>
  ms === null ? null : Math.round((ms / Math.max(1, orders)) * 100) / 100;

async function throughput() {
  const secs = Number(process.env.DURATION ?? sized(15, 2));
  const buyers = sized(50, 10);
  const rate = Number(process.env.RATE ?? sized(200, 20));
  const d = await freshDb();
  // As the budget is set: the production server, two processes on this 2-core machine.
  const child = await startBuiltServer(d.url, port, { DEMO_DATA: 'true' });
  const db = new pg.Client({ connectionString: d.url });
  await db.connect();
  try {
    const w = await world(db, { buyers, parts: buyers, stock: 1_000_000 });
    const flat = tallies();
    const cpu0 = process.cpuUsage();
    // The servers' and the database's CPU over the flat-out part (the database's backends as
    // they are once the servers' pools have opened them).
    const serverCpu0 = treeCpuMs(child.pid);
    const dbCpu0 = await dbBackendsCpuMs(db, d.name);
    const end = Date.now() + secs * 1000;
    await Promise.all(
      w.buyers.map(async (b) => {
        while (Date.now() < end) await round(b, w.place, flat);
      }),
    );

    // The sender's own CPU an order: on a 2-core machine it is taken from the servers it measures.
    const flatCpu = process.cpuUsage(cpu0);
    const serverCpu = serverCpu0 === null ? null : treeCpuMs(child.pid) - serverCpu0;
    const dbCpu1 = dbCpu0 === null ? null : await dbBackendsCpuMs(db, d.name);
    const fixed = tallies();
    const warm = tallies();
    const atRateSecs = sized(10, 2);
    const total = Math.round(rate * (atRateSecs + 1));
    const t0 = performance.now();
    const busy = w.buyers.map(() => Promise.resolve());
    for (let k = 0; k < total; k++) {
      const due = t0 + (k * 1000) / rate;
      const i = k % w.buyers.length;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      busy[i] = busy[i].then(() => round(w.buyers[i], w.place, k < rate ? warm : fixed, due));
    }
    await Promise.all(busy);

    const result = {
      buyers,
      seconds: secs,
      ...summary(flat, secs),
      senderCpuMsPerOrder:
        Math.round(((flatCpu.user + flatCpu.system) / 1000 / Math.max(1, flat.orders)) * 100) / 100,
      // CPU a round (the checkout, the part put back, the cart read) in the server processes and
      // in PostgreSQL: what the machine spends an order, steadier than the rate it gets through.
      serverCpuMsPerOrder: perOrder(serverCpu, flat.orders),
      dbCpuMsPerOrder: perOrder(dbCpu1 === null ? null : dbCpu1 - dbCpu0, flat.orders),
      atRate: { rate, seconds: atRateSecs, ...summary(fixed, atRateSecs) },
    };
    console.log(`throughput: ${JSON.stringify(result)}`);
    failOnErrors('throughput', { ...flat.errors, ...fixed.errors });
    if (flat.orders === 0) failOnErrors('throughput: no order placed', 1);
    return result;
  } finally {
    await db.end();
    await stop(child);
    await d.drop();
  }
}

const out = { at: new Date().toISOString() };
if (which.has('race')) out.race = await race();
if (which.has('sigkill')) out.sigkill = await sigkill();
if (which.has('throughput')) out.throughput = await throughput();
writeResult('checkout.json', out);
const failed = (out.race && !out.race.allOk) || (out.sigkill && !out.sigkill.ok);
client.close();
process.exit(failed || process.exitCode ? 1 : 0);
