import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { uniquePhone } from '../../test/factories.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
let admin: { cookie: string; id: string };
const ADMIN_PW = 'Staff-Jollof-Rice-9';
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
  admin = { cookie: a.cookie, id: a.user.id };
});
afterAll(() => t?.close());

let n = 0;
/** A registered user who signs in with a password (so lock and reset can be seen at login). */
async function member(role = 'Buyer') {
  const body = {
    name: `Kelechi Obi ${++n}`,
    email: `kelechi${n}-${Date.now()}@test.ng`,
    phone: uniquePhone(),
    password: 'Okada-rides-4-ever',
    role,
  };
  const r = await t.call('POST', '/api/auth/register', { body, ip: `10.9.0.${n}` });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.user.id as string, cookie: r.cookie!, ...body };
}
const login = (email: string, password: string) =>
  t.call('POST', '/api/auth/login', { body: { email, password }, ip: '10.9.1.1' });
const me = (cookie: string) => t.call('GET', '/api/auth/dszauth', { cookie });
const as = (path: string, body: unknown = {}) =>
  t.call('POST', path, { body, cookie: admin.cookie });
const trail = async (id: string) =>
  rows<{ action: string; actor_id: string; before: any; after: any; note: string | null }>(
    t.handle.db,
    sql`select action, actor_id, before, after, note from audit_log
        where target_type = 'user' and target_id = ${id} order by id`,
  );

