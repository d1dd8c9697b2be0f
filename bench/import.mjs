#!/usr/bin/env node
// The bulk CSV import on the PostgreSQL server, over real HTTP against the API process
// (bench/api-server.ts: migrations, reference data, the job runner), on a fresh database:
// a seller uploads 10,000 rows (multipart, as the page's form does) and the page's poll
// (GET /api/store/imports/:id every 200 ms) waits for the job to finish; then the same file
// again, which updates the 10,000 products by SKU. The budget: under 30 s each.
//
//   node bench/import.mjs            ROWS (default 10000), BENCH_DATABASE_URL (default
//                                    postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SMOKE=1                    200 rows, nothing written to bench/results (smoke-mode.mjs)
// Figures in bench/results/import.json.
import crypto from 'node:crypto';
import pg from 'pg';
import { freshDb as newDb, startServer as start } from './server-db.mjs';
import { sized, writeResult } from './smoke-mode.mjs';

const port = Number(process.env.BENCH_PORT ?? 3992);
const base = `http://127.0.0.1:${port}`;
const ROWS = Number(process.env.ROWS ?? sized(10_000, 200));
const BUDGET_MS = 30_000;

const freshDb = () => newDb('sf_import');
const startServer = (dbUrl) => start(dbUrl, port, { LOG_LEVEL: 'warn' });

/** A seller with a store and a session, on a plan with room for the file (straight into the database). */
async function sellerWorld(db) {
  const tag = crypto.randomBytes(3).toString('hex');
  const place = (
    await db.query(
      `select c.id as city_id, c.state_id from cities c join states s on s.id = c.state_id where s.name = 'Lagos' and c.name = 'Ikeja'`,
    )
  ).rows[0];
  const user = (
    await db.query(
      `insert into users (email, name, phone, role, password_hash) values ($1, 'Bench Seller', '08039990000', 'Seller', 'x') returning id`,
      [`seller-${tag}@bench.ng`],
    )
  ).rows[0];
  await db.query(
    `insert into stores (owner_user_id, name, url_name, phones, state_id, city_id) values ($1, 'Bench Import Store', $2, '{08039990000}', $3, $4)`,
    [user.id, `bench-import-${tag}`, place.state_id, place.city_id],
  );
  // The bench's own database: Premium made big enough for the whole file.
  await db.query(
    `update subscription_plans set item_limit = $1 where audience = 'store' and code = 'premium'`,
    [ROWS * 2],
  );
  await db.query(
    `insert into subscriptions (user_id, plan_id, period_end) select $1, id, now() + interval '30 days'
     from subscription_plans where audience = 'store' and code = 'premium'`,
    [user.id],
  );
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, $3)`, [
    crypto.createHash('sha256').update(token).digest('hex'),
    user.id,
    new Date(Date.now() + 86_400_000),
  ]);
  return { cookie: `sf_sid=${token}` };
}

const PARTS = [
  ['Front brake pads', 'brakes/brake-pads', 'Toyota Corolla 2008-2013; Toyota Camry 2007-2011'],
  ['Oil filter', 'Oil Filters', 'Toyota 2005-2020'],
  ['Left side mirror', 'Mirrors / Side Mirrors', 'Honda Accord 2010-2012'],
  ['Air filter', 'filters/air-filters', 'Honda Civic 2012; Honda CR-V 2012-2016'],
  ['Radiator hose', 'Radiator Hoses', ''],
];

/** ROWS rows a seller could write: every column filled, a few cars per part. */
function csv(priceStep) {
  const lines = [
    'sku,name,category,condition,price,sale_price,stock,part_number,title,description,fitment,active',
  ];
  for (let i = 1; i <= ROWS; i++) {
    const [name, cat, fit] = PARTS[i % PARTS.length];
    lines.push(
      [
        `BENCH-${i}`,
        `${name} ${i}`,
        `"${cat}"`,
        i % 3 ? 'New' : 'Used',
        1000 + (i % 500) * priceStep,
        '',
        i % 20,
        `PN-${i}`,
        'Bench import',
        '"Sold as a set.\nGenuine part."',
        `"${fit}"`,
        'yes',
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function importOnce(cookie, file) {
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(`${base}/api/store/imports`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const started = await res.json();
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${started.message}`);
  const uploadMs = performance.now() - t0;
  let item = started.item;
  let polls = 0;
  while (item.status === 'queued' || item.status === 'running') {
    await new Promise((r) => setTimeout(r, 200));
    const r = await fetch(`${base}/api/store/imports/${item.id}`, { headers: { cookie } });
    item = (await r.json()).item;
    polls++;
  }
  const totalMs = performance.now() - t0;
  return {
    rows: ROWS,
    bytes: file.length,
    status: item.status,
    created: item.created,
    updated: item.updated,
    badRows: item.badRows,
    uploadMs: Math.round(uploadMs),
    totalMs: Math.round(totalMs),
    rowsPerSec: Math.round((ROWS / totalMs) * 1000),
    polls,
    withinBudget: item.status === 'done' && item.badRows === 0 && totalMs < BUDGET_MS,
  };
}

async function main() {
  const d = await freshDb();
  const child = await startServer(d.url);
  const db = new pg.Client({ connectionString: d.url });
  await db.connect();
  try {
    const { cookie } = await sellerWorld(db);
    const first = await importOnce(cookie, csv(100));
    const again = await importOnce(cookie, csv(101));
    const products = Number(
      (await db.query(`select count(*)::int as n from products where sku like 'BENCH-%'`)).rows[0]
        .n,
    );
    const out = {
      when: new Date().toISOString(),
      database: 'postgres',
      budgetMs: BUDGET_MS,
      'import 10,000 new rows': first,
      're-import the same SKUs (updates)': again,
      productsAfter: products,
    };
    console.log('\nCSV import (PostgreSQL, one API process, upload to last row written):');
    console.table({ new: first, update: again });
    writeResult('import.json', out);
    if (!first.withinBudget || !again.withinBudget || products !== ROWS) process.exitCode = 1;
  } finally {
    await db.end();
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGTERM');
    });
    await d.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
