import crypto from 'node:crypto';
import { openDb, migrate, type DbHandle } from './client.ts';
import { loadReferenceData } from './reference.ts';

/**
 * A fresh, migrated database with reference data for one test file.
 * With TEST_DATABASE_URL it creates its own database on that server and drops it on close,
 * so leftovers never decide a run; otherwise an in-memory PGlite.
 */
export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `sf_test_${crypto.randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDb({ url: url.toString(), poolSize: 5 });
    drop = async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  } else {
    handle = await openDb();
  }
  await migrate(handle);
  await loadReferenceData(handle.db);
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      await drop?.();
    },
  };
}
