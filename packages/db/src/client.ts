import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { ClientConfig } from 'pg';
import { getTableColumns, sql, type Table } from 'drizzle-orm';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Either driver's database: queries are written once against this type. */
export type Db = PgDatabase<any, Schema>;

export interface DbHandle {
  db: Db;
  /**
   * Where public reads go (catalogue, search, provider lists): a read replica when `readUrl`
   * was given, else `db` itself. Writes and reads that must see their own writes use `db`.
   */
  read: Db;
  kind: 'pglite' | 'postgres';
  /** The primary's connection string (PostgreSQL only): migrate() opens its lock session on it. */
  url?: string;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL connection string; without it an embedded PGlite database is used. */
  url?: string;
  /** A read replica of `url` (DATABASE_READ_URL): `handle.read` queries it. */
  readUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** PGlite: start from this dump of another database (`dumpDataDir()`), not an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  /** How long reads skip a replica that could not be reached before trying it again. */
  replicaRetryMs?: number;
}

/** How many statement texts one connection keeps prepared (see `preparing`). */
export const MAX_PREPARED = 300;
/**
 * How many of those may be reads sent named (`named`): a search with a car keeps about 0.8 MB of the
 * connection's memory on the server (parse trees and plan), and filters make many texts; past this
 * a new one goes unnamed.
 */
export const MAX_PREPARED_READS = 12;

/** A statement's name: its text's hash, remembered (a text is hashed once per process). */
const names = new Map<string, string>();
function statementName(text: string) {
  let n = names.get(text);
  if (!n) {
    if (names.size > 10_000) names.clear();
    names.set(text, (n = `sf_${crypto.createHash('sha1').update(text).digest('base64url')}`));
  }
  return n;
}

/**
 * Marks a query config to be sent as a named (prepared) statement: see `preparing`. Copies are
 * made with Object.assign, not `{ ...c, more }`: on Node 20 a spread followed by properties keeps
 * each query's values through young collections (scripts/patch-react-router.mjs says how).
 */
const PREPARE = Symbol('prepare');
type Kind = 'write' | 'read';
type Config = { text?: unknown; name?: string; [PREPARE]?: Kind };
const marked = (c: unknown, kind: Kind) =>
  c && typeof c === 'object' && typeof (c as Config).text === 'string' && !(c as Config).name
    ? Object.assign({}, c, { [PREPARE]: kind })
    : c;

/**
 * The pool as the primary's Drizzle database sees it: every statement is sent named by its text,
 * so each connection has PostgreSQL parse and plan it once and then only runs it. Planning is
 * most of the cost of a short query here (a lookup joining `products`, with its many indexes,
 * plans in several times the time it runs), and sessions, carts, checkout and orders are short
 * queries. Reads whose best plan depends on the values (lists) go through the pool itself
 * (`handle.read`), unnamed, so a plan made for one list is never reused for another.
 *
 * Searches are sent named (`named(read)`): a search with a car planned in 6-8 ms and ran in 1-15
 * (three category lists in each of up to four stages). PostgreSQL (plan_cache_mode auto) plans a
 * named statement's first five runs with their values and keeps a generic plan only when its
 * estimate is no worse than theirs: the stages' plan is the same whatever the words, and a
 * part-number search, whose generic plan would be slow, keeps being planned per run.
 * Named statements need a direct connection or PgBouncer 1.21 or later with
 * `max_prepared_statements` set (docs/deploy.md).
 */
function preparing<T extends object>(target: T, kind: Kind = 'write'): T {
  type Fn = (...a: unknown[]) => unknown;
  return new Proxy(target, {
    get(t, k) {
      const v: unknown = Reflect.get(t, k, t);
      if (typeof v !== 'function') return v;
      const f = v as Fn;
      if (k === 'query')
        return (c: unknown, ...rest: unknown[]) => f.call(t, marked(c, kind), ...rest);
      // The connection a transaction takes from the pool (Drizzle's way: no callback) names too.
      if (k === 'connect')
        return async (...args: unknown[]) =>
          typeof args[0] === 'function'
            ? f.apply(t, args)
            : preparing((await f.apply(t, args)) as object, kind);
      return f.bind(t);
    },
  });
}

