import crypto from 'node:crypto';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseDsn } from './error-report.ts';
import { loadConfig, publicOrigin } from '../config.ts';

const pg = { DATABASE_URL: 'postgres://x@127.0.0.1:5432/db' };

describe('WEB_CONCURRENCY', () => {
  it('is one process unless asked', () => {
    expect(loadConfig({ ...pg }).processes).toBe(1);
  });

  it('takes a count, or one per core for "auto", on the PostgreSQL server', () => {
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: 'auto' }).processes).toBe(
      os.availableParallelism(),
    );
  });

  it('runs one process on the embedded database, and says why', () => {
    const c = loadConfig({ WEB_CONCURRENCY: '4' });
    expect(c.processes).toBe(1);
    expect(c.warnings.join()).toMatch(/needs DATABASE_URL/);
  });

  it('refuses a value that is not a count', () => {
    for (const v of ['0', '-2', '1.5', 'many', '65'])
      expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: v })).toThrow(/WEB_CONCURRENCY must be/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
  it('takes a hop count or a list of addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback,2c0f:f5c0::/32' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '::1', 'loopback', '2c0f:f5c0::/32']);
  });
  it('refuses "true" (anyone could choose their address) and anything malformed', () => {
    for (const v of [
      'true',
      'yes',
      '11',
      '-1',
      '10.0.0.0/33',
      '10.0.0.1/',
      'nginx',
      '1.2.3',
      '::1/129',
    ])
      expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY must be/);
  });
});

