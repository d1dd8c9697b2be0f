// What the server benchmarks share: a fresh database of their own on the PostgreSQL server
// (dropped after, so leftovers never decide a run), and the API process on it
// (bench/api-server.ts: migrations, reference data, the job runner).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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
    url: u.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The API process on `dbUrl` at `port`, resolved once it says it is ready. */
export function startServer(dbUrl, port, env = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/api-server.ts')],
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
