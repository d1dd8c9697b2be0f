import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_GUEST_COOKIE } from '@sf/shared';
import { createSession, SESSION_COOKIE, SESSIONS_CHANNEL } from '../lib/session.ts';
import { GUEST_CHAT_DAYS } from '../lib/chat-guest.ts';
import { metrics } from '../lib/metrics.ts';
import type { LiveEvent } from '../lib/bus.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createTestApp, dbLabel, setCookieHeader, type TestApp } from './helper.ts';
import { uniquePhone } from './factories.ts';

// Every path that ends a session goes through one function (decision 0010): the session stops
// working at once, the end is announced on the bus for every process, and it is counted by
// reason. And the guest chat cookie does not outlive a sign-in or sign-out on the browser.

const ADMIN_PW = 'Staff-Jollof-Rice-9';
const USER_PW = 'Okada-rides-4-ever';

let t: TestApp;
const heard: LiveEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.bus.subscribe(SESSIONS_CHANNEL, (e) => void heard.push(e));
});
afterAll(() => t?.close());

const signedIn = async (cookie: string) =>
  (await t.get('/api/auth/dszauth', { cookie })).body.user.isauthenticated as boolean;
const ended = async (reason: string) =>
  (await metrics.sessionsEnded.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
const secondSession = async (userId: string) =>
  `${SESSION_COOKIE}=${(await createSession(t.handle.db, userId)).token}`;

describe(`every way a session ends (${dbLabel()})`, () => {
  it('logout ends that session only, announces it and counts it', async () => {
    const u = await t.signIn('Buyer');
    const other = await secondSession(u.user.id);
    const before = await ended('logout');
    heard.length = 0;
    expect((await t.post('/api/auth/logout', {}, { cookie: u.cookie })).status).toBe(200);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(other)).toBe(true);
    expect(await ended('logout')).toBe(before + 1);
    expect(heard).toEqual([
      expect.objectContaining({ type: 'sessions.ended', userId: u.user.id, reason: 'logout' }),
    ]);
    expect((heard[0].sessionIds as string[]).length).toBe(1);
  });

  it('a password change ends every other session; a reset ends all', async () => {
    const u = await t.signIn('Seller', { passwordHash: await hashPassword(USER_PW) });
    const other = await secondSession(u.user.id);
    const before = await ended('password');
    const changed = await t.patch(
      '/api/user/profile',
      { currentPassword: USER_PW, newPassword: 'Suya-by-the-roadside-7' },
      { cookie: u.cookie },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(changed.cookie!)).toBe(true);
    expect(await ended('password')).toBe(before + 2);
  });

  it('a lock, a role change and an admin ending sessions: at once, announced, counted', async () => {
    const admin = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
    const a = await t.signIn('Seller');
    const b = await t.signIn('Buyer');
    const c = await t.signIn('Buyer');
    const c2 = await secondSession(c.user.id);
    const counts = {
      locked: await ended('locked'),
      role: await ended('role'),
      admin: await ended('admin'),
    };
    heard.length = 0;

    expect(
      (await t.post(`/api/admin/users/${a.user.id}/lock`, {}, { cookie: admin.cookie })).status,
    ).toBe(200);
    expect(await signedIn(a.cookie)).toBe(false);
    const role = await t.post(
      `/api/admin/users/${b.user.id}/role`,
      { role: 'Seller', password: ADMIN_PW },
      { cookie: admin.cookie },
    );
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(await signedIn(b.cookie)).toBe(false);

    // One session of the user, by its id from the admin's view; then the rest.
    const view = await t.get(`/api/admin/users/${c.user.id}`, { cookie: admin.cookie });
    expect(view.body.sessions).toHaveLength(2);
    const one = await t.post(
      `/api/admin/users/${c.user.id}/sessions/end`,
      { sessionId: view.body.sessions[0].id },
      { cookie: admin.cookie },
    );
    expect(one.body.message).toBe('1 session ended');
    expect([await signedIn(c.cookie), await signedIn(c2)].sort()).toEqual([false, true]);
    const rest = await t.post(
      `/api/admin/users/${c.user.id}/sessions/end`,
      {},
      { cookie: admin.cookie },
    );
    expect(rest.body.message).toBe('1 session ended');
    expect(await signedIn(c.cookie)).toBe(false);
    expect(await signedIn(c2)).toBe(false);
    const again = await t.post(
      `/api/admin/users/${c.user.id}/sessions/end`,
      { sessionId: view.body.sessions[0].id },
      { cookie: admin.cookie },
    );
    expect(again.status).toBe(404);

    expect(await ended('locked')).toBe(counts.locked + 1);
    expect(await ended('role')).toBe(counts.role + 1);
    expect(await ended('admin')).toBe(counts.admin + 2);
    expect(heard.map((e) => [e.userId, e.reason, e.sessionIds === null])).toEqual([
      [a.user.id, 'locked', true],
      [b.user.id, 'role', true],
      [c.user.id, 'admin', false],
      [c.user.id, 'admin', true],
    ]);
  });

  it('signing in on a browser ends the session that was signed in there', async () => {
    const a = await t.signIn('Buyer');
    const email = `switch-${Date.now()}@test.ng`;
    const reg = await t.post(
      '/api/auth/register',
      { name: 'Next Person', email, phone: uniquePhone(), password: USER_PW, role: 'Buyer' },
      { cookie: a.cookie, ip: '10.91.0.1' },
    );
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(await signedIn(a.cookie)).toBe(false);
  });
});

