// The benches' smoke mode (BENCH_SMOKE=1, run by bench/smoke.mjs): each bench runs for a few
// seconds on a tiny dataset and fails on any error, so a bench that no longer runs fails the
// build instead of rotting. Figures from a smoke run mean nothing: they are never written over
// bench/results/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full run's value, or the smoke's. */
export const sized = (full, smoke) => (SMOKE ? smoke : full);

/** Writes bench/results/<file> (a full run only). */
export function writeResult(file, data) {
  if (SMOKE) return;
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results', file), JSON.stringify(data, null, 2));
}

/** In smoke mode, ends the run with a failure when `errors` holds any (a count, a list or a map of counts). */
export function failOnErrors(what, errors) {
  if (!SMOKE) return;
  const n =
    typeof errors === 'number'
      ? errors
      : Array.isArray(errors)
        ? errors.length
        : Object.values(errors ?? {}).reduce((a, b) => a + Number(b), 0);
  if (n > 0) {
    console.error(`smoke: ${what}: ${n} errors ${JSON.stringify(errors)}`);
    process.exitCode = 1;
  }
}
