import Fastify from 'fastify';
import type { Db } from '@sf/db';
import { paystackTestServer } from './test-server.ts';
import type { Fault } from './test-server-control.ts';
import { isOwnCallback, WEBHOOK_PATH } from './setup.ts';

export const TEST_SECRET = 'sk_test_commerce_tests';

/**
 * The local Paystack-compatible server on its own port (real HTTP), sending its signed webhooks
 * to `webhookTarget()` (the app's address, known once the app listens). `control` switches its
 * fault modes (slow, 5xx, lost answers; copied, held and reordered events; OTP) for a test.
 */
export async function startPaystackServer(
  db: Db,
  webhookTarget: () => string,
  opts: { faults?: Fault[] } = {},
) {
  const server = Fastify({ logger: false });
  let base = '';
  const delivered: { status: number; body: string }[] = [];
  /** Every call the server received (`POST /refund` …), for tests to count. */
  const requests: string[] = [];
  server.addHook('onRequest', async (req) => {
    requests.push(`${req.method} ${req.url.split('?')[0]}`);
  });
  let control!: Awaited<ReturnType<typeof paystackTestServer>>;
  await server.register(async (scope) => {
    control = await paystackTestServer(scope, {
      db,
      secretKey: TEST_SECRET,
      pageBase: () => base,
      isOwnCallback: (url) => isOwnCallback(url, webhookTarget()),
      faults: opts.faults,
      deliverWebhook: async (raw, signature) => {
        const res = await fetch(webhookTarget() + WEBHOOK_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          body: raw,
        });
        delivered.push({ status: res.status, body: raw });
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
      },
    });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url: base,
    delivered,
    requests,
    control,
    async close() {
      control.reset();
      await control.idle();
      await server.close();
    },
  };
}
export type LocalPaystack = Awaited<ReturnType<typeof startPaystackServer>>;
