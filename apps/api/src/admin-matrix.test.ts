import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from './test/helper.ts';

// Every /api/admin route any module declares (read from the OpenAPI description, so a new
// route is covered the day it is added), called by a guest and by each public role.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function adminOperations(): { method: Method; path: string }[] {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const out: { method: Method; path: string }[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/admin')) continue;
    for (const m of Object.keys(ops)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      // Any value will do for a path parameter: the guard answers before the route is chosen.
      out.push({
        method,
        path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000001'),
      });
    }
  }
  return out;
}

describe(`every admin route x every role (${dbLabel()})`, () => {
  it('guest 401; Buyer, Seller, Mechanic, Tow Van 403, before any handler runs', async () => {
    const ops = adminOperations();
    expect(ops.length).toBeGreaterThanOrEqual(6);
    const roles = ['Buyer', 'Seller', 'Mechanic', 'Tow Van'] as const;
    const cookies = await Promise.all(roles.map(async (r) => (await t.signIn(r)).cookie));
    for (const op of ops) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      const guest = await t.call(op.method, op.path, { body });
      expect(guest.status, `${op.method} ${op.path} guest`).toBe(401);
      for (const [i, cookie] of cookies.entries()) {
        const res = await t.call(op.method, op.path, { body, cookie });
        expect(res.status, `${op.method} ${op.path} ${roles[i]}`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
  });
});
