import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { AUTH_MESSAGES } from '@sf/shared';
import {
  createTestApp,
  dbLabel,
  setCookieHeader,
  sessionCookieOf,
  withApp,
  type TestApp,
} from '../../test/helper.ts';
import { uniquePhone } from '../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { SESSION_COOKIE } from '../../lib/session.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let ipN = 0;
/** A fresh client address per test, so the per-address limit of one test never leaks into another. */
const newIp = () => `10.0.${Math.floor(++ipN / 250)}.${(ipN % 250) + 1}`;

let n = 0;
const reg = (over: Record<string, unknown> = {}) => ({
  name: 'Amaka Nwosu',
  email: `amaka${++n}@test.ng`,
  phone: uniquePhone(),
  password: 'Okada-rides-4-ever',
  role: 'Buyer',
  ...over,
});
async function register(over: Record<string, unknown> = {}, ip = newIp()) {
  const body = reg(over);
  const r = await t.call('POST', '/api/auth/register', { body, ip });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { ...r, email: body.email as string, password: body.password as string };
}
const me = (cookie?: string) => t.call('GET', '/api/auth/dszauth', { cookie });

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const outboxLink = (to: string) =>
  waitFor(async () => {
    // Reset mails leave from a job: run what is due, as the server's poller would.
    await runDueJobs(t.app);
    const [m] = await rows<{ text: string }>(
      t.handle.db,
      sql`select text from outbox where "to" = ${to} order by created_at desc limit 1`,
    );
    return m ? /https?:\/\/\S+/.exec(m.text)?.[0] : undefined;
  });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe(`GET /api/auth/dszauth (${dbLabel()})`, () => {
  it('answers a guest with the guest defaults and a random 64-character id', async () => {
    const a = await me();
    const b = await me();
    expect(a.status).toBe(200);
    expect(a.body.status).toBe(true);
    expect(a.body.user).toMatchObject({
      name: 'guest',
      isauthenticated: false,
      tel: '0900000000',
      role: 'guest',
    });
    expect(a.body.user.id).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(b.body.user.id).not.toBe(a.body.user.id);
    expect(a.headers['cache-control']).toBe('no-store');
  });
  it('answers a signed-in user with exactly {name, id, isauthenticated, tel, role}', async () => {
    const { user, cookie } = await t.signIn('Seller');
    const r = await me(cookie);
    expect(r.body.user).toEqual({
      name: user.name,
      id: user.id,
      isauthenticated: true,
      tel: user.phone,
      role: 'Seller',
    });
  });
  it('answers a session past its expiry, or of a locked account, as a guest', async () => {
    const expired = await t.signIn('Buyer');
    expect((await me(expired.cookie)).body.user.role).toBe('Buyer');
    await t.app.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expired.user.id}`,
    );
    expect((await me(expired.cookie)).body.user.role).toBe('guest');
    const locked = await t.signIn('Buyer');
    expect((await me(locked.cookie)).body.user.role).toBe('Buyer');
    await t.app.db.execute(sql`update users set locked_at = now() where id = ${locked.user.id}`);
    expect((await me(locked.cookie)).body.user.role).toBe('guest');
  });
  it('treats an unknown, malformed or overlong cookie as a guest', async () => {
    for (const c of [`${SESSION_COOKIE}=nope`, `${SESSION_COOKIE}=${'x'.repeat(500)}`])
      expect((await me(c)).body.user.role).toBe('guest');
  });
});

describe(`POST /api/auth/register (${dbLabel()})`, () => {
  it('creates an account, signs in with a secure cookie and stores an Argon2id hash', async () => {
    const r = await register({
      role: 'Seller',
      businessName: 'Ladipo Brake Masters',
      phone: '0803 111 2233',
    });
    expect(r.body).toMatchObject({
      status: true,
      user: { isauthenticated: true, role: 'Seller', name: 'Amaka Nwosu', tel: '+2348031112233' },
    });
    const sc = setCookieHeader(r.headers['set-cookie']);
    expect(sc).toMatch(/HttpOnly/i);
    expect(sc).toMatch(/SameSite=Lax/i);
    expect(sc).toMatch(/Path=\//);
    expect(sc).not.toMatch(/Secure/i);
    // 256 random bits, base64url: at least 128 bits as ASVS 3.2.2 asks.
    expect(r.cookie!.split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(r.cookie)).body.user.role).toBe('Seller');
    const [u] = await rows<{ password_hash: string; business_name: string; email: string }>(
      t.handle.db,
      sql`select password_hash, business_name, email from users where email = ${r.email}`,
    );
    expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(u.business_name).toBe('Ladipo Brake Masters');
    // The session table keeps only a hash of the token.
    const token = r.cookie!.split('=')[1];
    const [found] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from sessions where id = ${token}`,
    );
    expect(found.n).toBe(0);
  });
  it('names the business for Seller, Mechanic and Tow Van, and not for a Buyer', async () => {
    for (const role of ['Seller', 'Mechanic', 'Tow Van']) {
      const r = await t.call('POST', '/api/auth/register', { body: reg({ role }), ip: newIp() });
      expect(r.status).toBe(400);
      expect(r.body.fields.businessName).toMatch(/name/);
    }
    const b = await register({ role: 'Buyer', businessName: 'ignored' });
    const [u] = await rows<{ business_name: string | null }>(
      t.handle.db,
      sql`select business_name from users where email = ${b.email}`,
    );
    expect(u.business_name).toBeNull();
  });
  it('gives field errors: e-mail, phone, name, password length 8..128', async () => {
    const r = await t.call('POST', '/api/auth/register', {
      body: reg({ email: 'not-an-email', phone: '12345', name: 'A', password: 'short' }),
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fields).sort()).toEqual(['email', 'name', 'password', 'phone']);
    expect(r.body.fields.password).toBe('Use at least 8 characters');
    const long = await t.call('POST', '/api/auth/register', {
      body: reg({ password: 'Ab1-'.repeat(32) + 'x' }),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields.password).toBe('Use at most 128 characters');
    await register({ password: 'Ab1-'.repeat(32) }); // exactly 128
    await register({ password: 'kpọ̀kọ́ 🚗 ọkọ̀ ayọ́kẹ́lẹ́' }); // any Unicode, spaces allowed
  });
  it('refuses common passwords, whatever their case', async () => {
    for (const pw of [
      'password1',
      'Password123',
      'QWERTY123',
      'iloveyou1',
      'nigeria123',
      DEMO_PASSWORD,
    ]) {
      const r = await t.call('POST', '/api/auth/register', { body: reg({ password: pw }) });
      expect(r.status, pw).toBe(400);
      expect(r.body.fields.password).toMatch(/too common/);
    }
  });
  it('refuses a taken e-mail (any case) with 409 and never self-registers an Admin', async () => {
    const a = await register();
    const dup = await t.call('POST', '/api/auth/register', {
      body: reg({ email: a.email.toUpperCase() }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields.email).toMatch(/already exists/);
    const admin = await t.call('POST', '/api/auth/register', { body: reg({ role: 'Admin' }) });
    expect(admin.status).toBe(400);
    const extra = await t.call('POST', '/api/auth/register', {
      body: { ...reg(), role: 'Buyer', isAdmin: true, passwordHash: 'x' },
    });
    expect(extra.status).toBe(201);
    expect(extra.body.user.role).toBe('Buyer');
  });
  it('answers bad input with 400, never 500', async () => {
    for (const body of [
      {},
      { email: 'a@b.ng' },
      'nope',
      { ...reg(), name: 'x'.repeat(5000) },
      { ...reg(), role: 'Pilot' },
    ]) {
      const r = await t.call('POST', '/api/auth/register', { body });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
  });
});

describe(`POST /api/auth/login (${dbLabel()})`, () => {
  it('signs in, renews the session id and ends the old one (no fixation)', async () => {
    const a = await register();
    const ip = newIp();
    const first = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
      ip,
    });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ isauthenticated: true, role: 'Buyer' });
    const second = await t.call('POST', '/api/auth/login', {
      body: { email: a.email.toUpperCase(), password: a.password },
      cookie: first.cookie,
      ip,
    });
    expect(second.status).toBe(200);
    expect(second.cookie).toBeTruthy();
    expect(second.cookie).not.toBe(first.cookie);
    expect((await me(first.cookie)).body.user.isauthenticated).toBe(false);
    expect((await me(second.cookie)).body.user.isauthenticated).toBe(true);
  });
  it('says the same for an unknown e-mail and a wrong password (no enumeration)', async () => {
    const a = await register();
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: 'Wrong-password-1' },
      ip: newIp(),
    });
    const unknown = await t.call('POST', '/api/auth/login', {
      body: { email: 'nobody-here@test.ng', password: 'Wrong-password-1' },
      ip: newIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      status: false,
      code: 'UNAUTHORIZED',
      message: 'Incorrect e-mail, phone number or password',
    });
    expect(wrong.cookie).toBeUndefined();
  });
  it('logs every attempt in login_attempts and the request log, never the password', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    await withApp({ db: t.handle.db, logger: { level: 'info', stream } }, async (logged) => {
      const a = await register();
      const ip = newIp();
      const secret = 'Wrong-but-secret-77';
      await logged.post('/api/auth/login', { email: a.email, password: secret }, { ip });
      await logged.post('/api/auth/login', { email: a.email, password: a.password }, { ip });
      const got = await rows<{ outcome: string; success: boolean; ip: string }>(
        t.handle.db,
        sql`select outcome, success, ip from login_attempts where email = ${a.email} order by created_at`,
      );
      expect(got.map((g) => g.outcome)).toEqual(['bad_credentials', 'success']);
      expect(got.every((g) => g.ip === ip)).toBe(true);
      const all = JSON.stringify(await rows(t.handle.db, sql`select * from login_attempts`));
      expect(all).not.toContain(secret);
      expect(all).not.toContain(a.password);
      const log = lines.join('');
      expect(log).toContain('"outcome":"bad_credentials"');
      expect(log).toContain('"outcome":"success"');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(a.password);
    });
  });
  it('locks an account after 5 failed logins in 15 minutes with a clear 429, even with the right password', async () => {
    const a = await register();
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: a.email, password: `Wrong-${i}-pass` },
        ip: newIp(),
      });
      expect(r.status).toBe(401);
    }
    const locked = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
      ip: newIp(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed logins for this account/);
    // An unknown e-mail is limited the same way (the 429 tells nothing about existence).
    for (let i = 0; i < 5; i++)
      await t.call('POST', '/api/auth/login', {
        body: { email: 'ghost@test.ng', password: `Wrong-${i}-pass` },
        ip: newIp(),
      });
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: 'ghost@test.ng', password: 'x-x-x-x-x' },
          ip: newIp(),
        })
      ).status,
    ).toBe(429);
    // The wait passes: the account opens again.
    await t.handle.db.execute(
      sql`update rate_limits set last_at = last_at - interval '16 minutes', window_start = window_start - interval '16 minutes' where key like ${`%${a.email}%`}`,
    );
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          ip: newIp(),
        })
      ).status,
    ).toBe(200);
  });
  it('a successful login resets the account counter', async () => {
    const a = await register();
    const ip = newIp();
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/api/auth/login', {
        body: { email: a.email, password: `Wrong-${i}-pass` },
        ip,
      });
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          ip,
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/api/auth/login', {
        body: { email: a.email, password: `Wrong-${i}-pass` },
        ip,
      });
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          ip,
        })
      ).status,
    ).toBe(200);
  });
  it('limits one address to 20 failed logins in 15 minutes across accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: `spray${i}@test.ng`, password: 'Guess-123-abc' },
        ip,
      });
      expect(r.status).toBe(401);
    }
    const a = await register();
    const blocked = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
      ip,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/from your network/);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          ip: newIp(),
        })
      ).status,
    ).toBe(200);
  });
  it('validates the body', async () => {
    expect((await t.call('POST', '/api/auth/login', { body: { email: 'a@b.ng' } })).status).toBe(
      400,
    );
    expect(
      (await t.call('POST', '/api/auth/login', { body: { email: 'a'.repeat(300), password: 'x' } }))
        .status,
    ).toBe(400);
  });
});

