#!/usr/bin/env node
// Every bench in smoke mode (BENCH_SMOKE=1, bench/smoke-mode.mjs): each runs for a second or two
// on a tiny dataset of its own and fails on any error, so a bench that can no longer set up or
// run fails the build (scripts/test.mjs runs this) instead of rotting until someone needs it.
// Full runs are unchanged; smoke figures mean nothing and are never written to bench/results/.
//
//   node bench/smoke.mjs            all of them (the PostgreSQL server ones need BENCH_DATABASE_URL
//                                   or a server on 127.0.0.1:5432; scale and soak need nginx)
//   node bench/smoke.mjs checkout   the ones whose name contains this
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root, serverUrl } from './server-db.mjs';

const reachable = (url) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432), timeout: 1500 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
const pgUp = await reachable(serverUrl);
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((f) => fs.existsSync(f));
const built = fs.existsSync(path.join(root, 'apps/web/build/server/index.js'));

const node = (...args) => [process.execPath, args];
const tsx = (...args) => [process.execPath, ['--import', 'tsx', ...args]];
/** name, command, and why it cannot run here (empty: it can). */
const benches = [
  [
    'run (pages and API lists, PGlite), catalog, providers',
    node('bench/run.mjs'),
    built ? '' : 'no web build',
  ],
  [
    'promotion (what a request leaves for full collections)',
    node('bench/promotion.mjs'),
    built ? '' : 'no web build',
  ],
  ['checkout (race, sigkill, throughput)', node('bench/checkout.mjs'), pgUp ? '' : 'no PostgreSQL'],
  ['import', node('bench/import.mjs'), pgUp ? '' : 'no PostgreSQL'],
  ['sockets', node('bench/sockets.mjs'), pgUp ? '' : 'no PostgreSQL'],
  ['search-speed', node('bench/search-speed.mjs'), pgUp ? '' : 'no PostgreSQL'],
  [
    'scale',
    tsx('bench/scale.mjs', 'scale'),
    !pgUp ? 'no PostgreSQL' : !nginx ? 'no nginx' : !built ? 'no web build' : '',
  ],
  [
    'soak',
    tsx('bench/scale.mjs', 'soak'),
    !pgUp ? 'no PostgreSQL' : !nginx ? 'no nginx' : !built ? 'no web build' : '',
  ],
];

const only = process.argv[2];
const started = Date.now();
const rows = [];
let failed = 0;
for (const [name, [cmd, args], missing] of benches) {
  if (only && !name.includes(only)) continue;
  if (missing) {
    rows.push(`${name}: left out (${missing})`);
    continue;
  }
  console.log(`\n=== bench smoke: ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_SMOKE: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    timeout: 240_000,
  });
  const secs = Math.round((Date.now() - t0) / 100) / 10;
  const ok = r.status === 0;
  if (!ok) failed++;
  rows.push(`${name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${secs} s`);
}
console.log(
  `\nBench smoke, ${Math.round((Date.now() - started) / 1000)} s:\n  ${rows.join('\n  ')}`,
);
process.exit(failed ? 1 : 0);
