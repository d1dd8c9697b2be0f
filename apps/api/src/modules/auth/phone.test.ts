import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type DbHandle } from '@sf/db';
import { createTestDb } from '@sf/db/testing';
import { AUTH_MESSAGES as M, PHONE_CODE_TRIES } from '@sf/shared';
import { buildApp } from '../../app.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { registry } from '../../lib/metrics.ts';
import { forget } from '../../lib/limits.ts';
import { watchAnswers } from '../../test/answers.ts';
import { client, dbLabel, setCookieHeader, withApp, type Answer } from '../../test/helper.ts';
import { createUser } from '../../test/factories.ts';
import { payoutAccount, sellerWithStore } from '../checkout/testing.ts';
import { startSmsServer, type LocalSms } from '../sms/testing.ts';
import { DEVICE_COOKIE } from './devices.ts';
import { PHONE_LIMITS } from './phone.ts';

// Sign-in by SMS code (decision 0029) against the local Termii-compatible gateway on its own
// port, over real HTTP: each code is read from what the gateway received, as a phone would.

const onServer = !!process.env.TEST_DATABASE_URL;
let h: DbHandle;
let sms: LocalSms;
let app: FastifyInstance;
let c: ReturnType<typeof client>;
let answers: ReturnType<typeof watchAnswers>;