const login = (email: string, password: string, ip: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password }, ip });
/** Moves an account's login counters back in time, as if `seconds` had passed. */
const age = (email: string, seconds: number) =>
  t.handle.db.execute(
    sql`update rate_limits set last_at = last_at - make_interval(secs => ${seconds}), window_start = window_start - make_interval(secs => ${seconds}) where key like ${`%${email}%`}`,
  );

describe(`sign in with a phone number or an e-mail (${dbLabel()})`, () => {
  it('registration keeps phone numbers unique in any spelling: 409 on the phone field, nothing stored', async () => {
    const phone = uniquePhone();
    await register({ phone });
    const digits = phone.replace(/\s/g, '');
    for (const again of [digits, `+234${digits.slice(1)}`, `234 ${digits.slice(1)}`]) {
      const body = reg({ phone: again });
      const r = await t.call('POST', '/api/auth/register', { body, ip: newIp() });
      expect(r.status).toBe(409);
      expect(r.body.fields).toEqual({
        phone:
          'An account with this phone number already exists. Log in with it or reset your password.',
      });
      const [n] = await rows<{ n: number }>(
        t.handle.db,
        sql`select count(*)::int as n from users where email = ${body.email}`,
      );
      expect(n.n).toBe(0);
    }
    // A taken e-mail is still named first.
    const both = await t.call('POST', '/api/auth/register', {
      body: reg({ phone, email: (await register()).email }),
      ip: newIp(),
    });
    expect(Object.keys(both.body.fields)).toEqual(['email']);
  });

  it('signs in with the phone number in any usual spelling, to the same account', async () => {
    const phone = uniquePhone();
    const a = await register({ phone });
    const id = (await me(a.cookie)).body.id;
    const digits = phone.replace(/\s/g, '');
    for (const login of [phone, digits, `+234${digits.slice(1)}`, ` ${digits} `]) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: login, password: a.password },
        ip: newIp(),
      });
      expect(r.status, login).toBe(200);
      expect((await me(sessionCookieOf(r.headers['set-cookie']))).body.id).toBe(id);
    }
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email: digits, password: 'Not-the-password-1' },
      ip: newIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Incorrect e-mail, phone number or password');
    // A number no account holds, and text that is neither, answer the same 401.
    for (const login of ['0809 999 9999', 'not a login']) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: login, password: a.password },
        ip: newIp(),
      });
      expect(r.status, login).toBe(401);
      expect(r.body.message).toBe('Incorrect e-mail, phone number or password');
    }
  });

  it('counts failures by phone and by e-mail against one account', async () => {
    const phone = uniquePhone();
    const a = await register({ phone });
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: i % 2 ? a.email : phone, password: `Wrong-${i}-pass` },
        ip: newIp(),
      });
      expect(r.status).toBe(401);
    }
    for (const login of [phone, a.email]) {
      const locked = await t.call('POST', '/api/auth/login', {
        body: { email: login, password: a.password },
        ip: newIp(),
      });
      expect(locked.status, login).toBe(429);
      expect(locked.body.message).toMatch(/Too many failed logins for this account/);
    }
  });

  it('a profile cannot take a number another account holds', async () => {
    const phone = uniquePhone();
    await register({ phone });
    const b = await register();
    const r = await t.call('PATCH', '/api/user/profile', { cookie: b.cookie, body: { phone } });
    expect(r.status).toBe(409);
    expect(r.body.fields.phone).toBe(AUTH_MESSAGES.phoneUnavailable);
    // Saving one's own number again is no conflict.
    const own = (await t.call('GET', '/api/user/profile', { cookie: b.cookie })).body.user.phone;
    const same = await t.call('PATCH', '/api/user/profile', {
      cookie: b.cookie,
      body: { phone: own, name: 'Same Number' },
    });
    expect(same.status).toBe(200);
  });

  it('keeps one account of 50 registrations of the same phone at once', async () => {
    const phone = uniquePhone();
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('POST', '/api/auth/register', { body: reg({ phone }), ip: newIp() }),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(1);
    expect(res.filter((r) => r.status === 409)).toHaveLength(49);
  }, 120_000);
});