const NAMED = Symbol('named');

/**
 * The same database with its statements sent named (see `preparing`): for a read whose plan PostgreSQL may
 * keep, on the pool of `handle.read` as well as the primary's. PGlite's has none: its own database.
 */
export const named = (db: Db): Db => (db as { [NAMED]?: Db })[NAMED] ?? db;

/** A pool of PostgreSQL connections, the Drizzle database on it and one with named statements. */
async function pgPool(url: string, max: number) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  pg.types.setTypeParser(20, (v: string) => Number(v));
  class Client extends pg.Client {
    /** The statement names this connection has prepared. */
    private prepared = new Set<string>();
    /** How many of them are reads (MAX_PREPARED_READS). */
    private reads = 0;
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
    // A marked query is named unless the connection already keeps MAX_PREPARED other texts
    // (MAX_PREPARED_READS for a read).
    query(config: any, ...rest: any[]): any {
      if (config && config[PREPARE]) {
        const { [PREPARE]: kind, ...plain } = config as Config;
        const name = statementName(plain.text as string);
        const room =
          this.prepared.size < MAX_PREPARED && (kind !== 'read' || this.reads < MAX_PREPARED_READS);
        if (this.prepared.has(name) || room) {
          if (!this.prepared.has(name) && kind === 'read') this.reads++;
          this.prepared.add(name);
          config = Object.assign(plain, { name });
        } else config = plain;
      }
      return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
    }
  }
  const pool = new pg.Pool({
    Client,
    connectionString: url,
    max,
    idleTimeoutMillis: 300_000,
    allowExitOnIdle: true,
    options: '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0 -c jit=off',
  });
  pool.on('error', (err) =>
    console.warn(`database: idle connection lost (${err.message}); the pool opens another`),
  );
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const prepared = drizzle({ client: preparing(pool), schema }) as unknown as Db;
  Object.defineProperty(db, NAMED, {
    value: drizzle({ client: preparing(pool, 'read'), schema }) as unknown as Db,
  });
  return { pool, db, prepared, end: () => pool.end() };
}

type Pool = Awaited<ReturnType<typeof pgPool>>['pool'];

/**
 * Reads outlive their replica: while the replica cannot be reached (down, restarting, out of
 * connections) its queries are answered by the primary, which holds every row the replica has
 * and more. A replica that failed is skipped for `retryMs`, so an outage costs one failed
 * attempt per window, not one per request, and it takes reads back once it answers again.
 * Only unavailability moves a read: a wrong query fails as it would have on the primary.
 */
function failOverTo(replica: Pool, primary: Pool, retryMs: number) {
  let downUntil = 0;
  const fellOver = (err: unknown) => {
    if (!isDatabaseUnavailable(err)) return false;
    if (Date.now() >= downUntil)
      console.warn(
        `database: read replica unreachable (${(err as Error).message}); reads go to the primary for ${retryMs} ms`,
      );
    downUntil = Date.now() + retryMs;
    return true;
  };
  // Drizzle calls query() for each statement and connect() for a transaction, both as promises;
  // the pool object stays the replica's, so drizzle still sees a pg.Pool.
  const query = replica.query.bind(replica) as (...a: unknown[]) => Promise<unknown>;
  const connect = replica.connect.bind(replica) as (...a: unknown[]) => Promise<unknown>;
  const via =
    (own: typeof query, other: typeof query) =>
    (...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function') return own(...args);
      if (Date.now() < downUntil) return other(...args);
      return own(...args).catch((err) => {
        if (fellOver(err)) return other(...args);
        throw err;
      });
    };
  Object.assign(replica, {
    query: via(query, primary.query.bind(primary) as typeof query),
    connect: via(connect, primary.connect.bind(primary) as typeof query),
  });
}

