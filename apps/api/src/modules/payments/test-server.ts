import crypto from 'node:crypto';
import querystring from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
import { formatKobo } from '@sf/shared';
import { signWebhook } from './paystack-client.ts';
import {
  takeFault,
  type Fault,
  type HeldEvent,
  type PaystackControl,
  type PaystackOp,
  type RefundEnd,
} from './test-server-control.ts';
import {
  BANKS,
  bankByCode,
  bankData,
  chargeEventData,
  recipientData,
  refundCreateData,
  refundData,
  refundEventData,
  transactionData,
  transactionFetchData,
  transferData,
  transferEventData,
  transferInitiateData,
  type Rec,
} from './test-server-shapes.ts';

/**
 * A local Paystack-compatible server: the endpoints, answers, status codes and signed events
 * of Paystack's published API (reference/openapi-paystack.yaml) for what this marketplace
 * uses, and a hosted test payment page (Pay / Decline / Abandon) where no money moves. Used
 * when PAYSTACK_SECRET_KEY is unset (mounted by the app under /paystack-test) and by tests
 * (started on its own port, where its control switches fault modes on).
 */
export interface TestServerOptions {
  db: Db;
  secretKey: string;
  /** Where the browser is sent to pay: this server's public base (may be a path, e.g. /paystack-test). */
  pageBase: () => string;
  /** Sends a webhook (raw JSON body and its signature) to the merchant; throws on failure. */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  /**
   * Whether a callback_url is the shop's own payment callback. The page sends browsers there
   * after paying, and its key is public (no money moves), so anything else would make the
   * page an open redirect on the shop's own address: initialize refuses it.
   */
  isOwnCallback: (url: string) => boolean;
  /** Faults on from the start (a bench's PAYSTACK_TEST_FAULTS). */
  faults?: Fault[];
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Paystack's rule for a transfer reference. */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{1,100}$/;
/** Names the bank "holds" for account numbers nobody registered (deterministic per number). */
const NAMES = ['ADAEZE OKAFOR', 'BABATUNDE ADEYEMI', 'CHINEDU EZE', 'FATIMA BELLO', 'IBRAHIM MUSA'];

/**
 * Paystack's error body. `type` names the class of error; the document's Error schema and
 * its samples disagree on what `code` holds, so none is sent.
 */
function fail(reply: FastifyReply, status: number, message: string, extra: object = {}) {
  return reply.status(status).send({ status: false, message, ...extra });
}

export async function paystackTestServer(
  app: FastifyInstance,
  opts: TestServerOptions,
): Promise<PaystackControl & { accounts: Map<string, string> }> {
  const { db } = opts;
  const faults: Fault[] = [...(opts.faults ?? [])];
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  async function deliver(event: string, data: unknown) {
    const raw = JSON.stringify({ event, data });
    const sig = signWebhook(opts.secretKey, raw);
    // Paystack retries a webhook the merchant did not accept; three tries are enough here.
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await opts.deliverWebhook(raw, sig);
        return;
      } catch (err) {
        opts.log?.warn({ err, event, attempt }, 'local Paystack: webhook not accepted');
        await sleep(100 * attempt);
      }
    }
  }

  const control = {
    otp: { required: false, code: '123456' },
    refundOutcome: 'processed' as PaystackControl['refundOutcome'],
    transferOutcome: 'success' as PaystackControl['transferOutcome'],
    eventCopies: 1,
    holdEvents: false,
    held: [] as HeldEvent[],
    /** Account names by `${bankCode}:${accountNumber}` (others get a name from NAMES). */
    accounts: new Map<string, string>(),
    fault(f: Fault) {
      faults.push({ ...f });
    },
    reset() {
      faults.length = 0;
      control.otp.required = false;
      control.refundOutcome = 'processed';
      control.transferOutcome = 'success';
      control.eventCopies = 1;
      control.holdEvents = false;
      control.held = [];
    },
    async release(order: 'in-order' | 'reversed' | number[] = 'in-order') {
      const list = control.held;
      control.held = [];
      const picked =
        order === 'in-order'
          ? list
          : order === 'reversed'
            ? [...list].reverse()
            : order.map((i) => list[i]);
      for (const e of picked) await deliver(e.event, e.data);
    },
    async emit(event: string, data: unknown) {
      await deliver(event, data);
    },
    async settleRefund(transactionReference: string, outcome: RefundEnd, refundId?: number) {
      const [rf] = await db
        .select()
        .from(s.paystackTestRecords)
        .where(
          and(
            eq(s.paystackTestRecords.kind, 'refund'),
            eq(s.paystackTestRecords.reference, transactionReference),
            refundId === undefined
              ? undefined
              : sql`${s.paystackTestRecords.data}->>'id' = ${String(refundId)}`,
          ),
        )
        .orderBy(desc(s.paystackTestRecords.id))
        .limit(1);
      if (!rf) throw new Error(`local Paystack: no refund for ${transactionReference}`);
      await finishRefund(rf, outcome);
    },
    async settleTransfer(reference: string, outcome: 'success' | 'failed' | 'reversed') {
      const tr = await find('transfer', `transfer:${reference}`);
      if (!tr) throw new Error(`local Paystack: no transfer ${reference}`);
      await finishTransfer(tr, outcome);
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  } satisfies PaystackControl & { accounts: Map<string, string> };

  /** An event as Paystack sends it: copied, held or delivered as the control says. */
  function send(event: string, data: unknown) {
    if (control.holdEvents) {
      control.held.push({ event, data });
      return;
    }
    for (let i = 0; i < control.eventCopies; i++) track(deliver(event, data));
  }

  // Paystack takes JSON whatever the content-type says (or without one), and form bodies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (req, body, done) => {
    const text = String(body ?? '');
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      if (String(req.headers['content-type'] ?? '').includes('json'))
        return done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }));
      done(null, { ...querystring.parse(text) });
    }
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return fail(reply, status, status === 500 ? 'Server Error' : err.message);
  });

  // Faults spoil an answer after its work was done.
  app.addHook('onSend', async (req, reply, payload) => {
    const op = (req.routeOptions.config as { op?: PaystackOp } | undefined)?.op;
    if (!op) return payload;
    const f = takeFault(faults, op);
    if (!f) return payload;
    if (f.mode === 'slow') {
      await sleep(f.delayMs ?? 1000);
      return payload;
    }
    if (f.mode === 'lost') {
      req.raw.socket?.destroy();
      return payload;
    }
    reply.code(500).type('application/json');
    return JSON.stringify({ status: false, message: 'Server Error' });
  });

  type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** An API endpoint: Bearer secret key required, named for faults. */
  const api = (op: PaystackOp, method: 'GET' | 'POST', url: string, handler: Handler) =>
    app.route({
      method,
      url,
      config: { op },
      handler: async (req, reply) => {
        const auth = req.headers.authorization;
        if (!auth) return fail(reply, 401, 'No Authorization Header was found');
        if (auth !== `Bearer ${opts.secretKey}`) return fail(reply, 401, 'Invalid key');
        return handler(req, reply);
      },
    });
  const body = (req: FastifyRequest) =>
    (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, any>;
  const params = (req: FastifyRequest) => req.params as Record<string, string>;
  const query = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

  const find = async (kind: string, c: string) =>
    (
      await db
        .select()
        .from(s.paystackTestRecords)
        .where(and(eq(s.paystackTestRecords.kind, kind), eq(s.paystackTestRecords.code, c)))
    )[0];
  const byData = async (kind: string, key: string, value: string) =>
    (
      await db
        .select()
        .from(s.paystackTestRecords)
        .where(
          and(
            eq(s.paystackTestRecords.kind, kind),
            sql`${s.paystackTestRecords.data}->>${key} = ${value}`,
          ),
        )
    )[0];
  const setStatus = async (r: Rec, status: string, data: object = {}) =>
    (
      await db
        .update(s.paystackTestRecords)
        .set({
          status,
          data: { ...(r.data as object), ...data, updatedAt: new Date().toISOString() },
        })
        .where(eq(s.paystackTestRecords.id, r.id))
        .returning()
    )[0];

  // ---- Transactions ----

  api('transaction.initialize', 'POST', '/transaction/initialize', async (req, reply) => {
    const b = body(req);
    const amount = Number(b.amount);
    if (typeof b.email !== 'string' || !b.email.includes('@'))
      return fail(reply, 400, 'Invalid Email Address Passed');
    if (!Number.isInteger(amount) || amount < 100) return fail(reply, 400, 'Invalid Amount Sent');
    if (b.currency && b.currency !== 'NGN') return fail(reply, 400, 'Currency not supported');
    const callbackUrl =
      typeof b.callback_url === 'string' && b.callback_url ? b.callback_url : null;
    if (callbackUrl && !opts.isOwnCallback(callbackUrl))
      return fail(reply, 400, "callback_url must be this shop's payment callback");
    const reference = typeof b.reference === 'string' && b.reference ? b.reference : code('T');
    const accessCode = crypto.randomBytes(8).toString('hex');
    const inserted = await db
      .insert(s.paystackTestRecords)
      .values({
        kind: 'transaction',
        code: reference,
        reference,
        // Nobody has paid yet: Paystack reads such a transaction as abandoned.
        status: 'abandoned',
        amountKobo: amount,
        data: {
          id: ++nextId,
          accessCode,
          email: b.email,
          currency: 'NGN',
          callbackUrl,
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

  api('transaction.verify', 'GET', '/transaction/verify/:reference', async (req, reply) => {
    const r = await find('transaction', params(req).reference);
    if (!r) return fail(reply, 404, 'Transaction reference not found');
    return { status: true, message: 'Verification successful', data: transactionData(r) };
  });

  api('transaction.fetch', 'GET', '/transaction/:id', async (req, reply) => {
    const id = params(req).id;
    const r = /^\d+$/.test(id) ? await byData('transaction', 'id', id) : undefined;
    if (!r) return fail(reply, 404, 'Transaction not found');
    return { status: true, message: 'Transaction retrieved', data: transactionFetchData(r) };
  });

  const byAccessCode = (accessCode: string) => byData('transaction', 'accessCode', accessCode);
  /** The callback the browser goes back to, only ever the shop's own (checked again here). */
  const backTo = (d: Record<string, any>, reference: string) => {
    const cb = typeof d.callbackUrl === 'string' ? d.callbackUrl : null;
    if (!cb || !opts.isOwnCallback(cb)) return null;
    const q = `trxref=${encodeURIComponent(reference)}&reference=${encodeURIComponent(reference)}`;
    return `${cb}${cb.includes('?') ? '&' : '?'}${q}`;
  };

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
      const back = backTo(d, r.code);
      return page(
        'Payment closed',
        `<p>This payment is already <strong>${esc(r.status)}</strong>.</p>${
          back ? `<p><a href="${esc(back)}">Back to the shop</a></p>` : ''
        }`,
      );
    }
    const action = `${opts.pageBase()}/pay/${esc(req.params.accessCode)}`;
    return page(
      `Pay ${formatKobo(Number(r.amountKobo))}`,
      `<p class="who">${esc(String(d.email))} &middot; reference ${esc(r.code)}</p>
      <p class="amount">${formatKobo(Number(r.amountKobo))}</p>
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
    const b = body(req) as Record<string, string>;
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
            outcome === 'success'
              ? 'Successful'
              : outcome === 'failed'
                ? 'Declined'
                : 'The transaction was not completed',
          paidAt: outcome === 'success' ? new Date().toISOString() : null,
        },
      })
      .where(and(eq(s.paystackTestRecords.id, r.id), ne(s.paystackTestRecords.status, 'success')))
      .returning();
    if (updated && outcome === 'success') {
      send('charge.success', chargeEventData(updated));
      await control.idle();
    }
    if (!d.callbackUrl)
      return reply.redirect(`${opts.pageBase()}/pay/${req.params.accessCode}`, 303);
    const back = backTo(d, r.code);
    if (!back) return reply.status(400).type('text/html').send(page('Not this shop', ''));
    return reply.redirect(back, 303);
  });

  // ---- Refunds ----

  /** The refund's money goes back (or cannot), with its event. */
  async function finishRefund(rf: Rec, outcome: RefundEnd) {
    const done = await setStatus(rf, outcome, { refundReference: code('TRF').toLowerCase() });
    send(`refund.${outcome}`, refundEventData(done));
  }

  // Paystack refuses a refund that would take more than the transaction's amount back; the
  // transaction's record is locked while its refunds are summed, so that holds at any rate.
  api('refund.create', 'POST', '/refund', async (req, reply) => {
    const b = body(req);
    const ident = String(b.transaction ?? '');
    if (!ident) return fail(reply, 400, 'Transaction reference is required');
    if (b.currency && b.currency !== 'NGN') return fail(reply, 400, 'Currency not supported');
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
      const td = t.data as Record<string, any>;
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
            transactionId: td.id,
            transactionAmount: Number(t.amountKobo),
            email: td.email,
            merchantNote: typeof b.merchant_note === 'string' ? b.merchant_note : null,
            customerNote: typeof b.customer_note === 'string' ? b.customer_note : null,
          },
        })
        .returning();
      return { rf, t };
    });
    if ('error' in out) return fail(reply, 400, out.error!);
    send('refund.pending', refundEventData(out.rf));
    // The money goes back a moment later, then the event says so.
    if (control.refundOutcome !== 'hold') {
      const outcome = control.refundOutcome;
      track(
        sleep(0)
          .then(() => finishRefund(out.rf, outcome))
          .catch((err) => opts.log?.warn({ err }, 'local Paystack: refund not finished')),
      );
    }
    return {
      status: true,
      message: 'Refund has been queued for processing',
      data: refundCreateData(out.rf, out.t),
    };
  });

  api('refund.list', 'GET', '/refund', async (req) => {
    const ident = query(req).transaction ?? query(req).reference;
    const perPage = Math.min(Math.max(Number(query(req).perPage) || 50, 1), 100);
    const page = Math.max(Number(query(req).page) || 1, 1);
    const where = ident
      ? and(
          eq(s.paystackTestRecords.kind, 'refund'),
          /^\d+$/.test(ident)
            ? sql`(${s.paystackTestRecords.reference} = ${ident} or ${s.paystackTestRecords.data}->>'transactionId' = ${ident})`
            : eq(s.paystackTestRecords.reference, ident),
        )
      : eq(s.paystackTestRecords.kind, 'refund');
    const all = await db
      .select()
      .from(s.paystackTestRecords)
      .where(where)
      .orderBy(desc(s.paystackTestRecords.id));
    const list = all.slice((page - 1) * perPage, page * perPage);
    return {
      status: true,
      message: 'Refunds retrieved',
      data: list.map(refundData),
      meta: {
        total: all.length,
        skipped: (page - 1) * perPage,
        perPage: String(perPage),
        page,
        pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        failedRefundCount: all.filter((r) => r.status === 'failed').length,
      },
    };
  });

  api('refund.fetch', 'GET', '/refund/:id', async (req, reply) => {
    const id = params(req).id;
    const rf = /^\d+$/.test(id) ? await byData('refund', 'id', id) : undefined;
    if (!rf) return fail(reply, 404, 'Refund not found');
    return { status: true, message: 'Refund retrieved', data: refundData(rf) };
  });

  // ---- Banks ----

  api('bank.list', 'GET', '/bank', async () => ({
    status: true,
    message: 'Banks retrieved',
    data: BANKS.map(bankData),
    meta: { next: null, previous: null, perPage: BANKS.length },
  }));

  /** The name the bank holds for an account; undefined for an account that does not exist. */
  const accountName = (bankCode: string, accountNumber: string) => {
    const known = control.accounts.get(`${bankCode}:${accountNumber}`);
    if (known) return known;
    if (/^0+$/.test(accountNumber)) return undefined;
    const n = [...accountNumber].reduce((a, c) => a + Number(c), 0);
    return NAMES[n % NAMES.length];
  };

  api('bank.resolve', 'GET', '/bank/resolve', async (req, reply) => {
    const { account_number: number = '', bank_code: bankCode = '' } = query(req);
    if (!number || !bankCode) return fail(reply, 400, 'Account number and bank code are required');
    if (!/^\d{10}$/.test(number)) return fail(reply, 400, 'Account number must be 10 digits');
    const bank = bankByCode(bankCode);
    if (!bank) return fail(reply, 400, 'Unknown bank code: ' + bankCode);
    const name = accountName(bankCode, number);
    if (!name)
      return fail(reply, 422, 'Could not resolve account name. Check parameters or try again.');
    return {
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: name, bank_id: bank.id },
    };
  });

  // ---- Transfer recipients and transfers ----

  api('transferrecipient.create', 'POST', '/transferrecipient', async (req, reply) => {
    const b = body(req);
    if (b.type !== 'nuban') return fail(reply, 400, 'Invalid type');
    if (typeof b.name !== 'string' || !b.name.trim()) return fail(reply, 400, 'Name is required');
    const number = String(b.account_number ?? '');
    const bankCode = String(b.bank_code ?? '');
    if (!/^\d{10}$/.test(number)) return fail(reply, 400, 'Account number must be 10 digits');
    if (!bankByCode(bankCode)) return fail(reply, 400, 'Unknown bank code: ' + bankCode);
    const resolved = accountName(bankCode, number);
    if (!resolved)
      return fail(reply, 400, 'Cannot resolve account', {
        type: 'validation_error',
      });
    const [rc] = await db
      .insert(s.paystackTestRecords)
      .values({
        kind: 'recipient',
        code: code('RCP'),
        status: 'active',
        data: {
          id: ++nextId,
          name: b.name,
          accountNumber: number,
          accountName: resolved,
          bankCode,
        },
      })
      .returning();
    return reply.status(201).send({
      status: true,
      message: 'Transfer recipient created successfully',
      data: recipientData(rc),
    });
  });

  /** A transfer reaches the account (or fails, or is reversed later), with its event. */
  async function finishTransfer(tr: Rec, outcome: 'success' | 'failed' | 'reversed') {
    const done = await setStatus(tr, outcome);
    const rc = (await find('recipient', String((tr.data as any).recipient)))!;
    send(`transfer.${outcome}`, transferEventData(done, rc));
  }
  const later = (tr: Rec) => {
    if (control.transferOutcome === 'hold') return;
    const outcome = control.transferOutcome;
    track(
      sleep(0)
        .then(() => finishTransfer(tr, outcome))
        .catch((err) => opts.log?.warn({ err }, 'local Paystack: transfer not finished')),
    );
  };

  api('transfer.initiate', 'POST', '/transfer', async (req, reply) => {
    const b = body(req);
    const amount = Number(b.amount);
    if (b.source !== undefined && b.source !== 'balance')
      return fail(reply, 400, 'Invalid transfer source');
    if (!Number.isInteger(amount) || amount < 100) return fail(reply, 400, 'Invalid amount');
    if (b.currency && b.currency !== 'NGN') return fail(reply, 400, 'Currency not supported');
    const rc = await find('recipient', String(b.recipient ?? ''));
    if (!rc)
      return fail(reply, 400, 'Recipient specified is invalid', {
        meta: {
          nextStep:
            'Provide a valid recipient. Ensure you are passing the recipient code in the recipient param',
        },
        type: 'validation_error',
      });
    const reference = b.reference === undefined ? code('tr').toLowerCase() : String(b.reference);
    if (!TRANSFER_REFERENCE.test(reference))
      return fail(
        reply,
        400,
        'Invalid reference: only lowercase letters, digits, - and _ are allowed',
        { type: 'validation_error' },
      );
    const [tr] = await db
      .insert(s.paystackTestRecords)
      .values({
        kind: 'transfer',
        code: `transfer:${reference}`,
        reference,
        status: control.otp.required ? 'otp' : 'pending',
        amountKobo: amount,
        data: {
          id: ++nextId,
          transferCode: code('TRF'),
          recipient: rc.code,
          reason: typeof b.reason === 'string' ? b.reason : '',
        },
      })
      .onConflictDoNothing()
      .returning();
    if (!tr)
      return fail(reply, 400, 'Transfer reference already exists', {
        type: 'validation_error',
      });
    if (tr.status === 'otp')
      return {
        status: true,
        message: 'Transfer requires OTP to continue',
        data: transferInitiateData(tr, rc),
      };
    later(tr);
    return {
      status: true,
      message: 'Transfer has been queued',
      data: transferInitiateData(tr, rc),
    };
  });

  api('transfer.finalize', 'POST', '/transfer/finalize_transfer', async (req, reply) => {
    const b = body(req);
    if (!b.transfer_code || !b.otp) return fail(reply, 400, 'Transfer code and OTP are required');
    const tr = await byData('transfer', 'transferCode', String(b.transfer_code));
    if (!tr) return fail(reply, 400, 'Transfer not found');
    if (tr.status !== 'otp') return fail(reply, 400, 'Transfer is not currently awaiting OTP');
    if (String(b.otp) !== control.otp.code) return fail(reply, 400, 'Invalid OTP');
    const [pending] = await db
      .update(s.paystackTestRecords)
      .set({ status: 'pending' })
      .where(and(eq(s.paystackTestRecords.id, tr.id), eq(s.paystackTestRecords.status, 'otp')))
      .returning();
    if (!pending) return fail(reply, 400, 'Transfer is not currently awaiting OTP');
    const rc = (await find('recipient', String((tr.data as any).recipient)))!;
    later(pending);
    return { status: true, message: 'Transfer has been queued', data: transferData(pending, rc) };
  });

  const transferAnswer = async (tr: Rec | undefined, reply: FastifyReply) => {
    if (!tr) return fail(reply, 404, 'Transfer not found');
    const rc = (await find('recipient', String((tr.data as any).recipient)))!;
    return { status: true, message: 'Transfer retrieved', data: transferData(tr, rc) };
  };

  api('transfer.verify', 'GET', '/transfer/verify/:reference', async (req, reply) =>
    transferAnswer(await find('transfer', `transfer:${params(req).reference}`), reply),
  );

  api('transfer.fetch', 'GET', '/transfer/:code', async (req, reply) => {
    const c = params(req).code;
    const tr = /^\d+$/.test(c)
      ? await byData('transfer', 'id', c)
      : await byData('transfer', 'transferCode', c);
    return transferAnswer(tr, reply);
  });

  return control;
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
<p><small>This shop takes test payments only: no card is charged and no money moves.</small></p></main>
</body></html>`;
}
