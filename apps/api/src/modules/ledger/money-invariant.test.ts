import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createStore } from '../catalog/testing.ts';
import { placeIds, product } from '../checkout/testing.ts';
import { TEST_SECRET } from '../payments/testing.ts';
import { root, startAppServer, type AppServer } from '../../machines/harness.ts';
import { ledgerViolations, moneyPicture, settledViolations } from './money-checks.ts';
import {
  createMoneyWorld,
  httpApi,
  injectApi,
  type Api,
  type Fault,
  type MoneyWorld,
} from './money-world.ts';

// The money invariant: a seeded random sequence of operations across a few buyers and stores,
// driven only through the API, the local Paystack server's hosted page and its webhooks (never by
// writing to tables), with Paystack's answers lost or garbled after it did the work, webhooks held,
// repeated and reordered, refunds Paystack cannot pay back (refund.failed, needs-attention),
// transfers that fail or that the bank sends back after they were paid (transfer.reversed), and
// (on the PostgreSQL server) a server process killed with SIGKILL in the middle and started
// again. After it, and every CHECK_EVERY operations along the way, the ledger must balance and
// agree with what Paystack took in, paid back and transferred out; a refund Paystack did not pay
// is owed to the buyer, never counted as returned, and is on the staff's attention list. The run
// prints what it did (operations, payouts, refunds, Paystack's records, postings, where the naira
// are) and fails if it paid out, reversed or failed too few to have tested them (MIN).
//
//   SEED=123 npx vitest run --project api apps/api/src/modules/ledger/money-invariant.test.ts
//   MONEY_OPS=3000 for a longer run (default 1,000); MONEY_ALL_FAULTS=0 leaves out the faults
//   of the bugs this test found last (OPEN_FAULTS below).
//
// The SIGKILL phase runs on the PostgreSQL server only: a server process needs a database it can
// share with this one, which an in-memory PGlite is not (and it costs two process starts).

const OPS = Number(process.env.MONEY_OPS ?? 1000);
// A fixed seed by default, so the build runs the same sequence every time; SEED=… for others.
const SEED = process.env.SEED ? Number(process.env.SEED) : 3;
const CHECK_EVERY = 100;
/**
 * Faults of the bugs this test found last, now fixed and run by default (MONEY_ALL_FAULTS=0
 * leaves them out, to tell a new failure from these):
 * - a transfer Paystack accepted but answered 5xx or not at all was marked failed and its money
 *   put back on the store's balance: paid out twice (now pending until verified, orders/payouts.ts);
 * - Paystack's verify answering 5xx or not at all made POST /api/payments/:ref/verify a 500, and
 *   a 5xx on creating a transfer recipient made PUT /api/store/bank-account one (now 503: an
 *   outside service's failure leaves as "try again", lib/errors.ts).
 */
const OPEN_FAULTS: [string, Fault][] = [
  ['POST /transfer', '5xx'],
  ['POST /transfer', 'lost'],
  ['GET /transaction/verify', '5xx'],
  ['GET /transaction/verify', 'lost'],
  ['POST /transferrecipient', '5xx'],
];
const ALL_FAULTS = process.env.MONEY_ALL_FAULTS !== '0';
/**
 * What a run of 1,000 operations or more must have done, or it proves nothing about them: payouts
 * that reached the bank, of those some the bank sent back, and refunds Paystack could not pay.
 */
const MIN = { payoutsPaid: 5, reversed: 2, refundsFailed: 3 };
const onServer = !!process.env.TEST_DATABASE_URL;
const built = fs.existsSync(path.join(root, 'apps/web/build/server/index.js'));
const PASSWORD = 'Okada-rider-7-Ikeja';
const DAY = 86_400_000;

const KINDS = {
  checkout: 16,
  pay: 13,
  verify: 4,
  replayHook: 5,
  holdHooks: 3,
  flushHooks: 3,
  fault: 6,
  seller: 18,
  cash: 4,
  received: 5,
  cancel: 4,
  disputeOpen: 4,
  disputeSettle: 5,
  autoRelease: 1,
  expire: 1,
  jobs: 6,
  payout: 6,
  // How Paystack ends the refunds and transfers it is given from now on (paid, failed, the
  // bank refusing a refund, or held open), and a held one ended later.
  refundFate: 2,
  transferFate: 2,
  settleHeld: 3,
  // A bank sends back a transfer Paystack had paid (transfer.reversed after transfer.success).
  reverse: 3,
} as const;
type Kind = keyof typeof KINDS;
interface Op {
  kind: Kind;
  a: number;
  b: number;
  c: number;
}
/** Operations a server process can take (no clock moves, no in-process job runs). */
const OVER_HTTP: Kind[] = [
  'checkout',
  'pay',
  'verify',
  'replayHook',
  'seller',
  'cash',
  'received',
  'cancel',
  'payout',
];

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.oneof(
    ...Object.entries(KINDS).map(([k, weight]) => ({
      arbitrary: fc.constant(k as Kind),
      weight,
    })),
  ),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
});