describe('every variable is checked at start-up', () => {
  it('has working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      pageCacheMs: 10_000,
      catalogListCacheMs: 10_000,
      providersListCacheMs: 5000,
      orderHoldMs: 30 * 60_000,
      supportEmail: 'support@sparefinder.ng',
      e2eRoutes: false,
      version: 'dev',
      logLevel: 'info',
      demoData: true,
      redisKeyPrefix: 'sf:',
    });
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OFF: 'true' }).demoData).toBe(false);
  });
  it('reads every value it documents', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PAGE_CACHE_MS: '0',
      CATALOG_LIST_CACHE_MS: '2500',
      PROVIDERS_LIST_CACHE_MS: '0',
      SUPPORT_EMAIL: 'Help@SpareFinder.ng',
      ORDER_HOLD_MINUTES: '5',
      APP_VERSION: '2026.11.22-abc123',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://u:p@mail.example:587',
      PUBLIC_URL: 'https://sparefinder.ng/',
      DEMO_DATA: '1',
      E2E: '1',
      DATABASE_URL: 'postgres://db/sf',
      DATABASE_READ_URL: 'postgres://replica/sf',
      S3_URL: 'https://AK:SK@s3.example:9000/sf-files?region=eu-west-1',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'sf-staging:',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      pageCacheMs: 0,
      catalogListCacheMs: 2500,
      providersListCacheMs: 0,
      supportEmail: 'help@sparefinder.ng',
      orderHoldMs: 5 * 60_000,
      version: '2026.11.22-abc123',
      logLevel: 'warn',
      smtpUrl: 'smtp://u:p@mail.example:587',
      publicUrl: 'https://sparefinder.ng',
      demoData: true,
      e2eRoutes: true,
      databaseReadUrl: 'postgres://replica/sf',
      s3Url: 'https://AK:SK@s3.example:9000/sf-files?region=eu-west-1',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'sf-staging:',
    });
  });
  it('holds unpaid orders for whole minutes, or for seconds where a test server asks', () => {
    expect(loadConfig({ ORDER_HOLD_MINUTES: '2' }).orderHoldMs).toBe(120_000);
    expect(loadConfig({ ORDER_HOLD_MINUTES: '2', ORDER_HOLD_SECONDS: '20' }).orderHoldMs).toBe(
      20_000,
    );
  });

  it('stops on a malformed value with a line naming the variable', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ PORT: '70000' }, /PORT must be a port number/],
      [{ PORT: '3000abc' }, /PORT must be a port number/],
      [{ PAGE_CACHE_MS: 'ten seconds' }, /PAGE_CACHE_MS must be a whole number of milliseconds/],
      [{ PAGE_CACHE_MS: '-1' }, /PAGE_CACHE_MS must be/],
      [{ PAGE_CACHE_MS: '1e3' }, /PAGE_CACHE_MS must be/],
      [{ CATALOG_LIST_CACHE_MS: 'NaN' }, /CATALOG_LIST_CACHE_MS must be/],
      [{ PROVIDERS_LIST_CACHE_MS: '5s' }, /PROVIDERS_LIST_CACHE_MS must be/],
      [{ ORDER_HOLD_MINUTES: '0' }, /ORDER_HOLD_MINUTES must be a whole number from 1 to 1440/],
      [{ ORDER_HOLD_MINUTES: '0.5' }, /ORDER_HOLD_MINUTES must be/],
      [{ ORDER_HOLD_SECONDS: '30s' }, /ORDER_HOLD_SECONDS must be a whole number from 1 to 86400/],
      [{ SUPPORT_EMAIL: 'support' }, /SUPPORT_EMAIL must be an e-mail address/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
      [{ SMTP_URL: 'mail.example:25' }, /SMTP_URL must be an smtp/],
      [{ PUBLIC_URL: 'sparefinder.ng' }, /PUBLIC_URL must be an http\(s\) URL/],
      [{ PUBLIC_URL: 'https://sparefinder.ng/shop' }, /PUBLIC_URL must be/],
      [{ DEMO_DATA: 'yes please' }, /DEMO_DATA must be true or false/],
      [{ E2E: 'on' }, /E2E must be true or false/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres/],
      [{ APP_VERSION: 'two words' }, /APP_VERSION must be/],
      [{ S3_URL: 'http://s3.example/bucket' }, /S3_URL must look like/],
      [{ REDIS_KEY_PREFIX: 'sf *' }, /REDIS_KEY_PREFIX must be 1 to 40 letters/],
      [{ DATABASE_READ_URL: 'postgres://replica/sf' }, /DATABASE_READ_URL needs DATABASE_URL/],
      [{ ...pg, DATABASE_READ_URL: 'mysql://replica' }, /DATABASE_READ_URL must start with/],
    ];
    for (const [env, msg] of bad) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(msg);
    // Every problem at once, one line each.
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT[^\n]*\nLOG_LEVEL/);
  });
  it('warns when mail links cannot know the public address', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).warnings.join()).toMatch(
      /PUBLIC_URL is not set: links in e-mails point to http:\/\/localhost:3000/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.ng',
        SMTP_URL: 'smtp://m:587',
        SMS_API_KEY: 'k'.repeat(20),
        PAYSTACK_SECRET_KEY: 'sk_live_abc',
      }).warnings,
    ).toEqual([]);
  });
  it('tells whoever runs the server (not shoppers) that card payments are tests or off without a Paystack key', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).warnings.join('\n')).toMatch(
      /PAYSTACK_SECRET_KEY is not set: card payments go to the local test payment page/,
    );
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OFF: 'true' }).warnings.join('\n')).toMatch(
      /PAYSTACK_SECRET_KEY is not set: card payments are off, buyers pay on delivery/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        PUBLIC_URL: 'https://x.ng',
        PAYSTACK_SECRET_KEY: 'sk_test_abc',
      }).warnings.join('\n'),
    ).not.toMatch(/PAYSTACK/);
  });
  it('refuses production without a mail server unless mail is knowingly off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is not set.*MAIL_OFF/);
    expect(loadConfig({ NODE_ENV: 'production', MAIL_OFF: 'true' }).mailOff).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://m:587' }).mailOff).toBe(false);
    // The demo (npm start) writes mail to the outbox.
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).not.toThrow();
  });
  it('reads the operations settings: metrics token, load shedding, media origins', () => {
    const c = loadConfig({
      METRICS_TOKEN: 'a'.repeat(32),
      LOAD_SHED_LOOP_MS: '0',
      LOAD_SHED_POOL_WAITING: '20',
      MEDIA_ORIGINS: 'https://img.sparefinder.ng, https://cdn.example.com/',
    });
    expect(c).toMatchObject({
      metricsToken: 'a'.repeat(32),
      loadShedLoopMs: 0,
      loadShedPoolWaiting: 20,
      mediaOrigins: ['https://img.sparefinder.ng', 'https://cdn.example.com'],
    });
    expect(loadConfig({})).toMatchObject({ loadShedLoopMs: 500, loadShedPoolWaiting: 50 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ MEDIA_ORIGINS: 'https://cdn.example.com/path' })).toThrow(
      /MEDIA_ORIGINS/,
    );
    expect(() => loadConfig({ LOAD_SHED_POOL_WAITING: '-1' })).toThrow(/LOAD_SHED_POOL_WAITING/);
  });

  it('reads where traces and error reports go, off by default', () => {
    expect(loadConfig({})).toMatchObject({
      otlpEndpoint: undefined,
      otelServiceName: 'sparefinder',
      sentryDsn: undefined,
    });
    const c = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_SERVICE_NAME: 'sf-web',
      SENTRY_DSN: 'https://abc123@errors.example.com/17',
    });
    expect(c).toMatchObject({
      otlpEndpoint: 'http://127.0.0.1:4318',
      otelServiceName: 'sf-web',
      sentryDsn: 'https://abc123@errors.example.com/17',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    // No key, or no project: the service would refuse every report.
    expect(() => loadConfig({ SENTRY_DSN: 'https://errors.example.com/17' })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: 'https://k@errors.example.com/' })).toThrow(/SENTRY_DSN/);
  });
});

