import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/configuration.md is the one list of settings and .env.example repeats its names: both
// must name exactly the variables config.ts reads, so a new setting cannot ship undocumented.

const read = (p: string) => fs.readFileSync(new URL(`../../../../${p}`, import.meta.url), 'utf8');
/** Read by the test runners, not the server: documented under "Tests only". */
const TEST_ONLY = ['TEST_DATABASE_URL', 'TEST_READ_REPLICA'];

/** The variables config.ts reads: `env.NAME`, and names passed as strings to its readers. */
function readByConfig(): string[] {
  const src = read('apps/api/src/config.ts');
  const names = new Set<string>();
  for (const m of src.matchAll(
    /\benv\.([A-Z][A-Z0-9_]+)|\(\s*'([A-Z][A-Z0-9_]+)'|^\s*'([A-Z][A-Z0-9_]+)',$/gm,
  ))
    names.add(m[1] ?? m[2] ?? m[3]);
  return [...names].sort();
}

describe('configuration docs', () => {
  const config = readByConfig();

  it('finds what config.ts reads (the parser itself works)', () => {
    expect(config).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'VAPID_SUBJECT', 'E2E']),
    );
    expect(config.length).toBeGreaterThan(35);
  });

  it('docs/configuration.md names every variable config.ts reads, and no other', () => {
    const doc = read('docs/configuration.md');
    const documented = new Set<string>();
    for (const line of doc.split('\n').filter((l) => l.startsWith('- `')))
      for (const m of line.split(':')[0].matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(m[1]);
    expect([...documented].filter((n) => !TEST_ONLY.includes(n)).sort()).toEqual(config);
  });

  it('.env.example lists the same names', () => {
    const names = read('.env.example')
      .split('\n')
      .map((l) => /^#?\s*([A-Z][A-Z0-9_]+)=/.exec(l)?.[1])
      .filter((n): n is string => Boolean(n) && !TEST_ONLY.includes(n!));
    expect(names.sort()).toEqual(config);
  });
});
