/**
 * The car a search names: "brake pads corolla 2010" asks for brake pads that fit a 2010 Toyota
 * Corolla, so the make, model and year are read out of the words and applied as fitment, as the
 * parts filters apply them, and only "brake pads" is left to match the text. Pure functions over
 * reference/cars.json (whose ids are the database's), run on the words after model-names.ts has
 * rewritten typed forms ('crv', 'rav 4') to the reference's.
 *
 * What is read:
 * - a make by its name's words ('toyota', 'land rover', 'mercedes benz') or a short name buyers use
 *   ('mercedes', 'benz', 'vw', 'chevy');
 * - a model by its name's words, the longest first ('corolla cross' before 'corolla'). With its make
 *   named, any model of that make; without, only a model no other make has, whose name is not also
 *   a word for a part or an everyday word ('spark', 'charger', 'fit', 'city' need the make), and
 *   that is long enough not to be a size or a code ('x5', 'a4', 'm8' need the make);
 * - a year (1950 to next year), only beside a make or model, and an engine size ('1.8', '2.4l'),
 *   dropped beside a car because fitment does not record engines (a fitting part is never lost
 *   for not printing it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { referenceDir } from '@sf/db/reference';

interface CarsFile {
  makes: { id: number; name: string; models: { id: number; name: string }[] }[];
}
interface CategoriesFile {
  name: string;
  keywords?: string[];
  children?: CategoriesFile[];
}

export interface TextCar {
  makeId: number;
  modelId?: number;
  year?: number;
}

const wordsOf = (name: string) => name.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Short names of makes (the reference spells them in full). */
const MAKE_ALIASES: Record<string, string[]> = {
  'Mercedes-Benz': ['mercedes', 'benz', 'merc'],
  Volkswagen: ['vw'],
  Chevrolet: ['chevy'],
};

/** Model names that are everyday or parts words: read as a car only beside their make. */
const COMMON_WORDS = new Set(
  (
    'fit city standard wagon coupe hardtop roadster express focus edge escape element crown spark ' +
    'charger cooper defender discovery journey venture spirit shadow laser magnum nova probe quest ' +
    'rally recon stellar stylus tempo terrain transit volt compass patriot liberty pilot passport ' +
    'insight omega pony fox rabbit ram dart impulse swift golf beetle leaf soul echo matrix metro ' +
    'oasis sonic eclipse tracker legend vigor genesis excel aspire tribute caravan frontier titan ' +
    'hornet dynasty diplomat commander citation celebrity conquest challenger avenger intrepid ' +
    'courier venue kicks cube clarity flex maverick sport sunny juke note prelude trooper safari ' +
    'colt expo precis rogue traverse equator expedition explorer ranger fusion cobalt envoy encore ' +
    'sierra terrain acadia canyon yukon savana magnum nitro omni monaco spectra sigma alliance ' +
    'contour fiesta escort mustang bronco taurus thunderbird galant mirage cargo van town country'
  ).split(/\s+/),
);

interface Model {
  makeId: number;
  modelId: number;
}
interface Vocabulary {
  /** Phrases (words joined by ' ') naming a make. */
  makes: Map<string, number>;
  /** Phrases naming a model, with every make that has a model of that name. */
  models: Map<string, Model[]>;
  /** Phrases of models that may be read without their make. */
  alone: Set<string>;
  longest: number;
}

