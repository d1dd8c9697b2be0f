#!/usr/bin/env node
// What a request leaves for the full garbage collections: one server process (production flags,
// apps/api/dist) with V8's --trace-gc-nvp, requests sent one at a time, and for each kind of
// request the bytes its young collections promoted to the old space, per request. What is
// promoted stays until the next full collection, whose marking steps and final pause hold up the
// pages in flight: the fresh product page's tail at 100 req/s (bench/README.md). A request that
// keeps nothing promotes well under 10 KB; a fresh product page promoted 170 KB here.
//
//   BENCH_DATABASE_URL=postgres://…/sf_bench node bench/promotion.mjs   the bench catalogue
//   node bench/promotion.mjs                                           demo data on PGlite
//   BENCH_PROMOTION_PAGES=400                                          requests of each kind
// Results: bench/results/promotion.json (a full run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { cartBuyer, spread } from './scenarios.mjs';
import { ensureDatabase, root, waitFor } from './server-db.mjs';
import { SMOKE, failOnErrors, sized, writeResult } from './smoke-mode.mjs';

const port = Number(process.env.BENCH_PORT ?? 3994);
const base = `http://127.0.0.1:${port}`;
// The smoke runs on PGlite's demo data: its BENCH_DATABASE_URL names the server's admin database.
const dbUrl = SMOKE ? undefined : process.env.BENCH_DATABASE_URL;
const n = Number(process.env.BENCH_PROMOTION_PAGES ?? sized(400, 20));

await ensureServerBuild({ quiet: true });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-promotion-'));
const gcLog = path.join(dir, 'gc.log');
const env = {
  ...SERVER_ENV,
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  MAIL_OFF: 'true',
  WEB_CONCURRENCY: '1',
  DEMO_DATA: 'true',
};
if (dbUrl) {
  ensureDatabase(dbUrl);
  env.DATABASE_URL = dbUrl;
} else env.DATA_DIR = dir;
// BENCH_NODE_FLAGS: more V8 flags for the server (as for bench/run.mjs), e.g. to try one.
const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, ...extra, '--trace-gc-nvp', serverEntry],
  {
    cwd: root,
    env,
    stdio: ['ignore', fs.openSync(gcLog, 'w'), 'inherit'],
  },
);

/** Young collections, bytes they promoted and full collections in the log from `from` on. */
function collections(from) {
  const out = { young: 0, promoted: 0, full: 0 };
  for (const line of fs.readFileSync(gcLog, 'utf8').slice(from).split('\n')) {
    if (/ gc=s /.test(line)) {
      out.young++;
      out.promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    } else if (/ gc=m[cs] /.test(line)) out.full++;
  }
  return out;
}

const errors = {};
/** Sends `paths` one at a time; counts any answer but a 200 as an error of `what`. */
async function send(what, paths, headers = {}) {
  for (const p of paths) {
    const res = await fetch(base + p, { headers });
    await res.arrayBuffer();
    if (res.status !== 200)
      errors[`${what} ${res.status}`] = (errors[`${what} ${res.status}`] ?? 0) + 1;
  }
}

const results = { when: new Date().toISOString(), database: dbUrl ? 'postgres' : 'pglite', n };
try {
  await waitFor(`${base}/api/health`);
  const cookie = await cartBuyer(base);
  // Fresh means never asked for before: every kind gets product ids of its own, after a warm-up
  // on others (compiled code, caches of reference data).
  const ids = spread('/product/', 4 * n);
  const kinds = [
    ['fresh product page (guest)', ids.slice(n, 2 * n), {}],
    ['fresh product page data (.data, guest)', ids.slice(2 * n, 3 * n).map((p) => `${p}.data`), {}],
    ['cart page (signed in, 3 lines)', Array(n).fill('/shopping/cart'), { cookie }],
    [
      'product API answer (/api/products/:id)',
      ids.slice(3 * n).map((p) => `/api${p.replace('/product/', '/products/')}`),
      {},
    ],
  ];
  await send('warm-up', ids.slice(0, n));
  const rows = {};
  for (const [what, paths, headers] of kinds) {
    const from = fs.statSync(gcLog).size;
    const t0 = performance.now();
    await send(what, paths, headers);
    const ms = (performance.now() - t0) / paths.length;
    await new Promise((r) => setTimeout(r, 200)); // the log's last lines
    const c = collections(from);
    rows[what] = {
      msEach: Math.round(ms * 10) / 10,
      youngCollections: c.young,
      promotedKbEach: Math.round(c.promoted / paths.length / 1024),
      fullCollections: c.full,
    };
  }
  results.kinds = rows;
  console.log(
    `\nWhat a request promotes to the old space (one process, ${n} of each, one at a time):`,
  );
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
failOnErrors('promotion', errors);
if (Object.keys(errors).length) console.log('errors:', errors);
writeResult('promotion.json', results);
