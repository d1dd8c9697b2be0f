import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import { rows, schema as s } from '@sf/db';
import { buildApp, type AppConfig } from './app.ts';
import { runDueJobs } from './lib/jobs.ts';
import { createTestApp, dbLabel, type TestApp } from './test/helper.ts';
import { uniquePhone } from './test/factories.ts';

// What the server believes of a request's headers: nothing about where mail links point, and
// the client's address only from proxies it was told to trust.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function withApp(config: Partial<AppConfig>, fn: (app: FastifyInstance) => Promise<void>) {
  const app = await buildApp({ db: t.handle.db, config });
  await app.ready();
  try {
    await fn(app);
  } finally {
    await app.close();
  }
}

let n = 0;
async function accountAndResetLink(app: FastifyInstance, headers: Record<string, string>) {
  const email = `trust${++n}@test.ng`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.60.0.${n}`,
    payload: {
      name: 'Ifeoma Eze',
      email,
      phone: uniquePhone(),
      password: 'Keke-Napep-Blue-7',
      role: 'Buyer',
    },
  });
  expect(reg.statusCode).toBe(201);
  const r = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers,
    payload: { email },
  });
  expect(r.statusCode).toBe(200);
  for (let i = 0; i < 200; i++) {
    // The app whose settings are under test runs the mail job.
    await runDueJobs(app);
    const [m] = await rows<{ text: string }>(
      t.handle.db,
      sql`select text from outbox where "to" = ${email} order by created_at desc limit 1`,
    );
    if (m) return /https?:\/\/\S+/.exec(m.text)![0];
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('no reset mail');
}

const hostile = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

describe(`links in e-mails (${dbLabel()})`, () => {
  it('point to PUBLIC_URL whatever Host and X-Forwarded-* say', async () => {
    await withApp({ publicUrl: 'https://sparefinder.ng' }, async (app) => {
      const link = await accountAndResetLink(app, hostile);
      expect(link).toMatch(/^https:\/\/sparefinder\.ng\/auth\/passwordreset\?token=/);
    });
  });

  it('point to the configured listen address when PUBLIC_URL is unset, even behind a trusted proxy', async () => {
    await withApp({ host: '0.0.0.0', port: 3000 }, async (app) => {
      expect(await accountAndResetLink(app, hostile)).toMatch(/^http:\/\/localhost:3000\/auth\//);
    });
    await withApp({ host: '192.168.1.20', port: 8080, trustProxy: 1 }, async (app) => {
      expect(await accountAndResetLink(app, hostile)).toMatch(
        /^http:\/\/192\.168\.1\.20:8080\/auth\//,
      );
    });
  });
});

const contact = (app: FastifyInstance, remoteAddress: string, xff?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
    payload: {
      name: 'Proxy Tester',
      email: 'proxy@example.ng',
      subject: 'Which address am I?',
      message: 'Checking which address the server records.',
    },
  });
const lastContactIp = async () =>
  (
    await t.handle.db
      .select({ ip: s.contactMessages.ip })
      .from(s.contactMessages)
      .orderBy(desc(s.contactMessages.id))
      .limit(1)
  )[0].ip;

describe(`client addresses (${dbLabel()})`, () => {
  it('ignore X-Forwarded-For by default: a client cannot choose its address or escape a limit', async () => {
    await withApp({}, async (app) => {
      expect((await contact(app, '10.61.0.1', '102.89.0.1')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('10.61.0.1');
      for (let i = 0; i < 20; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.61.0.2',
          headers: { 'x-forwarded-for': `102.89.1.${i}` },
          payload: { email: `spray${i}@proxy.ng`, password: 'Guess-123-abc' },
        });
        expect(r.statusCode).toBe(401);
      }
      const blocked = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.61.0.2',
        headers: { 'x-forwarded-for': '102.89.9.9' },
        payload: { email: 'another@proxy.ng', password: 'Guess-123-abc' },
      });
      expect(blocked.statusCode).toBe(429);
      const [logged] = await t.handle.db
        .select({ ip: s.loginAttempts.ip })
        .from(s.loginAttempts)
        .where(eq(s.loginAttempts.email, 'another@proxy.ng'));
      expect(logged.ip).toBe('10.61.0.2');
    });
  });

  it('take the client address from a listed proxy only', async () => {
    await withApp({ trustProxy: ['127.0.0.1', '10.62.0.0/16'] }, async (app) => {
      expect((await contact(app, '127.0.0.1', '102.89.0.2')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('102.89.0.2');
      expect((await contact(app, '10.62.3.4', '102.89.0.3')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('102.89.0.3');
      // Anyone else saying X-Forwarded-For is not believed.
      expect((await contact(app, '10.63.0.1', '102.89.0.4')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('10.63.0.1');
      // A client's own X-Forwarded-For before the proxy's entry is not believed either.
      expect((await contact(app, '127.0.0.1', '6.6.6.6, 102.89.0.5')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('102.89.0.5');
    });
  });

  it('with a hop count, believe that many proxies and no more', async () => {
    await withApp({ trustProxy: 1 }, async (app) => {
      expect((await contact(app, '10.64.0.1', '6.6.6.6, 102.89.0.6')).statusCode).toBe(201);
      expect(await lastContactIp()).toBe('102.89.0.6');
    });
  });
});
