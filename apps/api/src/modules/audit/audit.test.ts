import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from './service.ts';
import { attentionCounts, defineAttention } from './attention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`audit log (${dbLabel()})`, () => {
  it('records an action with its actor, changed fields and note, newest first', async () => {
    const { user, cookie } = await t.signIn('Admin');
    const { before, after } = changedFields(
      { verified: false, name: 'Ade Parts' },
      { verified: true, name: 'Ade Parts' },
    );
    expect({ before, after }).toEqual({ before: { verified: false }, after: { verified: true } });
    await transaction(t.handle.db, (tx) =>
      recordAudit(tx, {
        actorId: user.id,
        action: 'store.verify',
        targetType: 'store',
        targetId: 41,
        before,
        after,
        note: 'CAC papers seen',
      }),
    );
    await recordAudit(t.handle.db, {
      actorId: null,
      action: 'store.suspend',
      targetType: 'store',
      targetId: 42,
    });
    const all = await t.get('/api/admin/audit', { cookie });
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['42', '41']);
    expect(all.body.items[1]).toMatchObject({
      actorId: user.id,
      actorEmail: user.email,
      action: 'store.verify',
      before: { verified: false },
      after: { verified: true },
      note: 'CAC papers seen',
    });
    expect(all.body.items[0]).toMatchObject({ actorEmail: 'system', before: null, note: null });
    const one = await t.get('/api/admin/audit?targetType=store&targetId=41', { cookie });
    expect(one.body.items).toHaveLength(1);
    const byAction = await t.get('/api/admin/audit?action=store.suspend', { cookie });
    expect(byAction.body.items.map((i: { targetId: string }) => i.targetId)).toEqual(['42']);
  });

  it('is written with the change or not at all', async () => {
    const { user, cookie } = await t.signIn('Admin');
    await expect(
      transaction(t.handle.db, async (tx) => {
        await recordAudit(tx, {
          actorId: user.id,
          action: 'user.lock',
          targetType: 'user',
          targetId: 'x1',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const list = await t.get('/api/admin/audit?targetType=user&targetId=x1', { cookie });
    expect(list.body.items).toEqual([]);
  });

  it('cannot be edited or removed, even by SQL', async () => {
    await expect(
      t.handle.db.execute(sql`update audit_log set note = 'rewritten'`),
    ).rejects.toThrow();
    await expect(t.handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const { cookie } = await t.signIn('Admin');
    const list = await t.get('/api/admin/audit?targetId=41', { cookie });
    expect(list.body.items[0].note).toBe('CAC papers seen');
  });

  it('pages with a cursor and refuses a malformed filter', async () => {
    const { user, cookie } = await t.signIn('Admin');
    for (let i = 0; i < 55; i++)
      await recordAudit(t.handle.db, {
        actorId: user.id,
        action: 'product.edit',
        targetType: 'product',
        targetId: 7,
      });
    const first = await t.get('/api/admin/audit?targetType=product', { cookie });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.lastId).toBe(first.body.items[49].id);
    const second = await t.get(`/api/admin/audit?targetType=product&lastId=${first.body.lastId}`, {
      cookie,
    });
    expect(second.body.items).toHaveLength(5);
    expect(second.body.lastId).toBeNull();
    expect((await t.get('/api/admin/audit?action=DROP TABLE', { cookie })).status).toBe(400);
    expect((await t.get('/api/admin/audit?actorId=nope', { cookie })).status).toBe(400);
  });

  it('counts what needs attention, for admins only', async () => {
    defineAttention({
      key: 'test.audit-entries',
      label: 'Audit entries',
      href: '/admin/audit',
      count: async (db) =>
        (await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_log`))[0].n,
    });
    const { cookie } = await t.signIn('Admin');
    const ans = await t.get('/api/admin/attention', { cookie });
    expect(ans.status).toBe(200);
    expect(ans.body.items).toContainEqual({
      key: 'test.audit-entries',
      label: 'Audit entries',
      href: '/admin/audit',
      count: 57,
    });
    expect(await attentionCounts(t.handle.db)).toContainEqual(
      expect.objectContaining({ key: 'test.audit-entries', count: 57 }),
    );
    for (const role of ['Buyer', 'Seller', 'Mechanic', 'Tow Van'] as const) {
      const other = await t.signIn(role);
      expect((await t.get('/api/admin/audit', { cookie: other.cookie })).status).toBe(403);
      expect((await t.get('/api/admin/attention', { cookie: other.cookie })).status).toBe(403);
    }
    expect((await t.get('/api/admin/audit')).status).toBe(401);
  });
});
