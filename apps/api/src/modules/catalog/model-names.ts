/**
 * Car model names as buyers type them: 'crv', 'cr-v' and 'CR V' are one model, as are 'rav 4' and
 * 'rav4', 'landcruiser' and 'land cruiser', 'rx350' and 'RX 350'. The catalogue's words for a model
 * are those of its name in reference/cars.json (the names products' fitment is written with), so a
 * typed form is rewritten to them: one to three typed words whose letters and digits, run together,
 * spell a model's name run together become that name's words. Data, not a list kept by hand, so
 * every model of the reference is covered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { referenceDir } from '@sf/db/reference';

interface CarsFile {
  makes: { name: string; models: { name: string }[] }[];
}

/** A name's words as the search splits text (lower case, [a-z0-9] runs). */
const wordsOf = (name: string) => name.toLowerCase().match(/[a-z0-9]+/g) ?? [];

interface Names {
  /** Names of several words, run together → their words ('landcruiser' → land, cruiser). */
  joined: Map<string, string[]>;
  /** One-word names of letters and digits ('rav4', '4runner', '350z'): 'rav 4' typed in two words is one of them. */
  single: Set<string>;
}

let names: Names | undefined;
function load(): Names {
  if (names) return names;
  const cars = JSON.parse(
    fs.readFileSync(path.join(referenceDir(), 'cars.json'), 'utf8'),
  ) as CarsFile;
  names = { joined: new Map(), single: new Set() };
  const all = cars.makes.flatMap((m) => [m.name, ...m.models.map((x) => x.name)]);
  // 'Pick-Up' run together is Nissan's 'Pickup': a name that is also a one-word name stays as typed.
  const oneWord = new Set(
    all
      .map(wordsOf)
      .filter((w) => w.length === 1)
      .map((w) => w[0]),
  );
  for (const name of all) {
    const words = wordsOf(name);
    const joined = words.join('');
    if (words.length === 1 && /[a-z]/.test(joined) && /\d/.test(joined)) names.single.add(joined);
    // Under 3 letters run together ('A 8'), a join would rewrite ordinary words.
    else if (
      words.length > 1 &&
      joined.length >= 3 &&
      !oneWord.has(joined) &&
      !names.joined.has(joined)
    )
      names.joined.set(joined, words);
  }
  return names;
}

/** Tokens with every typed form of a model name rewritten to the name's own words. */
export function normaliseModelNames(tokens: string[]): string[] {
  const { joined, single } = load();
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let taken = 0;
    // The longest run first: 'land cruiser prado' before 'land cruiser'.
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !taken; n--) {
      const words = joined.get(tokens.slice(i, i + n).join(''));
      if (words) {
        out.push(...words);
        taken = n;
      }
    }
    const pair = tokens[i] + (tokens[i + 1] ?? '');
    if (!taken && i + 1 < tokens.length && single.has(pair)) {
      out.push(pair);
      taken = 2;
    }
    if (!taken) {
      out.push(tokens[i]);
      taken = 1;
    }
    i += taken;
  }
  return out;
}