let vocab: Vocabulary | undefined;
function load(): Vocabulary {
  if (vocab) return vocab;
  const read = <T>(file: string) =>
    JSON.parse(fs.readFileSync(path.join(referenceDir(), file), 'utf8')) as T;
  const cars = read<CarsFile>('cars.json');
  const partWords = new Set<string>();
  const walk = (cs: CategoriesFile[]) => {
    for (const c of cs) {
      for (const w of [c.name, ...(c.keywords ?? [])].flatMap(wordsOf)) {
        partWords.add(w);
        // 'Battery Chargers' names the charger too.
        if (w.endsWith('s')) partWords.add(w.slice(0, -1));
      }
      walk(c.children ?? []);
    }
  };
  walk(read<CategoriesFile[]>('categories.json'));
  const v: Vocabulary = { makes: new Map(), models: new Map(), alone: new Set(), longest: 1 };
  const note = (phrase: string) => (v.longest = Math.max(v.longest, phrase.split(' ').length));
  for (const mk of cars.makes) {
    for (const p of [wordsOf(mk.name).join(' '), ...(MAKE_ALIASES[mk.name] ?? [])]) {
      v.makes.set(p, mk.id);
      note(p);
    }
    for (const md of mk.models) {
      const p = wordsOf(md.name).join(' ');
      if (!p) continue;
      v.models.set(p, [...(v.models.get(p) ?? []), { makeId: mk.id, modelId: md.id }]);
      note(p);
    }
  }
  // 'Cargo Van', 'Spark': every word (of three letters or more) an everyday or parts word.
  const everyday = (p: string) => {
    const long = p.split(' ').filter((w) => w.length > 2);
    return long.length > 0 && long.every((w) => partWords.has(w) || COMMON_WORDS.has(w));
  };
  for (const [p, list] of v.models) {
    const joined = p.replace(/ /g, '');
    const distinct =
      list.length === 1 &&
      /[a-z]/.test(joined) &&
      // Hyphenated names ('cr v', 'hr v') are distinctive at three letters.
      joined.length >= (p.includes(' ') ? 3 : 4) &&
      !everyday(p);
    if (distinct) v.alone.add(p);
  }
  vocab = v;
  return v;
}

const YEAR = /^(19[5-9]\d|20\d\d)$/;
const lastYear = () => new Date().getFullYear() + 1;

/**
 * The car named by the words, and the words left for the text search; no car: the words unchanged.
 * Words are lower case [a-z0-9] runs, model names already in the reference's words.
 */
export function carInText(tokens: string[]): { car?: TextCar; rest: string[] } {
  const v = load();
  const found: { at: number; len: number; make?: number; models?: Model[]; phrase: string }[] = [];
  const taken = (i: number, len: number) => found.some((f) => i < f.at + f.len && f.at < i + len);
  for (let len = Math.min(v.longest, tokens.length); len >= 1; len--)
    for (let i = 0; i + len <= tokens.length; i++) {
      if (taken(i, len)) continue;
      const phrase = tokens.slice(i, i + len).join(' ');
      const make = v.makes.get(phrase);
      const models = v.models.get(phrase);
      if (make !== undefined || models) found.push({ at: i, len, make, models, phrase });
    }
  // A make named decides among models; the first make wins when several are named.
  const make = found.filter((f) => f.make !== undefined).sort((a, b) => a.at - b.at)[0]?.make;
  const modelHits = found
    .filter((f) => f.models && f.make === undefined)
    .sort((a, b) => b.len - a.len || a.at - b.at);
  let model: { hit: (typeof found)[number]; m: Model } | undefined;
  for (const hit of modelHits) {
    const m =
      make !== undefined
        ? hit.models!.find((x) => x.makeId === make)
        : v.alone.has(hit.phrase)
          ? hit.models![0]
          : undefined;
    if (m) {
      model = { hit, m };
      break;
    }
  }
  const makeId = make ?? model?.m.makeId;
  if (makeId === undefined) return { rest: tokens };
  const used = new Set<number>();
  const use = (f: { at: number; len: number }) => {
    for (let k = 0; k < f.len; k++) used.add(f.at + k);
  };
  // Every mention of the chosen make goes ('mercedes benz' is read as two).
  for (const f of found) if (f.make === makeId) use(f);
  if (model) use(model.hit);
  const car: TextCar = { makeId, modelId: model?.m.modelId };
  const yearAt = tokens.findIndex(
    (w, i) => !used.has(i) && YEAR.test(w) && Number(w) <= lastYear(),
  );
  if (yearAt >= 0) {
    car.year = Number(tokens[yearAt]);
    used.add(yearAt);
  }
  return { car, rest: tokens.filter((_, i) => !used.has(i)) };
}

/** Engine sizes as typed ('1.8', '2.4l', '3.5 litre', 'v6'): dropped from the text beside a car. */
export const ENGINE = /\b(?:\d\.\d\s*(?:l|ltr|litre|liter|litres|liters)?|v\s?(?:6|8|12))\b/g;
