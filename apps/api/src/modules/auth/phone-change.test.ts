import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES as M, normalisePhone } from '@sf/shared';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createUser, uniquePhone } from '../../test/factories.ts';
import { LIMITS } from './service.ts';

// The profile's phone field must not be an unlimited "is this number registered?" question:
// tries at a new number are limited per account and per address, saved or refused, and a
// refusal names no account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let ipN = 0;
const newIp = () => `10.31.${Math.floor(++ipN / 250)}.${(ipN % 250) + 1}`;
const change = (cookie: string, phone: string, ip = newIp()) =>
  t.call('PATCH', '/api/user/profile', { cookie, body: { phone }, ip });

describe(`phone number changes on the profile (${dbLabel()})`, () => {
  it('a number another account holds is refused in words that name no account', async () => {
    const other = await createUser(t.app.db, 'Seller');
    const me = await createUser(t.app.db, 'Buyer');
    const r = await change(me.cookie, other.user.phone);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(M.phoneUnavailable);
    expect(r.body.fields).toEqual({ phone: M.phoneUnavailable });
    expect(r.body.message).not.toMatch(/already|exists|registered|log in|reset/i);
    // The refused number stays the other account's; mine is unchanged.
    const mine = await t.call('GET', '/api/user/profile', { cookie: me.cookie });
    expect(mine.body.user.phone).toBe(me.user.phone);
  });

  it(`at most ${LIMITS.phoneChanges.max} new numbers a day per account, saved or refused; then 429 with a wait`, async () => {
    const other = await createUser(t.app.db);
    const me = await createUser(t.app.db);
    const max = LIMITS.phoneChanges.max;
    for (let i = 0; i < max; i++) {
      // Alternate: a free number (saved) and one another account holds (refused).
      const r = await change(me.cookie, i % 2 ? other.user.phone : uniquePhone());
      expect(r.status, `try ${i + 1}`).toBe(i % 2 ? 409 : 200);
    }
    for (const phone of [uniquePhone(), other.user.phone]) {
      const r = await change(me.cookie, phone);
      expect(r.status).toBe(429);
      expect(r.body.message).toMatch(/changed your phone number too often.*try again in/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(3600);
    }
    // Saving the profile with the same number, or other fields, is not a change and not counted.
    const mine = (await t.call('GET', '/api/user/profile', { cookie: me.cookie })).body.user.phone;
    const same = await t.call('PATCH', '/api/user/profile', {
      cookie: me.cookie,
      body: { phone: mine, name: 'Still Me' },
      ip: newIp(),
    });
    expect(same.status).toBe(200);
    // Another account is not held back by mine.
    const them = await createUser(t.app.db);
    expect((await change(them.cookie, uniquePhone())).status).toBe(200);
  });

  it(`one address tries at most ${LIMITS.phoneChangesPerAddress.max} new numbers an hour across accounts`, async () => {
    const ip = newIp();
    const holder = await createUser(t.app.db);
    const max = LIMITS.phoneChangesPerAddress.max;
    const users = await Promise.all(
      Array.from({ length: Math.ceil(max / LIMITS.phoneChanges.max) + 1 }, () =>
        createUser(t.app.db),
      ),
    );
    let tries = 0;
    for (const u of users)
      for (let i = 0; i < LIMITS.phoneChanges.max && tries < max; i++, tries++)
        expect((await change(u.cookie, holder.user.phone, ip)).status).toBe(409);
    const last = users[users.length - 1];
    const r = await change(last.cookie, holder.user.phone, ip);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/too often/);
  });

  it('many changes of one account at once: the limit holds, and one number ends on one account', async () => {
    const me = await createUser(t.app.db);
    const you = await createUser(t.app.db);
    const phone = uniquePhone();
    const res = await Promise.all(
      Array.from({ length: 200 }, (_, i) => change(i % 2 ? you.cookie : me.cookie, phone)),
    );
    // Both accounts try the same number: one gets it (its later saves of its own number are no
    // change), the other is refused; past the limit every try is a 429.
    const winners = new Set(res.flatMap((r, i) => (r.status === 200 ? [i % 2] : [])));
    expect(winners.size).toBe(1);
    const loser = 1 - [...winners][0];
    const loserTries = res.filter((_, i) => i % 2 === loser);
    expect(loserTries.filter((r) => r.status === 409).length).toBeLessThanOrEqual(
      LIMITS.phoneChanges.max,
    );
    expect(loserTries.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(
      100 - LIMITS.phoneChanges.max,
    );
    expect(res.every((r) => [200, 409, 429].includes(r.status))).toBe(true);
    const holders = await Promise.all(
      [me, you].map(
        async (u) => (await t.call('GET', '/api/user/profile', { cookie: u.cookie })).body.user,
      ),
    );
    expect(holders.filter((u) => u.phone === normalisePhone(phone))).toHaveLength(1);
  }, 60_000);
});
