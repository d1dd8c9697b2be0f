import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { formatNaira } from '@sf/shared';
import { signWebhook } from './paystack-client.ts';

/**
 * A local Paystack-compatible server: the same endpoints, answers and signed webhooks as
 * api.paystack.co for what this marketplace uses, and a hosted test payment page (Pay /
 * Decline / Abandon) where no money moves. Used when PAYSTACK_SECRET_KEY is unset (mounted by
 * the app under /paystack-test) and by tests (started on its own port).
 */
export interface TestServerOptions {
  db: Db;
  secretKey: string;
  /** Where the browser is sent to pay: this server's public base (may be a path, e.g. /paystack-test). */
  pageBase: () => string;
  /** Sends a webhook (raw JSON body and its signature) to the merchant; throws on failure. */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  log?: { warn(obj: unknown, msg: string): void };
}

const BANNER = 'Test payment: no money moves';
const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const code = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('hex')}`;
let nextId = Math.floor(Date.now() / 1000);

type Rec = typeof s.paystackTestRecords.$inferSelect;

function fail(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ status: false, message });
}

function transactionData(r: Rec) {
  const d = r.data as Record<string, any>;
  return {
    id: d.id,
    domain: 'test',
    status: r.status,
    reference: r.code,
    amount: Number(r.amountKobo),
    currency: d.currency ?? 'NGN',
    channel: d.channel ?? null,
    paid_at: d.paidAt ?? null,
    created_at: r.createdAt,
    gateway_response: d.gatewayResponse ?? 'Pending',
    customer: { email: d.email },
    metadata: d.metadata ?? {},
  };
}

export async function paystackTestServer(app: FastifyInstance, opts: TestServerOptions) {
  const { db } = opts;

  const authorized = (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
      void fail(reply, 401, 'Invalid key');
      return false;
    }
    return true;
  };

  async function send(event: string, data: unknown) {
    const raw = JSON.stringify({ event, data });
    const sig = signWebhook(opts.secretKey, raw);
    // Paystack retries a webhook the merchant did not accept; three tries are enough here.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await opts.deliverWebhook(raw, sig);
        return;
      } catch (err) {
        opts.log?.warn({ err, event, attempt }, 'local Paystack: webhook not accepted');
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  const find = async (kind: string, c: string) =>
    (
      await db
        .select()
        .from(s.paystackTestRecords)
        .where(and(eq(s.paystackTestRecords.kind, kind), eq(s.paystackTestRecords.code, c)))
    )[0];

  app.post('/transaction/initialize', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const b = (req.body ?? {}) as Record<string, any>;
    const amount = Number(b.amount);
    if (typeof b.email !== 'string' || !b.email.includes('@'))
      return fail(reply, 400, 'Invalid Email Address Passed');
    if (!Number.isInteger(amount) || amount < 100) return fail(reply, 400, 'Invalid Amount Sent');
    if (b.currency && b.currency !== 'NGN') return fail(reply, 400, 'Currency not supported');
    const reference = typeof b.reference === 'string' && b.reference ? b.reference : code('T');
    const accessCode = crypto.randomBytes(8).toString('hex');
    const inserted = await db
      .insert(s.paystackTestRecords)
      .values({
        kind: 'transaction',
        code: reference,
        reference,
        status: 'ongoing',
        amountKobo: amount,
        data: {
          id: ++nextId,
          accessCode,
          email: b.email,
          currency: 'NGN',
          callbackUrl: typeof b.callback_url === 'string' ? b.callback_url : null,
          metadata: b.metadata ?? {},
        },
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return fail(reply, 400, 'Duplicate Transaction Reference');
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${opts.pageBase()}/pay/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    };
  });

  app.get<{ Params: { reference: string } }>(
    '/transaction/verify/:reference',
    async (req, reply) => {
      if (!authorized(req, reply)) return reply;
      const r = await find('transaction', req.params.reference);
      if (!r) return fail(reply, 400, 'Transaction reference not found');
      return { status: true, message: 'Verification successful', data: transactionData(r) };
    },
  );

  const byAccessCode = async (accessCode: string) =>
    (
      await db
        .select()
        .from(s.paystackTestRecords)
        .where(
          and(
            eq(s.paystackTestRecords.kind, 'transaction'),
            sql`${s.paystackTestRecords.data}->>'accessCode' = ${accessCode}`,
          ),
        )
    )[0];

  app.get<{ Params: { accessCode: string } }>('/pay/:accessCode', async (req, reply) => {
    const r = await byAccessCode(req.params.accessCode);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!r)
      return reply
        .status(404)
        .send(page('Payment not found', '<p>This payment link is not valid.</p>'));
    const d = r.data as Record<string, any>;
    // A declined or abandoned payment may be tried again on the same page, as on Paystack.
    if (r.status === 'success') {
      return page(
        'Payment closed',
        `<p>This payment is already <strong>${esc(r.status)}</strong>.</p>${
          d.callbackUrl
            ? `<p><a href="${esc(String(d.callbackUrl))}?trxref=${esc(r.code)}&amp;reference=${esc(r.code)}">Back to the shop</a></p>`
            : ''
        }`,
      );
    }
    const action = `${opts.pageBase()}/pay/${esc(req.params.accessCode)}`;
    return page(
      `Pay ${formatNaira(Number(r.amountKobo) / 100)}`,
      `<p class="who">${esc(String(d.email))} &middot; reference ${esc(r.code)}</p>
      <p class="amount">${formatNaira(Number(r.amountKobo) / 100)}</p>
      <form method="post" action="${action}">
        <fieldset><legend>Pay with</legend>
          <label><input type="radio" name="channel" value="card" checked> Card</label>
          <label><input type="radio" name="channel" value="bank_transfer"> Bank transfer</label>
          <label><input type="radio" name="channel" value="ussd"> USSD</label>
        </fieldset>
        <button name="action" value="pay" class="pay">Pay (test)</button>
        <button name="action" value="decline" class="decline">Decline</button>
        <button name="action" value="abandon" class="abandon">Abandon</button>
      </form>`,
    );
  });

  app.post<{ Params: { accessCode: string } }>('/pay/:accessCode', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string>;
    const r = await byAccessCode(req.params.accessCode);
    if (!r) return reply.status(404).type('text/html').send(page('Payment not found', ''));
    const d = r.data as Record<string, any>;
    const outcome =
      b.action === 'pay' ? 'success' : b.action === 'decline' ? 'failed' : 'abandoned';
    const channel = ['card', 'bank_transfer', 'ussd'].includes(b.channel) ? b.channel : 'card';
    // A paid transaction is final (a second press changes nothing).
    const [updated] = await db
      .update(s.paystackTestRecords)
      .set({
        status: outcome,
        data: {
          ...d,
          channel,
          gatewayResponse:
            outcome === 'success' ? 'Approved' : outcome === 'failed' ? 'Declined' : 'Abandoned',
          paidAt: outcome === 'success' ? new Date().toISOString() : null,
        },
      })
      .where(and(eq(s.paystackTestRecords.id, r.id), ne(s.paystackTestRecords.status, 'success')))
      .returning();
    if (updated && outcome === 'success') await send('charge.success', transactionData(updated));
    const back = d.callbackUrl
      ? `${d.callbackUrl}${String(d.callbackUrl).includes('?') ? '&' : '?'}trxref=${encodeURIComponent(r.code)}&reference=${encodeURIComponent(r.code)}`
      : `${opts.pageBase()}/pay/${req.params.accessCode}`;
    return reply.redirect(back, 303);
  });

  /** A refund as Paystack answers it (create, fetch, list). */
  const refundData = (rf: Rec, t?: Rec) => {
    const d = rf.data as Record<string, any>;
    return {
      id: d.id,
      domain: 'test',
      transaction: t ? transactionData(t) : d.transactionId,
      amount: Number(rf.amountKobo),
      deducted_amount: Number(rf.amountKobo),
      currency: d.currency ?? 'NGN',
      channel: d.channel ?? null,
      fully_deducted: true,
      refunded_by: 'api',
      merchant_note: d.merchantNote ?? null,
      customer_note: d.customerNote ?? null,
      status: rf.status,
      createdAt: rf.createdAt,
    };
  };

  // Paystack refuses a refund that would take more than the transaction's amount back; the
  // transaction's record is locked while its refunds are summed, so that holds at any rate.
  app.post('/refund', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const b = (req.body ?? {}) as Record<string, any>;
    const ident = String(b.transaction ?? '');
    const out = await db.transaction(async (tx) => {
      const [t] = await tx
        .select()
        .from(s.paystackTestRecords)
        .where(
          and(
            eq(s.paystackTestRecords.kind, 'transaction'),
            /^\d+$/.test(ident)
              ? sql`(${s.paystackTestRecords.code} = ${ident} or ${s.paystackTestRecords.data}->>'id' = ${ident})`
              : eq(s.paystackTestRecords.code, ident),
          ),
        )
        .for('update');
      if (!t) return { error: 'Transaction not found' };
      if (t.status !== 'success') return { error: 'Transaction has not been paid' };
      const amount = b.amount === undefined ? Number(t.amountKobo) : Number(b.amount);
      const [{ refunded }] = (
        await tx.execute(
          sql`select coalesce(sum(amount_kobo), 0)::bigint as refunded from paystack_test_records
            where kind = 'refund' and reference = ${t.code} and status <> 'failed'`,
        )
      ).rows as { refunded: number }[];
      if (
        !Number.isInteger(amount) ||
        amount <= 0 ||
        amount + Number(refunded) > Number(t.amountKobo)
      )
        return { error: 'Refund amount cannot be more than the transaction amount' };
      const [rf] = await tx
        .insert(s.paystackTestRecords)
        .values({
          kind: 'refund',
          code: code('RF'),
          reference: t.code,
          status: 'pending',
          amountKobo: amount,
          data: {
            id: ++nextId,
            transactionId: (t.data as any).id,
            currency: 'NGN',
            channel: (t.data as any).channel ?? null,
            merchantNote: typeof b.merchant_note === 'string' ? b.merchant_note : null,
            customerNote: typeof b.customer_note === 'string' ? b.customer_note : null,
          },
        })
        .returning();
      return { rf, t };
    });
    if ('error' in out) return fail(reply, 400, out.error!);
    const data = refundData(out.rf, out.t);
    // The money goes back a moment later: processed, then the webhook.
    void (async () => {
      await db
        .update(s.paystackTestRecords)
        .set({ status: 'processed' })
        .where(eq(s.paystackTestRecords.id, out.rf.id));
      await send('refund.processed', {
        ...data,
        status: 'processed',
        transaction_reference: out.t.code,
        transaction: undefined,
      });
    })().catch((err) => opts.log?.warn({ err }, 'local Paystack: refund not processed'));
    return { status: true, message: 'Refund has been queued for processing', data };
  });

  const refundsOf = async (ident: string) =>
    db
      .select()
      .from(s.paystackTestRecords)
      .where(
        and(
          eq(s.paystackTestRecords.kind, 'refund'),
          /^\d+$/.test(ident)
            ? sql`(${s.paystackTestRecords.reference} = ${ident} or ${s.paystackTestRecords.data}->>'transactionId' = ${ident})`
            : eq(s.paystackTestRecords.reference, ident),
        ),
      )
      .orderBy(s.paystackTestRecords.id);

  app.get<{ Querystring: { transaction?: string } }>('/refund', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const list = req.query.transaction
      ? await refundsOf(String(req.query.transaction))
      : await db
          .select()
          .from(s.paystackTestRecords)
          .where(eq(s.paystackTestRecords.kind, 'refund'))
          .orderBy(s.paystackTestRecords.id);
    return {
      status: true,
      message: 'Refunds retrieved',
      data: list.map((rf) => refundData(rf)),
      meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
    };
  });

  app.get<{ Params: { id: string } }>('/refund/:id', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const [rf] = await db
      .select()
      .from(s.paystackTestRecords)
      .where(
        and(
          eq(s.paystackTestRecords.kind, 'refund'),
          sql`${s.paystackTestRecords.data}->>'id' = ${req.params.id}`,
        ),
      );
    if (!rf) return fail(reply, 404, 'Refund not found');
    return { status: true, message: 'Refund retrieved', data: refundData(rf) };
  });

  app.post('/transferrecipient', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const b = (req.body ?? {}) as Record<string, any>;
    if (b.type !== 'nuban') return fail(reply, 400, 'Invalid type');
    if (!/^\d{10}$/.test(String(b.account_number ?? '')))
      return fail(reply, 400, 'Account number must be 10 digits');
    if (!/^\d{3,6}$/.test(String(b.bank_code ?? ''))) return fail(reply, 400, 'Invalid bank code');
    const c = code('RCP');
    await db.insert(s.paystackTestRecords).values({
      kind: 'recipient',
      code: c,
      status: 'active',
      data: { name: b.name, accountNumber: b.account_number, bankCode: b.bank_code },
    });
    return {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: 'NGN',
        name: b.name,
        recipient_code: c,
        type: 'nuban',
        details: { account_number: b.account_number, bank_code: b.bank_code },
      },
    };
  });

  app.post('/transfer', async (req, reply) => {
    if (!authorized(req, reply)) return reply;
    const b = (req.body ?? {}) as Record<string, any>;
    const amount = Number(b.amount);
    if (!Number.isInteger(amount) || amount < 100) return fail(reply, 400, 'Invalid amount');
    const recipient = await find('recipient', String(b.recipient ?? ''));
    if (!recipient) return fail(reply, 400, 'Recipient not found');
    const reference = String(b.reference ?? code('TR'));
    const transferCode = code('TRF');
    const [rec] = await db
      .insert(s.paystackTestRecords)
      .values({
        kind: 'transfer',
        code: `transfer:${reference}`,
        reference,
        status: 'success',
        amountKobo: amount,
        data: { transferCode, recipient: recipient.code, reason: b.reason ?? '' },
      })
      .onConflictDoNothing()
      .returning();
    if (!rec) return fail(reply, 400, 'Duplicate Transfer Reference');
    const data = {
      amount,
      currency: 'NGN',
      reference,
      status: 'pending',
      transfer_code: transferCode,
    };
    void send('transfer.success', { ...data, status: 'success' });
    return { status: true, message: 'Transfer has been queued', data };
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | ${BANNER}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1a1a}
.banner{background:#b45309;color:#fff;padding:.75rem 1rem;font-weight:700;text-align:center}
main{max-width:26rem;margin:1.5rem auto;background:#fff;border-radius:.5rem;padding:1.25rem;box-shadow:0 1px 3px #0002}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
fieldset{border:1px solid #ccc;border-radius:.375rem;margin:0 0 1rem}
label{display:block;padding:.5rem 0;min-height:24px}
button{display:block;width:100%;min-height:48px;margin:.5rem 0;font-size:1rem;border-radius:.375rem;border:0;cursor:pointer}
.pay{background:#0b7a3b;color:#fff}.decline{background:#b91c1c;color:#fff}.abandon{background:#e5e7eb;color:#1a1a1a}
.who{color:#444;word-break:break-all}
</style></head><body>
<div class="banner" role="note">${BANNER}</div>
<main><h1>${esc(title)}</h1>${body}
<p><small>Local Paystack-compatible test server. Set PAYSTACK_SECRET_KEY to use Paystack.</small></p></main>
</body></html>`;
}
