import http from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '@sf/db/testing';
import type { DbHandle } from '@sf/db';
import { registry } from '../../lib/metrics.ts';
import {
  httpTransport,
  isRefusal,
  isUnclear,
  PaystackError,
  paystackClient,
  webhookSignatureValid,
  type PaystackClient,
} from './paystack-client.ts';
import { checkAnswer, checkRequest } from './published-api.ts';
import { WEBHOOK_PATH } from './setup.ts';
import { startPaystackServer, TEST_SECRET, type LocalPaystack } from './testing.ts';

// The local Paystack server against Paystack's published API: every answer of every scenario
// (each fault mode included) is checked against the OpenAPI document's schema for its
// operation and status, every event against the published sample of that event; then the
// core scenarios again through a published Paystack client library nobody here wrote.

let h: DbHandle;
let ps: LocalPaystack;
let hook: http.Server;
let hookUrl = '';
/** Events the server delivered, in arrival order, with whether the signature held. */
const events: { event: string; data: any; signed: boolean }[] = [];
let client: PaystackClient;
/** Gives up after 300 ms: for the slow fault only (a loaded machine may take longer for others). */
let impatient: PaystackClient;

beforeAll(async () => {
  h = await createTestDb();
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const msg = JSON.parse(raw.toString('utf8'));
      events.push({
        event: msg.event,
        data: msg.data,
        signed: webhookSignatureValid(TEST_SECRET, raw, req.headers['x-paystack-signature']),
      });
      res.writeHead(req.url === WEBHOOK_PATH ? 200 : 404).end('{"status":true}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const a = hook.address();
  hookUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  ps = await startPaystackServer(h.db, () => hookUrl);
  client = paystackClient(TEST_SECRET, httpTransport(ps.url, 10_000));
  impatient = paystackClient(TEST_SECRET, httpTransport(ps.url, 300));
});
afterAll(async () => {
  await ps?.close();
  await new Promise((r) => hook?.close(r));
  await h?.close();
});
beforeEach(() => {
  ps.control.reset();
});

/** A raw call to the local server, its answer checked against the document. */
async function call(
  method: 'GET' | 'POST',
  url: string,
  opPath: string,
  body?: unknown,
  o: { key?: string | null; contentType?: string | null } = {},
) {
  const key = o.key === undefined ? TEST_SECRET : o.key;
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined && o.contentType !== null)
    headers['content-type'] = o.contentType ?? 'application/json';
  const res = await fetch(ps.url + url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = await res.json();
  expect(checkAnswer(method, opPath, res.status, json)).toEqual([]);
  return { status: res.status, body: json };
}

const samples = async (file: string): Promise<Record<string, string>> =>
  import(new URL(`./reference/${file}`, import.meta.url).href);

const STATEFUL = ['fees', 'transferred_at', 'paid_at', 'refund_reference'];
/** An event's data has every field of the published sample, each of the same JSON type. */
async function expectLikeSample(got: any, file: string, name: string) {
  const sample = JSON.parse((await samples(file))[name]).data;
  const type = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  for (const [k, v] of Object.entries(sample)) {
    expect(got, `${name}.${k}`).toHaveProperty(k);
    // The merchant's own metadata, and fields null or not by the payment's state, may differ.
    if (k === 'metadata' || v === null || (STATEFUL.includes(k) && got[k] === null)) continue;
    expect(type(got[k]), `${name}.${k}`).toBe(type(v));
  }
  // The published refund events name the transaction, not our refund's id or note (except
  // needs-attention's, which the merchant must act on).
  if (name.startsWith('refund_') && !('merchant_note' in sample))
    expect(got).not.toHaveProperty('merchant_note');
}

const counted = async (endpoint: string, outcome: string) => {
  const m = (await registry.getSingleMetric('sf_paystack_requests_total')!.get()).values;
  return m.find((v) => v.labels.endpoint === endpoint && v.labels.outcome === outcome)?.value ?? 0;
};

let seq = 0;
const ref = (p = 'ct') => `${p}_${Date.now().toString(36)}_${++seq}`;
const waitFor = async (pred: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!pred()) throw new Error(`waited in vain for ${what}`);
};

