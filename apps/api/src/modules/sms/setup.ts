import type { FastifyInstance } from 'fastify';
import { gatewayClient, httpTransport, TERMII_API, type SmsGateway } from './gateway-client.ts';
import { smsTestServer } from './test-server.ts';
// The sms.send job is declared on import, like every job kind.
import './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway (Termii or the local one); null when SMS is off. */
    sms: SmsGateway | null;
    /** `local`: the local gateway under /sms-test, where messages are shown instead of sent. */
    smsMode: 'off' | 'local' | 'live';
  }
}

/** The local gateway's key: public, since nothing it is asked to send leaves the machine. */
export const LOCAL_SMS_KEY = 'local-sms-gateway-no-phone-is-reached';
export const LOCAL_SMS_PREFIX = '/sms-test';

/**
 * Chooses where SMS go, once, when the app is built (as installPayments does for Paystack):
 * - SMS_BASE_URL (with SMS_API_KEY): that Termii-compatible server (tests);
 * - SMS_API_KEY: Termii;
 * - neither, off production or with demo data: the local gateway, mounted here under /sms-test
 *   and called in process, so `npm start` shows each code on a page;
 * - neither on a real production deployment: no SMS (a page of everyone's sign-in codes would
 *   open every account).
 */
export async function installSms(app: FastifyInstance) {
  const cfg = app.config;
  const options = { senderId: cfg.smsSenderId, channel: cfg.smsChannel };
  let gateway: SmsGateway | null = null;
  let mode: FastifyInstance['smsMode'] = 'off';
  if (cfg.smsApiKey) {
    gateway = gatewayClient(
      { ...options, apiKey: cfg.smsApiKey },
      httpTransport(cfg.smsBaseUrl ?? TERMII_API, cfg.smsTimeoutMs),
    );
    mode = 'live';
  } else if (!cfg.production || cfg.demoData) {
    await app.register(
      async (scope) => {
        await smsTestServer(scope, { db: app.db, apiKey: LOCAL_SMS_KEY });
      },
      { prefix: LOCAL_SMS_PREFIX },
    );
    gateway = gatewayClient({ ...options, apiKey: LOCAL_SMS_KEY }, async (path, body) => {
      const res = await app.inject({
        method: 'POST',
        url: LOCAL_SMS_PREFIX + path,
        headers: { 'content-type': 'application/json' },
        payload: body as object,
      });
      return { status: res.statusCode, body: res.json() };
    });
    mode = 'local';
  }
  app.decorate('sms', gateway);
  app.decorate('smsMode', mode);
}
