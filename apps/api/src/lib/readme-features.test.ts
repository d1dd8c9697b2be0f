import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's "Find a feature" table names where each domain lives: every module, schema
// file, page, web helper and spec it names must exist, and a layer's file named after a row's
// module must be in that row, so a newcomer finds a domain by its module's name alone.

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** Whether `pattern` (a path under `dir`, `*` standing for any characters) names a file or folder. */
function exists(dir: string, pattern: string): boolean {
  const parts = pattern.split('/');
  let here = [path.join(root, dir)];
  for (const part of parts) {
    here = here.flatMap((d) =>
      fs.existsSync(d) && fs.statSync(d).isDirectory()
        ? fs
            .readdirSync(d)
            .filter((n) => matches(part, n))
            .map((n) => path.join(d, n))
        : [],
    );
  }
  return here.length > 0;
}

/** Whether `name` (a path) matches `pattern`, `*` standing for any characters. */
function matches(pattern: string, name: string): boolean {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(
    name,
  );
}

const COLUMNS: [string, (name: string) => string][] = [
  ['apps/api/src/modules', (n) => n],
  ['packages/db/src/schema', (n) => n],
  ['apps/web/app/routes', (n) => n],
  ['apps/web/app', (n) => n],
  ['e2e', (n) => `${n}.spec.ts`],
];

/** The files a layer would hold for module `m`, by the column they belong in. */
const NAMED_AFTER: [number, string, (m: string) => string[]][] = [
  [1, 'packages/db/src/schema', (m) => [`${m}.ts`]],
  [3, 'apps/web/app', (m) => [`lib/${m}.ts`, `lib/${m}.server.ts`, `components/${m}`]],
  [4, 'e2e', (m) => [`${m}.spec.ts`]],
];

describe('README: find a feature', () => {
  const start = readme.indexOf('## Find a feature');
  const rows = readme
    .slice(start, readme.indexOf('\n## ', start + 1))
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Feature') && !l.startsWith('| ---'));

  it('has a row per domain', () => expect(rows.length).toBeGreaterThan(15));

  /** A row's cells after the feature's name, one per column of COLUMNS. */
  const cellsOf = (row: string) => row.split('|').slice(2, 2 + COLUMNS.length);
  /** The names in backticks; a parenthesis holds an aside (other helpers, where it comes from). */
  const namesIn = (cell: string) =>
    [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);

  it('names only what exists', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const cells = cellsOf(row);
      cells.forEach((cell, i) => {
        const [dir, file] = COLUMNS[i];
        for (const name of namesIn(cell))
          if (!exists(dir, file(name))) missing.push(`${dir}/${file(name)}`);
      });
    }
    expect(missing).toEqual([]);
  });

  it("names each layer's file that carries a row's module name", () => {
    const unnamed: string[] = [];
    for (const row of rows) {
      const cells = cellsOf(row);
      for (const module of namesIn(cells[0]))
        for (const [col, dir, files] of NAMED_AFTER)
          for (const f of files(module)) {
            const listed = namesIn(cells[col]).some((n) => matches(COLUMNS[col][1](n), f));
            if (fs.existsSync(path.join(root, dir, f)) && !listed) unnamed.push(`${dir}/${f}`);
          }
    }
    expect(unnamed).toEqual([]);
  });
});
