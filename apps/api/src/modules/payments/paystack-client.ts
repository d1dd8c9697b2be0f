import crypto from 'node:crypto';
import { metrics } from '../../lib/metrics.ts';
import type { OutsideServiceFailure } from '../../lib/errors.ts';

/**
 * One client for Paystack's HTTP API (https://paystack.com/docs/api/). With
 * PAYSTACK_SECRET_KEY it talks to api.paystack.co; without, to the local Paystack-compatible
 * server (test-server.ts). The calls and answers are the same either way.
 */

export interface HttpAnswer {
  status: number;
  body: any;
}
/** How the client reaches the server: real HTTP (fetch) or, in process, the app's inject. */
export type Transport = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<HttpAnswer>;

export const PAYSTACK_API = 'https://api.paystack.co';

/** Thrown by a transport when no answer came in time (the request may still have been done). */
export class PaystackTimeout extends Error {}

export function httpTransport(baseUrl: string, timeoutMs = 15_000): Transport {
  const base = baseUrl.replace(/\/$/, '');
  return async (method, path, body, headers = {}) => {
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + path, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError')
        throw new PaystackTimeout(`no answer within ${timeoutMs} ms`);
      throw err;
    }
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { status: false, message: text.slice(0, 200) };
    }
    return { status: res.status, body: parsed };
  };
}

/**
 * How a call ended without the answer we wanted:
 * - `refused`: Paystack answered 4xx with `status: false`: it did not do it (bad input, unknown
 *   reference, wrong key). Definite.
 * - `timeout`, `5xx`, `network`: no usable answer. Paystack may have done the work, so the
 *   outcome is UNCLEAR: a payout or refund in this state is never treated as failed; ask
 *   Paystack by its reference before deciding, and retry only with the same reference.
 */
export type PaystackErrorKind = 'refused' | 'timeout' | '5xx' | 'network';

export class PaystackError extends Error implements OutsideServiceFailure {
  readonly kind: PaystackErrorKind;
  readonly outsideService = 'Paystack';
  constructor(
    message: string,
    public httpStatus: number,
    kind?: PaystackErrorKind,
  ) {
    super(message);
    this.kind = kind ?? (httpStatus >= 500 ? '5xx' : httpStatus === 0 ? 'network' : 'refused');
  }
  /** True when Paystack may have done the work although we got no answer saying so. */
  get unclear(): boolean {
    return this.kind !== 'refused';
  }
}

/** A definite "no" from Paystack (4xx, status false): nothing was done. */
export const isRefusal = (err: unknown): err is PaystackError =>
  err instanceof PaystackError && !err.unclear;
/** No usable answer (timeout, 5xx, lost connection): the work may have been done. */
export const isUnclear = (err: unknown): err is PaystackError =>
  err instanceof PaystackError && err.unclear;

export interface PaystackTransaction {
  id: number;
  /** An initialised transaction nobody has paid yet reads `abandoned`, as on Paystack. */
  status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed' | 'queued';
  reference: string;
  amount: number;
  currency: string;
  channel: string | null;
  paid_at: string | null;
  gateway_response: string;
  customer: { email: string };
  metadata?: unknown;
}

export interface PaystackRefund {
  id: number;
  amount: number;
  currency: string;
  /** pending | processing | processed | failed | needs-attention */
  status: string;
  /** The transaction's id (number) as list and fetch give it; create gives the whole transaction. */
  transaction: number | { id: number; reference: string };
  /** Given by list and fetch. */
  transaction_reference?: string;
  merchant_note: string | null;
  customer_note: string | null;
}

export interface PaystackTransfer {
  id: number;
  amount: number;
  currency: string;
  reference: string;
  transfer_code: string;
  /** pending | success | failed | reversed | otp | abandoned | blocked | rejected | received */
  status: string;
  reason: string;
  recipient: unknown;
}

export interface PaystackBank {
  name: string;
  code: string;
  slug: string;
  active: boolean;
}

