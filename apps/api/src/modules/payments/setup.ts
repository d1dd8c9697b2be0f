import type { FastifyInstance } from 'fastify';
import {
  httpTransport,
  paystackClient,
  PAYSTACK_API,
  type PaystackClient,
  type Transport,
} from './paystack-client.ts';
import { paystackTestServer } from './test-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Paystack client (real Paystack or the local test server); null when payments are off. */
    paystack: PaystackClient | null;
    /** The key webhooks are signed with. */
    paystackSecret: string;
  }
}

/** The local test server's key: it signs its webhooks with it like Paystack does with yours. */
export const LOCAL_PAYSTACK_SECRET = 'sk_test_sparefinder_local_no_money_moves';
export const LOCAL_PAYSTACK_PREFIX = '/paystack-test';
export const WEBHOOK_PATH = '/api/payments/paystack/webhook';
/** Where Paystack sends the buyer back after paying (the callback_url given at initialize). */
export const CALLBACK_PATH = '/api/payments/paystack/callback';

/**
 * Whether a URL is this shop's own payment callback: the callback path, with no query or
 * fragment, either as a path on this site or on `origin` (PUBLIC_URL's, or a test app's).
 */
export function isOwnCallback(url: string, origin?: string): boolean {
  const base = 'http://relative.invalid';
  let u: URL;
  try {
    u = new URL(url, base);
  } catch {
    return false;
  }
  if (u.pathname !== CALLBACK_PATH || u.search || u.hash || u.username || u.password) return false;
  if (u.origin === base) return url.startsWith('/') && !url.startsWith('//');
  if (!origin) return false;
  try {
    return u.origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/**
 * Chooses where payments go, once, when the app is built:
 * - PAYSTACK_BASE_URL: that Paystack-compatible server (tests, benches);
 * - PAYSTACK_SECRET_KEY: api.paystack.co;
 * - neither, off production or with demo data: the local test server, mounted here under
 *   /paystack-test and called in process, so `npm start` takes a test payment end to end;
 * - neither on a real production deployment: no card payments (a test page there would give
 *   goods away), pay on delivery only.
 */
export async function installPayments(app: FastifyInstance) {
  const cfg = app.config;
  let transport: Transport | null = null;
  let secret = cfg.paystackSecretKey ?? LOCAL_PAYSTACK_SECRET;
  if (cfg.paystackBaseUrl) {
    transport = httpTransport(cfg.paystackBaseUrl, cfg.paystackTimeoutMs);
  } else if (cfg.paystackSecretKey) {
    transport = httpTransport(PAYSTACK_API, cfg.paystackTimeoutMs);
  } else if (!cfg.production || cfg.demoData) {
    secret = LOCAL_PAYSTACK_SECRET;
    await app.register(
      async (scope) =>
        paystackTestServer(scope, {
          db: app.db,
          secretKey: secret,
          pageBase: () => `${cfg.publicUrl ?? ''}${LOCAL_PAYSTACK_PREFIX}`,
          isOwnCallback: (url) => isOwnCallback(url, cfg.publicUrl),
          deliverWebhook: async (raw, signature) => {
            const res = await app.inject({
              method: 'POST',
              url: WEBHOOK_PATH,
              headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
              payload: raw,
            });
            if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
          },
          log: app.log,
        }),
      { prefix: LOCAL_PAYSTACK_PREFIX },
    );
    transport = async (method, path, body, headers) => {
      const res = await app.inject({
        method,
        url: LOCAL_PAYSTACK_PREFIX + path,
        headers,
        ...(body ? { payload: body as object } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
  }
  app.decorate('paystack', transport ? paystackClient(secret, transport) : null);
  app.decorate('paystackSecret', secret);
}

/**
 * Whether card payments are real: Paystack test keys (and the local test server) start with
 * sk_test_, and pages label such payments as tests where no money moves.
 */
export const paymentsMode = (app: FastifyInstance): 'off' | 'test' | 'live' =>
  !app.paystack ? 'off' : app.paystackSecret.startsWith('sk_test_') ? 'test' : 'live';