beforeAll(async () => {
  h = await createTestDb({ poolSize: onServer ? 20 : undefined });
  sms = await startSmsServer(h.db);
  app = await buildApp({ db: h.db, config: { ...sms.config, registrationsPerHour: 10_000 } });
  answers = watchAnswers(app);
  await app.ready();
  c = client(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sms?.close();
  await h?.close();
  answers?.check();
});
// Each test starts with fresh counters: limits are tested where they are meant to bite.
beforeEach(async () => {
  await forget(h.db, [], ['code-send:', 'code-try:']);
});

let seq = 0;
/** A Nigerian mobile number nobody used yet in this file (0813 …). */
const newNumber = () =>
  `+234813${String(Date.now() % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
let ipSeq = 0;
const newIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

const ask = (phone: string, ip = newIp()) => c.post('/api/auth/phone/code', { phone }, { ip });
const verify = (body: Record<string, unknown>, o: { ip?: string; cookie?: string } = {}) =>
  c.post('/api/auth/phone/verify', body, { ip: o.ip ?? newIp(), cookie: o.cookie });

/** Delivers the queued SMS and reads the newest code the gateway received for the number. */
async function codeFor(phone: string): Promise<string> {
  await runDueJobs(app);
  const [m] = await sms.control.messages(phone);
  const code = /code: (\d{6})/.exec(m?.text ?? '')?.[1];
  if (!code) throw new Error(`no code reached ${phone}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const cookiesOf = (a: Answer) => setCookieHeader(a.headers['set-cookie']);
const deviceCookie = (a: Answer) => /(?:^|\n)(sf_dev=[^;]+)/.exec(cookiesOf(a))?.[1] ?? undefined;
const userByPhone = async (phone: string) =>
  (
    await rows<{ id: string; email: string | null; password_hash: string | null; name: string }>(
      h.db,
      sql`select id, email, password_hash, name from users where phone = ${phone}`,
    )
  )[0];

describe(`sign-in by SMS code: numbers and answers (${dbLabel()})`, () => {
  it('takes a Nigerian mobile number in any usual spelling and answers it in E.164', async () => {
    const n = newNumber();
    const local = `0${n.slice(4, 7)} ${n.slice(7, 10)} ${n.slice(10)}`;
    for (const spelling of [n, n.slice(1), local, local.replace(/ /g, '-'), `(0${n.slice(4)})`]) {
      const res = await ask(spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.body).toEqual({
        status: true,
        message: M.codeSent(n),
        phone: n,
        expiresInS: 600,
      });
      expect(res.body.message).toContain(local);
    }
  });

  it('refuses numbers of other countries, landlines and nonsense with a clear 400 naming the field', async () => {
    for (const bad of [
      '+447911123456',
      '+12025550123',
      '01 234 5678',
      '+23412345678',
      '0803123456',
      'my number',
      '',
    ]) {
      const res = await ask(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
      if (bad) expect(res.body.fields.phone).toBe(M.notNigerianMobile);
    }
    // Nothing was queued for any of them.
    expect(
      await rows(h.db, sql`select 1 from phone_codes where phone like '+44%' or phone like '+1%'`),
    ).toHaveLength(0);
  });

  it('an unknown number gets a code; the code asks for a name (keeping the code) and then creates a phone-only account, signed in', async () => {
    const n = newNumber();
    expect((await ask(n)).status).toBe(200);
    const code = await codeFor(n);
    const [sent] = await sms.control.messages(n);
    expect(sent.text).toMatch(/^SpareFinder NG code: \d{6}\. It expires in 10 minutes\./);
    // The browser can offer the code itself (WebOTP's last line).
    expect(sent.text).toMatch(new RegExp(`\\n@\\S+ #${code}$`));

    const noName = await verify({ phone: n, code });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual({ name: M.nameForNewAccount });
    expect(noName.cookie).toBeUndefined();
    expect(await userByPhone(n)).toBeUndefined();

    const seller = await verify({ phone: n, code, name: 'Ada Obi', role: 'Seller' });
    expect(seller.status).toBe(400);
    expect(seller.body.fields.businessName).toMatch(/store name/i);

    const made = await verify({
      phone: n,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
      name: ' Ada Obi ',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: true,
      created: true,
      user: { name: 'Ada Obi', tel: n, role: 'Buyer', isauthenticated: true },
    });
    expect(made.cookie).toBeDefined();
    expect(deviceCookie(made)).toBeDefined();
    expect(cookiesOf(made)).toMatch(/sf_dev=[^;]+;.*HttpOnly/);
    const u = await userByPhone(n);
    expect(u).toMatchObject({ email: null, password_hash: null, name: 'Ada Obi' });
    const me = await c.get('/api/user/profile', { cookie: made.cookie });
    expect(me.body.user).toMatchObject({ email: null, phone: n, hasPassword: false });
    // The code signed in once: used again, it is dead.
    expect((await verify({ phone: n, code })).body.message).toBe(M.codeDead);
  });

  it('a registered number gets the same answer and a code; the code signs in to its account', async () => {
    const { user } = await createUser(h.db, 'Seller', { phone: newNumber() });
    const res = await ask(user.phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: M.codeSent(user.phone),
      phone: user.phone,
      expiresInS: 600,
    });
    const code = await codeFor(user.phone);
    const ok = await verify({ phone: user.phone, code, name: 'Ignored Name', role: 'Buyer' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      created: false,
      user: { id: user.id, role: 'Seller', name: user.name },
    });
    const who = await c.get('/api/auth/dszauth', { cookie: ok.cookie });
    expect(who.body.user).toMatchObject({ id: user.id, isauthenticated: true });
  });

  it('never tells a registered number from an unknown one: same status, body and headers for the code, the wrong code and the spent code; an SMS either way', async () => {
    const { user } = await createUser(h.db, 'Buyer', { phone: newNumber() });
    const unknown = newNumber();
    const pair = async (f: (n: string) => Promise<Answer>) => {
      const [a, b] = [await f(user.phone), await f(unknown)];
      const strip = (x: Answer) => ({
        status: x.status,
        body: JSON.parse(
          JSON.stringify(x.body)
            .replaceAll(user.phone, 'N')
            .replaceAll(unknown, 'N')
            .replace(/\d{3} \d{3} \d{4}/, 'L'),
        ),
        cookies: cookiesOf(x),
        keys: Object.keys(x.headers)
          .filter((k) => !['date', 'x-request-id', 'content-length'].includes(k))
          .sort(),
      });
      expect(strip(a)).toEqual(strip(b));
      return [a, b];
    };
    await pair((n) => ask(n));
    const codes = { [user.phone]: await codeFor(user.phone), [unknown]: await codeFor(unknown) };
    expect(await sms.control.messages(unknown)).toHaveLength(1);
    for (let i = 0; i < PHONE_CODE_TRIES; i++)
      await pair((n) => verify({ phone: n, code: wrong(codes[n]) }));
    // Spent: the right code of either is refused alike.
    const [k] = await pair((n) => verify({ phone: n, code: codes[n] }));
    expect(k.body.message).toBe(M.codeDead);
  });

  it('takes about as long for a registered number as for an unknown one (medians of interleaved requests)', async () => {
    const known = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await createUser(h.db, 'Buyer', { phone: newNumber() })).user.phone,
      ),
    );
    const unknown = Array.from({ length: 6 }, () => newNumber());
    const times: Record<'k' | 'u', number[]> = { k: [], u: [] };
    for (let round = 0; round < 5; round++)
      for (let i = 0; i < 6; i++)
        for (const [kind, n] of [
          ['k', known[i]],
          ['u', unknown[i]],
        ] as const) {
          const t0 = performance.now();
          const res = await ask(n);
          times[kind].push(performance.now() - t0);
          expect(res.status).toBe(200);
        }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [mk, mu] = [median(times.k), median(times.u)];
    // The handler does not look the number up at all; this guards against a change that does.
    expect(Math.abs(mk - mu)).toBeLessThan(Math.max(15, 0.5 * Math.min(mk, mu)));
  });
});