const chatCookieOf = (h: string | string[] | undefined) => {
  const m = new RegExp(`${CHAT_GUEST_COOKIE}=([^;]*)[^\\n]*`).exec(setCookieHeader(h));
  return m ? { value: m[1], line: m[0] } : undefined;
};

describe(`the guest chat cookie on a shared computer (${dbLabel()})`, () => {
  async function guestChat() {
    const first = await t.post('/api/chat/support/messages', { body: 'Do you deliver to Jos?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const c = chatCookieOf(first.headers['set-cookie'])!;
    return { cookie: `${CHAT_GUEST_COOKIE}=${c.value}`, line: c.line };
  }
  const isCleared = (h: string | string[] | undefined) => {
    const c = chatCookieOf(h);
    return Boolean(c && c.value === '' && /Expires=Thu, 01 Jan 1970/i.test(c.line));
  };

  it('expires after a week', async () => {
    const { line } = await guestChat();
    const expires = new Date(/Expires=([^;]+)/i.exec(line)![1]).getTime();
    expect(expires - Date.now()).toBeLessThanOrEqual(GUEST_CHAT_DAYS * 86_400_000);
    expect(expires - Date.now()).toBeGreaterThan((GUEST_CHAT_DAYS - 1) * 86_400_000);
  });

  it('is cleared when someone signs in, registers or signs out there', async () => {
    const admin = await t.signIn('Admin', { passwordHash: await hashPassword(ADMIN_PW) });
    const u = await t.signIn('Buyer', { passwordHash: await hashPassword(USER_PW) });
    const guest = await guestChat();
    const login = await t.post(
      '/api/auth/login',
      { email: u.user.email, password: USER_PW },
      { cookie: guest.cookie, ip: '10.91.0.2' },
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(isCleared(login.headers['set-cookie'])).toBe(true);

    const g2 = await guestChat();
    const reg = await t.post(
      '/api/auth/register',
      {
        name: 'Shared Pc',
        email: `shared-${Date.now()}@test.ng`,
        phone: uniquePhone(),
        password: USER_PW,
        role: 'Buyer',
      },
      { cookie: g2.cookie, ip: '10.91.0.3' },
    );
    expect(reg.status).toBe(201);
    expect(isCleared(reg.headers['set-cookie'])).toBe(true);

    const out = await t.post(
      '/api/auth/logout',
      {},
      { cookie: `${admin.cookie}; ${guest.cookie}` },
    );
    expect(out.status).toBe(200);
    expect(isCleared(out.headers['set-cookie'])).toBe(true);
    // Even a sign-out whose session had already ended clears it.
    const stale = await t.post('/api/auth/logout', {}, { cookie: guest.cookie });
    expect(stale.status).toBe(401);
    expect(isCleared(stale.headers['set-cookie'])).toBe(true);
  });
});