export async function openDb(opts: DbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const primary = await pgPool(opts.url, opts.poolSize ?? 10);
    const replica = opts.readUrl ? await pgPool(opts.readUrl, opts.poolSize ?? 10) : undefined;
    if (replica) failOverTo(replica.pool, primary.pool, opts.replicaRetryMs ?? REPLICA_RETRY_MS);
    return {
      db: primary.prepared,
      read: replica?.db ?? primary.db,
      kind: 'postgres',
      url: opts.url,
      close: async () => {
        await Promise.all([primary.end(), replica?.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir ? path.resolve(opts.dataDir) : undefined, {
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, read: db, kind: 'pglite', close: () => client.close() };
}

/** How long reads stay on the primary after the replica failed, before the replica is tried again. */
export const REPLICA_RETRY_MS = 5000;

/** How long opening one PostgreSQL connection may take before it counts as the server being down. */
export const CONNECT_TIMEOUT_MS = 5000;

/** Socket errors that mean the server could not be reached or went away mid-query. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's own: connection exceptions (08…), the server shutting down or starting up
 * (57P01-57P03), too many connections (53300), a standby refusing writes while promoted (25006
 * is not here: that is a wrong route, not an outage).
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
/** node-postgres says these in words only, with no code. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Whether `err` (or its cause: drizzle wraps driver errors) means the database is unreachable
 * for the moment, rather than that the query was wrong. The API answers those with 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && (NETWORK_CODES.has(x.code) || SERVER_CODES.test(x.code)))
      return true;
    if (typeof x.message === 'string' && DRIVER_MESSAGES.test(x.message)) return true;
    e = x.cause;
  }
  return false;
}

export function migrationsFolder(): string {
  // Resolved through the package, not import.meta.url: bundlers move this file.
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@sf/db/package.json')), 'migrations');
}

/**
 * Key of the session-level advisory lock that serialises migrations between servers. Any fixed
 * bigint will do, as long as it never changes: an old and a new release must wait for each other too.
 */
export const MIGRATION_LOCK_KEY = 7_216_160_001;

/**
 * Applies the pending migrations, then `andThen` (reference data, demo data: the other writes a
 * start makes once), so that several servers starting at once do not race for them.
 *
 * PostgreSQL: one dedicated connection takes a session-level `pg_advisory_lock` and runs the
 * migrations itself; a second server blocks on the lock until the first is done, then finds
 * nothing left to do (drizzle skips applied migrations, the reference data skips an unchanged
 * hash). Without the lock both would read "nothing applied yet" and run every migration, and the
 * loser fails on "relation already exists" (or on the pg_trgm / drizzle schema CREATE … IF NOT
 * EXISTS, which are not safe against a concurrent twin either). Session-level, not
 * `pg_advisory_xact_lock`: drizzle commits each run in its own transaction and `andThen` runs
 * outside it, and one session holds the lock across all of that; a pooled connection could not,
 * as the lock must be released on the connection that took it.
 *
 * PGlite: one connection inside one process (the embedded database serves one process only, see
 * config.ts), so there is nobody to race and no lock.
 */
export async function migrate(handle: DbHandle, andThen?: () => Promise<void>): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    await handle.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as any, { migrationsFolder: folder });
    await andThen?.();
    return;
  }
  if (!handle.url) throw new Error('migrate: a PostgreSQL handle without its url');
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  const session = new pg.Client({
    connectionString: handle.url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await session.connect();
  try {
    // Waits as long as another server is migrating: that is the point.
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzle({ client: session, schema });
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await run(db, { migrationsFolder: folder });
    await andThen?.();
  } finally {
    // Closing the session releases the lock anyway; the explicit unlock only says so sooner. If
    // the connection broke, the server has already released it: nothing to report over the
    // error that got us here.
    await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await session.end().catch(() => {});
  }
}

/** Rows of a raw query, whichever driver answered. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A row of `table` that a statement returned as JSON (`to_jsonb(t)`: keyed by column name, values
 * as JSON has them), in the shape Drizzle's own reads give: each value through its column's
 * decoder, so a timestamp is a Date and a bigint a number, as from `db.select()`. For statements
 * that write several tables at once and return what they wrote in one answer.
 */
export function fromJsonRow<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const v = json[column.name];
    out[key] = v == null ? null : column.mapFromDriverValue(v);
  }
  return out as T['$inferSelect'];
}
