import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isEmail } from '@sf/shared';
import { parseS3Url } from './lib/storage.ts';
import { parseDsn } from './lib/error-report.ts';

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and the scheme: none (false),
 * the nearest N hops, or the listed addresses and networks. Never "everyone": a client could
 * then choose its own address and escape every per-address limit.
 */
export type TrustProxy = false | number | string[];

/**
 * Environment, read and checked here only, once at start-up: a bad value stops the server with
 * a line naming the variable and what it accepts. Nothing else reads process.env.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Redis for the live bus across machines (lib/bus.ts); unset, it stays on this machine. */
  redisUrl?: string;
  /** Starts every Redis key of the limits and session cache, so sites sharing a Redis stay apart. */
  redisKeyPrefix: string;
  /** An S3-compatible bucket for uploaded files (lib/storage.ts); unset, DATA_DIR/images. */
  s3Url?: string;
  /** A read replica for public reads (catalogue, search, providers); unset, the primary. */
  databaseReadUrl?: string;
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
  /**
   * How long a call to Paystack may take before its outcome counts as unknown
   * (PAYSTACK_TIMEOUT_MS, default 15 s; tests use a short one with the slow fault mode).
   */
  paystackTimeoutMs: number;
  /** Termii API key; unset, SMS go to the local Termii-compatible gateway (off in production without demo data). */
  smsApiKey?: string;
  /** The sender id messages go out under (registered with the gateway): 3 to 11 letters and digits. */
  smsSenderId: string;
  /** Another Termii-compatible server than Termii's (a local one on its own port, in tests). */
  smsBaseUrl?: string;
  /** Termii's route: generic (default) or dnd (reaches numbers on Do-Not-Disturb once Termii enables it). */
  smsChannel: 'generic' | 'dnd';
  /** How long a call to the SMS gateway may take (SMS_TIMEOUT_MS, default 10 s). */
  smsTimeoutMs: number;
  /** Share of an order's goods the platform keeps, 0 to 0.5 (COMMISSION_RATE, default 0.05). */
  commissionRate: number;
  /**
   * How long an order awaiting online payment holds its parts, in ms: ORDER_HOLD_MINUTES (default
   * 30), or ORDER_HOLD_SECONDS where a test server must watch a hold run out.
   */
  orderHoldMs: number;
  trustProxy: TrustProxy;
  /** How long a guest's rendered page is reused; 0 turns the page cache off. */
  pageCacheMs: number;
  /** New accounts allowed per client address and hour (many users may share one address). */
  registrationsPerHour: number;
  catalogListCacheMs: number;
  providersListCacheMs: number;
  /** Where contact-form messages are mailed. */
  supportEmail: string;
  /** The test-only outbox route for the browser tests (E2E=1 together with demo data). */
  e2eRoutes: boolean;
  /** The running build, shown by /api/version so clients notice a deployment. */
  version: string;
  /** A bearer token that lets a scraper elsewhere read /metrics; unset, loopback only. */
  metricsToken?: string;
  /** Production without SMTP_URL is refused unless this says mail is knowingly off (MAIL_OFF). */
  mailOff: boolean;
  /** Refuse new requests (503) while the event loop lags this many ms on average; 0: never. */
  loadShedLoopMs: number;
  /** …or while this many requests wait for a database connection; 0: never. */
  loadShedPoolWaiting: number;
  /** More origins pages may show pictures and media from (beside S3_URL's public address). */
  mediaOrigins: string[];
  /**
   * Where traces go (OTLP over HTTP, OTEL_EXPORTER_OTLP_ENDPOINT, the base URL: `/v1/traces` is
   * added); unset, tracing is off and none of its code is loaded (lib/telemetry.ts).
   */
  otlpEndpoint?: string;
  /** The service name on every span (OTEL_SERVICE_NAME, default `sparefinder`). */
  otelServiceName: string;
  /** A Sentry-compatible DSN that 5xx errors and crashes are reported to (lib/error-report.ts). */
  sentryDsn?: string;
  /** Web Push keys (VAPID_*); unset, the app runs without push (docs/decisions/0027). */
  vapid?: VapidKeys;
  warnings: string[];
}

