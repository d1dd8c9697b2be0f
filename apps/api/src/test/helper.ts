import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestDb } from '@sf/db/testing';
import type { DbHandle } from '@sf/db';
import { buildApp, type BuildOptions } from '../app.ts';
import { SESSION_COOKIE, type SessionUser } from '../lib/session.ts';
import { createUser } from './factories.ts';
import { watchAnswers } from './answers.ts';

/** How one request is sent. Every API test goes through this, so a new defence is added once here. */
export interface CallOptions {
  /** The session cookie (`sf_session=…`), as `signIn` or a login answer gives it. */
  cookie?: string;
  /** An object is sent as JSON; a string is sent as it is (name its content-type in `headers`). */
  body?: unknown;
  /** Sent as an HTML form (application/x-www-form-urlencoded) instead of `body`. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client's address, for per-address limits; inject's 127.0.0.1 when unset. */
  ip?: string;
}

export interface Answer {
  status: number;
  /** Parsed JSON when the answer is JSON, the text otherwise, null when empty. */
  body: any;
  text: string;
  /** The raw bytes (images). */
  payload: Buffer;
  headers: LightMyRequestResponse['headers'];
  /** The session cookie this answer sets (`name=value`), if any. */
  cookie?: string;
  raw: LightMyRequestResponse;
}

type Method = NonNullable<InjectOptions['method']>;

export interface Client {
  call(method: Method, url: string, o?: CallOptions): Promise<Answer>;
  get(url: string, o?: CallOptions): Promise<Answer>;
  post(url: string, body?: unknown, o?: CallOptions): Promise<Answer>;
  patch(url: string, body?: unknown, o?: CallOptions): Promise<Answer>;
  put(url: string, body?: unknown, o?: CallOptions): Promise<Answer>;
  del(url: string, o?: CallOptions): Promise<Answer>;
}

/** The session cookie (`name=value`) among Set-Cookie headers. */
export function sessionCookieOf(h: string | string[] | undefined): string | undefined {
  const all = Array.isArray(h) ? h : h ? [h] : [];
  const c = all.find((x) => x.startsWith(`${SESSION_COOKIE}=`));
  return c ? c.split(';')[0] : undefined;
}

/** Every Set-Cookie header as one string, for matching attributes. */
export const setCookieHeader = (h: string | string[] | undefined) =>
  Array.isArray(h) ? h.join('\n') : (h ?? '');

/** Requests to `app` in-process (real routing, hooks and serialisation; no socket). */
export function client(app: FastifyInstance, defaults: CallOptions = {}): Client {
  const call = async (method: Method, url: string, o: CallOptions = {}): Promise<Answer> => {
    const opts = { ...defaults, ...o };
    const headers: Record<string, string> = { ...defaults.headers, ...o.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let payload = opts.body as InjectOptions['payload'];
    if (opts.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    }
    const res = await app.inject({
      method,
      url,
      headers,
      payload,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    const text = res.body;
    let body: unknown = text === '' ? null : text;
    if (text !== '' && String(res.headers['content-type'] ?? '').includes('json')) {
      try {
        body = res.json();
      } catch {
        // Not JSON after all: the test sees the text.
      }
    }
    return {
      status: res.statusCode,
      body,
      text,
      payload: res.rawPayload,
      headers: res.headers,
      cookie: sessionCookieOf(res.headers['set-cookie']),
      raw: res,
    };
  };
  return {
    call,
    get: (url, o) => call('GET', url, o),
    post: (url, body, o) => call('POST', url, { ...o, body }),
    patch: (url, body, o) => call('PATCH', url, { ...o, body }),
    put: (url, body, o) => call('PUT', url, { ...o, body }),
    del: (url, o) => call('DELETE', url, o),
  };
}

export interface TestApp extends Client {
  app: FastifyInstance;
  handle: DbHandle;
  /** A new user of this role, signed in: pass `cookie` in a call's options. */
  signIn(
    role?: SessionUser['role'],
    over?: Parameters<typeof createUser>[2],
  ): ReturnType<typeof createUser>;
  close(): Promise<void>;
}

/** A Redis key prefix no other test app, file or run uses. */
export const testRedisPrefix = () => `sf-test-${crypto.randomBytes(5).toString('hex')}:`;

/** A fresh database (PGlite, or its own database on TEST_DATABASE_URL) and the API on it. */
export async function createTestApp(
  config: BuildOptions['config'] = {},
  opts: { readOnlyReplica?: boolean } = {},
): Promise<TestApp> {
  // TEST_READ_REPLICA=1 (with TEST_DATABASE_URL) runs a file's public reads through a
  // read-only role, so any write sent where replica reads go fails the test.
  const handle = await createTestDb({
    readOnlyReplica: opts.readOnlyReplica ?? process.env.TEST_READ_REPLICA === '1',
  });
  // The Redis on this machine outlives a test run: a key prefix of its own keeps one run's (or
  // one file's) counters from limiting the next. Apps meant as one site pass the same prefix.
  if (config.redisUrl && !config.redisKeyPrefix)
    config = { ...config, redisKeyPrefix: testRedisPrefix() };
  const app = await buildApp({ db: handle.db, dbRead: handle.read, config });
  const answers = watchAnswers(app);
  await app.ready();
  return {
    app,
    handle,
    ...client(app),
    signIn: (role = 'Buyer', over = {}) => createUser(handle.db, role, over),
    close: async () => {
      await app.close();
      await handle.close();
      answers.check();
    },
  };
}

/** Another API instance (other settings, other logger) on an existing test database. */
export async function withApp<T>(
  options: BuildOptions,
  fn: (c: Client & { app: FastifyInstance }) => Promise<T>,
): Promise<T> {
  const app = await buildApp(options);
  const answers = watchAnswers(app);
  await app.ready();
  try {
    const out = await fn({ app, ...client(app) });
    answers.check();
    return out;
  } finally {
    await app.close();
  }
}

export const dbLabel = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
