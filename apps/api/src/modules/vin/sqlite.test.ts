import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteDriverPath } from './sqlite.ts';

const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);

describe(`the VIN decoder's SQLite driver on Node ${process.versions.node}`, () => {
  it('is the Node-API build on Node 22+ and the compiled 12.x on Node 20', () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(path.dirname(sqliteDriverPath()), '..', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(Number(pkg.version.split('.')[0])).toBe(major >= 22 ? 13 : 12);
    expect(sqliteDriverPath(20)).toBe(require.resolve('better-sqlite3'));
    expect(sqliteDriverPath(24)).toBe(require.resolve('better-sqlite3-napi'));
  });

  // What aborted the server on Node 24 with 12.x: statements freed by the garbage collector, and
  // a worker thread that used the driver ending. Run in a child so an abort fails this test
  // instead of killing the test runner.
  it('survives thousands of statements collected and a worker thread that used it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-sqlite-'));
    const script = path.join(dir, 'stress.cjs');
    fs.writeFileSync(
      script,
      `
const Database = require(${JSON.stringify(sqliteDriverPath())});
const { Worker, isMainThread } = require('node:worker_threads');
function churn(n) {
  const db = new Database(':memory:');
  for (let i = 0; i < n; i++) db.prepare('SELECT ? AS x, ' + (i % 97) + ' AS y').all(i);
  db.close();
}
if (isMainThread) {
  churn(60000);
  globalThis.gc();
  new Worker(__filename).on('exit', (code) => {
    churn(20000);
    globalThis.gc();
    setTimeout(() => console.log('survived, worker exit ' + code), 50);
  });
} else churn(20000);
`,
    );
    const r = spawnSync(process.execPath, ['--expose-gc', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).not.toMatch(/Assertion failed/);
    expect({ status: r.status, signal: r.signal, out: r.stdout.trim() }).toEqual({
      status: 0,
      signal: null,
      out: 'survived, worker exit 0',
    });
  });
});
