import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createUser } from '../../test/factories.ts';
import { dbLabel } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { balance } from '../ledger/ledger.ts';
import { as, createCommerceWorld, sellerWithStore, type World } from '../checkout/testing.ts';
import { orderUpTo } from '../reviews/testing.ts';
import { attentionCounts } from '../audit/attention.ts';

let w: World;
beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'http' });
});
afterAll(() => w.close());

const DAY = 86_400_000;
const open = (orderId: number, productId: number, reason = 'wrong_part') => ({
  orderId,
  productId,
  reason,
  message: 'I ordered a left headlamp and received a right one.',
});
const orderOf = async (id: number) =>
  (
    await rows<{ status: string; disputed_at: Date | null }>(
      w.db,
      sql`select status, disputed_at from orders where id = ${id}`,
    )
  )[0];
const mailsTo = async (email: string) =>
  (
    await rows<{ subject: string }>(w.db, sql`select subject from outbox where "to" = ${email}`)
  ).map((m) => m.subject);
/** Refunds the Paystack test server received for an order's payment. */
async function refundsAtPaystack(orderId: number) {
  const [o] = await rows<{ ref: string }>(
    w.db,
    sql`select payment_reference as ref from orders where id = ${orderId}`,
  );
  return w.count(
    sql`select count(*)::int as n from paystack_test_records where kind = 'refund' and reference = ${o.ref}`,
  );
}

