import Fastify from 'fastify';
import type { Db } from '@sf/db';
import { smsTestServer, type SmsFault } from './test-server.ts';

export const TEST_SMS_KEY = 'sms-tests-termii-key';

/**
 * The local Termii-compatible gateway on its own port (real HTTP), for an app configured with
 * `smsApiKey: TEST_SMS_KEY, smsBaseUrl: url`. `control` switches fault modes and reads what was
 * sent to a number.
 */
export async function startSmsServer(db: Db, opts: { faults?: SmsFault[] } = {}) {
  const server = Fastify({ logger: false });
  let control!: Awaited<ReturnType<typeof smsTestServer>>;
  await server.register(async (scope) => {
    control = await smsTestServer(scope, { db, apiKey: TEST_SMS_KEY, faults: opts.faults });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url,
    control,
    /** The app settings that send through this server. */
    config: { smsApiKey: TEST_SMS_KEY, smsBaseUrl: url },
    async close() {
      control.reset();
      await server.close();
    },
  };
}
export type LocalSms = Awaited<ReturnType<typeof startSmsServer>>;
