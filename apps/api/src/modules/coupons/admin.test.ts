import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createStore } from '../catalog/testing.ts';
import { couponsService } from './service.ts';

// Staff's coupons and plans: every change with its audit entry (before and after).
let t: TestApp;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signIn('Admin');
  admin = { cookie: a.cookie, id: a.user.id };
});
afterAll(() => t?.close());

const trail = (type: string, id: number) =>
  rows<{ action: string; actor_id: string; before: any; after: any; note: string | null }>(
    t.handle.db,
    sql`select action, actor_id, before, after, note from audit_log
        where target_type = ${type} and target_id = ${String(id)} order by id`,
  );
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  t.call(method, url, { body, cookie: admin.cookie });

describe(`admin: coupons (${dbLabel()})`, () => {
  it('creates a coupon with limit and expiry, changes them, shows its use; audited', async () => {
    const made = await call('POST', '/api/admin/coupons', {
      code: 'detty-december',
      kind: 'percent',
      value: 10,
      usageLimit: 100,
      expiresAt: '2030-12-31T23:00:00Z',
      note: 'Holiday promo',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const c = made.body.coupon;
    expect(c).toMatchObject({ code: 'DETTY-DECEMBER', usageLimit: 100, usedCount: 0 });
    await couponsService(t.handle.db).redeem(c.id, c.code);
    const patched = await call('PATCH', `/api/admin/coupons/${c.id}`, {
      usageLimit: 5,
      expiresAt: null,
      note: 'Too generous',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.coupon).toMatchObject({ usageLimit: 5, expiresAt: null, usedCount: 1 });
    const off = await call('PATCH', `/api/admin/coupons/${c.id}`, { active: false });
    expect(off.body.coupon.active).toBe(false);
    const list = await call('GET', '/api/admin/coupons');
    expect(list.body.items.find((x: any) => x.id === c.id).usedCount).toBe(1);
    const log = await trail('coupon', c.id);
    expect(log.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update']);
    expect(log[0]).toMatchObject({ actor_id: admin.id, note: 'Holiday promo' });
    expect(log[1].before).toEqual({ usageLimit: 100, expiresAt: '2030-12-31T23:00:00.000Z' });
    expect(log[1].after).toEqual({ usageLimit: 5, expiresAt: null });
    expect(log[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await call('PATCH', `/api/admin/coupons/${c.id}`, {})).status).toBe(400);
    const noteOnly = await call('PATCH', `/api/admin/coupons/${c.id}`, { note: 'just a note' });
    expect(noteOnly.status).toBe(400);
    expect(noteOnly.body.message).toMatch(/Nothing to change/);
    expect((await call('PATCH', '/api/admin/coupons/999999', { active: true })).status).toBe(404);
    const dup = await call('POST', '/api/admin/coupons', {
      code: 'DETTY-DECEMBER',
      kind: 'fixed',
      value: 500,
    });
    expect(dup.status).toBe(409);
  });

  it('a usage limit below the uses so far is a 400 saying the least it may be; at the count it holds', async () => {
    const made = await call('POST', '/api/admin/coupons', {
      code: 'used-thrice',
      kind: 'fixed',
      value: 50_000,
      usageLimit: 10,
    });
    const c = made.body.coupon;
    for (let i = 0; i < 3; i++) await couponsService(t.handle.db).redeem(c.id, c.code);
    for (const usageLimit of [1, 2]) {
      const r = await call('PATCH', `/api/admin/coupons/${c.id}`, { usageLimit });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toBe(
        'This coupon has been used 3 times: set a usage limit of at least 3, or none',
      );
      expect(r.body.fields).toEqual({ usageLimit: r.body.message });
    }
    const [row] = await rows<{ usage_limit: number }>(
      t.handle.db,
      sql`select usage_limit from coupons where id = ${c.id}`,
    );
    expect(row.usage_limit).toBe(10);
    const atCount = await call('PATCH', `/api/admin/coupons/${c.id}`, { usageLimit: 3 });
    expect(atCount.status).toBe(200);
    expect(atCount.body.coupon).toMatchObject({ usageLimit: 3, usedCount: 3 });
    expect((await call('PATCH', `/api/admin/coupons/${c.id}`, { usageLimit: null })).status).toBe(
      200,
    );
  });

  it('uses and a lower limit at the same time: never a 500, and the limit never falls below the uses', async () => {
    const made = await call('POST', '/api/admin/coupons', {
      code: 'race-limit',
      kind: 'fixed',
      value: 50_000,
      usageLimit: 100,
    });
    const c = made.body.coupon;
    const uses = Array.from({ length: 40 }, () => couponsService(t.handle.db).redeem(c.id, c.code));
    const lower = [5, 10, 15, 20, 25].map((usageLimit) =>
      call('PATCH', `/api/admin/coupons/${c.id}`, { usageLimit }),
    );
    await Promise.allSettled(uses);
    const patches = (await Promise.all(lower)).map((r) => r.status);
    expect(patches.every((s) => s === 200 || s === 400)).toBe(true);
    const [row] = await rows<{ used_count: number; usage_limit: number }>(
      t.handle.db,
      sql`select used_count, usage_limit from coupons where id = ${c.id}`,
    );
    expect(row.used_count).toBeLessThanOrEqual(row.usage_limit);
  });
});

describe(`admin: subscription plans (${dbLabel()})`, () => {
  it("changes a plan's price, limit and boost; subscribers' stores move at once; audited", async () => {
    const list = await call('GET', '/api/admin/plans');
    expect(list.status).toBe(200);
    const basic = list.body.items.find((p: any) => p.audience === 'store' && p.code === 'basic');
    expect(basic).toBeTruthy();
    const seller = await t.signIn('Seller');
    const store = await createStore(t.handle.db, { ownerUserId: seller.user.id });
    await t.handle.db.execute(
      sql`insert into subscriptions (user_id, plan_id, period_end)
          values (${seller.user.id}, ${basic.id}, now() + interval '20 days')`,
    );
    const res = await call('PATCH', `/api/admin/plans/${basic.id}`, {
      priceKobo: 750_000,
      itemLimit: 80,
      rankBoost: basic.rankBoost + 7,
      note: 'New year prices',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.item).toMatchObject({ priceKobo: 750_000, itemLimit: 80, subscribers: 1 });
    const [st] = await rows<{ rank_boost: number }>(
      t.handle.db,
      sql`select rank_boost from stores where id = ${store.id}`,
    );
    expect(st.rank_boost).toBe(basic.rankBoost + 7);
    const seen = await t.call('GET', '/api/subscriptions', { cookie: seller.cookie });
    expect(seen.body.plans.find((p: any) => p.code === 'basic').priceKobo).toBe(750_000);
    const log = await trail('plan', basic.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'plan.update',
      actor_id: admin.id,
      before: {
        priceKobo: basic.priceKobo,
        itemLimit: basic.itemLimit,
        rankBoost: basic.rankBoost,
      },
      after: { priceKobo: 750_000, itemLimit: 80, rankBoost: basic.rankBoost + 7 },
      note: 'New year prices',
    });
    expect((await call('PATCH', `/api/admin/plans/${basic.id}`, { priceKobo: -1 })).status).toBe(
      400,
    );
    expect((await call('PATCH', '/api/admin/plans/9999', { name: 'X' })).status).toBe(404);
  });
});
