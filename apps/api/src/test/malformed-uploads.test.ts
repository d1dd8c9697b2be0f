import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { dbLabel } from './helper.ts';
import { createUser } from './factories.ts';
import { multipart, photo, type Part } from './multipart.ts';
import { as, createCommerceWorld, placeIds, type World } from '../modules/checkout/testing.ts';
import { makeId } from '../modules/catalog/testing.ts';
import { orderUpTo } from '../modules/reviews/testing.ts';
import { seedProviders } from '../modules/providers/seed.ts';
import { csvOf, goodRows } from '../modules/product-import/testing.ts';

// Every upload route, signed in as the one who may use it, sent broken multipart bodies: each
// is a 4xx with a message (the parser's refusals are turned into words in one place,
// lib/uploads.ts), nothing is stored, and a good body still goes through afterwards.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-malformed-uploads-'));
let w: World;
interface Route {
  url: string;
  cookie: string;
  field: string;
  good: () => Promise<Buffer>;
  filename: string;
}
const routes: Route[] = [];

beforeAll(async () => {
  w = await createCommerceWorld({ paystack: 'mounted', config: { imagesDir: dir } });
  await seedProviders(w.db);
  const pic = () => photo({ width: 64, height: 48 });
  const csv = async () => Buffer.from(csvOf(goodRows(1, 'MP')));

  // A part is reviewed once its order is completed; a dispute needs a still-delivered order.
  const x = await orderUpTo(w, 'completed', { method: 'pay_on_delivery' });
  const y = await orderUpTo(w, 'delivered', { method: 'pay_on_delivery', buyer: x.buyer });
  const buyer = as(w.app, x.buyer.cookie);
  const review = await buyer.post('/api/reviews', {
    orderId: x.order.id,
    productId: x.p.prodId,
    storeRating: 5,
    productRating: 4,
    body: 'Fitted well.',
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  const dispute = await buyer.post('/api/disputes', {
    orderId: y.order.id,
    productId: y.p.prodId,
    reason: 'wrong_part',
    message: 'I ordered a left headlamp and received a right one.',
  });
  expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
  const request = await buyer.post('/api/requests', {
    kind: 'part',
    catId: 601,
    makeId: await makeId(w.db, 'Toyota'),
    year: 2010,
    ...(await placeIds(w.db, 'Lagos', 'Ikeja')),
    description: 'Left headlamp for a 2010 Corolla',
    urgency: 'today',
  });
  expect(request.status, JSON.stringify(request.body)).toBe(201);

  const mechanic = await createUser(w.db, 'Mechanic');
  await w.db.execute(
    sql`update service_providers set owner_user_id = ${mechanic.user.id}
        where sp_id = (select min(sp_id) from service_providers where kind = 'mechanic')`,
  );
  const admin = await createUser(w.db, 'Admin');
  const seller = x.s.cookie;
  const img = { good: pic, filename: 'part.jpg' };
  routes.push(
    { url: '/api/store/logo', cookie: seller, field: 'logo', ...img },
    { url: `/api/store/products/${x.p.prodId}/images`, cookie: seller, field: 'images', ...img },
    { url: '/api/store/imports', cookie: seller, field: 'file', good: csv, filename: 'p.csv' },
    { url: '/api/provider/logo', cookie: mechanic.cookie, field: 'logo', ...img },
    { url: '/api/admin/categories/601/image', cookie: admin.cookie, field: 'image', ...img },
    {
      url: `/api/reviews/${review.body.item.id}/photo`,
      cookie: x.buyer.cookie,
      field: 'photo',
      ...img,
    },
    {
      url: `/api/disputes/${dispute.body.item.id}/photos`,
      cookie: x.buyer.cookie,
      field: 'photo',
      ...img,
    },
    {
      url: `/api/requests/${request.body.item.id}/photo`,
      cookie: x.buyer.cookie,
      field: 'photo',
      ...img,
    },
  );
}, 240_000);
afterAll(async () => {
  await w?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stored = () => fs.readdirSync(dir, { recursive: true }).map(String).sort();
const boundaryOf = (ct: string) => ct.split('boundary=')[1];

/** The broken bodies: a name, the bytes, the content-type, and the statuses that are right. */
function broken(r: Route, file: Buffer) {
  const good = multipart([{ field: r.field, filename: r.filename, data: file }]);
  const ct = good.headers['content-type'];
  const b = boundaryOf(ct);
  const own = (parts: Part[]) => {
    const m = multipart(parts);
    return { payload: m.payload, ct: m.headers['content-type'] };
  };
  const cases: { name: string; payload: Buffer | string; ct: string; status: number[] }[] = [
    { name: 'cut short in the file', payload: good.payload.subarray(0, 160), ct, status: [400] },
    {
      name: 'cut short before the end',
      payload: good.payload.subarray(0, good.payload.length - 12),
      ct,
      status: [400],
    },
    { name: 'cut short in the headers', payload: good.payload.subarray(0, 40), ct, status: [400] },
    { name: 'no boundary', payload: good.payload, ct: 'multipart/form-data', status: [400] },
    {
      name: 'another boundary',
      payload: good.payload,
      ct: 'multipart/form-data; boundary=other',
      status: [400],
    },
    { name: 'empty', payload: '', ct, status: [400] },
    { name: 'not multipart inside', payload: '{"file":"x"}', ct, status: [400] },
    {
      name: 'a part without its disposition',
      payload: `--${b}\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--${b}--\r\n`,
      ct,
      status: [400],
    },
    {
      name: 'a header line without a colon',
      payload: `--${b}\r\nno colon here\r\n\r\nabc\r\n--${b}--\r\n`,
      ct,
      status: [400],
    },
    { name: 'fields only', ...own([{ field: 'note', value: 'x' }]), status: [400] },
    {
      name: 'the file under another name',
      ...own([{ field: 'upload', filename: r.filename, data: file }]),
      status: [400],
    },
    {
      name: 'too many parts',
      ...own(Array.from({ length: 80 }, (_, i) => ({ field: `f${i}`, value: 'v' }))),
      status: [400],
    },
    {
      name: 'a __proto__ field',
      ...own([
        { field: '__proto__', value: 'x' },
        { field: r.field, filename: r.filename, data: file },
      ]),
      status: [400],
    },
    {
      name: 'too many files',
      ...own(
        Array.from({ length: 12 }, () => ({ field: r.field, filename: r.filename, data: file })),
      ),
      status: [413],
    },
  ];
  return cases;
}

describe(`broken multipart bodies on every upload route (${dbLabel()})`, () => {
  it('these are the eight upload routes of the OpenAPI document, each naming its file field', () => {
    // Upload routes describe themselves with uploadDoc: multipart/form-data and the file's field.
    const doc = w.app.swagger() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const uploads = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.values(item).flatMap((op) => {
        const m = /^multipart\/form-data.*the files? in the field "(\w+)"/.exec(
          op?.description ?? '',
        );
        return m ? [`${p} ${m[1]}`] : [];
      }),
    );
    expect(uploads.sort()).toEqual(
      [
        '/api/store/logo logo',
        '/api/store/products/{id}/images images',
        '/api/store/imports file',
        '/api/provider/logo logo',
        '/api/admin/categories/{id}/image image',
        '/api/reviews/{id}/photo photo',
        '/api/disputes/{id}/photos photo',
        '/api/requests/{id}/photo photo',
      ].sort(),
    );
  });

  it('each broken body is a 4xx with a message, nothing is stored, and a good body still works', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const file = await r.good();
      const before = stored();
      for (const c of broken(r, file)) {
        const res = await w.app.inject({
          method: 'POST',
          url: r.url,
          payload: c.payload,
          headers: { 'content-type': c.ct, cookie: r.cookie },
        });
        const body = res.json();
        if (!c.status.includes(res.statusCode) || !(body.message?.length > 10))
          failures.push(`${r.url} ${c.name}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (c.name === 'the file under another name' && res.statusCode === 400)
          expect(body.message).toContain(`"${r.field}"`);
      }
      expect(stored(), r.url).toEqual(before);
      const ok = multipart([{ field: r.field, filename: r.filename, data: file }]);
      const res = await w.app.inject({
        method: 'POST',
        url: r.url,
        payload: ok.payload,
        headers: { ...ok.headers, cookie: r.cookie },
      });
      if (res.statusCode >= 300) failures.push(`${r.url} good body: ${res.statusCode} ${res.body}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // The import refused nothing it should not have: one import, of the good file.
    const [{ n }] = await rows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from product_imports`,
    );
    expect(n).toBe(1);
  }, 120_000);
});
