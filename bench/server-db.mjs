// What the server benchmarks share: a fresh database of their own on the PostgreSQL server
// (dropped after, so leftovers never decide a run), and the API process on it
// (bench/api-server.ts: migrations, reference data, the job runner).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new database named `<prefix>_<random>`; `drop()` removes it, connections and all. */
export async function freshDb(prefix) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * The API process on `dbUrl` at `port`, resolved once it says it is ready. BENCH_NODE_FLAGS is
 * passed to it as to the built server's processes (a CPU profile of the chat bench's server).
 */
export function startServer(dbUrl, port, env = {}) {
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...extra, '--import', 'tsx', path.join(root, 'bench/api-server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        PORT: String(port),
        NODE_ENV: 'production',
        MAIL_OFF: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      if (String(d).includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

/**
 * The production server (apps/api/dist, built first when a source is newer) on `dbUrl` at `port`,
 * as it runs on a real machine: one process per core (WEB_CONCURRENCY=auto), the same Node flags.
 * Resolves with the primary process once /api/health answers.
 */
export async function startBuiltServer(dbUrl, port, env = {}) {
  await ensureServerBuild({ quiet: true });
  // BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof': a CPU profile of each server process
  // (NODE_OPTIONS may not carry --cpu-prof).
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, serverEntry], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MAIL_OFF: 'true',
      WEB_CONCURRENCY: 'auto',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited ${code}`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/health`), exited]);
  return child;
}

/** Creates the database of `url` on its server when it is not there yet (a kept bench catalogue). */
export function ensureDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const r = spawnSync(
    'psql',
    [u.toString(), '-tAc', `SELECT 1 FROM pg_database WHERE datname='${name}'`],
    { encoding: 'utf8' },
  );
  if (!r.stdout.includes('1'))
    spawnSync('psql', [u.toString(), '-c', `CREATE DATABASE ${name}`], { stdio: 'inherit' });
}

/** Waits until `url` answers 2xx. */
export async function waitFor(url, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

/** Adds generated products until the catalogue at `dbUrl` holds `products` (npm run seed). */
export function topUpProducts(dbUrl, products, env = process.env) {
  const have = Number(
    spawnSync('psql', [dbUrl, '-tAc', 'select count(*) from products'], {
      encoding: 'utf8',
    }).stdout.trim() || 0,
  );
  if (products && Number(products) > have)
    spawnSync('npm', ['run', 'seed', '--', '--products', String(Number(products) - have)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, DATABASE_URL: dbUrl },
    });
}