describe(`login limits: strangers slow guessing down without locking the owner out (${dbLabel()})`, () => {
  it("refuses one address after 5 failures on an account; the owner's usual address still signs in", async () => {
    const a = await register();
    const home = newIp();
    expect((await login(a.email, a.password, home)).status).toBe(200);
    const attacker = newIp();
    for (let i = 0; i < 5; i++)
      expect((await login(a.email, `Wrong-${i}-pass`, attacker)).status).toBe(401);
    const stopped = await login(a.email, a.password, attacker);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toMatch(/for this account from your network/);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(800);
    // Other addresses go on guessing: beyond 5 the account is slowed down for them ...
    expect((await login(a.email, 'Wrong-x-pass', newIp())).status).toBe(429);
    // ... but not for the owner at home, whose login clears the count.
    expect((await login(a.email, a.password, home)).status).toBe(200);
    expect((await login(a.email, 'Wrong-y-pass', newIp())).status).toBe(401);
  });

  it('makes each attempt beyond 5 wait twice as long as the one before', async () => {
    const a = await register();
    for (let i = 0; i < 5; i++)
      expect((await login(a.email, `Wrong-${i}-pass`, newIp())).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const r = await login(a.email, a.password, newIp());
      expect(r.status).toBe(429);
      expect(r.body.message).toMatch(/Too many failed logins for this account/);
      const wait = Number(r.headers['retry-after']);
      waits.push(wait);
      await age(a.email, wait + 1);
      expect((await login(a.email, `Wrong-r${round}-pass`, newIp())).status).toBe(401);
    }
    // 30 s, 1, 2 and 4 minutes (a second or two of rounding either way).
    expect(waits.map((w) => Math.round(w / 30))).toEqual([1, 2, 4, 8]);
    // Whatever the count, the owner waits at most 15 minutes.
    await t.handle.db.execute(
      sql`update rate_limits set hits = 40 where key = ${`login:acct:${a.email}`}`,
    );
    const capped = await login(a.email, a.password, newIp());
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(900);
  });

  it('a completed password reset clears the slow-down', async () => {
    const a = await register();
    for (let i = 0; i < 5; i++) await login(a.email, `Wrong-${i}-pass`, newIp());
    expect((await login(a.email, a.password, newIp())).status).toBe(429);
    await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const token = tokenOf(await outboxLink(a.email));
    expect(
      (
        await t.call('POST', '/api/auth/password-reset/confirm', {
          body: { token, password: 'After-Reset-Okada-4' },
        })
      ).status,
    ).toBe(200);
    expect((await login(a.email, 'After-Reset-Okada-4', newIp())).status).toBe(200);
  });

  it('checks at most 5 passwords of 200 guesses sent at once, from one address or from 200', async () => {
    const a = await register();
    const one = newIp();
    const fromOne = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(a.email, `Guess-${i}-pass`, one)),
    );
    expect(fromOne.filter((r) => r.status === 401)).toHaveLength(5);
    expect(fromOne.filter((r) => r.status === 429)).toHaveLength(195);
    const b = await register();
    const fromMany = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(b.email, `Guess-${i}-pass`, newIp())),
    );
    expect(fromMany.filter((r) => r.status === 401)).toHaveLength(5);
    expect(fromMany.filter((r) => r.status === 429)).toHaveLength(195);
    const [checked] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from login_attempts where email in (${a.email}, ${b.email}) and outcome = 'bad_credentials'`,
    );
    expect(checked.n).toBe(10);
  }, 120_000);
});

describe(`registration limits (${dbLabel()})`, () => {
  it('creates at most 20 accounts an hour from one address, even when 200 arrive at once', async () => {
    const ip = newIp();
    const res = await Promise.all(
      Array.from({ length: 200 }, () => t.call('POST', '/api/auth/register', { body: reg(), ip })),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = res.filter((r) => r.status === 429);
    expect(refused).toHaveLength(180);
    expect(refused[0].body.message).toMatch(/Too many accounts were created from your network/);
    expect((await t.call('POST', '/api/auth/register', { body: reg(), ip: newIp() })).status).toBe(
      201,
    );
  }, 120_000);

  it('keeps one account of 200 registrations of the same e-mail at once', async () => {
    const body = reg();
    const res = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call('POST', '/api/auth/register', { body, ip: newIp() }),
      ),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(1);
    expect(res.filter((r) => r.status === 409)).toHaveLength(199);
    const [n] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from users where email = ${body.email}`,
    );
    expect(n.n).toBe(1);
  }, 180_000);
});

