import crypto from 'node:crypto';

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

export function httpTransport(baseUrl: string, timeoutMs = 15_000): Transport {
  const base = baseUrl.replace(/\/$/, '');
  return async (method, path, body, headers = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { status: false, message: text.slice(0, 200) };
    }
    return { status: res.status, body: parsed };
  };
}

export class PaystackError extends Error {
  constructor(
    message: string,
    public httpStatus: number,
  ) {
    super(message);
  }
}

export interface PaystackTransaction {
  id: number;
  status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed';
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
  /** pending | processing | processed | failed */
  status: string;
  merchant_note: string | null;
  customer_note: string | null;
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
  /** The refunds Paystack holds for a transaction (its id, as verify gives it). */
  listRefunds(transactionId: number): Promise<PaystackRefund[]>;
  createRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  transfer(input: {
    amountKobo: number;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<{ transferCode: string; status: string }>;
}

export function paystackClient(secretKey: string, transport: Transport): PaystackClient {
  const auth = { authorization: `Bearer ${secretKey}` };
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    let ans: HttpAnswer;
    try {
      ans = await transport(method, path, body, auth);
    } catch (err) {
      throw new PaystackError(`Paystack could not be reached: ${(err as Error).message}`, 0);
    }
    if (ans.status >= 400 || !ans.body?.status)
      throw new PaystackError(ans.body?.message ?? `Paystack answered ${ans.status}`, ans.status);
    return ans.body.data;
  };
  return {
    async initialize(i) {
      const d = await call('POST', '/transaction/initialize', {
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
    async verify(reference) {
      try {
        return (await call(
          'GET',
          `/transaction/verify/${encodeURIComponent(reference)}`,
        )) as PaystackTransaction;
      } catch (err) {
        if (err instanceof PaystackError && (err.httpStatus === 400 || err.httpStatus === 404))
          return null;
        throw err;
      }
    },
    async refund(i) {
      return (await call('POST', '/refund', {
        transaction: i.reference,
        amount: i.amountKobo,
        currency: 'NGN',
        ...(i.merchantNote ? { merchant_note: i.merchantNote } : {}),
        ...(i.customerNote ? { customer_note: i.customerNote } : {}),
      })) as PaystackRefund;
    },
    async listRefunds(transactionId) {
      return (await call(
        'GET',
        `/refund?transaction=${encodeURIComponent(String(transactionId))}&perPage=100`,
      )) as PaystackRefund[];
    },
    async createRecipient(i) {
      const d = await call('POST', '/transferrecipient', {
        type: 'nuban',
        name: i.name,
        account_number: i.accountNumber,
        bank_code: i.bankCode,
        currency: 'NGN',
      });
      return { recipientCode: d.recipient_code };
    },
    async transfer(i) {
      const d = await call('POST', '/transfer', {
        source: 'balance',
        amount: i.amountKobo,
        recipient: i.recipientCode,
        reference: i.reference,
        reason: i.reason,
      });
      return { transferCode: d.transfer_code, status: d.status };
    },
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
