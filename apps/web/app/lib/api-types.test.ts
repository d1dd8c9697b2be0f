import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// Decision 0025: a page's API answers are typed from the API's answer schemas through one route
// map, so renaming a field of an answer schema fails `tsc` at every page that reads it. Proved
// here on the checkout page, which reads `checkoutId` from POST /api/checkout's answer: the page
// is compiled as it is, then against an in-memory checkout schema where the field is renamed.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const page = path.join(web, 'app/routes/shopping/checkout.tsx');
const schemaFile = path.resolve(web, '../api/src/modules/checkout/schemas.ts');

let baseline: ts.Program | undefined;

function pageErrors(rename?: [string, string]) {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(web, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('apps/web/tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    if (!rename || text === undefined || path.resolve(file) !== schemaFile) return text;
    const [from, to] = rename;
    // Only in the checkout's answer (checkoutReply), where the page reads it.
    const start = text.indexOf('export const checkoutReply');
    const end = text.indexOf('\n});', start);
    const renamed = text.slice(start, end).replace(`  ${from}:`, `  ${to}:`);
    if (start < 0 || end < 0 || renamed === text.slice(start, end))
      throw new Error(`${from} not found in checkoutReply`);
    return text.slice(0, start) + renamed + text.slice(end);
  };
  // The renamed run reuses the first run's parsed files (all but the schema).
  const program = ts.createProgram({
    rootNames: [page],
    options: config.options,
    host,
    oldProgram: baseline,
  });
  if (!rename) baseline = program;
  const source = program.getSourceFile(page)!;
  return program.getSemanticDiagnostics(source).map((d) => {
    const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
    return {
      line: source.text.split('\n')[line]!.trim(),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    };
  });
}

describe('typed API answers (decision 0025)', () => {
  // The page imports its route types from `./+types/checkout`, which React Router generates (and
  // git ignores): a fresh clone has them only after `npm run typecheck`, so the test makes them.
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [path.resolve(web, '../../node_modules/.bin/react-router'), 'typegen'],
      {
        cwd: web,
        stdio: 'ignore',
      },
    );
  }, 120_000);

  it('the checkout page compiles against the checkout schema as it is', () => {
    expect(pageErrors()).toEqual([]);
  }, 120_000);

  it("renaming checkoutId in POST /api/checkout's answer schema fails the page where it reads it", () => {
    const errors = pageErrors(['checkoutId', 'orderGroupId']);
    expect(errors).toContainEqual({
      line: expect.stringContaining('ans.checkoutId'),
      message: expect.stringContaining("Property 'checkoutId' does not exist"),
    });
  }, 120_000);
});
