#!/usr/bin/env node
// Search speed on a broad mix (bench/search-set.mjs: 5,000 distinct searches) with every cache
// off (CATALOG_LIST_CACHE_MS=0, PAGE_CACHE_MS=0), so each request is a real search on the
// PostgreSQL server, at a fixed rate (bench/load.mjs: evenly spaced, latency from the due time).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/sf_search   kept between runs
//   BENCH_PRODUCTS=100000 BENCH_RATE=200    the budget: p99 under 20 ms
//   BENCH_PRODUCTS=1000000 BENCH_RATE=50    the budget: p95 under 30 ms
//   BENCH_DURATION=30                       seconds measured (200 req/s x 25 s covers the set)
//   WEB_CONCURRENCY=auto                    server processes (one per core)
//   BENCH_SMOKE=1                           a fresh database of 300 products, one process, 1 s at
//                                           20 req/s, failing on any error (smoke-mode.mjs)
// Figures: bench/results/search-speed.json, one entry per catalogue size.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constantRate } from './load.mjs';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';

/** The compiled server, as production runs it (built first when a source is newer). */
async function builtServer() {
  await ensureServerBuild({ quiet: true });
  return serverEntry;
}
import { searchSet } from './search-set.mjs';
import { ensureDatabase, freshDb, root, topUpProducts, waitFor } from './server-db.mjs';
import { SMOKE, failOnErrors, sized, writeResult } from './smoke-mode.mjs';

// The smoke's catalogue is its own, dropped after the run; a full run keeps its catalogue.
const smokeDb = SMOKE ? await freshDb('sf_search_smoke') : null;
const dbUrl =
  smokeDb?.url ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sf_search';
const products = Number(process.env.BENCH_PRODUCTS ?? sized(100_000, 300));
const rate = Number(process.env.BENCH_RATE ?? sized(products >= 1_000_000 ? 50 : 200, 20));
const duration = Number(process.env.BENCH_DURATION ?? sized(30, 1));
const port = Number(process.env.BENCH_PORT ?? 3995);
const base = `http://127.0.0.1:${port}`;
const processes = process.env.WEB_CONCURRENCY ?? sized('auto', '1');

ensureDatabase(dbUrl);
topUpProducts(dbUrl, products);
const count = Number(
  spawnSync('psql', [dbUrl, '-tAc', 'select count(*) from products where active'], {
    encoding: 'utf8',
  }).stdout.trim(),
);

const server = spawn(process.execPath, [await builtServer()], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    MAIL_OFF: 'true',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: processes,
    CATALOG_LIST_CACHE_MS: '0',
    PAGE_CACHE_MS: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor(`${base}/api/health`);
  const searches = searchSet();
  const paths = searches.map(
    (q) => `/api/products/categories/0/?active=true&prodName=${encodeURIComponent(q)}`,
  );
  // Warm the connections and the database's cache with the back of the list, then measure
  // from the front, so the measured searches are not answered from anything warm per query.
  if (!SMOKE) await constantRate({ base, paths: paths.slice(-1000), rate: 50, duration: 5 });
  const r = await constantRate({ base, paths, rate, duration });
  const load = os.loadavg()[0];
  const result = {
    when: new Date().toISOString(),
    products: count,
    distinctSearches: searches.length,
    processes,
    cpus: os.cpus().length,
    loadAverageAfter: Math.round(load * 100) / 100,
    rate,
    durationSec: duration,
    ...r,
  };
  console.log(
    `search speed, ${count} products, ${searches.length} distinct searches, caches off, ${processes} processes: ` +
      `${r.reqPerSec} req/s (asked ${rate})  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${r.errors}`,
  );
  const file = path.join(root, 'bench/results/search-speed.json');
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  all[products >= 1_000_000 ? '1M' : `${Math.round(products / 1000)}k`] = result;
  writeResult('search-speed.json', all);
  failOnErrors('search speed', r.errors);
} finally {
  server.kill('SIGTERM');
  if (smokeDb) {
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    await smokeDb.drop();
  }
}
