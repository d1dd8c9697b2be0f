#!/usr/bin/env node
// `npm run bench`: starts the built server and drives each scenario twice: flat out with autocannon
// (max req/s) and at the budget's fixed rate with bench/load.mjs (p50/p95/p99 in ms), beside a bare
// Fastify route measured in the same run, so figures can be compared across machines. Results: bench/results/latest.json.
//
//   BENCH_DATABASE_URL=postgres://…/sf_bench  run against a PostgreSQL server (created if missing)
//   BENCH_PRODUCTS=100000                    catalogue size seeded before the run (server only)
//   BENCH_PROVIDERS=10000                    mechanics and tow vans seeded before the run (server only)
//   BENCH_DURATION=10                        seconds per scenario
//   BENCH_ONLY=SSR                           only the scenarios whose name contains this
//   BENCH_SMOKE=1                            1 s per scenario at 20 req/s, no warm-up, catalog.mjs and
//                                            providers.mjs against the same server, failing on any
//                                            error; nothing written to results (bench/smoke.mjs)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { scenarios } from './scenarios.mjs';
import { catalogScenarios } from './catalog.mjs';
import { constantRate } from './load.mjs';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';

/** The compiled server, as production runs it (built first when a source is newer). */
async function builtServer() {
  await ensureServerBuild({ quiet: true });
  return serverEntry;
}
import { ensureDatabase, topUpProducts, waitFor } from './server-db.mjs';
import { SMOKE, failOnErrors, sized, writeResult } from './smoke-mode.mjs';
import { printBudgets } from './budgets.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import http from 'node:http';

/**
 * How `path` comes back to a phone that takes brotli: the encoding and the bytes on the wire,
 * beside the bytes of the same answer uncompressed. Read raw (fetch would decompress).
 */
function wireSize(base, path, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        let bytes = 0;
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? '',
            bytes,
          }),
        );
      })
      .on('error', reject);
  });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? sized(10, 1));
const port = Number(process.env.BENCH_PORT ?? 3990);
const base = `http://127.0.0.1:${port}`;
const dbUrl = process.env.BENCH_DATABASE_URL;

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections: sized(50, 5), ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const fmt = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p95: null,
  p99: r.latency.p99,
  max: r.latency.max,
  errors: r.errors + r.non2xx,
});

