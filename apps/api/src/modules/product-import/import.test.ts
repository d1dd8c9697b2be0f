import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { multipart } from '../../test/multipart.ts';
import { createStore } from '../catalog/testing.ts';
import { csvOf, goodRows, type CsvRecord } from './testing.ts';

const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-import-test-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ imagesDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
});

const db = () => t.app.db;
const count = async (q: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(db(), q))[0].n);

/** A seller with a store in Lagos (Ikeja), on Premium (5,000 products) unless `plan` says. */
async function seller(plan: 'free' | 'premium' = 'premium') {
  const s = await t.signIn('Seller');
  const store = await createStore(db(), { ownerUserId: s.user.id });
  if (plan !== 'free')
    await db().execute(sql`insert into subscriptions (user_id, plan_id, period_end)
      select ${s.user.id}, id, now() + interval '30 days' from subscription_plans
      where audience = 'store' and code = ${plan}`);
  return { ...s, store };
}

/** Uploads a file as a browser form does (multipart, field "file"). */
function upload(
  cookie: string | undefined,
  data: Buffer | string,
  o: { filename?: string; accept?: string } = {},
) {
  const m = multipart([
    {
      field: 'file',
      filename: o.filename ?? 'parts.csv',
      data: Buffer.isBuffer(data) ? data : Buffer.from(data),
      type: 'text/csv',
    },
  ]);
  return t.call('POST', '/api/store/imports', {
    cookie,
    body: m.payload,
    headers: { ...m.headers, ...(o.accept ? { accept: o.accept } : {}) },
  });
}

/** Uploads, runs the job, and answers the finished import. */
async function importFile(cookie: string, data: string | Buffer) {
  const started = await upload(cookie, data);
  expect(started.status, started.text).toBe(202);
  await runDueJobs(t.app);
  const done = await t.get(`/api/store/imports/${started.body.item.id}`, { cookie });
  expect(done.status).toBe(200);
  return done.body.item;
}

const importsOf = (storeId: number) =>
  count(sql`select count(*)::int as n from product_imports where store_id = ${storeId}`);
const productsOf = (storeId: number) =>
  count(sql`select count(*)::int as n from products where store_id = ${storeId}`);

