import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { withApp } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { metrics } from '../../lib/metrics.ts';
import { account, balance, post, unbalancedPostings } from '../ledger/ledger.ts';
import { TEST_SECRET } from '../payments/testing.ts';
import {
  as,
  createCommerceWorld,
  payoutAccount,
  SELLER_PASSWORD,
  sellerWithStore,
  type World,
} from '../checkout/testing.ts';

// The app and the local Paystack server on their own ports; the client gives up after a second
// (short, yet longer than a busy CI machine takes to answer a plain call).
const TIMEOUT_MS = 1000;
const onServer = !!process.env.TEST_DATABASE_URL;
const PW = SELLER_PASSWORD;
let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http', config: { paystackTimeoutMs: TIMEOUT_MS } });
});
afterEach(async () => {
  w.paystack!.control.reset();
  await w.paystack!.control.idle();
});
afterAll(() => w.close());

const control = () => w.paystack!.control;
const later = () => new Date(Date.now() + 48 * 3600_000);
const outcomes = async () =>
  Object.fromEntries(
    (await metrics.payouts.get()).values.map((v) => [String(v.labels.outcome), v.value]),
  ) as Record<string, number>;

/** A store owner with a password, a store and `kobo` in its balance. */
async function store(kobo: number) {
  const s = await sellerWithStore(w.db);
  await w.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'test_funding',
      ref: String(s.store.id),
      entries: [
        { account: account.clearing, amountKobo: -kobo },
        { account: account.storeBalance(s.store.id), amountKobo: kobo },
      ],
    });
  });
  const c = as(w.app, s.cookie);
  expect((await payoutAccount(w.app, w.db, s)).status).toBe(200);
  return { ...s, c, id: s.store.id };
}
const money = async (c: ReturnType<typeof as>) => (await c.get('/api/store/balance')).body;
const payoutsOf = (storeId: number) =>
  rows<{ id: number; status: string; outcome_unknown: boolean; reference: string }>(
    w.db,
    sql`select id, status, outcome_unknown, reference from payouts where store_id = ${storeId} order by id`,
  );
const sentTransfers = () => w.paystack!.requests.filter((r) => r === 'POST /transfer').length;
const transfersAtPaystack = async (reference: string) =>
  w.count(
    sql`select count(*)::int as n from paystack_test_records where kind = 'transfer' and reference = ${reference}`,
  );

