// The broad search mix of the search-speed bench: at least 5,000 distinct searches built from the
// catalogue's own part names and keywords, the car models Nigerians drive, and the words buyers add
// ('used', 'tokunbo', 'genuine', a year), as one-word, two-word and longer searches. Deterministic:
// the same list on every run and every machine, in a shuffled order so no run walks one part.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ref = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/db/reference');
const read = (f) => JSON.parse(fs.readFileSync(path.join(ref, f), 'utf8'));

// The makes and models most sold in Nigeria (the demo fitment covers them).
const POPULAR = ['Toyota', 'Honda', 'Lexus', 'Nissan', 'Mercedes-Benz', 'Hyundai', 'Kia', 'Ford'];
const EXTRA_WORDS = ['used', 'new', 'tokunbo', 'genuine', 'original', 'front', 'rear', 'left'];

/** A small seeded generator, so the shuffle is the same everywhere. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export function searchSet(min = 5000) {
  const parts = new Set();
  for (const top of read('categories.json'))
    for (const c of [top, ...(top.children ?? [])]) {
      parts.add(c.name.toLowerCase());
      for (const k of c.keywords ?? []) parts.add(k.toLowerCase());
    }
  const models = [];
  for (const m of read('cars.json').makes)
    if (POPULAR.includes(m.name))
      for (const mo of m.models) if (mo.yearTo >= 2000) models.push(mo.name.toLowerCase());
  const partList = [...parts].filter((p) => p.length > 2);
  const one = [...partList, ...models, ...POPULAR.map((m) => m.toLowerCase())];
  const out = new Set(one);
  const r = rng(2026);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  // Two words (a part and a model, a word and a part), then three (word, model, part) and a year.
  for (let i = 0; out.size < min * 0.6 && i < min * 20; i++)
    out.add(
      r() < 0.5 ? `${pick(models)} ${pick(partList)}` : `${pick(EXTRA_WORDS)} ${pick(partList)}`,
    );
  for (let i = 0; out.size < min && i < min * 20; i++)
    out.add(
      r() < 0.5
        ? `${pick(EXTRA_WORDS)} ${pick(models)} ${pick(partList)}`
        : `${pick(partList)} ${pick(models)} ${2000 + Math.floor(r() * 24)}`,
    );
  const list = [...out];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