describe(`code rules: expiry, tries, single use (${dbLabel()})`, () => {
  it('a code works for 10 minutes; after that the right code is refused and a new one is needed', async () => {
    const n = newNumber();
    await ask(n);
    const code = await codeFor(n);
    const [row] = await rows<{ ms: number }>(
      h.db,
      sql`select extract(epoch from (expires_at - created_at)) * 1000 as ms from phone_codes where phone = ${n}`,
    );
    expect(Math.abs(Number(row.ms) - 600_000)).toBeLessThan(2000);
    // Ten minutes and a second later.
    await h.db.execute(
      sql`update phone_codes set expires_at = now() - interval '1 second', created_at = now() - interval '601 seconds' where phone = ${n}`,
    );
    const late = await verify({ phone: n, code, name: 'Late' });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: 'CODE_INVALID',
      message: M.codeDead,
      fields: { code: M.codeDead },
    });
    await ask(n);
    const fresh = await codeFor(n);
    expect((await verify({ phone: n, code: fresh, name: 'On time' })).status).toBe(201);
  });

  it('5 wrong tries count down, then the code is dead even when right; a new code works', async () => {
    const n = newNumber();
    await ask(n);
    const code = await codeFor(n);
    for (let i = 1; i <= PHONE_CODE_TRIES; i++) {
      const res = await verify({ phone: n, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.codeWrong(PHONE_CODE_TRIES - i));
    }
    expect((await verify({ phone: n, code, name: 'X Y' })).body.message).toBe(M.codeDead);
    await ask(n);
    expect((await verify({ phone: n, code: await codeFor(n), name: 'X Y' })).status).toBe(201);
  });

  it('a new code retires the one before (5 tries mean 5 tries); malformed codes spend no try', async () => {
    const n = newNumber();
    await ask(n);
    const first = await codeFor(n);
    await ask(n);
    const second = await codeFor(n);
    if (first !== second)
      expect((await verify({ phone: n, code: first })).body.message).toMatch(/not right/);
    for (const bad of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify({ phone: n, code: bad });
      expect(res.status).toBe(400);
      expect(res.body.fields.code).toBe(M.enterCode);
    }
    expect((await verify({ phone: n, code: second, name: 'Second' })).status).toBe(201);
  });

  it('a locked account’s right code is refused with the lock message', async () => {
    const { user } = await createUser(h.db, 'Buyer', { phone: newNumber(), lockedAt: new Date() });
    await ask(user.phone);
    const res = await verify({ phone: user.phone, code: await codeFor(user.phone) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_LOCKED');
    expect(res.cookie).toBeUndefined();
  });

  it('a staff account’s right code is refused: staff sign in with their password', async () => {
    const { user } = await createUser(h.db, 'Admin', { phone: newNumber() });
    await ask(user.phone);
    const res = await verify({ phone: user.phone, code: await codeFor(user.phone) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(M.staffUsePassword);
    expect(res.cookie).toBeUndefined();
  });

  it('a phone-only account cannot log in by password; it sets one on its profile without a current one, then can', async () => {
    const n = newNumber();
    await ask(n);
    const made = await verify({ phone: n, code: await codeFor(n), name: 'Pass Word' });
    expect(
      (await c.post('/api/auth/login', { email: n, password: 'whatever-password' })).status,
    ).toBe(401);
    const set = await c.patch(
      '/api/user/profile',
      { newPassword: 'a long new passphrase', email: 'pw@example.ng' },
      { cookie: made.cookie },
    );
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ hasPassword: true, email: 'pw@example.ng' });
    expect(
      (await c.post('/api/auth/login', { email: n, password: 'a long new passphrase' })).status,
    ).toBe(200);
    // Now it has a password: changing it needs the current one.
    const again = await c.patch(
      '/api/user/profile',
      { newPassword: 'another passphrase' },
      { cookie: set.cookie ?? made.cookie },
    );
    expect(again.status).toBe(400);
    expect(again.body.fields.currentPassword).toBeDefined();
  });

  it('counts each code SMS in sf_sms_sent_total{purpose="code",outcome="sent"}', async () => {
    const count = async () =>
      (await registry.getSingleMetric('sf_sms_sent_total')!.get()).values.find(
        (v) => v.labels.purpose === 'code' && v.labels.outcome === 'sent',
      )?.value ?? 0;
    const before = await count();
    await ask(newNumber());
    await ask(newNumber());
    await runDueJobs(app);
    expect(await count()).toBe(before + 2);
  });

  it('without an SMS gateway (production without demo data or SMS_API_KEY) codes are refused with 503 and the way out', async () => {
    await withApp({ db: h.db, config: { production: true, demoData: false } }, async ({ post }) => {
      const res = await post('/api/auth/phone/code', { phone: newNumber() });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(M.smsOff);
    });
  });
});

describe(`code limits (${dbLabel()})`, () => {
  it(`one number gets ${PHONE_LIMITS.codesPerNumber.max} codes an hour, whoever asks; then 429 with Retry-After`, async () => {
    const n = newNumber();
    for (let i = 0; i < PHONE_LIMITS.codesPerNumber.max; i++)
      expect((await ask(n)).status).toBe(200);
    const res = await ask(n);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/Too many codes were sent to this number/);
    await runDueJobs(app);
    expect(await sms.control.messages(n)).toHaveLength(PHONE_LIMITS.codesPerNumber.max);
  });

  it(`one address asks for at most ${PHONE_LIMITS.codesPerAddress.max} codes an hour across numbers`, async () => {
    const ip = newIp();
    for (let i = 0; i < PHONE_LIMITS.codesPerAddress.max; i++)
      expect((await ask(newNumber(), ip)).status).toBe(200);
    const res = await ask(newNumber(), ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/from your network/);
    // Another address is not affected.
    expect((await ask(newNumber())).status).toBe(200);
  });

  it(`one address tries at most ${PHONE_LIMITS.triesPerAddress.max} codes in 15 minutes across numbers`, async () => {
    const ip = newIp();
    const numbers = Array.from({ length: 7 }, () => newNumber());
    for (const n of numbers) await ask(n);
    let refused: Answer | undefined;
    for (let i = 0; i < PHONE_LIMITS.triesPerAddress.max + 1 && !refused; i++) {
      const res = await verify({ phone: numbers[i % 7], code: '000000' }, { ip });
      if (res.status === 429) refused = res;
      else expect(i).toBeLessThan(PHONE_LIMITS.triesPerAddress.max);
    }
    expect(refused?.body.message).toMatch(/Too many codes were tried/);
  });
});