async function main() {
  // Servers behind nginx, one against two, and the 10-minute soak: bench/scale.mjs.
  if (process.env.BENCH_ONLY === 'scale' || process.env.BENCH_ONLY === 'soak') {
    spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/scale.mjs'), process.env.BENCH_ONLY],
      { cwd: root, stdio: 'inherit', env: process.env },
    );
    return;
  }
  if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js')))
    spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
  };
  if (dbUrl) {
    ensureDatabase(dbUrl);
    env.DATABASE_URL = dbUrl;
    // As it would run in production: one server process per core (WEB_CONCURRENCY=1 measures one).
    env.WEB_CONCURRENCY ??= 'auto';
    // Tops the catalogue up to BENCH_PRODUCTS, so a second run measures the same size.
    topUpProducts(dbUrl, process.env.BENCH_PRODUCTS, env);
    // BENCH_PROVIDERS=10000: mechanics and tow vans for the provider list calls
    const benchProviders = Number(
      spawnSync(
        'psql',
        [
          dbUrl,
          '-tAc',
          "select count(*) from service_providers where description = 'Bench listing for load tests.'",
        ],
        { encoding: 'utf8' },
      ).stdout.trim() || 0,
    );
    const wanted = Number(process.env.BENCH_PROVIDERS ?? 0);
    if (wanted > benchProviders)
      spawnSync('npx', ['tsx', 'bench/seed-providers.ts', String(wanted - benchProviders)], {
        cwd: root,
        stdio: 'inherit',
        env,
      });
  } else {
    env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-bench-'));
  }
  // With the flags and environment production runs with (scripts/server-flags.mjs); BENCH_NODE_FLAGS
  // adds more (a CPU profile, a GC trace), as bench/server-db.mjs does for the other benches.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, await builtServer()], {
    cwd: root,
    env: { ...SERVER_ENV, ...env },
    // BENCH_SERVER_STDOUT=file keeps what the servers print (with BENCH_NODE_FLAGS=--trace-gc,
    // every collection of both processes).
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_STDOUT
        ? fs.openSync(process.env.BENCH_SERVER_STDOUT, 'w')
        : 'ignore',
      'inherit',
    ],
  });
  const results = {
    when: new Date().toISOString(),
    database: dbUrl ? 'postgres' : 'pglite',
    processes: env.WEB_CONCURRENCY ?? '1',
    durationSec: duration,
    cpus: os.cpus().length,
    scenarios: {},
  };
  try {
    await waitFor(`${base}/api/health`);

    // Reference: a bare Fastify JSON route on this machine, in this run.
    const bare = Fastify();
    bare.get('/bare', async () => ({ status: true, items: [] }));
    await bare.listen({ port: port + 1, host: '127.0.0.1' });
    results.scenarios['bare fastify (max)'] = fmt(
      await cannon({ url: `http://127.0.0.1:${port + 1}/bare` }),
    );
    await bare.close();

    const only = process.env.BENCH_ONLY;
    const all = [...(await scenarios(base)), ...(await catalogScenarios(base))].filter(
      (s) => !only || s.name.includes(only),
    );
    for (const s of all) {
      // One path, or several cycled through (autocannon `requests`), so caches see variety.
      const target = s.paths
        ? { url: base, requests: s.paths.map((path) => ({ method: 'GET', path })) }
        : { url: base + s.path };
      // A signed-in page sends its session cookie with every request.
      if (s.headers) target.headers = s.headers;
      // Warm up caches, then measure: max throughput, and latency at the budget's fixed rate.
      // Warm up (JIT, connections, the database's cache); `warmPaths` keep a fresh-render scenario uncached.
      const warm = s.warmPaths
        ? { url: base, requests: s.warmPaths.map((path) => ({ method: 'GET', path })) }
        : target;
      if (!SMOKE) await cannon({ ...warm, duration: 2, connections: 10 });
      if (!s.rateOnly) results.scenarios[`${s.name} (max)`] = fmt(await cannon(target));
      // The budgets' fixed rates: evenly spaced arrivals, latency from each request's due time
      // (load.mjs). The first second at the rate is not counted: it measured the flat-out run's
      // queue still draining (the signed-in cart page: every request due in its first 220 ms
      // came 47-198 ms late, none after), not the server at this rate.
      if (s.rate)
        results.scenarios[`${s.name} (@${s.rate} req/s)`] = await constantRate({
          base,
          paths: s.paths ?? [s.path],
          rate: sized(s.rate, 20),
          duration,
          warmup: sized(1, 0),
          headers: s.headers,
        });
    }
    // Uncached answers above 1 KB go out compressed: a search no one made (an API answer, not
    // cached) and a product's page data (the JSON a client-side navigation fetches).
    results.compression = [];
    // A cursor no one asked for lately keeps the list answer out of the list cache.
    const cursor = sized(90_000, 1_400) - (Date.now() % 97);
    for (const [shown, p] of [
      [
        '/api/products/categories/0/?pagesize=50&lastId=…',
        `/api/products/categories/0/?pagesize=50&lastId=${cursor}`,
      ],
      ['/product/:id.data', `/product/${cursor}.data`],
    ]) {
      const packed = await wireSize(base, p, 'br');
      const plain = await wireSize(base, p, '');
      results.compression.push({ path: shown, ...packed, plainBytes: plain.bytes });
    }
    if (SMOKE) {
      // The benches that run against a server someone started: this one, for a second each.
      for (const b of ['catalog.mjs', 'providers.mjs']) {
        const r = spawnSync(process.execPath, [path.join(root, 'bench', b)], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, BENCH_URL: base },
        });
        if (r.status !== 0) failOnErrors(b, 1);
      }
    }
  } finally {
    server.kill('SIGTERM');
  }
  console.log(`\nBenchmarks (${results.database}, ${duration}s each, ${results.cpus} cores):`);
  console.table(results.scenarios);
  writeResult('latest.json', results);
  failOnErrors(
    'scenarios',
    Object.fromEntries(Object.entries(results.scenarios).map(([k, r]) => [k, r.errors])),
  );
  // The benches below run on their own in smoke mode (bench/smoke.mjs); the budget table is
  // printed from this run's figures alone, so its code runs in CI too.
  if (SMOKE) return printBudgets({ latest: results });
  // The 1,000-checkout race (20 rounds), checkout throughput (50 buyers, different parts) and the
  // cart API's latency under it, on the PostgreSQL server only: bench/checkout.mjs, figures in
  // bench/results/checkout.json.
  const only = process.env.BENCH_ONLY;
  // Search speed on 5,000 distinct searches with caches off, on its own kept catalogue
  // (BENCH_PRODUCTS, BENCH_RATE): bench/search-speed.mjs, figures in bench/results/search-speed.json.
  if (only && /search-speed/i.test(only))
    spawnSync(process.execPath, [path.join(root, 'bench/search-speed.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
  // The bulk CSV import of 10,000 rows (new, then the same SKUs updated), PostgreSQL server only:
  // bench/import.mjs, figures in bench/results/import.json.
  if (!only || /import|csv/i.test(only))
    spawnSync(process.execPath, [path.join(root, 'bench/import.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
  // 2,000 open WebSockets on one process, chat messages per second and delivery p99, PostgreSQL
  // server only: bench/sockets.mjs, figures in bench/results/sockets.json.
  if (!only || /socket|chat/i.test(only))
    spawnSync(process.execPath, [path.join(root, 'bench/sockets.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
  if (!only || /checkout|cart|race/i.test(only))
    spawnSync(process.execPath, [path.join(root, 'bench/checkout.mjs'), 'race,throughput'], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
  printBudgets();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
