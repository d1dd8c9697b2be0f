import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, schema } from '@sf/db';
import { ensureServerBuild } from '../../../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
/** How many servers start at once against one empty database. */
const STARTS = 6;

/** `npm run db:migrate` as a deployment runs it: compiled, its own process, its own connections. */
function migrateProcess(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/api/dist/migrate-cli.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, DATABASE_READ_URL: '', NODE_ENV: 'test' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// The race needs several connections to one server; PGlite is one connection in one process
// (migrate() takes no lock there), so this runs only on the PostgreSQL server.
describe.runIf(serverUrl)('migrations started by several servers at once', () => {
  const name = `sf_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  const url = new URL(serverUrl || 'postgres://x/'); // '' when a step turns the server off
  url.pathname = `/${name}`;
  let db: pg.Client;

  beforeAll(async () => {
    // The compiled CLI, as `npm run db:migrate` runs it.
    await ensureServerBuild({ quiet: true });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it(`all ${STARTS} succeed, each migration is applied once and the schema is complete`, async () => {
    const runs = await Promise.all(
      Array.from({ length: STARTS }, () => migrateProcess(url.toString())),
    );
    for (const r of runs) expect(r.output, r.output).toMatch(/migrated \(postgres\)/);
    expect(runs.map((r) => r.code)).toEqual(Array(STARTS).fill(0));

    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const applied = await db.query('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBe(journal.entries.length);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);

    const expected = Object.values(schema)
      .filter((t) => is(t, PgTable))
      .map((t) => getTableName(t as PgTable))
      .sort();
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const present = new Set(tables.rows.map((r) => r.table_name));
    expect(expected.filter((t) => !present.has(t))).toEqual([]);
    expect(expected.length).toBeGreaterThan(30);

    // The reference data, loaded under the same lock: once, complete.
    const states = await db.query('SELECT count(*)::int AS n FROM states');
    expect(states.rows[0].n).toBe(37);
    const ext = await db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(ext.rowCount).toBe(1);
  }, 180_000);
});
