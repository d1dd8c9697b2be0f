import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's "Find a feature" table names where each domain lives: every module, schema
// file, page and spec it names must exist, so the table cannot drift from the code.

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** Whether `pattern` (a path under `dir`, `*` standing for any characters) names a file or folder. */
function exists(dir: string, pattern: string): boolean {
  const parts = pattern.split('/');
  let here = [path.join(root, dir)];
  for (const part of parts) {
    const re = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    here = here.flatMap((d) =>
      fs.existsSync(d) && fs.statSync(d).isDirectory()
        ? fs
            .readdirSync(d)
            .filter((n) => re.test(n))
            .map((n) => path.join(d, n))
        : [],
    );
  }
  return here.length > 0;
}

const COLUMNS: [string, (name: string) => string][] = [
  ['apps/api/src/modules', (n) => n],
  ['packages/db/src/schema', (n) => n],
  ['apps/web/app/routes', (n) => n],
  ['e2e', (n) => `${n}.spec.ts`],
];

describe('README: find a feature', () => {
  const start = readme.indexOf('## Find a feature');
  const rows = readme
    .slice(start, readme.indexOf('\n## ', start + 1))
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| Feature') && !l.startsWith('| ---'));

  it('has a row per domain', () => expect(rows.length).toBeGreaterThan(15));

  it('names only what exists', () => {
    const missing: string[] = [];
    for (const row of rows) {
      const cells = row.split('|').slice(2, 6);
      cells.forEach((cell, i) => {
        const [dir, file] = COLUMNS[i];
        // Names in backticks; a parenthesis holds an aside (other helpers, old names).
        for (const m of cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g))
          if (!exists(dir, file(m[1]))) missing.push(`${dir}/${file(m[1])}`);
      });
    }
    expect(missing).toEqual([]);
  });
});