describe(`POST /api/auth/logout (${dbLabel()})`, () => {
  it('ends the session server-side and clears the cookie; a guest gets 401', async () => {
    const a = await register();
    const out = await t.call('POST', '/api/auth/logout', { cookie: a.cookie });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe(true);
    expect(setCookieHeader(out.headers['set-cookie'])).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await me(a.cookie)).body.user.isauthenticated).toBe(false);
    expect((await t.call('POST', '/api/auth/logout', { cookie: a.cookie })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe(`password reset (${dbLabel()})`, () => {
  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const a = await register();
    const known = await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const unknown = await t.call('POST', '/api/auth/password-reset', {
      body: { email: 'nobody-at-all@test.ng' },
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toMatch(/If an account exists/);
    expect(await outboxLink(a.email)).toMatch(/\/auth\/passwordreset\?token=[A-Za-z0-9_-]{43}$/);
    const [none] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from outbox where "to" = 'nobody-at-all@test.ng'`,
    );
    expect(none.n).toBe(0);
  });
  it('sets the new password once, ends every session, and the link cannot be used again', async () => {
    const a = await register();
    const other = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
      ip: newIp(),
    });
    await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const token = tokenOf(await outboxLink(a.email));
    const [row] = await rows<{ mins: number }>(
      t.handle.db,
      sql`select extract(epoch from (expires_at - created_at)) / 60 as mins from password_reset_tokens order by created_at desc limit 1`,
    );
    expect(Math.round(Number(row.mins))).toBe(60);
    const common = await t.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'password123' },
    });
    expect(common.status).toBe(400);
    expect(common.body.fields.password).toMatch(/too common/);
    const ok = await t.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'New-Danfo-Yellow-9' },
    });
    expect(ok.status).toBe(200);
    expect((await me(a.cookie)).body.user.isauthenticated).toBe(false);
    expect((await me(other.cookie)).body.user.isauthenticated).toBe(false);
    const again = await t.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'Another-Keke-Ride-3' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('RESET_INVALID');
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          ip: newIp(),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: 'New-Danfo-Yellow-9' },
          ip: newIp(),
        })
      ).status,
    ).toBe(200);
  });
  it('refuses an expired link (older than 1 hour) and a made-up one', async () => {
    const a = await register();
    await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const token = tokenOf(await outboxLink(a.email));
    await t.handle.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const r = await t.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'New-Danfo-Yellow-9' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/invalid, already used or expired/);
    expect(
      (
        await t.call('POST', '/api/auth/password-reset/confirm', {
          body: { token: 'A'.repeat(43), password: 'New-Danfo-Yellow-9' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/api/auth/password-reset/confirm', {
          body: { token: '<script>', password: 'New-Danfo-Yellow-9' },
        })
      ).status,
    ).toBe(400);
  });
  it('a newer link retires nothing, but using one retires the others', async () => {
    const a = await register();
    await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const t1 = tokenOf(await outboxLink(a.email));
    await new Promise((r) => setTimeout(r, 5));
    await t.call('POST', '/api/auth/password-reset', { body: { email: a.email } });
    const t2 = await waitFor(async () => {
      const l = tokenOf(await outboxLink(a.email));
      return l !== t1 ? l : undefined;
    });
    expect(
      (
        await t.call('POST', '/api/auth/password-reset/confirm', {
          body: { token: t2, password: 'New-Danfo-Yellow-9' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('POST', '/api/auth/password-reset/confirm', {
          body: { token: t1, password: 'Other-Danfo-Blue-8' },
        })
      ).status,
    ).toBe(400);
  });
  it('mails the link through a real SMTP server when SMTP_URL is set', async () => {
    const received: { to: string; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://sparefinder.ng' };
    try {
      await withApp({ db: t.handle.db, config }, async (mailApp) => {
        const a = await register();
        const r = await mailApp.post('/api/auth/password-reset', { email: a.email });
        expect(r.status).toBe(200);
        // This app (with SMTP_URL) runs the job.
        await runDueJobs(mailApp.app);
        const mail = await waitFor(async () => received.find((m) => m.to === a.email));
        expect(mail.data).toMatch(/Subject: Reset your SpareFinder NG password/);
        const flat = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const link = /https:\/\/sparefinder\.ng\/auth\/passwordreset\?token=[A-Za-z0-9_-]{43}/.exec(
          flat,
        )?.[0];
        expect(link).toBeTruthy();
        const [ob] = await rows<{ n: number }>(
          t.handle.db,
          sql`select count(*)::int as n from outbox where "to" = ${a.email}`,
        );
        expect(ob.n).toBe(0);
        const ok = await mailApp.post('/api/auth/password-reset/confirm', {
          token: tokenOf(link!),
          password: 'Smtp-Reset-Works-1',
        });
        expect(ok.status).toBe(200);
        expect(
          (
            await t.call('POST', '/api/auth/login', {
              body: { email: a.email, password: 'Smtp-Reset-Works-1' },
              ip: newIp(),
            })
          ).status,
        ).toBe(200);
      });
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe(`password reset tells nothing by its timing (${dbLabel()})`, () => {
  it('answers known and unknown e-mails in the same time; the mail arrives once the job runs', async () => {
    const a = await register();
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const timed = async (email: string) => {
      const t0 = performance.now();
      const r = await t.call('POST', '/api/auth/password-reset', { body: { email } });
      expect(r.status).toBe(200);
      return performance.now() - t0;
    };
    // A few rounds first, so neither side pays for warming up.
    for (let i = 0; i < 5; i++) await timed(i % 2 ? a.email : `warm${i}@test.ng`);
    // Adjacent requests paired, the order within a pair alternating: a busy machine slows both
    // of a pair alike. A real difference (the old code sent the mail in the request: 2.1 ms,
    // about 70% of the answer) shows in every measurement; a pause of the test runner shows in
    // one. So up to three measurements, and one within the bound is enough.
    const measure = async (round: number) => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 30; i++) {
        const ghost = `nobody-${round}-${i}@test.ng`;
        if (i % 2) {
          unknown.push(await timed(ghost));
          known.push(await timed(a.email));
        } else {
          known.push(await timed(a.email));
          unknown.push(await timed(ghost));
        }
      }
      const diff = Math.abs(median(known.map((k, i) => k - unknown[i])));
      // 1.5 ms on a quiet machine, 30% of the answer time when load stretches every answer.
      const allowed = Math.max(1.5, 0.3 * median(unknown));
      console.log(
        `[reset timing] median known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, difference ${diff.toFixed(2)} ms (allowed ${allowed.toFixed(2)})`,
      );
      return diff < allowed;
    };
    let same = false;
    let rounds = 0;
    while (!same && rounds < 3) same = await measure(rounds++);
    expect(same).toBe(true);
    // Nothing was mailed during the requests ...
    const [before] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from outbox where "to" = ${a.email}`,
    );
    expect(before.n).toBe(0);
    // ... the job sends it (5 an hour per account), and never to an unknown address.
    await runDueJobs(t.app);
    const [after] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from outbox where "to" = ${a.email}`,
    );
    expect(after.n).toBe(5);
    const [ghost] = await rows<{ n: number }>(
      t.handle.db,
      sql`select count(*)::int as n from outbox where "to" like 'nobody-%'`,
    );
    expect(ghost.n).toBe(0);
  }, 120_000);
});

describe(`/api/user/profile (${dbLabel()})`, () => {
  it('shows and changes name and phone without the password', async () => {
    const a = await register({ phone: '0803 765 4321' });
    const got = await t.call('GET', '/api/user/profile', { cookie: a.cookie });
    expect(got.body.user).toMatchObject({ email: a.email, role: 'Buyer', phone: '+2348037654321' });
    expect(got.body.user.passwordHash).toBeUndefined();
    const up = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { name: 'Amaka Obi', phone: '0705 555 1234' },
    });
    expect(up.status).toBe(200);
    expect(up.body.user).toMatchObject({ name: 'Amaka Obi', phone: '+2347055551234' });
    expect((await me(a.cookie)).body.user).toMatchObject({
      name: 'Amaka Obi',
      tel: '+2347055551234',
    });
    const bad = await t.call('POST', '/api/user/profile', {
      cookie: a.cookie,
      body: { phone: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.phone).toBeTruthy();
  });
  it('needs the current password to change e-mail or password', async () => {
    const a = await register();
    const newEmail = `moved${n}@test.ng`;
    const none = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { email: newEmail },
    });
    expect(none.status).toBe(400);
    expect(none.body.fields.currentPassword).toBeTruthy();
    const wrong = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { email: newEmail, currentPassword: 'Not-my-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.currentPassword).toBe('Your current password is not correct');
    const ok = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { email: newEmail, currentPassword: a.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(newEmail);
    const taken = await register();
    const dup = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { email: taken.email, currentPassword: a.password },
    });
    expect(dup.status).toBe(409);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: newEmail, password: a.password },
          ip: newIp(),
        })
      ).status,
    ).toBe(200);
  });
  it('a password change refuses common passwords, ends other sessions and renews this one', async () => {
    const a = await register();
    const other = await t.call('POST', '/api/auth/login', {
      body: { email: a.email, password: a.password },
      ip: newIp(),
    });
    const common = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { currentPassword: a.password, newPassword: 'qwerty123' },
    });
    expect(common.status).toBe(400);
    expect(common.body.fields.newPassword).toMatch(/too common/);
    const ok = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { currentPassword: a.password, newPassword: 'Fresh-Suya-Night-5' },
    });
    expect(ok.status).toBe(200);
    expect(ok.cookie).toBeTruthy();
    expect(ok.cookie).not.toBe(a.cookie);
    expect((await me(other.cookie)).body.user.isauthenticated).toBe(false);
    expect((await me(a.cookie)).body.user.isauthenticated).toBe(false);
    expect((await me(ok.cookie)).body.user.isauthenticated).toBe(true);
  });
});

describe(`authorization matrix (${dbLabel()})`, () => {
  const roles = ['Buyer', 'Seller', 'Mechanic', 'Tow Van', 'Admin'] as const;
  let users: Record<string, { cookie: string; id: string; name: string }>;
  let twins: Record<string, { cookie: string; id: string; name: string }>;
  beforeAll(async () => {
    users = {};
    twins = {};
    for (const r of roles) {
      const a = await t.signIn(r);
      const b = await t.signIn(r);
      users[r] = { cookie: a.cookie, id: a.user.id, name: a.user.name };
      twins[r] = { cookie: b.cookie, id: b.user.id, name: b.user.name };
    }
  });

  it('GET /api/admin/users: guest 401, every other role 403, any Admin 200', async () => {
    expect((await t.call('GET', '/api/admin/users')).status).toBe(401);
    for (const r of roles) {
      for (const who of [users[r], twins[r]]) {
        const res = await t.call('GET', '/api/admin/users', { cookie: who.cookie });
        expect(res.status, r).toBe(r === 'Admin' ? 200 : 403);
        if (r === 'Admin') {
          expect(res.body.items.length).toBeGreaterThanOrEqual(10);
          expect(res.body.counts.Admin).toBeGreaterThanOrEqual(2);
          expect(JSON.stringify(res.body)).not.toMatch(/password/i);
        } else expect(res.body).toMatchObject({ status: false, code: 'FORBIDDEN' });
      }
    }
    // Any /api/admin/* path, even one no route serves yet, is closed to everyone but Admin.
    expect((await t.call('GET', '/api/admin/anything')).status).toBe(401);
    expect(
      (await t.call('DELETE', '/api/admin/anything', { cookie: users.Seller.cookie })).status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/admin/anything', { cookie: users.Admin.cookie })).status,
    ).toBe(404);
    const sellers = await t.call('GET', '/api/admin/users?role=Seller', {
      cookie: users.Admin.cookie,
    });
    expect(sellers.body.items.every((u: any) => u.role === 'Seller')).toBe(true);
    expect(
      (await t.call('GET', '/api/admin/users?role=Pilot', { cookie: users.Admin.cookie })).status,
    ).toBe(400);
  });

  it("profile: guest 401; each role reads and changes only its own profile, never its twin's", async () => {
    expect((await t.call('GET', '/api/user/profile')).status).toBe(401);
    expect((await t.call('PATCH', '/api/user/profile', { body: { name: 'Hacker' } })).status).toBe(
      401,
    );
    expect((await t.call('POST', '/api/user/profile', { body: { name: 'Hacker' } })).status).toBe(
      401,
    );
    for (const r of roles) {
      const got = await t.call('GET', '/api/user/profile', { cookie: users[r].cookie });
      expect(got.status).toBe(200);
      expect(got.body.user.id).toBe(users[r].id);
      // The twin cannot name whose profile to change: there is no id to forge; id in the body is refused.
      const forged = await t.call('PATCH', '/api/user/profile', {
        cookie: twins[r].cookie,
        body: { id: users[r].id, name: `Twin ${r}` },
      });
      expect(forged.status).toBe(200);
      expect(forged.body.user.id).toBe(twins[r].id);
      expect(
        (await t.call('GET', '/api/user/profile', { cookie: users[r].cookie })).body.user.name,
      ).toBe(users[r].name);
    }
  });

  it("logout: guest 401; each role ends only its own session, not its twin's", async () => {
    for (const r of roles) {
      const a = await t.signIn(r);
      const b = await t.signIn(r);
      expect((await t.call('POST', '/api/auth/logout', { cookie: a.cookie })).status).toBe(200);
      expect((await me(a.cookie)).body.user.isauthenticated).toBe(false);
      expect((await me(b.cookie)).body.user).toMatchObject({ isauthenticated: true, role: r });
    }
  });
});

describe(`CSRF defence (${dbLabel()})`, () => {
  it('refuses state-changing calls whose Origin or Referer is another site', async () => {
    const a = await register();
    const evil = await t.call('POST', '/api/auth/logout', {
      cookie: a.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toMatchObject({ status: false, code: 'CSRF' });
    expect(
      (
        await t.call('PATCH', '/api/user/profile', {
          cookie: a.cookie,
          body: { name: 'Pwned' },
          headers: { referer: 'https://evil.example/form' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: a.email, password: a.password },
          headers: { origin: 'null' },
        })
      ).status,
    ).toBe(403);
    expect((await me(a.cookie)).body.user).toMatchObject({
      isauthenticated: true,
      name: 'Amaka Nwosu',
    });
  });
  it('lets same-origin browsers and non-browser clients through', async () => {
    const a = await register();
    const same = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { name: 'Same Site' },
      headers: { origin: 'http://localhost' },
    });
    expect(same.status).toBe(200);
    const ref = await t.call('PATCH', '/api/user/profile', {
      cookie: a.cookie,
      body: { name: 'Same Ref' },
      headers: { referer: 'http://localhost/user/profile' },
    });
    expect(ref.status).toBe(200);
    // Reads are never blocked.
    expect(
      (await t.call('GET', '/api/auth/dszauth', { headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(200);
  });
  it('marks the cookie Secure when served over HTTPS', async () => {
    const config = { publicUrl: 'https://sparefinder.ng' };
    await withApp({ db: t.handle.db, config }, async (secure) => {
      const r = await secure.post('/api/auth/register', reg(), { ip: newIp() });
      expect(r.status).toBe(201);
      expect(setCookieHeader(r.headers['set-cookie'])).toMatch(/; Secure/);
      const cross = await secure.post('/api/auth/logout', undefined, {
        headers: { origin: 'https://sparefinder.ng.evil.example' },
      });
      expect(cross.status).toBe(403);
      const own = await secure.post('/api/auth/logout', undefined, {
        headers: { origin: 'https://sparefinder.ng' },
        cookie: sessionCookieOf(r.headers['set-cookie'])!,
      });
      expect(own.status).toBe(200);
    });
  });
});

describe(`demo accounts and the e2e outbox route (${dbLabel()})`, () => {
  it('seeds five demo accounts idempotently, all able to log in with demo1234', async () => {
    await seedDemoAccounts(t.handle.db);
    await seedDemoAccounts(t.handle.db);
    const got = await rows<{ email: string; role: string }>(
      t.handle.db,
      sql`select email, role from users where email like '%@demo.ng' order by email`,
    );
    expect(got).toHaveLength(5);
    for (const a of DEMO_ACCOUNTS) {
      const r = await t.call('POST', '/api/auth/login', {
        body: { email: a.email, password: DEMO_PASSWORD },
        ip: newIp(),
      });
      expect(r.status, a.email).toBe(200);
      expect(r.body.user.role).toBe(a.role);
    }
    const [seller] = await rows<{ business_name: string }>(
      t.handle.db,
      sql`select business_name from users where email = 'seller@demo.ng'`,
    );
    expect(seller.business_name).toBe('Ladipo Genuine Parts');
  });
  it('has no test outbox route unless E2E=1 with demo data', async () => {
    expect((await t.call('GET', '/api/test/outbox/latest?to=a@b.ng')).status).toBe(404);
    expect(loadConfig({ E2E: '1', DEMO_DATA: 'false' }).e2eRoutes).toBe(false);
    expect(loadConfig({ E2E: '1', DEMO_DATA: 'true' }).e2eRoutes).toBe(true);
    await withApp({ db: t.handle.db, config: { e2eRoutes: true } }, async (e2e) => {
      const a = await register();
      await e2e.post('/api/auth/password-reset', { email: a.email });
      await outboxLink(a.email);
      const r = await e2e.get(`/api/test/outbox/latest?to=${encodeURIComponent(a.email)}`);
      expect(r.status).toBe(200);
      expect(r.body.item.link).toMatch(/\/auth\/passwordreset\?token=/);
    });
  });
});