describe(`product CSV import (${dbLabel()})`, () => {
  it('the template downloads and imports as it is: its three example rows become products', async () => {
    const tpl = await t.get('/api/store/imports/template.csv');
    expect(tpl.status).toBe(200);
    expect(tpl.headers['content-type']).toMatch(/text\/csv/);
    expect(tpl.text.split('\r\n')[0]).toBe(
      'sku,name,category,condition,price,sale_price,stock,part_number,title,description,fitment,active',
    );
    const s = await seller();
    const item = await importFile(s.cookie, tpl.text);
    expect(item).toMatchObject({ status: 'done', totalRows: 3, processedRows: 3, created: 3 });
    expect(item.problems).toEqual([]);
    const [pads] = await rows<{
      prod_id: number;
      cat_id: number;
      price_kobo: string | number;
      sales_kobo: string | number;
      description: string;
      active: boolean;
    }>(db(), sql`select * from products where store_id = ${s.store.id} and sku = 'LGP-0001'`);
    expect(pads).toMatchObject({ cat_id: 601, description: 'Set of four.\nFits both trims.' });
    expect(Number(pads.price_kobo)).toBe(1_850_000);
    expect(Number(pads.sales_kobo)).toBe(1_650_000);
    const fits = await rows<{ model: string; year_from: number; year_to: number }>(
      db(),
      sql`select m.name as model, f.year_from, f.year_to from product_fitments f
          join car_models m on m.id = f.model_id where f.product_id = ${pads.prod_id} order by f.id`,
    );
    expect(fits).toEqual([
      { model: 'Corolla', year_from: 2008, year_to: 2013 },
      { model: 'Matrix', year_from: 2009, year_to: 2013 },
    ]);
    // 'active: no' hides it; 'Toyota 2005-2020' fits every Toyota model.
    expect(
      await count(
        sql`select count(*)::int as n from products where store_id = ${s.store.id} and sku = 'LGP-0003' and not active`,
      ),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from product_fitments f join products p on p.prod_id = f.product_id
        where p.sku = 'LGP-0002' and p.store_id = ${s.store.id} and f.model_id is null`),
    ).toBe(1);
  });

  it('imports the good rows and reports each bad one by row, column and reason (the form’s rules)', async () => {
    const s = await seller();
    const list: CsvRecord[] = goodRows(6, 'R');
    list[1] = { ...list[1], price: 'abc' }; // row 3
    list[2] = { ...list[2], category: 'Brakes' }; // row 4: a top category
    list[3] = { ...list[3], sale_price: 99999999 }; // row 5: sale above the price
    list[4] = { ...list[4], fitment: 'Toyta Corolla 2008-2013', condition: 'Fairly new' }; // row 6
    const item = await importFile(s.cookie, csvOf(list));
    expect(item).toMatchObject({ status: 'done', created: 2, updated: 0, badRows: 4 });
    expect(item.problems).toEqual([
      { row: 3, field: 'price', message: 'Write the price in naira, like 18500 or 18500.50' },
      {
        row: 4,
        field: 'category',
        message: 'Choose the kind of part under Brakes (like brakes/…)',
      },
      {
        row: 5,
        field: 'sale_price',
        message: expect.stringMatching(/^The sale price must be below the price \(₦/),
      },
      { row: 6, field: 'condition', message: 'Write New or Used (Tokunbo)' },
      {
        row: 6,
        field: 'fitment',
        message:
          'Car 1 ("Toyta Corolla 2008-2013"): "Toyta Corolla" does not start with a make we know (write it like Toyota Corolla 2008-2013)',
      },
    ]);
    expect(
      (
        await rows<{ sku: string }>(
          db(),
          sql`select sku from products where store_id = ${s.store.id} order by sku`,
        )
      ).map((r) => r.sku),
    ).toEqual(['R-1', 'R-6']);
  });

  it('re-importing the same file updates the products by SKU instead of adding them again', async () => {
    const s = await seller();
    const first = await importFile(s.cookie, csvOf(goodRows(20, 'AGAIN')));
    expect(first).toMatchObject({ created: 20, updated: 0 });
    const changed = goodRows(20, 'AGAIN').map((r, i) =>
      i === 0 ? { ...r, price: 77777, stock: 3, fitment: 'Honda Civic 2012' } : r,
    );
    const second = await importFile(s.cookie, csvOf([...changed, ...goodRows(2, 'NEW')]));
    expect(second).toMatchObject({ status: 'done', created: 2, updated: 20, badRows: 0 });
    expect(await productsOf(s.store.id)).toBe(22);
    const [p] = await rows<{ prod_id: number; price_kobo: string | number; stock: number }>(
      db(),
      sql`select prod_id, price_kobo, stock from products where store_id = ${s.store.id} and sku = 'AGAIN-1'`,
    );
    expect(Number(p.price_kobo)).toBe(7_777_700);
    expect(p.stock).toBe(3);
    // Its fitment rows were replaced, not added to.
    expect(
      await count(
        sql`select count(*)::int as n from product_fitments where product_id = ${p.prod_id}`,
      ),
    ).toBe(1);
    // The same SKU twice in one file: the second row is refused.
    const dup = await importFile(
      s.cookie,
      csvOf([...goodRows(1, 'AGAIN'), ...goodRows(1, 'AGAIN')]),
    );
    expect(dup.problems).toEqual([
      { row: 3, field: 'sku', message: 'SKU AGAIN-1 is also on row 2: each row needs its own SKU' },
    ]);
  });

  it('goes through the plan’s product limit: new rows past it are refused, updates still go in', async () => {
    const s = await seller('free');
    const first = await importFile(s.cookie, csvOf(goodRows(48, 'LIM')));
    expect(first).toMatchObject({ created: 48, badRows: 0 });
    const changed = { ...goodRows(1, 'LIM')[0], stock: 9 };
    const item = await importFile(s.cookie, csvOf([changed, ...goodRows(4, 'MORE')]));
    expect(item).toMatchObject({ status: 'done', created: 2, updated: 1, badRows: 2 });
    expect(item.problems).toEqual(
      [3, 4].map((i) => ({
        row: i + 2,
        field: 'sku',
        message:
          'Not added: your Free plan allows 50 products and your store is full. Upgrade your plan to add more: /user/store/subscriptions',
      })),
    );
    expect(await productsOf(s.store.id)).toBe(50);
  });

  it('a SKU is another store’s own: the same SKU in two stores makes two products', async () => {
    const a = await seller();
    const b = await seller();
    await importFile(a.cookie, csvOf(goodRows(1, 'SHARED')));
    const item = await importFile(b.cookie, csvOf(goodRows(1, 'SHARED')));
    expect(item.created).toBe(1);
    expect(await count(sql`select count(*)::int as n from products where sku = 'SHARED-1'`)).toBe(
      2,
    );
  });

  it('broken quoting: the rows before it are imported, the broken row is reported and reading stops', async () => {
    const s = await seller();
    const good = csvOf(goodRows(3, 'Q'));
    const broken = `${good}Q-9,"Brake pads "front" set,brakes/brake-pads,New,1000,,1,,,,,\r\n${csvOf(
      goodRows(2, 'Q', 10),
    )
      .split('\r\n')
      .slice(1)
      .join('\r\n')}`;
    const item = await importFile(s.cookie, broken);
    expect(item).toMatchObject({ status: 'done', created: 3, badRows: 1 });
    expect(item.problems).toEqual([
      {
        row: 5,
        field: 'row',
        message: expect.stringMatching(/^A quoted value is followed by more text/),
      },
    ]);
    // A quote inside a value without quotes around it: that row alone is refused.
    const inner = await importFile(
      s.cookie,
      `${csvOf(goodRows(1, 'QI'))}QI-2,Rim 15" alloy,Alloy Wheels,New,1000,,1,,,,,\r\n${csvOf(
        goodRows(1, 'QI', 3),
      )
        .split('\r\n')
        .slice(1)
        .join('\r\n')}`,
    );
    expect(inner).toMatchObject({ created: 2, badRows: 1 });
    expect(inner.problems[0]).toMatchObject({ row: 3, field: 'row' });
    expect(inner.problems[0].message).toMatch(/is not in quotes itself/);
  });

  it('refuses a file in the wrong encoding with what to do, and stores nothing', async () => {
    const s = await seller();
    const latin1 = Buffer.from(
      csvOf([{ ...goodRows(1, 'L')[0], name: 'Pièce de frein avant' }]),
      'latin1',
    );
    const a = await upload(s.cookie, latin1);
    expect(a.status).toBe(415);
    expect(a.body.message).toMatch(/not UTF-8 text: line 2 holds the byte 0xE8/);
    expect(a.body.message).toMatch(/CSV UTF-8 \(Comma delimited\)/);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(csvOf(goodRows(1, 'U')), 'utf16le'),
    ]);
    const b = await upload(s.cookie, utf16);
    expect(b.status).toBe(415);
    expect(b.body.message).toMatch(/^This file is UTF-16 text, not UTF-8/);
    expect(await importsOf(s.store.id)).toBe(0);
    expect(await productsOf(s.store.id)).toBe(0);
  });

  it('refuses 100,000 rows by the row cap (10,000 per import) before storing anything', async () => {
    const s = await seller();
    const lines = ['sku,name,category,condition,price,stock'];
    for (let i = 0; i < 100_000; i++) lines.push(`B-${i},Pads ${i},Brake Pads,New,1000,1`);
    const res = await upload(s.cookie, lines.join('\n'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'This file has more than 10,000 rows: one import takes at most 10,000. Split it into files of 10,000 rows or fewer (each with the header row) and import them one after the other.',
    );
    expect(await importsOf(s.store.id)).toBe(0);
  });

  it('refuses a header it cannot read, an empty file and a file of no rows', async () => {
    const s = await seller();
    const wrong = await upload(
      s.cookie,
      'sku,name,category,condition,prise,stock\nA,B,C,New,1,1\n',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^Column 5 of the header is "prise"/);
    const missing = await upload(s.cookie, 'sku,name\nA,B\n');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/must name the columns category, condition, price, stock/);
    const none = await upload(s.cookie, 'sku,name,category,condition,price,stock\n');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('The file has a header but no rows under it');
    expect(await importsOf(s.store.id)).toBe(0);
  });

  it('is a job: queued with its row count at once, progress and report read by polling', async () => {
    const s = await seller();
    const started = await upload(s.cookie, csvOf(goodRows(1200, 'P')));
    expect(started.status).toBe(202);
    expect(started.body.item).toMatchObject({
      status: 'queued',
      totalRows: 1200,
      processedRows: 0,
      url: `/user/store/products/import?id=${started.body.item.id}`,
    });
    const list = await t.get('/api/store/imports', { cookie: s.cookie });
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([started.body.item.id]);
    await runDueJobs(t.app);
    const done = await t.get(`/api/store/imports/${started.body.item.id}`, { cookie: s.cookie });
    expect(done.body.item).toMatchObject({ status: 'done', processedRows: 1200, created: 1200 });
    expect(done.headers['cache-control']).toBe('private, no-store');
    // Run again (a retry after a crash): the rows are updated, not repeated.
    await db().execute(
      sql`update product_imports set status = 'queued' where id = ${started.body.item.id}`,
    );
    await db().execute(
      sql`insert into jobs (kind, payload) values ('products.import', ${JSON.stringify({ importId: started.body.item.id })}::jsonb)`,
    );
    await runDueJobs(t.app);
    const again = await t.get(`/api/store/imports/${started.body.item.id}`, { cookie: s.cookie });
    expect(again.body.item).toMatchObject({ status: 'done', created: 0, updated: 1200 });
    expect(await productsOf(s.store.id)).toBe(1200);
  });

  it('an import is its store owner’s alone: others get 404, buyers 403, guests 401', async () => {
    const owner = await seller();
    const other = await seller();
    const buyer = await t.signIn('Buyer');
    const started = await upload(owner.cookie, csvOf(goodRows(2, 'MINE')));
    const id = started.body.item.id;
    const peek = await t.get(`/api/store/imports/${id}`, { cookie: other.cookie });
    expect(peek.status).toBe(404);
    expect(peek.body.message).toBe('You have no import with this id');
    expect((await t.get('/api/store/imports', { cookie: other.cookie })).body.items).toEqual([]);
    expect((await t.get(`/api/store/imports/${id}`, { cookie: buyer.cookie })).status).toBe(403);
    expect((await upload(buyer.cookie, csvOf(goodRows(1)))).status).toBe(403);
    expect((await t.get(`/api/store/imports/${id}`)).status).toBe(401);
    expect((await upload(undefined, csvOf(goodRows(1)))).status).toBe(401);
    // Another seller naming the owner's store imports nothing into it.
    const m = multipart([
      { field: 'file', filename: 'x.csv', data: Buffer.from(csvOf(goodRows(1, 'X'))) },
    ]);
    const into = await t.call('POST', `/api/store/imports?storeId=${owner.store.id}`, {
      cookie: other.cookie,
      body: m.payload,
      headers: m.headers,
    });
    expect(into.status).toBe(403);
    await runDueJobs(t.app);
    expect(await count(sql`select count(*)::int as n from products where sku like 'X-%'`)).toBe(0);
  });

  it('a form posted without JavaScript is sent to the import page (its id, or the refusal’s code)', async () => {
    const s = await seller();
    const ok = await upload(s.cookie, csvOf(goodRows(1, 'F')), { accept: 'text/html' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toMatch(/^\/user\/store\/products\/import\?id=[0-9a-f-]{36}$/);
    const bad = await upload(s.cookie, Buffer.from('sku\xff\n', 'latin1'), { accept: 'text/html' });
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe(
      '/user/store/products/import?uploadError=UNSUPPORTED_MEDIA_TYPE',
    );
  });
});

describe(`seller SKU on the product form (${dbLabel()})`, () => {
  it('a product keeps its SKU; a second product with it is 409 on the sku field', async () => {
    const s = await seller();
    const body = {
      name: 'Front brake pads Corolla',
      catId: 601,
      condition: 1,
      priceKobo: 1_850_000,
      stock: 2,
      sku: 'FORM-1',
    };
    const a = await t.post('/api/store/products', body, { cookie: s.cookie });
    expect(a.status).toBe(201);
    expect(a.body.item.sku).toBe('FORM-1');
    const b = await t.post('/api/store/products', body, { cookie: s.cookie });
    expect(b.status).toBe(409);
    expect(b.body.fields.sku).toBe(
      'Another of your products has this SKU: give each product its own',
    );
    // The import then updates the form's product rather than adding one.
    const item = await importFile(s.cookie, csvOf([{ ...goodRows(1)[0], sku: 'FORM-1' }]));
    expect(item).toMatchObject({ created: 0, updated: 1 });
  });
});
