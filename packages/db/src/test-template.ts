// vitest's globalSetup for the API tests: one migrated database with the reference data per run,
// which every test file's database then starts as a copy of (testing.ts), instead of running the
// migrations and loading the reference data again for each file (about 3 s a file on PGlite,
// 1 s on the server). Made fresh for each run and removed after it, so no leftover decides one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDb } from './client.ts';
import { loadReferenceData } from './reference.ts';

export interface DbTemplate {
  /** PGlite: a file holding the template's dumpDataDir(). */
  pgliteFile?: string;
  /** PostgreSQL: the template database's name on TEST_DATABASE_URL's server. */
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const id = crypto.randomBytes(6).toString('hex');
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const database = `sf_test_template_${id}`;
    const admin = async (text: string) => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const handle = await openDb({ url: url.toString(), poolSize: 1 });
    await migrate(handle);
    await loadReferenceData(handle.db);
    await handle.close(); // a template must have no connections while it is copied
    project.provide('dbTemplate', { database });
    return () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  const handle = await openDb();
  await migrate(handle);
  await loadReferenceData(handle.db);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const pgliteFile = path.join(os.tmpdir(), `sf-test-template-${id}.tar`);
  fs.writeFileSync(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { pgliteFile });
  return () => fs.rmSync(pgliteFile, { force: true });
}