describe(`admin: users (${dbLabel()})`, () => {
  it('finds accounts by e-mail, phone in any spelling, or name; shows locks', async () => {
    const u = await member();
    const byMail = await t.call('GET', `/api/admin/users?q=${encodeURIComponent(u.email)}`, {
      cookie: admin.cookie,
    });
    expect(byMail.status).toBe(200);
    expect(byMail.body.items.map((x: any) => x.id)).toEqual([u.id]);
    expect(byMail.body.items[0].lockedAt).toBeNull();
    const spelt = `+234 ${u.phone.replace(/\s/g, '').slice(1)}`;
    const byPhone = await t.call('GET', `/api/admin/users?q=${encodeURIComponent(spelt)}`, {
      cookie: admin.cookie,
    });
    expect(byPhone.body.items.map((x: any) => x.id)).toEqual([u.id]);
    const byName = await t.call('GET', `/api/admin/users?q=${encodeURIComponent(u.name)}`, {
      cookie: admin.cookie,
    });
    expect(byName.body.items.map((x: any) => x.id)).toEqual([u.id]);
    // LIKE's wildcards are plain characters in a search.
    const wild = await t.call('GET', '/api/admin/users?q=%25', { cookie: admin.cookie });
    expect(wild.body.items).toEqual([]);
  });

  it('changes a role only with the admin password again; the account signs in anew; audited', async () => {
    const u = await member('Buyer');
    const path = `/api/admin/users/${u.id}/role`;
    const missing = await as(path, { role: 'Seller' });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 'PASSWORD_AGAIN' });
    const wrong = await as(path, { role: 'Seller', password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/not your password/);
    expect((await trail(u.id)).length).toBe(0);
    const ok = await as(path, { role: 'Seller', password: ADMIN_PW, note: 'Opened a shop' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.item.role).toBe('Seller');
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(false);
    expect((await login(u.email, u.password)).body.user.role).toBe('Seller');
    expect(await trail(u.id)).toEqual([
      {
        action: 'user.role',
        actor_id: admin.id,
        before: { role: 'Buyer' },
        after: { role: 'Seller' },
        note: 'Opened a shop',
      },
    ]);
    expect((await as(path, { role: 'Seller', password: ADMIN_PW })).status).toBe(409);
    expect((await as(path, { role: 'Pilot', password: ADMIN_PW })).status).toBe(400);
    // Never one's own: another admin does that.
    const self = await as(`/api/admin/users/${admin.id}/role`, {
      role: 'Buyer',
      password: ADMIN_PW,
    });
    expect(self.status).toBe(409);
  });

  it('ten wrong re-typed passwords pause the admin (429)', async () => {
    const a = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
    const u = await member();
    const path = `/api/admin/users/${u.id}/role`;
    for (let i = 0; i < 10; i++)
      expect(
        (await t.call('POST', path, { body: { role: 'Seller', password: 'x' }, cookie: a.cookie }))
          .status,
      ).toBe(403);
    const eleventh = await t.call('POST', path, {
      body: { role: 'Seller', password: ADMIN_PW },
      cookie: a.cookie,
    });
    expect(eleventh.status).toBe(429);
  });

  it('locks: sessions end, sign-in refused with a clear message; unlock opens it; audited', async () => {
    const u = await member();
    const locked = await as(`/api/admin/users/${u.id}/lock`, { note: 'Fraud report' });
    expect(locked.status).toBe(200);
    expect(locked.body.item.lockedAt).toBeTruthy();
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(false);
    const refused = await login(u.email, u.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(refused.cookie).toBeFalsy();
    // A wrong password still gets the usual answer: the lock is told only to the owner.
    expect((await login(u.email, 'wrong-password-1')).status).toBe(401);
    expect((await as(`/api/admin/users/${u.id}/lock`)).status).toBe(409);
    expect((await as(`/api/admin/users/${admin.id}/lock`)).status).toBe(409);
    const open = await as(`/api/admin/users/${u.id}/unlock`);
    expect(open.status).toBe(200);
    expect(open.body.item.lockedAt).toBeNull();
    expect((await login(u.email, u.password)).status).toBe(200);
    expect((await as(`/api/admin/users/${u.id}/unlock`)).status).toBe(409);
    const log = await trail(u.id);
    expect(log.map((e) => e.action)).toEqual(['user.lock', 'user.unlock']);
    expect(log[0]).toMatchObject({ actor_id: admin.id, note: 'Fraud report' });
    expect(log[0].before).toEqual({ lockedAt: null });
  });

  it('forces a reset: old password dead, sessions ended, the reset mail sent; audited', async () => {
    const u = await member();
    const res = await as(`/api/admin/users/${u.id}/password-reset`);
    expect(res.status).toBe(200);
    expect((await me(u.cookie)).body.user.isauthenticated).toBe(false);
    expect((await login(u.email, u.password)).status).toBe(401);
    await runDueJobs(t.app);
    await runDueJobs(t.app);
    const [m] = await rows<{ text: string }>(
      t.handle.db,
      sql`select text from outbox where "to" = ${u.email} order by created_at desc limit 1`,
    );
    const token = /token=([\w-]+)/.exec(m.text)![1];
    const done = await t.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'Brand-New-Agege-Bread-7' },
    });
    expect(done.status).toBe(200);
    expect((await login(u.email, 'Brand-New-Agege-Bread-7')).status).toBe(200);
    expect((await trail(u.id)).map((e) => e.action)).toEqual(['user.password-reset']);
  });

  it('lists sessions and ends one or all; audited', async () => {
    const u = await member();
    const second = (await login(u.email, u.password)).cookie!;
    const got = await t.call('GET', `/api/admin/users/${u.id}`, { cookie: admin.cookie });
    expect(got.status).toBe(200);
    expect(got.body.sessions.length).toBe(2);
    const one = got.body.sessions[0].id;
    const ended = await as(`/api/admin/users/${u.id}/sessions/end`, { sessionId: one });
    expect(ended.body.message).toBe('1 session ended');
    expect((await as(`/api/admin/users/${u.id}/sessions/end`, { sessionId: one })).status).toBe(
      404,
    );
    const left = [await me(u.cookie), await me(second)].filter((r) => r.body.user.isauthenticated);
    expect(left.length).toBe(1);
    const all = await as(`/api/admin/users/${u.id}/sessions/end`);
    expect(all.body.message).toBe('1 session ended');
    expect((await me(second)).body.user.isauthenticated).toBe(false);
    expect((await trail(u.id)).map((e) => e.action)).toEqual([
      'user.sessions-end',
      'user.sessions-end',
    ]);
    expect(
      (
        await t.call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000009', {
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/admin/users/nope', { cookie: admin.cookie })).status).toBe(
      400,
    );
  });
});