describe(`payouts against Paystack's faults (${onServer ? 'postgres' : 'pglite'})`, () => {
  it('a Paystack that pays each transfer but answers after our timeout: two ₦270,000 payouts stay pending, unknown, never failed; the balance is never inflated; the events and the look-up settle them', async () => {
    const s = await store(54_467_500); // ₦544,675.00
    control().holdEvents = true;
    control().fault({ mode: 'slow', ops: ['transfer.initiate'], delayMs: TIMEOUT_MS * 2 });
    const before = await outcomes();
    const sent = sentTransfers();
    for (let i = 0; i < 2; i++) {
      const res = await s.c.post('/api/store/payouts', { amountKobo: 27_000_000 });
      expect(res.status).toBe(200);
      expect(res.body.payouts[0]).toMatchObject({ status: 'pending', outcomeUnknown: true });
    }
    // ₦4,675 left, not ₦274,675: the unclear answers returned nothing.
    expect((await money(s.c)).balanceKobo).toBe(467_500);
    expect((await outcomes()).unknown - (before.unknown ?? 0)).toBe(2);
    const list = await payoutsOf(s.id);
    for (const p of list) {
      expect(p.reference).toMatch(/^[a-z0-9_-]{16,50}$/);
      expect(await transfersAtPaystack(p.reference)).toBe(1);
    }
    // The events (held so far) and the look-up job both arrive; each reference is paid once.
    await control().idle();
    await control().release('in-order');
    await runDueJobs(w.app, { until: later() });
    expect((await payoutsOf(s.id)).map((p) => [p.status, p.outcome_unknown])).toEqual([
      ['success', false],
      ['success', false],
    ]);
    expect(await money(s.c)).toMatchObject({ balanceKobo: 467_500, paidOutKobo: 54_000_000 });
    expect(sentTransfers() - sent).toBe(2);
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('5xx after the transfer was made: pending, unknown; the look-up by reference finds it paid without sending it again', async () => {
    const s = await store(500_000);
    control().holdEvents = true;
    control().transferOutcome = 'hold';
    control().fault({ mode: '5xx', ops: ['transfer.initiate'], times: 1 });
    const res = await s.c.post('/api/store/payouts', { amountKobo: 200_000 });
    expect(res.body.payouts[0]).toMatchObject({ status: 'pending', outcomeUnknown: true });
    expect(res.body.balanceKobo).toBe(300_000);
    const [{ reference }] = await payoutsOf(s.id);
    await control().settleTransfer(reference, 'success'); // its event held back
    const sent = sentTransfers();
    await runDueJobs(w.app, { until: later() });
    const [p] = await payoutsOf(s.id);
    expect(p).toMatchObject({ status: 'success', outcome_unknown: false });
    expect(sentTransfers()).toBe(sent);
    await control().release('in-order');
    expect(await transfersAtPaystack(p.reference)).toBe(1);
    expect((await money(s.c)).balanceKobo).toBe(300_000);
  });

  it('a lost answer (connection dropped after the work): pending, unknown; a lost look-up is tried again; then settled once', async () => {
    const s = await store(500_000);
    control().holdEvents = true;
    control().transferOutcome = 'hold';
    control().fault({ mode: 'lost', ops: ['transfer.initiate'], times: 1 });
    const res = await s.c.post('/api/store/payouts', { amountKobo: 150_000 });
    expect(res.status).toBe(200);
    expect(res.body.payouts[0]).toMatchObject({ status: 'pending', outcomeUnknown: true });
    const [{ reference }] = await payoutsOf(s.id);
    await control().settleTransfer(reference, 'success');
    // The first look-up's answer is lost too: the job tries again after its backoff.
    control().fault({ mode: 'lost', ops: ['transfer.verify'], times: 1 });
    const looked = () => w.paystack!.requests.filter((r) => r.startsWith('GET /transfer/verify/'));
    const before = looked().length;
    await runDueJobs(w.app, { until: later() });
    expect(looked().length - before).toBe(2);
    expect((await payoutsOf(s.id))[0]).toMatchObject({ status: 'success' });
    await control().release('reversed'); // the event, late: changes nothing
    expect(await money(s.c)).toMatchObject({ balanceKobo: 350_000, paidOutKobo: 150_000 });
  });

  it('Paystack unreachable at first: pending, unknown; the look-up finds no transfer and sends it again under the same reference', async () => {
    const s = await store(500_000);
    // Another process of the app whose Paystack address answers nothing (a closed port).
    await withApp(
      {
        db: w.db,
        config: {
          paystackSecretKey: TEST_SECRET,
          paystackBaseUrl: 'http://127.0.0.1:9',
          paystackTimeoutMs: TIMEOUT_MS,
        },
      },
      async (other) => {
        const res = await other.post(
          '/api/store/payouts',
          { amountKobo: 120_000 },
          {
            cookie: s.cookie,
          },
        );
        expect(res.status).toBe(200);
        expect(res.body.payouts[0]).toMatchObject({ status: 'pending', outcomeUnknown: true });
      },
    );
    const [p] = await payoutsOf(s.id);
    expect(await transfersAtPaystack(p.reference)).toBe(0);
    // The first look-up (a minute later) finds nothing and sends it again; Paystack pays it.
    await runDueJobs(w.app, { until: new Date(Date.now() + 90_000) });
    await control().idle();
    expect(await transfersAtPaystack(p.reference)).toBe(1);
    expect((await payoutsOf(s.id))[0]).toMatchObject({ status: 'success', reference: p.reference });
    expect((await money(s.c)).balanceKobo).toBe(380_000);
  });

  it('a definite refusal (4xx) returns the money at once, once', async () => {
    const s = await store(500_000);
    // The recipient Paystack knew is gone: Paystack answers 400 "Recipient specified is invalid".
    await w.db.execute(
      sql`update store_bank_accounts set recipient_code = 'RCP_gone' where store_id = ${s.id}`,
    );
    const res = await s.c.post('/api/store/payouts', { amountKobo: 200_000 });
    expect(res.body.payouts[0]).toMatchObject({ status: 'failed', outcomeUnknown: false });
    expect(res.body.payouts[0].failureReason).toMatch(/recipient/i);
    expect(res.body.balanceKobo).toBe(500_000);
    await runDueJobs(w.app, { until: later() });
    expect((await money(s.c)).balanceKobo).toBe(500_000);
  });

  it('transfer events duplicated and out of order (reversed before success, three copies each): the money comes back once, and the late success does not take it again', async () => {
    const s = await store(500_000);
    control().holdEvents = true;
    control().eventCopies = 3;
    control().transferOutcome = 'hold';
    await s.c.post('/api/store/payouts', { amountKobo: 400_000 });
    const [p] = await payoutsOf(s.id);
    await control().settleTransfer(p.reference, 'success');
    await control().settleTransfer(p.reference, 'reversed');
    const before = await outcomes();
    await control().release('reversed');
    await control().idle();
    expect((await payoutsOf(s.id))[0]).toMatchObject({ status: 'reversed' });
    expect(await money(s.c)).toMatchObject({ balanceKobo: 500_000, paidOutKobo: 0 });
    expect((await outcomes()).reversed - (before.reversed ?? 0)).toBe(1);
    expect(
      await w.count(
        sql`select count(*)::int as n from ledger_postings where kind = 'payout_reversal' and ref = ${String(p.id)}`,
      ),
    ).toBe(1);
  });

  it('a reversal after success gives the money back with its own posting; failed transfers return it too', async () => {
    const s = await store(900_000);
    control().holdEvents = true;
    control().transferOutcome = 'hold';
    await s.c.post('/api/store/payouts', { amountKobo: 300_000 });
    await s.c.post('/api/store/payouts', { amountKobo: 300_000 });
    const [a, b] = await payoutsOf(s.id);
    await control().settleTransfer(a.reference, 'success');
    await control().settleTransfer(b.reference, 'failed');
    await control().release('in-order');
    expect(await money(s.c)).toMatchObject({ balanceKobo: 600_000, paidOutKobo: 300_000 });
    await control().settleTransfer(a.reference, 'reversed');
    await control().release('in-order');
    await control().idle();
    expect((await payoutsOf(s.id)).map((p) => p.status)).toEqual(['reversed', 'failed']);
    const m = await money(s.c);
    expect(m).toMatchObject({ balanceKobo: 900_000, paidOutKobo: 0 });
    expect(m.statement.map((e: any) => e.memo)).toContain(
      `Payout ${a.id} reversed by the bank after it was paid: back to the balance`,
    );
    expect(await unbalancedPostings(w.db)).toEqual([]);
  });

  it('OTP on: the payout waits for the OTP; staff finalize it (audited), a wrong OTP is refused and changes nothing', async () => {
    const s = await store(500_000);
    control().otp = { required: true, code: '482913' };
    const before = await outcomes();
    const res = await s.c.post('/api/store/payouts', { amountKobo: 250_000 });
    expect(res.body.payouts[0]).toMatchObject({ status: 'otp', outcomeUnknown: false });
    expect(res.body.balanceKobo).toBe(250_000);
    expect((await outcomes()).otp - (before.otp ?? 0)).toBe(1);
    const [p] = await payoutsOf(s.id);

    const admin = await createUser(w.db, 'Admin');
    const staff = as(w.app, admin.cookie);
    expect((await s.c.post(`/api/admin/payouts/${p.id}/finalize`, { otp: '482913' })).status).toBe(
      403,
    );
    const waiting = await staff.get(`/api/admin/payouts?status=otp&storeId=${s.id}`);
    expect(waiting.body.items.map((x: any) => x.id)).toEqual([p.id]);
    const wrong = await staff.post(`/api/admin/payouts/${p.id}/finalize`, { otp: '111111' });
    expect(wrong.status).toBe(400);
    expect((await payoutsOf(s.id))[0].status).toBe('otp');
    const ok = await staff.post(`/api/admin/payouts/${p.id}/finalize`, { otp: '482913' });
    expect(ok.status).toBe(200);
    await control().idle();
    await runDueJobs(w.app, { until: later() });
    expect((await payoutsOf(s.id))[0].status).toBe('success');
    expect(await money(s.c)).toMatchObject({ balanceKobo: 250_000, paidOutKobo: 250_000 });
    const [audit] = await rows<{ action: string; actor_id: string }>(
      w.db,
      sql`select action, actor_id from audit_log where target_type = 'payout' and target_id = ${String(p.id)}`,
    );
    expect(audit).toEqual({ action: 'payout.finalize', actor_id: admin.user.id });
    const again = await staff.post(`/api/admin/payouts/${p.id}/finalize`, { otp: '482913' });
    expect(again.status).toBe(409);
    // Said in words: Paystack's 'success' is 'paid'.
    expect(again.body.message).toBe(`Payout ${p.id} is paid: it is not waiting for an OTP`);
  });

  it('an old upper-case reference still settles by its event', async () => {
    const s = await store(500_000);
    control().holdEvents = true;
    control().transferOutcome = 'hold';
    await s.c.post('/api/store/payouts', { amountKobo: 100_000 });
    const [p] = await payoutsOf(s.id);
    await w.db.execute(sql`update payouts set reference = 'PO_OLD_1' where id = ${p.id}`);
    await control().emit('transfer.failed', { reference: 'PO_OLD_1', status: 'failed' });
    expect((await payoutsOf(s.id))[0]).toMatchObject({ status: 'failed', reference: 'PO_OLD_1' });
    expect((await money(s.c)).balanceKobo).toBe(500_000);
  });

  it.skipIf(!onServer)(
    '200 withdrawals at once against one balance: never more paid out than the balance (PostgreSQL server: PGlite runs one query at a time)',
    async () => {
      const s = await store(5_000_000);
      control().holdEvents = true;
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => s.c.post('/api/store/payouts', { amountKobo: 130_000 })),
      );
      const codes = answers.map((a) => a.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(38); // 38 × ₦1,300 ≤ ₦50,000
      expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
      const m = await money(s.c);
      expect(m.paidOutKobo).toBe(38 * 130_000);
      expect(m.balanceKobo).toBe(5_000_000 - 38 * 130_000);
      expect(await balance(w.db, account.storeBalance(s.id))).toBeGreaterThanOrEqual(0);
      expect(await unbalancedPostings(w.db)).toEqual([]);
    },
    60_000,
  );
});

describe(`the payout bank account (${onServer ? 'postgres' : 'pglite'})`, () => {
  it('needs the password, takes the name from the bank, tells the owner by e-mail and bell; a change holds payouts for 24 hours', async () => {
    const s = await store(500_000);
    const account2 = { bankCode: '044', accountNumber: '1234567890' };
    const resolved = await s.c.get(
      `/api/store/bank-account/resolve?bankCode=044&accountNumber=1234567890`,
    );
    expect(resolved.status).toBe(200);
    const name = resolved.body.accountName;
    expect(name).toMatch(/\w/);

    const none = await s.c.put('/api/store/bank-account', account2);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('PASSWORD_AGAIN');
    const wrong = await s.c.put('/api/store/bank-account', { ...account2, password: 'nope-nope' });
    expect(wrong.status).toBe(403);
    const unknown = await s.c.put('/api/store/bank-account', {
      bankCode: '044',
      accountNumber: '0000000000',
      password: PW,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'The bank does not know this account number: check the bank and the number',
    );
    // Nothing changed so far: payouts still go out.
    expect((await s.c.post('/api/store/payouts', { amountKobo: 100_000 })).status).toBe(200);

    const mails = () =>
      w.count(
        sql`select count(*)::int as n from jobs where kind = 'mail.send' and payload->>'to' = ${s.user.email}`,
      );
    const mailed = await mails();
    const changed = await s.c.put('/api/store/bank-account', {
      ...account2,
      accountName: 'Typed By Someone',
      password: PW,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.bankAccount).toEqual({
      bankCode: '044',
      accountNumber: '******7890',
      accountName: name,
    });
    const heldUntil = new Date(changed.body.payoutsHeldUntil).getTime();
    expect(Math.abs(heldUntil - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    expect(await mails()).toBe(mailed + 1);
    const [bell] = await rows<{ type: string; title: string }>(
      w.db,
      sql`select type, title from notifications where user_id = ${s.user.id} order by id desc limit 1`,
    );
    expect(bell.type).toBe('payout_account');
    expect(bell.title).toContain('******7890');

    const held = await s.c.post('/api/store/payouts', { amountKobo: 100_000 });
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(
      /^Your bank account changed recently: payouts resume on .+ \(Lagos time\)$/,
    );
    // A day later (the hold's time set back rather than waited for): payouts go out again.
    await w.db.execute(
      sql`update store_bank_accounts set payouts_held_until = now() - interval '1 minute' where store_id = ${s.id}`,
    );
    expect((await s.c.post('/api/store/payouts', { amountKobo: 100_000 })).status).toBe(200);
    expect((await money(s.c)).payoutsHeldUntil).toBeNull();
  });
});