/** The VAPID key pair (base64url, P-256) and the contact push services may write to. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const b64url = (v: string) => (/^[A-Za-z0-9_-]+$/.test(v) ? Buffer.from(v, 'base64url') : null);

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: all three, a matching pair, or none. */
export function parseVapid(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const [publicKey, privateKey, subject] = [
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
  ].map((n) => env[n]?.trim() || undefined);
  if (!publicKey && !privateKey && !subject) return undefined;
  const how = 'make a pair with "npx web-push generate-vapid-keys"';
  if (!publicKey || !privateKey || !subject)
    throw new Error(
      `VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together (${how}; the subject is mailto:you@example.ng or your https:// address)`,
    );
  const pub = b64url(publicKey);
  if (!pub || pub.length !== 65 || pub[0] !== 4)
    throw new Error(`VAPID_PUBLIC_KEY must be a P-256 public key in base64url (${how})`);
  const priv = b64url(privateKey);
  if (!priv || priv.length !== 32)
    throw new Error(`VAPID_PRIVATE_KEY must be a P-256 private key in base64url (${how})`);
  const ecdh = crypto.createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(priv);
  } catch {
    throw new Error(`VAPID_PRIVATE_KEY is not a valid P-256 private key (${how})`);
  }
  if (!ecdh.getPublicKey().equals(pub))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one pair');
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s/]+/.test(subject))
    throw new Error(
      `VAPID_SUBJECT must be mailto:you@example.ng or an https:// address, got "${subject}"`,
    );
  return { publicKey, privateKey, subject };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DAY_MS = 86_400_000;
// proxy-addr's names for the private ranges a proxy on the same host or network uses.
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** One address or network (a.b.c.d, a.b.c.d/nn, IPv6, IPv6/nn) or a named range. */
function isAddressOrRange(v: string): boolean {
  if (NAMED_RANGES.includes(v)) return true;
  const [addr, bits, extra] = v.split('/');
  const family = net.isIP(addr);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n <= 10) return n;
  } else {
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.length && list.every(isAddressOrRange)) return list;
  }
  throw new Error(
    `TRUST_PROXY must be a hop count (1-10) or a comma-separated list of proxy addresses or networks (e.g. "127.0.0.1" or "10.0.0.0/8,loopback"), got "${raw}"`,
  );
}

/**
 * The origin links in e-mails start with: PUBLIC_URL, else the configured listen address.
 * Never the request's Host or X-Forwarded-Host, which a client chooses.
 */