describe(`disputes (${dbLabel()})`, () => {
  it('only the buyer of a delivered line, within 7 days, once; escrow stops while it is open', async () => {
    const shipped = await orderUpTo(w, 'shipped');
    const early = await as(w.app, shipped.buyer.cookie).post(
      '/api/disputes',
      open(shipped.order.id, shipped.p.prodId),
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the order is delivered/);

    const x = await orderUpTo(w, 'delivered');
    const stranger = await createUser(w.db);
    expect(
      (await as(w.app, stranger.cookie).post('/api/disputes', open(x.order.id, x.p.prodId))).status,
    ).toBe(404);
    const bad = await as(w.app, x.buyer.cookie).post('/api/disputes', {
      ...open(x.order.id, x.p.prodId),
      reason: 'bored',
    });
    expect(bad.status).toBe(400);

    const late = await orderUpTo(w, 'delivered');
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '8 days' where id = ${late.order.id}`,
    );
    const tooLate = await as(w.app, late.buyer.cookie).post(
      '/api/disputes',
      open(late.order.id, late.p.prodId),
    );
    expect(tooLate.status, JSON.stringify(tooLate.body)).toBe(409);
    expect(tooLate.body.message).toMatch(/within 7 days of delivery/);

    const ok = await as(w.app, x.buyer.cookie).post(
      '/api/disputes',
      open(x.order.id, x.p.prodId, 'fake'),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.item).toMatchObject({ status: 'open', reason: 'fake', viewer: 'buyer' });
    expect(ok.body.messages.map((m: any) => m.author)).toEqual(['buyer', 'system']);
    expect((await orderOf(x.order.id)).disputed_at).not.toBeNull();
    const again = await as(w.app, x.buyer.cookie).post(
      '/api/disputes',
      open(x.order.id, x.p.prodId),
    );
    expect(again.status).toBe(409);
    // The store is told by e-mail.
    await runDueJobs(w.app);
    expect(await mailsTo(x.s.user.email)).toContainEqual(
      expect.stringMatching(/^Dispute on order/),
    );

    // Nobody else sees it: not a stranger, not another store.
    const id = ok.body.item.id;
    const otherSeller = await sellerWithStore(w.db);
    expect((await as(w.app, stranger.cookie).get(`/api/disputes/${id}`)).status).toBe(404);
    expect((await as(w.app, otherSeller.cookie).get(`/api/disputes/${id}`)).status).toBe(404);
    expect((await as(w.app, otherSeller.cookie).get('/api/disputes')).body.items).toEqual([]);
    expect(
      (await as(w.app, stranger.cookie).post(`/api/disputes/${id}/messages`, { body: 'hi' }))
        .status,
    ).toBe(404);
    expect((await as(w.app, x.s.cookie).get('/api/disputes')).body.items[0]).toMatchObject({
      id,
      viewer: 'seller',
    });

    // Seven days after delivery the release job leaves the disputed order alone.
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '7 days 1 minute' where id = ${x.order.id}`,
    );
    await runDueJobs(w.app, { until: new Date(Date.now() + 8 * DAY) });
    expect((await orderOf(x.order.id)).status).toBe('delivered');
    expect(await balance(w.db, `escrow:order:${x.order.id}`)).toBe(x.order.totalKobo);
  });

  it('the store offers a partial refund, the buyer accepts: refunded through Paystack, the rest released', async () => {
    const x = await orderUpTo(w, 'delivered', { price: 10000 });
    const id = (
      await as(w.app, x.buyer.cookie).post('/api/disputes', open(x.order.id, x.p.prodId, 'damaged'))
    ).body.item.id;
    const seller = as(w.app, x.s.cookie);
    expect(
      (
        await seller.post(`/api/disputes/${id}/messages`, {
          body: 'Please send a photo of the crack.',
        })
      ).status,
    ).toBe(200);
    expect((await as(w.app, x.buyer.cookie).post(`/api/disputes/${id}/accept`)).status).toBe(409);
    // The buyer cannot make the store's offer.
    expect(
      (await as(w.app, x.buyer.cookie).post(`/api/disputes/${id}/offer`, { kind: 'refund' }))
        .status,
    ).toBe(404);
    const tooMuch = await seller.post(`/api/disputes/${id}/offer`, {
      kind: 'refund',
      amountKobo: x.order.totalKobo + 1,
    });
    expect(tooMuch.status).toBe(400);
    const offered = await seller.post(`/api/disputes/${id}/offer`, {
      kind: 'refund',
      amountKobo: 400000,
    });
    expect(offered.body.item).toMatchObject({
      status: 'offered',
      offer: 'refund',
      offer_kobo: 400000,
    });
    const done = await as(w.app, x.buyer.cookie).post(`/api/disputes/${id}/accept`);
    expect(done.status).toBe(200);
    expect(done.body.item).toMatchObject({
      status: 'resolved',
      outcome: 'refund',
      refund_kobo: 400000,
      actions: [],
    });
    expect((await orderOf(x.order.id)).status).toBe('completed');
    await runDueJobs(w.app);
    expect(await refundsAtPaystack(x.order.id)).toBe(1);
    await runDueJobs(w.app);
    expect(await refundsAtPaystack(x.order.id)).toBe(1);
    // Escrow emptied: 4,000 naira to the buyer, the rest to the store less its commission on it.
    const total = x.order.totalKobo;
    const keep = total - 400000;
    const commission = Math.round((Math.round(x.order.subtotalKobo * 0.05) * keep) / total);
    expect(await balance(w.db, `escrow:order:${x.order.id}`)).toBe(0);
    expect(await balance(w.db, `buyer:${x.buyer.user.id}:refunds`)).toBe(400000);
    expect(await balance(w.db, `store:${x.s.store.id}:balance`)).toBe(keep - commission);
    // Settled: nothing more can happen in it.
    expect((await seller.post(`/api/disputes/${id}/messages`, { body: 'ok' })).status).toBe(409);
  });

  it('unsettled after 5 days staff are told and decide: full refund or release, each in the audit log', async () => {
    const admin = await createUser(w.db, 'Admin');
    const a = await orderUpTo(w, 'delivered');
    const b = await orderUpTo(w, 'delivered');
    const idA = (
      await as(w.app, a.buyer.cookie).post(
        '/api/disputes',
        open(a.order.id, a.p.prodId, 'not_received'),
      )
    ).body.item.id;
    const idB = (
      await as(w.app, b.buyer.cookie).post('/api/disputes', open(b.order.id, b.p.prodId))
    ).body.item.id;
    const waiting = async () =>
      (await attentionCounts(w.db)).find((c) => c.key === 'disputes.open')!.count;
    const before = await waiting();
    await w.db.execute(
      sql`update disputes set escalate_at = now() - interval '1 minute' where id in (${idA}, ${idB})`,
    );
    await w.db.execute(
      sql`update jobs set run_at = now() where key in (${`disputes.escalate:${idA}`}, ${`disputes.escalate:${idB}`})`,
    );
    await runDueJobs(w.app);
    expect(await waiting()).toBe(before + 2);
    const thread = (await as(w.app, a.buyer.cookie).get(`/api/disputes/${idA}`)).body;
    expect(thread.messages.at(-1)).toMatchObject({
      author: 'system',
      body: expect.stringMatching(/staff now decide/),
    });
    expect(thread.item.status_label).toBe('Waiting for SpareFinder staff to decide');

    expect(
      (
        await as(w.app, a.buyer.cookie).post(`/api/admin/disputes/${idA}/decide`, {
          decision: 'refund',
          note: 'mine',
        })
      ).status,
    ).toBe(403);
    const full = await as(w.app, admin.cookie).post(`/api/admin/disputes/${idA}/decide`, {
      decision: 'refund',
      note: 'The courier confirms it was never handed over.',
    });
    expect(full.status).toBe(200);
    expect(full.body.item).toMatchObject({ outcome: 'refund', refund_kobo: a.order.totalKobo });
    const rel = await as(w.app, admin.cookie).post(`/api/admin/disputes/${idB}/decide`, {
      decision: 'release',
      note: 'The photos show the part ordered.',
    });
    expect(rel.body.item).toMatchObject({ outcome: 'release', refund_kobo: 0 });
    expect(await balance(w.db, `store:${b.s.store.id}:balance`)).toBe(
      b.order.totalKobo - Math.round(b.order.subtotalKobo * 0.05),
    );
    expect(await balance(w.db, `buyer:${a.buyer.user.id}:refunds`)).toBe(a.order.totalKobo);
    await runDueJobs(w.app);
    expect(await refundsAtPaystack(a.order.id)).toBe(1);
    const audit = await rows<{ action: string; target_id: string; actor_id: string }>(
      w.db,
      sql`select action, target_id, actor_id from audit_log where target_type = 'dispute' and target_id in (${String(idA)}, ${String(idB)}) order by id`,
    );
    expect(audit).toEqual([
      { action: 'dispute.refund', target_id: String(idA), actor_id: admin.user.id },
      { action: 'dispute.release', target_id: String(idB), actor_id: admin.user.id },
    ]);
    expect(await waiting()).toBe(before);
    expect(await mailsTo(a.buyer.user.email)).toContainEqual(
      expect.stringMatching(/^Dispute on order .*: SpareFinder staff decided/),
    );
    // Decided once: a second decision is refused.
    expect(
      (
        await as(w.app, admin.cookie).post(`/api/admin/disputes/${idA}/decide`, {
          decision: 'release',
          note: 'again',
        })
      ).status,
    ).toBe(409);
  });

  it('a withdrawn dispute lets escrow run again on its own clock', async () => {
    const x = await orderUpTo(w, 'delivered');
    const id = (await as(w.app, x.buyer.cookie).post('/api/disputes', open(x.order.id, x.p.prodId)))
      .body.item.id;
    await w.db.execute(
      sql`update orders set delivered_at = now() - interval '7 days 1 minute' where id = ${x.order.id}`,
    );
    expect(
      (await as(w.app, x.buyer.cookie).post(`/api/disputes/${id}/withdraw`)).body.item.outcome,
    ).toBe('withdrawn');
    expect((await orderOf(x.order.id)).disputed_at).toBeNull();
    await runDueJobs(w.app);
    expect((await orderOf(x.order.id)).status).toBe('completed');
  });
});
