import type { FastifyInstance } from 'fastify';
import { createTestDb } from '@sf/db/testing';
import type { DbHandle } from '@sf/db';
import { buildApp, type BuildOptions } from '../app.ts';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  close(): Promise<void>;
}

/** A fresh database (PGlite, or its own database on TEST_DATABASE_URL) and the API on it. */
export async function createTestApp(config: BuildOptions['config'] = {}): Promise<TestApp> {
  const handle = await createTestDb();
  const app = await buildApp({ db: handle.db, config });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export const dbLabel = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