describe('parseDsn', () => {
  it('finds the envelope address, under a path prefix too', () => {
    expect(parseDsn('https://k1@o1.ingest.example.io/42')).toMatchObject({
      endpoint: 'https://o1.ingest.example.io/api/42/envelope/',
      publicKey: 'k1',
      projectId: '42',
    });
    expect(parseDsn('http://k2@10.1.2.3:9000/glitchtip/5').endpoint).toBe(
      'http://10.1.2.3:9000/glitchtip/api/5/envelope/',
    );
  });
});

describe('the SMS gateway', () => {
  it('is the local gateway unless SMS_API_KEY is set; reads the sender id, the base URL, the route and the timeout', () => {
    expect(loadConfig({})).toMatchObject({
      smsApiKey: undefined,
      smsSenderId: 'SpareFinder',
      smsChannel: 'generic',
      smsTimeoutMs: 10_000,
    });
    const c = loadConfig({
      SMS_API_KEY: 'TLk3yF0rT3rm11Dashboard',
      SMS_SENDER_ID: 'SpareFindr',
      SMS_BASE_URL: 'https://v3.api.termii.com',
      SMS_CHANNEL: 'dnd',
      SMS_TIMEOUT_MS: '5000',
    });
    expect(c).toMatchObject({
      smsApiKey: 'TLk3yF0rT3rm11Dashboard',
      smsSenderId: 'SpareFindr',
      smsBaseUrl: 'https://v3.api.termii.com',
      smsChannel: 'dnd',
      smsTimeoutMs: 5000,
    });
  });
  it('refuses a malformed value with a line naming the variable', () => {
    expect(() => loadConfig({ SMS_API_KEY: 'has space in it' })).toThrow(/SMS_API_KEY/);
    expect(() => loadConfig({ SMS_API_KEY: 'k'.repeat(20), SMS_BASE_URL: 'termii.com' })).toThrow(
      /SMS_BASE_URL must be an http/,
    );
    expect(() => loadConfig({ SMS_BASE_URL: 'https://api.ng.termii.com' })).toThrow(
      /SMS_BASE_URL needs SMS_API_KEY/,
    );
    expect(() => loadConfig({ SMS_SENDER_ID: 'SpareFinder NG' })).toThrow(/SMS_SENDER_ID/);
    expect(() => loadConfig({ SMS_SENDER_ID: 'SF' })).toThrow(/SMS_SENDER_ID/);
    expect(() => loadConfig({ SMS_CHANNEL: 'whatsapp' })).toThrow(/SMS_CHANNEL/);
  });
  it('warns that production without a key and without demo data has no SMS sign-in', () => {
    const off = loadConfig({ NODE_ENV: 'production', MAIL_OFF: 'true' });
    expect(off.warnings.join('\n')).toMatch(/SMS_API_KEY is not set/);
    const on = loadConfig({
      NODE_ENV: 'production',
      MAIL_OFF: 'true',
      SMS_API_KEY: 'k'.repeat(20),
    });
    expect(on.warnings.join('\n')).not.toMatch(/SMS_API_KEY/);
  });
});

describe('publicOrigin', () => {
  it('is PUBLIC_URL, else the listen address', () => {
    expect(publicOrigin({ publicUrl: 'https://sparefinder.ng' })).toBe('https://sparefinder.ng');
    expect(publicOrigin({ host: '0.0.0.0', port: 3000 })).toBe('http://localhost:3000');
    expect(publicOrigin({ host: '::', port: 80 })).toBe('http://localhost:80');
    expect(publicOrigin({ host: '10.0.0.5', port: 8080 })).toBe('http://10.0.0.5:8080');
    expect(publicOrigin({ host: '::1', port: 8080 })).toBe('http://[::1]:8080');
  });
});

describe('VAPID_* (Web Push keys)', () => {
  // A pair as `npx web-push generate-vapid-keys` prints it.
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
    VAPID_SUBJECT: 'mailto:ops@sparefinder.ng',
  };

  it('is off when unset, and on with a matching pair and a subject', () => {
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig(keys).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@sparefinder.ng',
    });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://sparefinder.ng' }).vapid?.subject).toBe(
      'https://sparefinder.ng',
    );
  });

  it('refuses a part of the three, a broken key, another pair’s half and a bad subject', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/go together/);
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'abc' })).toThrow(
      /VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'a+b/c' })).toThrow(/VAPID_PRIVATE_KEY/);
    const other = crypto.createECDH('prime256v1');
    other.generateKeys();
    expect(() =>
      loadConfig({ ...keys, VAPID_PRIVATE_KEY: other.getPrivateKey().toString('base64url') }),
    ).toThrow(/not one pair/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'ops@sparefinder.ng' })).toThrow(
      /VAPID_SUBJECT must be mailto:/,
    );
  });
});
