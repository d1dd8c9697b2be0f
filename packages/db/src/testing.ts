import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDb, migrate, type DbHandle } from './client.ts';
import { loadReferenceData } from './reference.ts';
import type { DbTemplate } from './test-template.ts';

/** The run's template database (test-template.ts), when vitest's globalSetup made one. */
async function runTemplate(): Promise<DbTemplate> {
  try {
    const { inject } = await import('vitest');
    return inject('dbTemplate') ?? {};
  } catch {
    return {}; // outside vitest, or a project without the setup: build from scratch
  }
}

/**
 * A fresh, migrated database with reference data for one test file: a copy of the run's
 * template where there is one (test-template.ts), else migrated and loaded here.
 * With TEST_DATABASE_URL it creates its own database on that server and drops it on close,
 * so leftovers never decide a run; otherwise an in-memory PGlite.
 *
 * `readOnlyReplica` (PostgreSQL only) stands a replica in for `handle.read`: a login role of its
 * own that may only SELECT and whose transactions are read-only, so any write sent where public
 * reads go fails ("cannot execute … in a read-only transaction" or "permission denied").
 * The role is dropped with the database.
 */
export async function createTestDb(
  opts: { readOnlyReplica?: boolean; poolSize?: number } = {},
): Promise<DbHandle & { readUrl?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = await runTemplate();
  let copied = false;
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let readOnly: { role: string; url: string } | undefined;
  if (serverUrl) {
    const name = `sf_test_${crypto.randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    copied = !!template.database;
    await admin.query(`CREATE DATABASE ${name}${copied ? ` TEMPLATE ${template.database}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDb({ url: url.toString(), poolSize: opts.poolSize ?? 5 });
    const role = opts.readOnlyReplica ? `${name}_ro` : undefined;
    drop = async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (role) await a.query(`DROP ROLE IF EXISTS ${role}`);
      await a.end();
    };
    if (role) {
      readOnly = { role, url: url.toString() };
    }
  } else {
    copied = !!template.pgliteFile;
    handle = await openDb(
      copied ? { loadDataDir: new Blob([fs.readFileSync(template.pgliteFile!)]) } : {},
    );
  }
  if (!copied) {
    await migrate(handle);
    await loadReferenceData(handle.db);
  }
  let close = handle.close;
  let readUrl: string | undefined;
  if (readOnly) {
    // After the migrations, so the grant covers every table.
    const { role } = readOnly;
    await handle.db.execute(sql.raw(`CREATE ROLE ${role} LOGIN`));
    await handle.db.execute(sql.raw(`ALTER ROLE ${role} SET default_transaction_read_only = on`));
    await handle.db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${role}`));
    await handle.db.execute(sql.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`));
    const u = new URL(readOnly.url);
    u.username = role;
    readUrl = u.toString();
    const primary = handle;
    const replica = await openDb({ url: readUrl, poolSize: 5 });
    handle = { ...primary, read: replica.db };
    close = async () => {
      await replica.close();
      await primary.close();
    };
  }
  return {
    ...handle,
    readUrl,
    close: async () => {
      await close();
      await drop?.();
    },
  };
}