describe(`code limits under 200 simultaneous requests (${dbLabel()})`, () => {
  const N = 200;
  it(`${N} codes asked for one number at once, from ${N} addresses: exactly ${PHONE_LIMITS.codesPerNumber.max} sent`, async () => {
    const n = newNumber();
    const res = await Promise.all(Array.from({ length: N }, () => ask(n)));
    expect(res.filter((r) => r.status === 200)).toHaveLength(PHONE_LIMITS.codesPerNumber.max);
    expect(res.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    await runDueJobs(app);
    expect(await sms.control.messages(n)).toHaveLength(PHONE_LIMITS.codesPerNumber.max);
  }, 180_000);

  it(`${N} codes asked for ${N} numbers at once from one address: exactly ${PHONE_LIMITS.codesPerAddress.max} sent`, async () => {
    const ip = newIp();
    const numbers = Array.from({ length: N }, () => newNumber());
    const res = await Promise.all(numbers.map((n) => ask(n, ip)));
    expect(res.filter((r) => r.status === 200)).toHaveLength(PHONE_LIMITS.codesPerAddress.max);
    expect(res.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const [{ n }] = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from phone_codes where phone in (${sql.join(
        numbers.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    expect(Number(n)).toBe(PHONE_LIMITS.codesPerAddress.max);
  }, 180_000);

  it(`${N} wrong codes for one number at once: exactly ${PHONE_CODE_TRIES} are compared, the rest find the code dead; then the right code is dead too`, async () => {
    const n = newNumber();
    await ask(n);
    const code = await codeFor(n);
    const res = await Promise.all(
      Array.from({ length: N }, () => verify({ phone: n, code: wrong(code) })),
    );
    expect(res.every((r) => r.status === 400 && r.body.code === 'CODE_INVALID')).toBe(true);
    expect(res.filter((r) => /not right/.test(r.body.message))).toHaveLength(PHONE_CODE_TRIES);
    expect(res.filter((r) => r.body.message === M.codeDead)).toHaveLength(N - PHONE_CODE_TRIES);
    const [row] = await rows<{ attempts: number }>(
      h.db,
      sql`select attempts from phone_codes where phone = ${n}`,
    );
    expect(Number(row.attempts)).toBe(PHONE_CODE_TRIES);
    expect((await verify({ phone: n, code, name: 'Too Late' })).body.message).toBe(M.codeDead);
  }, 180_000);

  it(`the right code sent ${N} times at once signs in once, creating one account`, async () => {
    const n = newNumber();
    await ask(n);
    const code = await codeFor(n);
    const res = await Promise.all(
      Array.from({ length: N }, () => verify({ phone: n, code, name: 'Once Only' })),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(1);
    expect(res.filter((r) => r.cookie)).toHaveLength(1);
    expect(
      res.every((r) => r.status === 201 || (r.status === 400 && r.body.code === 'CODE_INVALID')),
    ).toBe(true);
    const [{ k }] = await rows<{ k: number }>(
      h.db,
      sql`select count(*)::int as k from users where phone = ${n}`,
    );
    expect(Number(k)).toBe(1);
  }, 180_000);
});

describe(`SIM-swap rule: a code sign-in on a new device (${dbLabel()})`, () => {
  const held = (storeId: number) =>
    rows<{ until: Date | string | null; reason: string | null }>(
      h.db,
      sql`select payouts_held_until as until, payouts_hold_reason as reason from store_bank_accounts where store_id = ${storeId}`,
    ).then((r) => r[0]);
  const clearHold = (storeId: number) =>
    h.db.execute(
      sql`update store_bank_accounts set payouts_held_until = null, payouts_hold_reason = null where store_id = ${storeId}`,
    );
  const codeSignIn = async (phone: string, cookie?: string) => {
    await ask(phone);
    return verify({ phone, code: await codeFor(phone) }, { cookie });
  };

  it('an account with a payout account: payouts wait 24 hours, the owner is told in the bell and by e-mail; the store page and a withdrawal say why', async () => {
    const s = await sellerWithStore(h.db, {});
    await h.db.execute(sql`update users set phone = ${newNumber()} where id = ${s.user.id}`);
    const [{ phone }] = await rows<{ phone: string }>(
      h.db,
      sql`select phone from users where id = ${s.user.id}`,
    );
    expect((await payoutAccount(app, h.db, s)).status).toBe(200);
    await clearHold(s.store.id);

    const res = await codeSignIn(phone);
    expect(res.status).toBe(200);
    const hold = await held(s.store.id);
    expect(hold.reason).toBe('new_device');
    const ms = new Date(hold.until!).getTime() - Date.now();
    expect(ms).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(ms).toBeLessThanOrEqual(24 * 3600_000);
    const bell = await c.get('/api/notifications', { cookie: res.cookie });
    expect(bell.body.items[0]).toMatchObject({ type: 'new_device', link: '/user/store/orders' });
    expect(bell.body.items[0].title).toMatch(
      /signed in with an SMS code on a new device: payouts of .* resume on/,
    );
    const mails = await rows<{ payload: any }>(
      h.db,
      sql`select payload from jobs where kind = 'mail.send' and payload->>'to' = ${s.user.email}`,
    );
    expect(mails.map((m) => m.payload.subject)).toContain(
      'New sign-in to your SpareFinder NG account: payouts held for 24 hours',
    );
    const balance = await c.get('/api/store/balance', { cookie: res.cookie });
    expect(balance.body).toMatchObject({ payoutsHoldReason: 'new_device' });
    expect(balance.body.payoutsHeldUntil).toBe(new Date(hold.until!).toISOString());
    const out = await c.post('/api/store/payouts', { amountKobo: 500_000 }, { cookie: res.cookie });
    expect(out.status).toBe(409);
    expect(out.body.message).toMatch(
      /signed in with an SMS code on a new device: payouts resume on/,
    );
  });

  it('the same browser signing in by code again (its device cookie, or a session of the account) holds nothing', async () => {
    const s = await sellerWithStore(h.db, {});
    const phone = newNumber();
    await h.db.execute(sql`update users set phone = ${phone} where id = ${s.user.id}`);
    expect((await payoutAccount(app, h.db, s)).status).toBe(200);
    const first = await codeSignIn(phone);
    const dev = deviceCookie(first)!;
    expect(dev).toMatch(/^sf_dev=/);
    await clearHold(s.store.id);
    // Signed out (no session cookie), the device cookie stays.
    const again = await codeSignIn(phone, dev);
    expect(again.status).toBe(200);
    expect(await held(s.store.id)).toMatchObject({ until: null, reason: null });
    // A browser where the account is signed in (its session), without the device cookie.
    const third = await codeSignIn(phone, again.cookie);
    expect(third.status).toBe(200);
    expect(await held(s.store.id)).toMatchObject({ until: null, reason: null });
    // Another account's device cookie is no help: it is a new device for this account.
    const other = await createUser(h.db, 'Buyer', { phone: newNumber() });
    const otherDev = deviceCookie(await codeSignIn(other.user.phone))!;
    expect((await codeSignIn(phone, otherDev)).status).toBe(200);
    expect((await held(s.store.id)).reason).toBe('new_device');
  });

  it('a browser that signed in with the password before is known; a hold longer than 24 hours is kept', async () => {
    const s = await sellerWithStore(h.db, {});
    const phone = newNumber();
    await h.db.execute(sql`update users set phone = ${phone} where id = ${s.user.id}`);
    expect((await payoutAccount(app, h.db, s)).status).toBe(200);
    await clearHold(s.store.id);
    const login = await c.post('/api/auth/login', {
      email: s.user.email,
      password: 'payout-owner-password-1',
    });
    expect(login.status).toBe(200);
    const dev = deviceCookie(login)!;
    expect((await codeSignIn(phone, dev)).status).toBe(200);
    expect((await held(s.store.id)).until).toBeNull();
    // A bank account change held payouts for longer: a new device neither shortens nor relabels it.
    const later = new Date(Date.now() + 30 * 3600_000);
    await h.db.execute(
      sql`update store_bank_accounts set payouts_held_until = ${later.toISOString()}, payouts_hold_reason = 'bank_account' where store_id = ${s.store.id}`,
    );
    await codeSignIn(phone);
    const hold = await held(s.store.id);
    expect(hold.reason).toBe('bank_account');
    expect(new Date(hold.until!).getTime()).toBe(later.getTime());
  });

  it('an account without a payout account signing in on a new device: no hold, no notice', async () => {
    const { user } = await createUser(h.db, 'Buyer', { phone: newNumber() });
    const res = await codeSignIn(user.phone);
    expect(res.status).toBe(200);
    const bell = await c.get('/api/notifications', { cookie: res.cookie });
    expect(bell.body.items).toEqual([]);
  });

  it('the device cookie is HttpOnly, SameSite=Lax and long-lived; a malformed one is replaced', async () => {
    const { user } = await createUser(h.db, 'Buyer', { phone: newNumber() });
    const res = await codeSignIn(user.phone, `${DEVICE_COOKIE}=not-a-device`);
    const line = cookiesOf(res)
      .split('\n')
      .find((l) => l.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(Number(/Max-Age=(\d+)/.exec(line)?.[1])).toBeGreaterThan(300 * 86_400);
    expect(line).not.toContain('not-a-device');
  });
});