/** A transaction paid on the hosted page, as a buyer would. */
async function paid(amount = 500_000) {
  const reference = ref('sf');
  const init = await call('POST', '/transaction/initialize', '/transaction/initialize', {
    email: 'buyer@example.com',
    amount,
    reference,
    callback_url: `${hookUrl}/api/payments/paystack/callback`,
  });
  const res = await fetch(init.body.data.authorization_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay&channel=card',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return reference;
}

async function recipient(accountNumber = '0123456789', bankCode = '058') {
  const r = await call('POST', '/transferrecipient', '/transferrecipient', {
    type: 'nuban',
    name: 'Ada Store',
    account_number: accountNumber,
    bank_code: bankCode,
    currency: 'NGN',
  });
  expect(r.status).toBe(201);
  return r.body.data.recipient_code as string;
}

describe(`the local Paystack server against the published API (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('keys: 401 without one or with a wrong one, in the documented error shape', async () => {
    for (const key of [null, 'sk_test_wrong']) {
      const r = await call(
        'GET',
        '/transaction/verify/nope',
        '/transaction/verify/{reference}',
        undefined,
        { key },
      );
      expect(r.status).toBe(401);
      expect(r.body.status).toBe(false);
      expect(r.body.message).toBeTruthy();
    }
  });

  it('transactions: initialize, abandoned until paid, charge.success as published, verify and fetch; unknown is 404; bad input 400', async () => {
    const reference = ref('sf');
    // JSON without a content-type is read as JSON, as Paystack does.
    const init = await call(
      'POST',
      '/transaction/initialize',
      '/transaction/initialize',
      JSON.stringify({ email: 'a@example.com', amount: 250_000, reference }),
      { contentType: null },
    );
    expect(init.status).toBe(200);
    expect(init.body.data.reference).toBe(reference);
    const unpaid = await call(
      'GET',
      `/transaction/verify/${reference}`,
      '/transaction/verify/{reference}',
    );
    expect(unpaid.body.data.status).toBe('abandoned');
    expect(unpaid.body.data.paid_at).toBeNull();

    const before = events.length;
    const r2 = await paid(300_000);
    await waitFor(() => events.length > before, 'charge.success');
    const ev = events.find((e) => e.event === 'charge.success' && e.data.reference === r2)!;
    expect(ev.signed).toBe(true);
    await expectLikeSample(ev.data, 'webhook-events.mjs', 'transaction_successful');
    const v = await call('GET', `/transaction/verify/${r2}`, '/transaction/verify/{reference}');
    expect(v.body.data).toMatchObject({ status: 'success', amount: 300_000, currency: 'NGN' });
    const f = await call('GET', `/transaction/${v.body.data.id}`, '/transaction/{id}');
    expect(f.body.data.reference).toBe(r2);

    expect(
      (await call('GET', '/transaction/verify/no_such_ref', '/transaction/verify/{reference}'))
        .status,
    ).toBe(404);
    expect((await call('GET', '/transaction/999999999999', '/transaction/{id}')).status).toBe(404);
    for (const bad of [
      { email: 'nope', amount: 10_000 },
      { email: 'a@example.com', amount: 'ten' },
      { email: 'a@example.com', amount: 10_000, reference }, // used already
    ]) {
      const r = await call('POST', '/transaction/initialize', '/transaction/initialize', bad);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ status: false, message: expect.any(String) });
    }
  });

  it("the test page sends the browser only to the shop's own callback: another callback is refused at initialize", async () => {
    for (const cb of [
      'https://evil.example/api/payments/paystack/callback',
      '//evil.example/api/payments/paystack/callback',
      `${hookUrl}/elsewhere`,
      `${hookUrl}/api/payments/paystack/callback?next=https://evil.example`,
    ]) {
      const r = await call('POST', '/transaction/initialize', '/transaction/initialize', {
        email: 'a@example.com',
        amount: 10_000,
        callback_url: cb,
      });
      expect(r.status, cb).toBe(400);
    }
  });

  it('refunds: create, events pending then processed in the published shape, list by transaction, fetch; more than paid is 400; unknown 404', async () => {
    const t = await paid(400_000);
    const before = events.length;
    const c = await call('POST', '/refund', '/refund', {
      transaction: t,
      amount: 150_000,
      merchant_note: 'rf_order_1',
    });
    expect(c.body.data).toMatchObject({ status: 'pending', amount: 150_000 });
    await ps.control.idle();
    const got = events.slice(before).filter((e) => e.event.startsWith('refund.'));
    expect(got.map((e) => e.event)).toEqual(['refund.pending', 'refund.processed']);
    await expectLikeSample(got[0].data, 'refund-events.mjs', 'refund_pending');
    await expectLikeSample(got[1].data, 'refund-events.mjs', 'refund_processed');
    expect(got[1].data.transaction_reference).toBe(t);

    const list = await call('GET', `/refund?transaction=${t}`, '/refund');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      status: 'processed',
      transaction_reference: t,
      merchant_note: 'rf_order_1',
    });
    const one = await call('GET', `/refund/${c.body.data.id}`, '/refund/{id}');
    expect(one.body.data.id).toBe(c.body.data.id);
    expect((await call('GET', '/refund/424242424242', '/refund/{id}')).status).toBe(404);
    const over = await call('POST', '/refund', '/refund', { transaction: t, amount: 250_001 });
    expect(over.status).toBe(400);

    ps.control.refundOutcome = 'failed';
    const b2 = events.length;
    await call('POST', '/refund', '/refund', { transaction: t, amount: 100_000 });
    await ps.control.idle();
    const failed = events.slice(b2).find((e) => e.event === 'refund.failed')!;
    await expectLikeSample(failed.data, 'refund-events.mjs', 'refund_failed');

    // The bank could not take the money back: Paystack holds it and asks the merchant.
    ps.control.refundOutcome = 'needs-attention';
    const b3 = events.length;
    const na = await call('POST', '/refund', '/refund', {
      transaction: t,
      amount: 50_000,
      merchant_note: 'rf_order_2',
    });
    await ps.control.idle();
    const attention = events.slice(b3).find((e) => e.event === 'refund.needs-attention')!;
    await expectLikeSample(attention.data, 'refund-events.mjs', 'refund_needs_attention');
    expect(attention.data).toMatchObject({
      id: String(na.body.data.id),
      merchant_note: 'rf_order_2',
      amount: 50_000,
    });
    const held = await call('GET', `/refund/${na.body.data.id}`, '/refund/{id}');
    expect(held.body.data).toMatchObject({ status: 'needs-attention', deducted_amount: 0 });
  });

  it('banks and account resolve: the list, a resolved name, 400 for bad input, 422 for an account the bank does not know', async () => {
    const banks = await call('GET', '/bank?country=nigeria', '/bank');
    expect(banks.body.data.map((b: any) => b.code)).toContain('058');
    ps.control.accounts.set('058:0123456789', 'ADA OKAFOR STORES');
    const r = await call(
      'GET',
      '/bank/resolve?account_number=0123456789&bank_code=058',
      '/bank/resolve',
    );
    expect(r.body.data).toMatchObject({
      account_number: '0123456789',
      account_name: 'ADA OKAFOR STORES',
    });
    expect(
      (await call('GET', '/bank/resolve?account_number=12&bank_code=058', '/bank/resolve')).status,
    ).toBe(400);
    expect(
      (await call('GET', '/bank/resolve?account_number=0123456789&bank_code=1', '/bank/resolve'))
        .status,
    ).toBe(400);
    expect(
      (await call('GET', '/bank/resolve?account_number=0000000000&bank_code=058', '/bank/resolve'))
        .status,
    ).toBe(422);
  });

  it('transfers: recipient, initiate with a lowercase reference, transfer.success as published, verify and fetch; other references refused; reversed later', async () => {
    const rcp = await recipient();
    const reference = ref('po');
    const before = events.length;
    const t = await call('POST', '/transfer', '/transfer', {
      source: 'balance',
      amount: 120_000,
      recipient: rcp,
      reference,
      reason: 'payout',
    });
    expect(t.body.data).toMatchObject({ status: 'pending', reference, amount: 120_000 });
    await ps.control.idle();
    const ok = events.slice(before).find((e) => e.event === 'transfer.success')!;
    await expectLikeSample(ok.data, 'webhook-events.mjs', 'transfer_successful');
    const v = await call('GET', `/transfer/verify/${reference}`, '/transfer/verify/{reference}');
    expect(v.body.data).toMatchObject({ status: 'success', reference });
    const f = await call('GET', `/transfer/${t.body.data.transfer_code}`, '/transfer/{code}');
    expect(f.body.data.reference).toBe(reference);
    expect(
      (await call('GET', '/transfer/verify/no_such_transfer', '/transfer/verify/{reference}'))
        .status,
    ).toBe(404);
    expect((await call('GET', '/transfer/TRF_nosuch', '/transfer/{code}')).status).toBe(404);

    for (const bad of ['PO_UPPER_case1', 'po.dots.here', 'po space']) {
      const r = await call('POST', '/transfer', '/transfer', {
        source: 'balance',
        amount: 100_000,
        recipient: rcp,
        reference: bad,
      });
      expect(r.status, bad).toBe(400);
    }
    const again = await call('POST', '/transfer', '/transfer', {
      source: 'balance',
      amount: 120_000,
      recipient: rcp,
      reference,
    });
    expect(again.status).toBe(400); // the same reference never makes a second transfer
    expect(
      (
        await call('POST', '/transfer', '/transfer', {
          source: 'balance',
          amount: 100_000,
          recipient: 'RCP_nosuch',
          reference: ref(),
        })
      ).status,
    ).toBe(400);

    const b2 = events.length;
    await ps.control.settleTransfer(reference, 'reversed');
    await ps.control.idle();
    const rev = events.slice(b2).find((e) => e.event === 'transfer.reversed')!;
    await expectLikeSample(rev.data, 'webhook-events.mjs', 'transfer_reversed');
    ps.control.transferOutcome = 'failed';
    const r3 = ref('po');
    const b3 = events.length;
    await call('POST', '/transfer', '/transfer', {
      source: 'balance',
      amount: 100_000,
      recipient: rcp,
      reference: r3,
    });
    await ps.control.idle();
    await expectLikeSample(
      events.slice(b3).find((e) => e.event === 'transfer.failed')!.data,
      'webhook-events.mjs',
      'transfer_failed',
    );
  });

  it('OTP: initiate answers otp and nothing moves until finalize_transfer with the right OTP', async () => {
    const rcp = await recipient();
    ps.control.otp.required = true;
    const reference = ref('po');
    const t = await call('POST', '/transfer', '/transfer', {
      source: 'balance',
      amount: 100_000,
      recipient: rcp,
      reference,
    });
    expect(t.body.data.status).toBe('otp');
    await ps.control.idle();
    expect(events.some((e) => e.data.reference === reference)).toBe(false);
    const code = t.body.data.transfer_code;
    const wrong = await call('POST', '/transfer/finalize_transfer', '/transfer/finalize_transfer', {
      transfer_code: code,
      otp: '000000',
    });
    expect(wrong.status).toBe(400);
    const ok = await call('POST', '/transfer/finalize_transfer', '/transfer/finalize_transfer', {
      transfer_code: code,
      otp: '123456',
    });
    expect(ok.status).toBe(200);
    await ps.control.idle();
    expect(events.filter((e) => e.data.reference === reference).map((e) => e.event)).toEqual([
      'transfer.success',
    ]);
    const twice = await call('POST', '/transfer/finalize_transfer', '/transfer/finalize_transfer', {
      transfer_code: code,
      otp: '123456',
    });
    expect(twice.status).toBe(400);
  });

  it('what our client sends matches the documented request bodies', () => {
    // The bodies paystack-client.ts builds, by operation (kept in step with it by this test).
    const bodies: [string, string, object][] = [
      [
        'POST',
        '/transaction/initialize',
        {
          email: 'a@b.co',
          amount: 100,
          currency: 'NGN',
          reference: 'x',
          callback_url: '/c',
          channels: ['card', 'bank', 'ussd', 'bank_transfer'],
          metadata: {},
        },
      ],
      ['POST', '/refund', { transaction: 'x', amount: 100, currency: 'NGN', merchant_note: 'n' }],
      [
        'POST',
        '/transferrecipient',
        {
          type: 'nuban',
          name: 'n',
          account_number: '0123456789',
          bank_code: '058',
          currency: 'NGN',
        },
      ],
      [
        'POST',
        '/transfer',
        {
          source: 'balance',
          amount: 100,
          recipient: 'RCP_x',
          reference: 'po_x',
          reason: 'r',
          currency: 'NGN',
        },
      ],
      ['POST', '/transfer/finalize_transfer', { transfer_code: 'TRF_x', otp: '123456' }],
    ];
    for (const [m, p, b] of bodies) expect(checkRequest(m, p, b)).toEqual([]);
  });
});

