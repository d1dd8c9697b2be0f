import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const pg = { DATABASE_URL: 'postgres://x@127.0.0.1:5432/db' };

describe('WEB_CONCURRENCY', () => {
  it('is one process unless asked', () => {
    expect(loadConfig({ ...pg }).processes).toBe(1);
  });

  it('takes a count, or one per core for "auto", on the PostgreSQL server', () => {
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: 'auto' }).processes).toBe(
      os.availableParallelism(),
    );
  });

  it('runs one process on the embedded database, and says why', () => {
    const c = loadConfig({ WEB_CONCURRENCY: '4' });
    expect(c.processes).toBe(1);
    expect(c.warnings.join()).toMatch(/needs DATABASE_URL/);
  });

  it('refuses a value that is not a count', () => {
    for (const v of ['0', '-2', '1.5', 'many', '65'])
      expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: v })).toThrow(/WEB_CONCURRENCY must be/);
  });
});
