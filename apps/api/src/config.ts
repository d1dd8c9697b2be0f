import os from 'node:os';
import path from 'node:path';

/** Environment, checked once at start-up; a bad value stops the server with a clear line. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  publicUrl?: string;
  logLevel: string;
  production: boolean;
  demoData: boolean;
  /** Server processes sharing the port (WEB_CONCURRENCY); always 1 on the embedded database. */
  processes: number;
  /** Paystack secret key; unset, payments go to the local Paystack-compatible test server. */
  paystackSecretKey?: string;
  /** Another Paystack-compatible server (a local one on its own port, in tests and benches). */
  paystackBaseUrl?: string;
  /** Share of an order's goods the platform keeps, 0 to 0.5 (COMMISSION_RATE, default 0.05). */
  commissionRate: number;
  warnings: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const production = env.NODE_ENV === 'production';
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (env.PUBLIC_URL && !/^https?:\/\//.test(env.PUBLIC_URL))
    throw new Error('PUBLIC_URL must be an http(s) URL');
  const demo = env.DEMO_DATA ?? (production ? 'false' : 'true');
  const warnings: string[] = [];
  let processes = 1;
  const wc = env.WEB_CONCURRENCY?.trim();
  if (wc) {
    processes = wc === 'auto' ? os.availableParallelism() : Number(wc);
    if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
      throw new Error(
        `WEB_CONCURRENCY must be "auto" or a whole number from 1 to 64, got "${env.WEB_CONCURRENCY}"`,
      );
    }
    // PGlite lives inside one process: a second one cannot open its folder.
    if (processes > 1 && !env.DATABASE_URL) {
      warnings.push(
        `WEB_CONCURRENCY=${wc} needs DATABASE_URL (the embedded database serves one process): running one process`,
      );
      processes = 1;
    }
  }
  const commissionRate = Number(env.COMMISSION_RATE ?? 0.05);
  if (!Number.isFinite(commissionRate) || commissionRate < 0 || commissionRate > 0.5)
    throw new Error(
      `COMMISSION_RATE must be a fraction from 0 to 0.5, got "${env.COMMISSION_RATE}"`,
    );
  const paystackSecretKey = env.PAYSTACK_SECRET_KEY?.trim() || undefined;
  if (paystackSecretKey && !/^sk_(test|live)_\w+$/.test(paystackSecretKey))
    throw new Error('PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)');
  // Paystack sends the buyer back to a full URL of ours: without PUBLIC_URL there is none.
  if (paystackSecretKey && !env.PAYSTACK_BASE_URL && !env.PUBLIC_URL)
    throw new Error('PAYSTACK_SECRET_KEY needs PUBLIC_URL (where Paystack sends buyers back)');
  if (env.PAYSTACK_BASE_URL && !/^https?:\/\//.test(env.PAYSTACK_BASE_URL))
    throw new Error('PAYSTACK_BASE_URL must be an http(s) URL');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    production,
    demoData: demo === 'true' || demo === '1',
    processes,
    paystackSecretKey,
    paystackBaseUrl: env.PAYSTACK_BASE_URL || undefined,
    commissionRate,
    warnings,
  };
}