export interface PaystackClient {
  initialize(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  /** The transaction as Paystack knows it; null when it has no such reference. */
  verify(reference: string): Promise<PaystackTransaction | null>;
  /** A refund of a paid transaction (`reference`); `merchantNote` carries our refund reference. */
  refund(input: {
    reference: string;
    amountKobo: number;
    merchantNote?: string;
    customerNote?: string;
  }): Promise<PaystackRefund>;
  /** The refunds Paystack holds for a transaction (its reference or id). */
  listRefunds(transaction: string | number): Promise<PaystackRefund[]>;
  /** One refund by Paystack's id; null when there is none. */
  fetchRefund(id: number): Promise<PaystackRefund | null>;
  createRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  /**
   * Starts a transfer. `status` is Paystack's: `success`/`pending` (queued), or `otp` when the
   * account needs an OTP (finalizeTransfer completes it). The reference must follow Paystack's
   * rule (lowercase letters, digits, `-`, `_`): see transferReference().
   */
  transfer(input: {
    amountKobo: number;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<{ transferCode: string; status: string; id: number }>;
  /** The transfer carrying our reference; null when Paystack has none (it was never made). */
  verifyTransfer(reference: string): Promise<PaystackTransfer | null>;
  /** A transfer by its id or transfer code; null when there is none. */
  fetchTransfer(idOrCode: string | number): Promise<PaystackTransfer | null>;
  /** Completes a transfer that answered `otp`, with the OTP sent to the account's owner. */
  finalizeTransfer(transferCode: string, otp: string): Promise<PaystackTransfer>;
  /** The name the bank holds for an account number; a refusal when there is no such account. */
  resolveAccount(
    accountNumber: string,
    bankCode: string,
  ): Promise<{ accountName: string; accountNumber: string }>;
  /** Nigerian banks that take transfers (name and code). */
  listBanks(): Promise<PaystackBank[]>;
}

/** Paystack's rule for transfer references: lowercase letters, digits, `-` and `_`. */
export const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,100}$/;

export function paystackClient(secretKey: string, transport: Transport): PaystackClient {
  const auth = { authorization: `Bearer ${secretKey}` };
  const count = (endpoint: string, outcome: 'ok' | '4xx' | '5xx' | 'timeout' | 'network') =>
    metrics.paystackRequests.inc({ endpoint, outcome });
  const call = async (
    endpoint: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<any> => {
    let ans: HttpAnswer;
    try {
      ans = await transport(method, path, body, auth);
    } catch (err) {
      const timeout = err instanceof PaystackTimeout;
      count(endpoint, timeout ? 'timeout' : 'network');
      throw new PaystackError(
        `Paystack ${timeout ? 'did not answer in time' : 'could not be reached'}: ${(err as Error).message}`,
        0,
        timeout ? 'timeout' : 'network',
      );
    }
    if (ans.status >= 500) {
      count(endpoint, '5xx');
      throw new PaystackError(ans.body?.message ?? `Paystack answered ${ans.status}`, ans.status);
    }
    if (ans.status >= 400 || ans.body?.status !== true) {
      count(endpoint, ans.status >= 400 ? '4xx' : '5xx');
      // A 2xx without status:true is not an answer we understand: unclear, not a refusal.
      throw new PaystackError(
        ans.body?.message ?? `Paystack answered ${ans.status}`,
        ans.status,
        ans.status >= 400 ? 'refused' : '5xx',
      );
    }
    count(endpoint, 'ok');
    return ans.body.data;
  };
  /** null for "there is no such thing" (404, or 400 on the older endpoints), else the error. */
  const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
    try {
      return await p;
    } catch (err) {
      if (err instanceof PaystackError && (err.httpStatus === 404 || err.httpStatus === 400))
        return null;
      throw err;
    }
  };
  const q = encodeURIComponent;
  return {
    async initialize(i) {
      const d = await call('transaction.initialize', 'POST', '/transaction/initialize', {
        email: i.email,
        amount: i.amountKobo,
        currency: 'NGN',
        reference: i.reference,
        callback_url: i.callbackUrl,
        channels: ['card', 'bank', 'ussd', 'bank_transfer'],
        metadata: i.metadata ?? {},
      });
      return {
        authorizationUrl: d.authorization_url,
        accessCode: d.access_code,
        reference: d.reference,
      };
    },
    verify: (reference) =>
      orNull(call('transaction.verify', 'GET', `/transaction/verify/${q(reference)}`)),
    refund: (i) =>
      call('refund.create', 'POST', '/refund', {
        transaction: i.reference,
        amount: i.amountKobo,
        currency: 'NGN',
        ...(i.merchantNote ? { merchant_note: i.merchantNote } : {}),
        ...(i.customerNote ? { customer_note: i.customerNote } : {}),
      }),
    listRefunds: (transaction) =>
      call('refund.list', 'GET', `/refund?transaction=${q(String(transaction))}&perPage=100`),
    fetchRefund: (id) => orNull(call('refund.fetch', 'GET', `/refund/${q(String(id))}`)),
    async createRecipient(i) {
      const d = await call('transferrecipient.create', 'POST', '/transferrecipient', {
        type: 'nuban',
        name: i.name,
        account_number: i.accountNumber,
        bank_code: i.bankCode,
        currency: 'NGN',
      });
      return { recipientCode: d.recipient_code };
    },
    async transfer(i) {
      const d = await call('transfer.initiate', 'POST', '/transfer', {
        source: 'balance',
        amount: i.amountKobo,
        recipient: i.recipientCode,
        reference: i.reference,
        reason: i.reason,
        currency: 'NGN',
      });
      return { transferCode: d.transfer_code, status: d.status, id: d.id };
    },
    verifyTransfer: (reference) =>
      orNull(call('transfer.verify', 'GET', `/transfer/verify/${q(reference)}`)),
    fetchTransfer: (idOrCode) =>
      orNull(call('transfer.fetch', 'GET', `/transfer/${q(String(idOrCode))}`)),
    finalizeTransfer: (transferCode, otp) =>
      call('transfer.finalize', 'POST', '/transfer/finalize_transfer', {
        transfer_code: transferCode,
        otp,
      }),
    async resolveAccount(accountNumber, bankCode) {
      const d = await call(
        'bank.resolve',
        'GET',
        `/bank/resolve?account_number=${q(accountNumber)}&bank_code=${q(bankCode)}`,
      );
      return { accountName: d.account_name, accountNumber: d.account_number };
    },
    listBanks: () =>
      call('bank.list', 'GET', '/bank?country=nigeria&currency=NGN&type=nuban&perPage=100'),
  };
}

/** x-paystack-signature: HMAC-SHA512 of the raw request body, keyed with the secret key. */
export function signWebhook(secretKey: string, rawBody: Buffer | string): string {
  return crypto.createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Constant-time check of a webhook's signature against its raw body. */
export function webhookSignatureValid(
  secretKey: string,
  rawBody: Buffer,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secretKey, rawBody), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