describe('fault modes, through our client', () => {
  it('slow past the timeout: the transfer IS made; the client says unclear (timeout), never refused; verify finds it', async () => {
    const rcp = await recipient();
    const reference = ref('po');
    ps.control.fault({ mode: 'slow', ops: ['transfer.initiate'], times: 1, delayMs: 1500 });
    const before = await counted('transfer.initiate', 'timeout');
    const err = await impatient
      .transfer({ amountKobo: 100_000, recipientCode: rcp, reference, reason: 'r' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(PaystackError);
    expect(err).toMatchObject({ kind: 'timeout', unclear: true });
    expect(isUnclear(err)).toBe(true);
    expect(isRefusal(err)).toBe(false);
    expect(await counted('transfer.initiate', 'timeout')).toBe(before + 1);
    expect(await client.verifyTransfer(reference)).toMatchObject({ reference, amount: 100_000 });
  });

  it("5xx after the work: the refund exists at Paystack; unclear (5xx); listing the transaction's refunds finds it", async () => {
    const t = await paid(200_000);
    ps.control.fault({ mode: '5xx', ops: ['refund.create'], times: 1 });
    const err = await client
      .refund({ reference: t, amountKobo: 200_000, merchantNote: 'rf_x' })
      .catch((e) => e);
    expect(err).toMatchObject({ kind: '5xx', httpStatus: 500, unclear: true });
    const found = await client.listRefunds(t);
    expect(found.map((r) => [r.merchant_note, r.amount])).toEqual([['rf_x', 200_000]]);
    expect(await client.fetchRefund(found[0].id)).toMatchObject({ id: found[0].id });
    // Sending it again is refused (nothing left to refund): a definite answer.
    const again = await client.refund({ reference: t, amountKobo: 200_000 }).catch((e) => e);
    expect(isRefusal(again)).toBe(true);
  });

  it('lost answer (connection destroyed after the work): unclear (network); the transfer is there', async () => {
    const rcp = await recipient();
    const reference = ref('po');
    ps.control.fault({ mode: 'lost', ops: ['transfer.initiate'], times: 1 });
    const err = await client
      .transfer({ amountKobo: 100_000, recipientCode: rcp, reference, reason: 'r' })
      .catch((e) => e);
    expect(err).toMatchObject({ kind: 'network', unclear: true });
    expect((await client.verifyTransfer(reference))?.reference).toBe(reference);
    // The fault was used up: the next call is answered.
    expect(await client.verifyTransfer('po_never_made')).toBeNull();
  });

  it('a refusal is definite: 4xx with status false, not unclear', async () => {
    const err = await client
      .transfer({
        amountKobo: 100_000,
        recipientCode: 'RCP_nosuch',
        reference: ref('po'),
        reason: 'r',
      })
      .catch((e) => e);
    expect(err).toMatchObject({ kind: 'refused', httpStatus: 400, unclear: false });
    await expect(client.resolveAccount('0000000000', '058')).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('client methods: resolve, banks, OTP finalize, fetch transfer', async () => {
    ps.control.accounts.set('044:1234567890', 'CHIDI NWOSU');
    expect(await client.resolveAccount('1234567890', '044')).toEqual({
      accountName: 'CHIDI NWOSU',
      accountNumber: '1234567890',
    });
    expect((await client.listBanks()).find((b) => b.code === '044')?.name).toBe('Access Bank');
    const { recipientCode } = await client.createRecipient({
      name: 'Chidi',
      accountNumber: '1234567890',
      bankCode: '044',
    });
    ps.control.otp.required = true;
    const reference = ref('po');
    const t = await client.transfer({ amountKobo: 100_000, recipientCode, reference, reason: 'r' });
    expect(t.status).toBe('otp');
    const done = await client.finalizeTransfer(t.transferCode, '123456');
    expect(done.reference).toBe(reference);
    await ps.control.idle();
    expect((await client.fetchTransfer(t.transferCode))?.status).toBe('success');
    expect(await client.fetchTransfer('TRF_nosuch')).toBeNull();
  });

  it('events copied: each delivered as many times as asked', async () => {
    ps.control.eventCopies = 3;
    const before = events.length;
    const t = await paid(100_000);
    await ps.control.idle();
    expect(events.slice(before).filter((e) => e.data.reference === t)).toHaveLength(3);
  });

  it('events held and released out of order: transfer.success after transfer.reversed; refund.failed before refund.pending', async () => {
    const rcp = await recipient();
    const reference = ref('po');
    ps.control.holdEvents = true;
    await client.transfer({ amountKobo: 100_000, recipientCode: rcp, reference, reason: 'r' });
    await ps.control.idle();
    await ps.control.settleTransfer(reference, 'reversed');
    const t = await paid(100_000);
    ps.control.refundOutcome = 'failed';
    await client.refund({ reference: t, amountKobo: 100_000 });
    await ps.control.idle();
    const before = events.length;
    await ps.control.release('reversed');
    const order = events
      .slice(before)
      .filter((e) => e.data.reference === reference || e.data.transaction_reference === t)
      .map((e) => e.event);
    expect(order).toEqual([
      'refund.failed',
      'refund.pending',
      'transfer.reversed',
      'transfer.success',
    ]);
  });
});

describe('the core scenarios through a published client library (paystack-api) pointed at the local server', () => {
  const require = createRequire(import.meta.url);
  const Paystack = require('paystack-api');
  const sdk = () => {
    const p = Paystack(TEST_SECRET);
    p.endpoint = ps.url;
    return p;
  };

  it('initialize, verify, refund, recipient, transfer, verify transfer, resolve account', async () => {
    const p = sdk();
    const reference = ref('sf');
    const init = await p.transaction.initialize({
      email: 'lib@example.com',
      amount: 300_000,
      reference,
    });
    expect(checkAnswer('POST', '/transaction/initialize', 200, init)).toEqual([]);
    const unpaid = await p.transaction.verify({ reference });
    expect(unpaid.data.status).toBe('abandoned');
    await fetch(init.data.authorization_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    const v = await p.transaction.verify({ reference });
    expect(checkAnswer('GET', '/transaction/verify/{reference}', 200, v)).toEqual([]);
    expect(v.data.status).toBe('success');

    const rf = await p.refund.create({ transaction: reference, amount: 100_000 });
    expect(checkAnswer('POST', '/refund', 200, rf)).toEqual([]);
    const listed = await p.refund.list({ reference });
    expect(listed.data.map((r: any) => r.amount)).toEqual([100_000]);

    ps.control.accounts.set('057:2233445566', 'EMEKA PARTS LTD');
    const acct = await p.verification.resolveAccount({
      account_number: '2233445566',
      bank_code: '057',
    });
    expect(acct.data.account_name).toBe('EMEKA PARTS LTD');
    const rcp = await p.transfer_recipient.create({
      type: 'nuban',
      name: 'Emeka',
      account_number: '2233445566',
      bank_code: '057',
    });
    expect(checkAnswer('POST', '/transferrecipient', 201, rcp)).toEqual([]);
    const tref = ref('po');
    const tr = await p.transfer.create({
      source: 'balance',
      amount: 150_000,
      recipient: rcp.data.recipient_code,
      reference: tref,
    });
    expect(tr.data.status).toBe('pending');
    await ps.control.idle();
    const tv = await p.transfer.verify({ reference: tref });
    expect(checkAnswer('GET', '/transfer/verify/{reference}', 200, tv)).toEqual([]);
    expect(tv.data).toMatchObject({ status: 'success', amount: 150_000 });

    // The library sees Paystack's refusals as Paystack sends them.
    const bad = await p.transaction.verify({ reference: 'no_such_ref' }).catch((e: any) => e);
    expect(bad.statusCode).toBe(404);
    expect(bad.error).toMatchObject({ status: false });
  });
});