export function publicOrigin(config: { publicUrl?: string; host?: string; port?: number }) {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host ?? '0.0.0.0';
  const name =
    host === '0.0.0.0' || host === '::' || host === ''
      ? 'localhost'
      : net.isIPv6(host)
        ? `[${host}]`
        : host;
  return `http://${name}:${config.port ?? 3000}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const check = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (e) {
      problems.push((e as Error).message);
      return fallback;
    }
  };
  const set = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const duration = (name: string, fallback: number) =>
    check(() => {
      const v = set(name);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n > DAY_MS)
        throw new Error(
          `${name} must be a whole number of milliseconds from 0 to ${DAY_MS}, got "${env[name]}"`,
        );
      return n;
    }, fallback);
  const count = (name: string, fallback: number, max: number) =>
    check(() => {
      const v = set(name);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > max)
        throw new Error(`${name} must be a whole number from 1 to ${max}, got "${env[name]}"`);
      return n;
    }, fallback);
  const flag = (name: string, fallback: boolean) =>
    check(() => {
      const v = set(name)?.toLowerCase();
      if (v === undefined) return fallback;
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      throw new Error(`${name} must be true or false (or 1 or 0), got "${env[name]}"`);
    }, fallback);

  const port = check(() => {
    const v = set('PORT') ?? '3000';
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 65535)
      throw new Error(`PORT must be a port number, got "${env.PORT}"`);
    return n;
  }, 3000);
  const production = env.NODE_ENV === 'production';
  const databaseUrl = set('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  const publicUrl = check(() => {
    const v = set('PUBLIC_URL');
    if (v === undefined) return undefined;
    let u: URL | undefined;
    try {
      u = new URL(v);
    } catch {
      /* reported below */
    }
    if (!u || !/^https?:$/.test(u.protocol) || u.pathname !== '/' || u.search || u.hash)
      throw new Error(
        `PUBLIC_URL must be an http(s) URL: an origin, e.g. https://sparefinder.ng, got "${v}"`,
      );
    return u.origin;
  }, undefined);
  const smtpUrl = set('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587');
  const redisUrl = set('REDIS_URL');
  if (redisUrl && !/^rediss?:\/\/[^/]/.test(redisUrl))
    problems.push('REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379');
  const redisKeyPrefix = set('REDIS_KEY_PREFIX') ?? 'sf:';
  if (!/^[A-Za-z0-9:_.-]{1,40}$/.test(redisKeyPrefix))
    problems.push(
      'REDIS_KEY_PREFIX must be 1 to 40 letters, digits or : _ . - (e.g. sf: or sf-staging:)',
    );
  const s3Url = set('S3_URL');
  if (s3Url) check(() => parseS3Url(s3Url), undefined);
  const databaseReadUrl = set('DATABASE_READ_URL');
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl))
    problems.push('DATABASE_READ_URL must start with postgres:// or postgresql://');
  if (databaseReadUrl && !databaseUrl)
    problems.push('DATABASE_READ_URL needs DATABASE_URL (a replica of a PostgreSQL server)');
  const logLevel = set('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const demoData = flag('DEMO_DATA', !production);
  const e2e = flag('E2E', false);
  const supportEmail = set('SUPPORT_EMAIL')?.toLowerCase() ?? 'support@sparefinder.ng';
  if (!isEmail(supportEmail))
    problems.push(`SUPPORT_EMAIL must be an e-mail address, got "${env.SUPPORT_EMAIL}"`);
  const version = set('APP_VERSION') ?? 'dev';
  if (!/^[\x21-\x7e]{1,100}$/.test(version))
    problems.push('APP_VERSION must be 1 to 100 printable characters without spaces');

  const warnings: string[] = [];
  const processes = check(() => {
    const wc = set('WEB_CONCURRENCY');
    if (!wc) return 1;
    const n = wc === 'auto' ? os.availableParallelism() : Number(wc);
    if (!Number.isInteger(n) || n < 1 || n > 64 || !/^(auto|\d+)$/.test(wc)) {
      throw new Error(
        `WEB_CONCURRENCY must be "auto" or a whole number from 1 to 64, got "${env.WEB_CONCURRENCY}"`,
      );
    }
    // PGlite lives inside one process: a second one cannot open its folder.
    if (n > 1 && !databaseUrl) {
      warnings.push(
        `WEB_CONCURRENCY=${wc} needs DATABASE_URL (the embedded database serves one process): running one process`,
      );
      return 1;
    }
    return n;
  }, 1);
  const commissionRate = check(() => {
    const n = Number(set('COMMISSION_RATE') ?? 0.05);
    if (!Number.isFinite(n) || n < 0 || n > 0.5)
      throw new Error(
        `COMMISSION_RATE must be a fraction from 0 to 0.5, got "${env.COMMISSION_RATE}"`,
      );
    return n;
  }, 0.05);
  const paystackSecretKey = set('PAYSTACK_SECRET_KEY');
  if (paystackSecretKey && !/^sk_(test|live)_\w+$/.test(paystackSecretKey))
    problems.push('PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)');
  const paystackBaseUrl = set('PAYSTACK_BASE_URL');
  // Paystack sends the buyer back to a full URL of ours: without PUBLIC_URL there is none.
  if (paystackSecretKey && !paystackBaseUrl && !publicUrl)
    problems.push('PAYSTACK_SECRET_KEY needs PUBLIC_URL (where Paystack sends buyers back)');
  if (paystackBaseUrl && !/^https?:\/\//.test(paystackBaseUrl))
    problems.push('PAYSTACK_BASE_URL must be an http(s) URL');
  const smsApiKey = set('SMS_API_KEY');
  if (smsApiKey && !/^[\x21-\x7e]{8,200}$/.test(smsApiKey))
    problems.push(
      'SMS_API_KEY must be the API key of your Termii dashboard (printable, no spaces)',
    );
  const smsBaseUrl = set('SMS_BASE_URL');
  if (smsBaseUrl && !/^https?:\/\/[^/]/.test(smsBaseUrl))
    problems.push('SMS_BASE_URL must be an http(s) URL, e.g. https://api.ng.termii.com');
  if (smsBaseUrl && !smsApiKey)
    problems.push('SMS_BASE_URL needs SMS_API_KEY (the key the gateway checks)');
  const smsSenderId = set('SMS_SENDER_ID') ?? 'SpareFinder';
  if (!/^[A-Za-z0-9 ]{3,11}$/.test(smsSenderId))
    problems.push(
      `SMS_SENDER_ID must be 3 to 11 letters, digits or spaces (a sender id registered with Termii), got "${smsSenderId}"`,
    );
  const smsChannel = (set('SMS_CHANNEL') ?? 'generic').toLowerCase();
  if (smsChannel !== 'generic' && smsChannel !== 'dnd')
    problems.push(`SMS_CHANNEL must be generic or dnd, got "${env.SMS_CHANNEL}"`);
  if (production && !demoData && !smsApiKey)
    warnings.push(
      'SMS_API_KEY is not set: sign-in by SMS code and SMS copies of notices are off (e-mail sign-in still works)',
    );
  // Said to whoever runs the server, never on a shopper's page (the test payment page only says
  // that no money moves).
  if (production && !paystackSecretKey && !paystackBaseUrl)
    warnings.push(
      demoData
        ? 'PAYSTACK_SECRET_KEY is not set: card payments go to the local test payment page (no money moves); set it to take real payments through Paystack'
        : 'PAYSTACK_SECRET_KEY is not set: card payments are off, buyers pay on delivery; set it to take payments through Paystack',
    );
  const trustProxy = check(() => parseTrustProxy(env.TRUST_PROXY), false);
  const metricsToken = set('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{24,200}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be 24 to 200 printable characters without spaces');
  const mailOff = flag('MAIL_OFF', false);
  // Without a mail server in production, password resets and order notices reach no one.
  if (production && !demoData && !smtpUrl && !mailOff)
    problems.push(
      'SMTP_URL is not set: in production mail must be sent (set SMTP_URL), or MAIL_OFF=true to run knowingly without it',
    );
  const mediaOrigins = check(() => {
    const list = (set('MEDIA_ORIGINS') ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    return list.map((o) => {
      let u: URL | undefined;
      try {
        u = new URL(o);
      } catch {
        /* reported below */
      }
      if (!u || !/^https?:$/.test(u.protocol) || u.origin !== o.replace(/\/+$/, ''))
        throw new Error(
          `MEDIA_ORIGINS must be http(s) origins separated by commas, e.g. https://cdn.example.ng, got "${o}"`,
        );
      return u.origin;
    });
  }, []);
  const otlpEndpoint = set('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (otlpEndpoint && !/^https?:\/\/[^/]/.test(otlpEndpoint))
    problems.push(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be the http(s) base URL of an OTLP/HTTP collector, e.g. http://127.0.0.1:4318, got "${otlpEndpoint}"`,
    );
  const otelServiceName = set('OTEL_SERVICE_NAME') ?? 'sparefinder';
  if (!/^[\x21-\x7e]{1,100}$/.test(otelServiceName))
    problems.push('OTEL_SERVICE_NAME must be 1 to 100 printable characters without spaces');
  const sentryDsn = set('SENTRY_DSN');
  if (sentryDsn) check(() => parseDsn(sentryDsn), undefined);
  const vapid = check(() => parseVapid(env), undefined);
  const host = set('HOST') ?? '0.0.0.0';
  if (production && !publicUrl)
    warnings.push(
      `PUBLIC_URL is not set: links in e-mails point to ${publicOrigin({ host, port })}`,
    );

  const config: Config = {
    port,
    host,
    dataDir: path.resolve(set('DATA_DIR') ?? './data'),
    databaseUrl,
    smtpUrl,
    redisUrl,
    redisKeyPrefix,
    s3Url,
    databaseReadUrl,
    publicUrl,
    logLevel,
    production,
    demoData,
    processes,
    paystackSecretKey,
    paystackBaseUrl,
    paystackTimeoutMs: duration('PAYSTACK_TIMEOUT_MS', 15_000),
    smsApiKey,
    smsSenderId,
    smsBaseUrl,
    smsChannel: smsChannel === 'dnd' ? 'dnd' : 'generic',
    smsTimeoutMs: duration('SMS_TIMEOUT_MS', 10_000),
    commissionRate,
    orderHoldMs: set('ORDER_HOLD_SECONDS')
      ? count('ORDER_HOLD_SECONDS', 1800, 86_400) * 1000
      : count('ORDER_HOLD_MINUTES', 30, 1440) * 60_000,
    trustProxy,
    pageCacheMs: duration('PAGE_CACHE_MS', 10_000),
    registrationsPerHour: count('REGISTRATIONS_PER_HOUR', 20, 100_000),
    catalogListCacheMs: duration('CATALOG_LIST_CACHE_MS', 10_000),
    providersListCacheMs: duration('PROVIDERS_LIST_CACHE_MS', 5000),
    supportEmail,
    e2eRoutes: e2e && demoData,
    version,
    metricsToken,
    mailOff,
    loadShedLoopMs: duration('LOAD_SHED_LOOP_MS', 500),
    loadShedPoolWaiting: check(() => {
      const v = set('LOAD_SHED_POOL_WAITING');
      if (v === undefined) return 50;
      if (!/^\d+$/.test(v) || Number(v) > 100_000)
        throw new Error(
          `LOAD_SHED_POOL_WAITING must be a whole number from 0 to 100000, got "${v}"`,
        );
      return Number(v);
    }, 50),
    mediaOrigins,
    otlpEndpoint,
    otelServiceName,
    sentryDsn,
    vapid,
    warnings,
  };
  if (problems.length) throw new Error(problems.join('\n'));
  return config;
}