interface Person {
  id: string;
  cookie: string;
  phone: string;
}
interface StoreCtx {
  id: number;
  owner: Person;
  products: number[];
  bank: boolean;
}
interface Checkout {
  id: string;
  buyer: number;
  reference: string | null;
  authorizationUrl: string | null;
  orders: number[];
  refused?: boolean;
}
interface OrderCtx {
  id: number;
  buyer: number;
  store: number;
  method: 'paystack' | 'pay_on_delivery';
  status: string;
  productId: number;
  totalKobo: number;
}
interface Dispute {
  id: number;
  orderId: number;
  open: boolean;
}

/** A small deterministic shuffle (the held webhooks' new order), from one number. */
function shuffleWith(seed: number) {
  return <T>(xs: T[]): T[] => {
    const out = [...xs];
    let s = seed | 1;
    for (let i = out.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
}

/** The app's clock moved ahead for the jobs due then (the buyer's 7 quiet days, an order's hold). */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

let w: MoneyWorld;
beforeAll(async () => {
  w = await createMoneyWorld();
});
afterAll(() => w?.close());

describe(`money invariant (${onServer ? 'postgres' : 'pglite'})`, () => {
  it(
    `${OPS} random operations: the ledger balances and agrees with Paystack (seed ${SEED})`,
    async () => {
      // The seed first, so a run that times out can be replayed too.
      console.log(`money invariant: SEED=${SEED} MONEY_OPS=${OPS} (${w.kind})`);
      // One run of OPS operations, not shrunk (a run takes tens of seconds): on failure the
      // seed, the problems and the operations up to the first one are printed and written to
      // test-results/money-invariant-SEED.json, so the sequence can be filed and replayed.
      const out = await fc.check(
        fc.asyncProperty(fc.array(opArb, { minLength: OPS, maxLength: OPS }), (ops) =>
          runSequence(ops),
        ),
        { seed: SEED, numRuns: 1, endOnFailure: true },
      );
      if (out.failed)
        throw new Error(
          `money invariant failed: replay with SEED=${out.seed} MONEY_OPS=${OPS}\n${String((out.errorInstance as Error)?.stack ?? out.errorInstance)}`,
        );
    },
    // Measured at 1,000 operations with the machine's load average above 20: the test process
    // spends about 45 s of CPU on PGlite; the wall time is what the shared machine allows.
    onServer ? 420_000 : 360_000,
  );
});

async function runSequence(ops: Op[]) {
  const started = Date.now();
  const cpu0 = process.cpuUsage();
  const { db } = w;
  const problems: string[] = [];
  const notes: Record<string, number> = {};
  const note = (k: string) => (notes[k] = (notes[k] ?? 0) + 1);
  const log: string[] = [];
  let api: Api = injectApi(w.app);
  let serverDown = false;

  const call: Api['call'] = async (method, url, o) => {
    const r = await api.call(method, url, o);
    // 503 is the app's own answer while Paystack does not answer (the buyer is told to try
    // again); any other 5xx, or a dropped connection while the server runs, is a bug.
    const unavailable = r.status === 503 && r.body?.code === 'UNAVAILABLE';
    if ((r.status >= 500 && !unavailable) || (r.status === 0 && !serverDown))
      problems.push(`${r.status} on ${method} ${url}: ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  };

  // ---- The people: an admin, 4 buyers, 3 stores (each owner with a password) ----
  const admin = await createUser(db, 'Admin');
  const person = (u: Awaited<ReturnType<typeof createUser>>): Person => ({
    id: u.user.id,
    cookie: u.cookie,
    phone: u.user.phone!,
  });
  const buyers: Person[] = [];
  for (let i = 0; i < 4; i++) buyers.push(person(await createUser(db, 'Buyer')));
  const passwordHash = await hashPassword(PASSWORD);
  const lagos = await placeIds(db, 'Lagos', 'Ikeja');
  const stores: StoreCtx[] = [];
  const prices = [2500, 12345, 999, 45000, 7250];
  for (let i = 0; i < 3; i++) {
    const owner = person(await createUser(db, 'Seller', { passwordHash }));
    const store = await createStore(db, { ownerUserId: owner.id });
    const products: number[] = [];
    for (let k = 0; k < 3; k++)
      products.push(
        (await product(db, store, prices[(i + k) % prices.length], k === 2 ? 6 : 100_000)).prodId,
      );
    stores.push({ id: store.id, owner, products, bank: false });
  }
  const coupons: string[] = [];
  for (const c of [
    { code: 'MONEY10', kind: 'percent', value: 10 },
    { code: 'MONEYFLAT', kind: 'fixed', value: 150_000, minOrderKobo: 500_000 },
    { code: 'STORE15', kind: 'percent', value: 15, storeId: stores[0].id },
  ]) {
    const r = await call('POST', '/api/admin/coupons', { cookie: admin.cookie, body: c });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    coupons.push(c.code);
  }

  const checkouts: Checkout[] = [];
  /** Checkouts whose payment page was refused twice (noted, not a money problem). */
  const unpayable = new Set<string>();
  const orders = new Map<number, OrderCtx>();
  const disputes: Dispute[] = [];
  const pick = <T>(xs: T[], n: number): T | undefined =>
    xs.length ? xs[n % xs.length] : undefined;
  const ordersWhere = (f: (o: OrderCtx) => boolean) => [...orders.values()].filter(f);

  async function refresh(o: OrderCtx) {
    const r = await call('GET', `/api/orders/${o.id}`, { cookie: buyers[o.buyer].cookie });
    if (r.status === 200) o.status = r.body.order.status;
    return o;
  }
  /** The order's state from an action's answer; a refusal means the model is behind: ask. */
  const track = async (o: OrderCtx, r: { status: number; body: any }) => {
    if (r.status === 200 && r.body?.order?.status) o.status = r.body.order.status;
    else if (r.status === 409) await refresh(o);
  };

  async function clearCart(b: Person) {
    const cart = await call('GET', '/api/cart', { cookie: b.cookie });
    for (const it of cart.body?.items ?? [])
      await call('DELETE', `/api/cart/items/${it.productId}`, { cookie: b.cookie });
  }

  async function checkout(op: Op) {
    const bi = op.a % buyers.length;
    const b = buyers[bi];
    const storeCount = 1 + (op.b % 2);
    for (let k = 0; k < storeCount; k++) {
      const s = stores[(op.a + k) % stores.length];
      // Now and then the part with 6 in stock (sold out soon: checkouts refused for stock).
      const productId = s.products[(op.b >> 1) % 10 === 0 ? 2 : (op.b >> 1) % 2];
      await call('POST', '/api/cart/items', {
        cookie: b.cookie,
        body: { productId, quantity: 1 + ((op.c >> k) % 3) },
      });
    }
    const paymentMethod = (op.c >> 3) % 5 < 3 ? 'paystack' : 'pay_on_delivery';
    const couponCode = (op.b >> 4) % 3 === 0 ? pick(coupons, op.c >> 5) : undefined;
    const body = {
      fulfilment: 'delivery',
      ...lagos,
      street: '12 Allen Avenue',
      phone: b.phone,
      paymentMethod,
      ...(couponCode ? { couponCode } : {}),
    };
    const key = `money-${op.a}-${op.b}-${op.c}-${checkouts.length}`;
    const r = await call('POST', '/api/checkout', {
      cookie: b.cookie,
      body,
      headers: { 'idempotency-key': key },
    });
    if (r.status !== 201) {
      note(`checkout ${r.status} ${r.body?.code ?? ''}`.trim());
      if (r.status !== 0) await clearCart(b);
      return;
    }
    const ck: Checkout = {
      id: r.body.checkoutId,
      buyer: bi,
      reference: r.body.payment?.reference ?? null,
      authorizationUrl: r.body.payment?.authorizationUrl ?? null,
      orders: r.body.orders.map((o: any) => o.id),
    };
    checkouts.push(ck);
    for (const o of r.body.orders)
      orders.set(o.id, {
        id: o.id,
        buyer: bi,
        store: stores.findIndex((s) => s.id === o.store.id),
        method: o.paymentMethod,
        status: o.status,
        productId: o.items[0].productId,
        totalKobo: o.totalKobo,
      });
    // The same attempt sent again (a phone that lost the answer): the same orders, nothing new.
    if (op.a % 7 === 0) {
      const again = await call('POST', '/api/checkout', {
        cookie: b.cookie,
        body,
        headers: { 'idempotency-key': key },
      });
      if (again.status !== 0 && (again.status !== 200 || again.body.checkoutId !== ck.id))
        problems.push(
          `checkout replayed with its key answered ${again.status}, not the same checkout`,
        );
    }
  }

  /** The buyer on Paystack's hosted page: pay, decline or abandon. */
  async function payPage(ck: Checkout, action: string) {
    let url = ck.authorizationUrl;
    if (!url) {
      const r = await call('POST', `/api/checkout/${ck.id}/pay`, {
        cookie: buyers[ck.buyer].cookie,
      });
      if (r.status !== 200) {
        // Refused again after Paystack already answered once: the buyer can no longer pay.
        if (ck.refused) unpayable.add(ck.id);
        ck.refused = true;
        return note(`pay page refused ${r.status}`);
      }
      url = ck.authorizationUrl = r.body.authorizationUrl;
    }
    const res = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `action=${action}&channel=card`,
      redirect: 'manual',
    });
    await res.arrayBuffer();
  }
  const verify = (ck: Checkout, how: number) =>
    how % 2
      ? call('POST', `/api/payments/${ck.reference}/verify`, { cookie: buyers[ck.buyer].cookie })
      : call('GET', `/api/payments/paystack/callback?reference=${ck.reference}`);

  async function pay(op: Op) {
    // Mostly a checkout still waiting for its money; now and then any (paying twice).
    const unpaid = checkouts.filter(
      (c) => c.reference && c.orders.some((id) => orders.get(id)?.status === 'pending_payment'),
    );
    const ck = pick(op.c % 5 === 0 ? checkouts.filter((c) => c.reference) : unpaid, op.a);
    if (!ck) return;
    const action = ['pay', 'pay', 'pay', 'decline', 'abandon'][op.b % 5];
    if (op.c % 4 === 0) w.hooks.hold(1);
    // The buyer's return (verify) racing Paystack's webhook.
    if (op.c % 3 === 0) await Promise.all([payPage(ck, action), verify(ck, op.b)]);
    else await payPage(ck, action);
    for (const id of ck.orders) {
      const o = orders.get(id);
      if (o?.status === 'pending_payment') await refresh(o);
    }
  }

  async function seller(op: Op) {
    const si = op.a % stores.length;
    const s = stores[si];
    // A shop works through its oldest orders first (so orders reach delivery, release and
    // payout); now and then it looks at any, an unpaid one included.
    const o =
      op.c % 4 === 0
        ? pick(
            ordersWhere(
              (x) =>
                x.store === si &&
                ['pending_payment', 'paid', 'pay_on_delivery', 'processing', 'shipped'].includes(
                  x.status,
                ),
            ),
            op.b,
          )
        : pick(
            ordersWhere(
              (x) =>
                x.store === si &&
                ['paid', 'pay_on_delivery', 'processing', 'shipped'].includes(x.status),
            ).slice(0, 3),
            op.b,
          );
    if (!o) return;
    // Paystack's webhook moves an order on its own: the model learns it by asking.
    if (o.status === 'pending_payment') await refresh(o);
    const action =
      o.status === 'processing' && op.c % 8 === 0
        ? 'cancel'
        : (
            {
              paid: 'accept',
              pay_on_delivery: 'accept',
              processing: 'ship',
              shipped: 'deliver',
            } as Record<string, string>
          )[o.status];
    if (!action) return;
    const body =
      action === 'cancel'
        ? { reason: 'Could not get the part after all' }
        : action === 'ship'
          ? { note: 'GIG Logistics' }
          : {};
    await track(
      o,
      await call('POST', `/api/store/orders/${o.id}/${action}`, { cookie: s.owner.cookie, body }),
    );
  }

  async function cash(op: Op) {
    const o = pick(
      ordersWhere((x) => x.method === 'pay_on_delivery' && !['cancelled'].includes(x.status)),
      op.a,
    );
    if (!o) return;
    const r = await call('POST', `/api/store/orders/${o.id}/mark-paid`, {
      cookie: stores[o.store].owner.cookie,
    });
    note(`cash ${r.status}`);
  }

  async function received(op: Op) {
    const o = pick(
      ordersWhere((x) => x.status === 'delivered'),
      op.a,
    );
    if (!o) return;
    const open = disputes.some((d) => d.orderId === o.id && d.open);
    const r = await call('POST', `/api/orders/${o.id}/received`, {
      cookie: buyers[o.buyer].cookie,
    });
    await track(o, r);
    if (open && r.status === 200)
      problems.push(`order ${o.id}: "I received it" released escrow while a dispute was open`);
  }

  async function cancel(op: Op) {
    const o = pick(
      ordersWhere((x) =>
        ['pending_payment', 'paid', 'pay_on_delivery', 'processing'].includes(x.status),
      ),
      op.a,
    );
    if (!o) return;
    const r =
      o.status === 'processing' || op.b % 3 === 0
        ? await call('POST', `/api/store/orders/${o.id}/cancel`, {
            cookie: stores[o.store].owner.cookie,
            body: { reason: 'The buyer asked us to cancel' },
          })
        : await call('POST', `/api/orders/${o.id}/cancel`, {
            cookie: buyers[o.buyer].cookie,
            body: { reason: 'Found it cheaper' },
          });
    await track(o, r);
  }

  async function disputeOpen(op: Op) {
    const o = pick(
      ordersWhere((x) => x.status === 'delivered' && !disputes.some((d) => d.orderId === x.id)),
      op.a,
    );
    if (!o) return;
    const r = await call('POST', '/api/disputes', {
      cookie: buyers[o.buyer].cookie,
      body: {
        orderId: o.id,
        productId: o.productId,
        reason: ['wrong_part', 'fake', 'damaged', 'not_received'][op.b % 4],
        message: 'The part is not what the listing showed.',
      },
    });
    if (r.status === 200 || r.status === 201)
      disputes.push({ id: r.body.item.id, orderId: o.id, open: true });
    else note(`dispute open ${r.status}`);
  }

  async function disputeSettle(op: Op) {
    const d = pick(
      disputes.filter((x) => x.open),
      op.a,
    );
    if (!d) return;
    const o = orders.get(d.orderId)!;
    const part = Math.max(1, Math.floor((o.totalKobo * ((op.c % 90) + 5)) / 100));
    const mode = op.b % 5;
    let r;
    if (mode === 3) {
      const offer = await call('POST', `/api/disputes/${d.id}/offer`, {
        cookie: stores[o.store].owner.cookie,
        body: { kind: 'refund', amountKobo: part },
      });
      if (offer.status !== 200) return note(`dispute offer ${offer.status}`);
      r = await call('POST', `/api/disputes/${d.id}/accept`, { cookie: buyers[o.buyer].cookie });
    } else if (mode === 4) {
      r = await call('POST', `/api/disputes/${d.id}/withdraw`, { cookie: buyers[o.buyer].cookie });
    } else {
      r = await call('POST', `/api/admin/disputes/${d.id}/decide`, {
        cookie: admin.cookie,
        body: {
          decision: mode === 2 ? 'release' : 'refund',
          ...(mode === 1 ? { amountKobo: part } : {}),
          note: 'Decided on the photos sent',
        },
      });
    }
    note(`dispute settle ${mode} ${r.status}`);
    if (r.status === 200) d.open = false;
    await refresh(o);
  }

  async function payout(op: Op) {
    const s = stores[op.a % stores.length];
    if (!s.bank) {
      const r = await call('PUT', '/api/store/bank-account', {
        cookie: s.owner.cookie,
        body: {
          bankCode: '058',
          accountNumber: String(1_000_000_000 + s.id).slice(0, 10),
          accountName: `Store ${s.id} Ventures`,
          password: PASSWORD,
        },
      });
      if (r.status !== 200) return note(`bank account ${r.status}`);
      s.bank = true;
    }
    const bal = await call('GET', '/api/store/balance', { cookie: s.owner.cookie });
    if (bal.status !== 200) return;
    const balance = Number(bal.body.balanceKobo);
    // Now and then more than the balance (refused); otherwise a share of it.
    const amountKobo =
      op.b % 5 === 0 ? balance + 100_000 : Math.floor((balance * ((op.c % 100) + 1)) / 100);
    if (amountKobo < 100_000) return;
    if (ALL_FAULTS && op.c % 3 === 0) w.link.fail('POST /transfer', op.b % 2 ? '5xx' : 'lost');
    const r = await call('POST', '/api/store/payouts', {
      cookie: s.owner.cookie,
      body: { amountKobo },
    });
    note(`payout ${r.status}`);
  }

  const ctl = w.paystack.control;
  /** Paystack's own records in a state (the outside world, read to pick what it ends next). */
  const atPaystack = (kind: 'refund' | 'transfer', status: string) =>
    rows<{ reference: string; id: string }>(
      db,
      sql`select reference, data->>'id' as id from paystack_test_records
          where kind = ${kind} and status = ${status} order by id`,
    );

  /** Paystack ends a refund or transfer it held open: paid, or not. */
  async function settleHeld(op: Op) {
    if (op.b % 2) {
      const rf = pick(await atPaystack('refund', 'pending'), op.a);
      if (!rf) return;
      const end = (['processed', 'failed', 'processed', 'needs-attention'] as const)[op.c % 4];
      await ctl.settleRefund(rf.reference, end, Number(rf.id));
      note(`refund ${end} later`);
    } else {
      const tr = pick(await atPaystack('transfer', 'pending'), op.a);
      if (!tr) return;
      const end = op.c % 4 === 0 ? 'failed' : 'success';
      await ctl.settleTransfer(tr.reference, end);
      note(`transfer ${end} later`);
    }
    await ctl.idle();
  }

  /** The store's bank sends back a transfer Paystack had paid. */
  async function reverse(op: Op) {
    const tr = pick(await atPaystack('transfer', 'success'), op.a);
    if (!tr) return;
    await ctl.settleTransfer(tr.reference, 'reversed');
    await ctl.idle();
    note('transfer reversed after success');
  }

  const faults: [string, Fault][] = [
    ['POST /refund', '5xx'],
    ['POST /refund', 'lost'],
    ['GET /refund', 'lost'],
    ['POST /transaction/initialize', 'lost'],
    ...(ALL_FAULTS ? OPEN_FAULTS : []),
  ];

  async function run(op: Op) {
    switch (op.kind) {
      case 'checkout':
        return checkout(op);
      case 'pay':
        return pay(op);
      case 'verify': {
        const ck = pick(
          checkouts.filter((c) => c.reference),
          op.a,
        );
        if (ck) await verify(ck, op.b);
        return;
      }
      case 'replayHook': {
        const h = w.hooks.history;
        if (!h.length) return;
        // Sometimes two copies at once (Paystack's retry meeting the first delivery).
        const e = h[op.a % h.length];
        await Promise.all(
          op.b % 3 === 0 ? [w.hooks.replay(e), w.hooks.replay(e)] : [w.hooks.replay(e)],
        );
        return;
      }
      case 'holdHooks':
        return w.hooks.hold(1 + (op.a % 3));
      case 'flushHooks':
        return void (await w.hooks.flush(shuffleWith(op.a)));
      case 'fault': {
        const [match, fault] = faults[op.a % faults.length];
        return w.link.fail(match, fault);
      }
      case 'seller':
        return seller(op);
      case 'cash':
        return cash(op);
      case 'received':
        return received(op);
      case 'cancel':
        return cancel(op);
      case 'disputeOpen':
        return disputeOpen(op);
      case 'disputeSettle':
        return disputeSettle(op);
      case 'autoRelease':
        return void (await later(8 * DAY, () => runDueJobs(w.app, { until: new Date() })));
      case 'expire':
        return void (await later(31 * 60_000, () => runDueJobs(w.app, { until: new Date() })));
      case 'jobs':
        return void (await runDueJobs(w.app));
      case 'payout':
        return payout(op);
      case 'refundFate':
        ctl.refundOutcome = (
          ['processed', 'hold', 'failed', 'hold', 'needs-attention', 'processed'] as const
        )[op.a % 6];
        return;
      case 'transferFate':
        ctl.transferOutcome = (['success', 'success', 'hold', 'failed'] as const)[op.a % 4];
        return;
      case 'settleHeld':
        return settleHeld(op);
      case 'reverse':
        return reverse(op);
    }
  }

  const check = async (at: string) => {
    const found = await ledgerViolations(db);
    for (const f of found) problems.push(`after ${at}: ${f}`);
  };

  /** A server process on this database takes a burst of operations and is killed with SIGKILL in the middle. */
  async function sigkillPhase(burst: Op[], after: Op[]) {
    const [{ name }] = await rows<{ name: string }>(db, sql`select current_database() as name`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-money-'));
    const env = {
      DATABASE_URL: u.toString(),
      PAYSTACK_BASE_URL: w.link.url,
      PAYSTACK_SECRET_KEY: TEST_SECRET,
      COMMISSION_RATE: '0.05',
      DATA_DIR: dataDir,
    };
    let server: AppServer | undefined;
    try {
      server = await startAppServer('money', env);
      api = httpApi(server.url);
      w.sendHooksTo(server.url);
      const acknowledged: number[] = [];
      let answered = 0;
      const killAt = Math.floor(burst.length / 3);
      const s = server;
      await Promise.all(
        burst.map(async (op) => {
          const before = checkouts.length;
          await run({ ...op, kind: OVER_HTTP.includes(op.kind) ? op.kind : 'checkout' });
          for (const ck of checkouts.slice(before)) acknowledged.push(...ck.orders);
          if (++answered === killAt) {
            serverDown = true;
            s.child.kill('SIGKILL');
          }
        }),
      );
      await s.exited;
      log.push(`SIGKILL after ${killAt} of ${burst.length} concurrent operations`);
      server = await startAppServer('money', env, s.port);
      serverDown = false;
      for (const op of after)
        await run({ ...op, kind: OVER_HTTP.includes(op.kind) ? op.kind : 'jobs' });
      // Every order the killed server acknowledged is there after the restart.
      for (const id of acknowledged) {
        const o = orders.get(id)!;
        const r = await call('GET', `/api/orders/${id}`, { cookie: buyers[o.buyer].cookie });
        if (r.status !== 200)
          problems.push(`acknowledged order ${id} is gone after SIGKILL (${r.status})`);
      }
    } finally {
      serverDown = true;
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      serverDown = false;
      api = injectApi(w.app);
      w.sendHooksTo(null);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const killAt = onServer && built ? Math.floor(ops.length / 2) : -1;
  let firstAt = -1;
  /** Milliseconds per kind of operation, printed with the run's figures. */
  const spent: Record<string, number> = {};
  /** Operations run per kind (those of the SIGKILL burst under the kind they ran as). */
  const ran: Record<string, number> = {};
  for (let i = 0; i < ops.length; i++) {
    if (i === killAt) {
      for (const op of ops.slice(i, i + 40)) {
        const k = `${OVER_HTTP.includes(op.kind) ? op.kind : i < killAt + 30 ? 'checkout' : 'jobs'} (over HTTP)`;
        ran[k] = (ran[k] ?? 0) + 1;
      }
      await sigkillPhase(ops.slice(i, i + 30), ops.slice(i + 30, i + 40));
      i += 39;
      await check(`the SIGKILL and restart (op ${i})`);
      continue;
    }
    const t0 = performance.now();
    ran[ops[i].kind] = (ran[ops[i].kind] ?? 0) + 1;
    await run(ops[i]);
    spent[ops[i].kind] = (spent[ops[i].kind] ?? 0) + performance.now() - t0;
    if ((i + 1) % CHECK_EVERY === 0) await check(`op ${i + 1} (${ops[i].kind})`);
    // Going on after a problem finds the others a run holds; the first one is named.
    if (problems.length && firstAt < 0) {
      firstAt = i;
      log.push(`first problem at op ${i}: ${JSON.stringify(ops[i])}`);
    }
  }

  // ---- Settle everything still in flight, then hold the ledger against Paystack ----
  w.link.clear();
  // Paystack finishes what it held open (refunds and transfers end as paid from here on).
  ctl.refundOutcome = 'processed';
  ctl.transferOutcome = 'success';
  const endHeld = async () => {
    const refunds = await atPaystack('refund', 'pending');
    for (const rf of refunds) await ctl.settleRefund(rf.reference, 'processed', Number(rf.id));
    const transfers = await atPaystack('transfer', 'pending');
    for (const tr of transfers) await ctl.settleTransfer(tr.reference, 'success');
    await ctl.idle();
    return refunds.length + transfers.length;
  };
  await w.hooks.flush(shuffleWith(SEED));
  for (const ck of checkouts.filter((c) => c.reference)) await verify(ck, 1);
  // Time passes: unpaid orders expire (after asking Paystack), delivered ones are released,
  // refunds and their retries are sent past every backoff, Paystack's events arrive. Past the
  // furthest the clock went before (an embedded PGlite dates its rows by this process's clock).
  for (let round = 1; round <= 12; round++) {
    const jobsRun = await later(8 * DAY + round * 6 * 3_600_000, async () => {
      let n = 0;
      for (let k; (k = await runDueJobs(w.app, { until: new Date() })) > 0;) n += k;
      return n;
    });
    await waitForQuiet();
    const ended = await endHeld();
    if (jobsRun + ended + (await w.hooks.flush(shuffleWith(round))) === 0) break;
  }
  await check('the end');
  for (const f of await settledViolations(db)) problems.push(`at the end: ${f}`);
  for (const e of w.hooks.serverErrors) problems.push(`webhook answered ${e}`);

  // A refund Paystack could not pay back is on the staff's attention list, and the buyer's order
  // says it did not go through (never "Refunded").
  const attention = await call('GET', '/api/admin/attention', { cookie: admin.cookie });
  const listed =
    attention.body?.items?.find((a: { key: string }) => a.key === 'refunds.failed')?.count ?? 0;
  const refundRows = await rows<{ reference: string; status: string; order_id: number | null }>(
    db,
    sql`select r.reference, r.status,
          case r.purpose when 'order' then r.purpose_id::int
            when 'order-part' then split_part(r.purpose_id, ':', 1)::int
            else (select d.order_id from disputes d where d.id::text = r.purpose_id) end as order_id
        from refunds r`,
  );
  const failedRefunds = refundRows.filter((r) => r.status === 'failed');
  if (listed !== failedRefunds.length)
    problems.push(
      `${failedRefunds.length} refunds failed at Paystack; the staff attention list counts ${listed}`,
    );
  const shown: Record<string, number> = {};
  for (const id of new Set(refundRows.map((r) => r.order_id))) {
    const o = id === null ? undefined : orders.get(id);
    if (!o) continue;
    const r = await call('GET', `/api/orders/${o.id}`, { cookie: buyers[o.buyer].cookie });
    const want = refundRows
      .filter((x) => x.order_id === o.id)
      .map((x) => ({ processed: 'refunded', failed: 'failed' })[x.status] ?? 'on_its_way')
      .sort();
    const got = ((r.body?.order?.refunds ?? []) as { state: string; label: string }[])
      .map((x) => x.state)
      .sort();
    for (const x of r.body?.order?.refunds ?? []) shown[x.state] = (shown[x.state] ?? 0) + 1;
    if (JSON.stringify(got) !== JSON.stringify(want))
      problems.push(`order ${o.id} shows refunds ${got.join(', ')}, not ${want.join(', ')}`);
  }

  // What the run did, to quote and to hold: a change that stops the sequence reaching payouts,
  // reversals or failed refunds fails here instead of passing without covering them.
  const tally = async (q: ReturnType<typeof sql>) =>
    Object.fromEntries((await rows<{ k: string; n: number }>(db, q)).map((r) => [r.k, r.n]));
  const did = {
    orders: await tally(sql`select status as k, count(*)::int as n from orders group by 1`),
    payouts: await tally(sql`select status as k, count(*)::int as n from payouts group by 1`),
    refunds: await tally(sql`select status as k, count(*)::int as n from refunds group by 1`),
    atPaystack: await tally(
      sql`select kind || ' ' || status as k, count(*)::int as n from paystack_test_records
          where kind in ('transaction', 'refund', 'transfer') group by 1`,
    ),
    postings: await tally(
      sql`select kind as k, count(*)::int as n from ledger_postings group by 1`,
    ),
  };
  const money = await moneyPicture(db);
  const paidOut = (did.payouts.success ?? 0) + (did.payouts.reversed ?? 0);
  const reversed = did.atPaystack['transfer reversed'] ?? 0;
  if (OPS >= 1000) {
    if (paidOut < MIN.payoutsPaid)
      problems.push(`only ${paidOut} payouts reached the bank (at least ${MIN.payoutsPaid})`);
    if (reversed < MIN.reversed)
      problems.push(`only ${reversed} paid transfers were reversed (at least ${MIN.reversed})`);
    if (failedRefunds.length < MIN.refundsFailed)
      problems.push(
        `only ${failedRefunds.length} refunds failed at Paystack (at least ${MIN.refundsFailed})`,
      );
  }
  const kobo = (x: number) => (x / 100).toFixed(2);
  console.log(
    `money invariant: ${ops.length} operations in ${Math.round((Date.now() - started) / 1000)} s on ${w.kind} ` +
      `(this process's CPU ${Math.round((process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1e6)} s, load ${os.loadavg()[0].toFixed(1)}); ` +
      `disputes ${disputes.length}; webhooks ${w.hooks.history.length}; ` +
      `faults ${w.link.applied.length}; checkouts that could not be paid ${unpayable.size}; ${log.join('; ')}` +
      `\n  operations ${JSON.stringify(ran)}` +
      `\n  answers ${JSON.stringify(notes)}` +
      `\n  orders ${JSON.stringify(did.orders)}` +
      `\n  payouts ${JSON.stringify(did.payouts)}; refunds ${JSON.stringify(did.refunds)}; shown on orders ${JSON.stringify(shown)}; staff attention ${listed}` +
      `\n  at Paystack ${JSON.stringify(did.atPaystack)}` +
      `\n  postings ${JSON.stringify(did.postings)}` +
      `\n  naira: in ${kobo(money.in)} = paid back ${kobo(money.returned)} + paid out ${kobo(money.paidOut)} + escrow ${kobo(money.escrow)} + owed to buyers ${kobo(money.owedToBuyers)} (failed refunds ${kobo(money.failedRefunds)}) + stores ${kobo(money.stores)} + platform ${kobo(money.platform)}` +
      `\n  ms per kind ${JSON.stringify(Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])))}`,
  );
  if (problems.length) {
    const file = path.join(root, 'test-results', `money-invariant-${SEED}-${w.kind}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const filed = { seed: SEED, database: w.kind, problems, log, ops };
    fs.writeFileSync(file, JSON.stringify(filed, null, 1));
    throw new Error(
      `${problems.length} money problems (SEED=${SEED}, ${w.kind}; the operations are in ${file}):\n  ${problems.slice(0, 40).join('\n  ')}`,
    );
  }
}

/** Waits until the local Paystack server has sent no webhook for a moment (refund and transfer events follow their calls). */
async function waitForQuiet() {
  let last = -1;
  while (last !== w.hooks.history.length) {
    last = w.hooks.history.length;
    await new Promise((r) => setTimeout(r, 150));
  }
}
