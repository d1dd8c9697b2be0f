#!/usr/bin/env node
// Start time and memory of one server process: the TypeScript sources through the tsx loader
// (`npm run dev`, and production before the server was compiled) against the compiled server
// on plain node (`npm start`, the systemd unit). On PGlite with the demo data, with the flags
// production runs with (scripts/server-flags.mjs).
//
//   node bench/start-memory.mjs [runs=3]
//   DATABASE_URL=postgres://…/empty_db node bench/start-memory.mjs   (on a PostgreSQL server)
//
// Per run: the time from spawning the process to its first 200 on /api/health ("listening"),
// process.memoryUsage() after a full collection right after that, and again after 1,000
// requests (home page, parts list, a product page, a search and two API answers, ten at a
// time). The numbers come from inside the process: bench/memory-probe.mjs, loaded with
// --import and --expose-gc for this measurement only, answers SIGUSR2 with them on stderr.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 3);
const port = 4900 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-start-memory-'));
const probe = path.join(root, 'bench/memory-probe.mjs');

const modes = {
  tsx: ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')],
  compiled: [serverEntry],
};

function start(mode) {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--expose-gc', '--import', probe, ...modes[mode]],
    {
      cwd: root,
      env: {
        ...SERVER_ENV,
        ...process.env,
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        DATA_DIR: dataDir,
        // Several processes would need WEB_CONCURRENCY; one is what is measured.
        WEB_CONCURRENCY: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PAGE_CACHE_MS: '0',
        // The shared test machine lags; shedding would turn some of the 1,000 into 503s.
        LOAD_SHED_LOOP_MS: '0',
        LOAD_SHED_POOL_WAITING: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const lines = [];
  let partial = '';
  child.stderr.on('data', (d) => {
    partial += d;
    const parts = partial.split('\n');
    partial = parts.pop();
    lines.push(...parts);
  });
  return { child, lines };
}

async function listening(child, from) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return Date.now() - from;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function memory(server) {
  const before = server.lines.length;
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const line = server.lines.slice(before).find((l) => l.startsWith('memory-probe '));
    if (line) return JSON.parse(line.slice('memory-probe '.length));
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no answer from the memory probe');
}

async function thousandRequests() {
  const list = await fetch(`${base}/api/products/search?limit=5`).then((r) => r.json());
  const id = list.items?.[0]?.id ?? list.items?.[0]?.product_id ?? 1;
  const urls = [
    '/',
    '/spares-parts',
    `/product/${id}`,
    '/search?q=brake',
    '/api/database/states/NG',
    `/api/products/${id}`,
  ];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < 1000) {
      const url = urls[next++ % urls.length];
      const r = await fetch(base + url).catch(() => null);
      if (!r || r.status >= 500) failed++;
      await r?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  if (failed) throw new Error(`${failed} of 1,000 requests failed`);
}

const stop = (server) =>
  new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });

const mb = (n) => Math.round(n / 1e5) / 10;

await ensureServerBuild();
// The first start migrates and loads the demo data; every measured start finds them there.
{
  const s = start('compiled');
  await listening(s.child, Date.now());
  await stop(s);
}

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`${runs} runs of each on ${database}`);
const results = { tsx: [], compiled: [] };
for (let i = 0; i < runs; i++) {
  for (const mode of ['tsx', 'compiled']) {
    const from = Date.now();
    const s = start(mode);
    let startMs, afterStart, afterLoad;
    try {
      startMs = await listening(s.child, from);
      afterStart = await memory(s);
      await thousandRequests();
      afterLoad = await memory(s);
    } finally {
      await stop(s);
    }
    const row = {
      startMs,
      heapUsedMB: mb(afterStart.heapUsed),
      rssMB: mb(afterStart.rss),
      heapUsedAfter1000MB: mb(afterLoad.heapUsed),
      rssAfter1000MB: mb(afterLoad.rss),
    };
    results[mode].push(row);
    console.log(mode.padEnd(8), JSON.stringify(row));
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('\nmedians');
for (const mode of ['tsx', 'compiled']) {
  const keys = Object.keys(results[mode][0]);
  console.log(
    mode.padEnd(8),
    JSON.stringify(
      Object.fromEntries(keys.map((k) => [k, median(results[mode].map((r) => r[k]))])),
    ),
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
