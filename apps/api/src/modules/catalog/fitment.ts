/**
 * How a part is matched to a car, by category: most parts fit the cars their fitment rows name; some
 * fit most cars ('universal': oil, polish, tools …); tyres, wheels and batteries fit by their size or
 * group (printed in the product's name, read into products.fit_spec) against what the car takes
 * (reference/car-specs.json); truck, motorcycle and tricycle parts never fit a car. No SQL here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { referenceDir } from '@sf/db/reference';

export type FitRule = 'model' | 'universal' | 'tyre' | 'rim' | 'battery' | 'not-a-car';

/** Top categories whose every child fits most cars. */
const UNIVERSAL_TOPS: Record<number, string> = {
  23: 'oils-and-fluids',
  31: 'horns',
  32: 'car-care',
  33: 'tools-and-garage',
  35: 'car-electronics',
};

/** Child categories whose rule differs from the model default (or from their universal top). */
const CHILD_RULES: Record<number, FitRule> = {
  401: 'tyre', // Car Tyres
  402: 'tyre', // SUV and 4x4 Tyres
  403: 'not-a-car', // Truck and Bus Tyres
  404: 'not-a-car', // Motorcycle Tyres
  405: 'not-a-car', // Tricycle Tyres
  406: 'not-a-car', // Inner Tubes (cars run tubeless)
  407: 'universal', // Tyre Valves
  501: 'rim', // Alloy Wheels
  502: 'rim', // Steel Wheels
  506: 'rim', // Hub Caps
  508: 'rim', // Spare Wheels
  1602: 'universal', // Car Covers
  1606: 'universal', // Mud Flaps
  1609: 'universal', // Number Plate Frames
  1610: 'universal', // Stickers and Decals
  2201: 'battery', // Car Batteries
  2202: 'not-a-car', // Truck Batteries
  2203: 'not-a-car', // Motorcycle Batteries
  2204: 'battery', // Maintenance-Free Batteries
  2206: 'universal', // Battery Terminals
  2207: 'universal', // Battery Chargers
  2208: 'universal', // Jump Starters
  3401: 'universal', // Car Alarms
  3402: 'universal', // GPS Trackers
  3403: 'universal', // Steering Locks
  3404: 'universal', // Fire Extinguishers
  3405: 'universal', // Warning Triangles
  3406: 'universal', // First Aid Kits
  3409: 'universal', // Reflective Jackets
};

/** The rule of a category (child id, with its top category's id). */
export function fitRule(catId: number, topCatId: number): FitRule {
  return CHILD_RULES[catId] ?? (UNIVERSAL_TOPS[topCatId] ? 'universal' : 'model');
}

/** Category ids by rule, for the list query (child categories only: products sit in children). */
export function categoriesByRule(cats: { catId: number; parentId: number }[]) {
  const out: Record<FitRule, number[]> = {
    model: [],
    universal: [],
    tyre: [],
    rim: [],
    battery: [],
    'not-a-car': [],
  };
  for (const c of cats) if (c.parentId !== 0) out[fitRule(c.catId, c.parentId)].push(c.catId);
  return out;
}

/** A tyre size as fit_spec holds it: '195/65 R15' → '195/65R15'. */
export const tyreSpec = (size: string) => size.toUpperCase().replace(/[\sZ]/g, '');
/** The rim diameter of a tyre size as fit_spec holds it: '195/65 R15' → 'R15'. */
export const rimSpec = (size: string) => `R${/R\s*(\d{2})/i.exec(size)?.[1] ?? ''}`;

export interface CarTakes {
  tyres: string[];
  battery: string[];
}
type SpecsFile = Record<string, Record<string, CarTakes>>;
let specs: SpecsFile | undefined;
/** Tyre sizes and battery groups of a make's model, as printed ('195/65 R15', 'NS60'); undefined when unknown. */
export function carTakes(make: string, model: string): CarTakes | undefined {
  specs ??= JSON.parse(
    fs.readFileSync(path.join(referenceDir(), 'car-specs.json'), 'utf8'),
  ) as SpecsFile;
  return specs[make]?.[model];
}

/** The fit_spec values a car accepts: its tyre sizes, its rim diameters and its battery groups. */
export function specsOf(takes: CarTakes | undefined): string[] {
  if (!takes) return [];
  return [
    ...new Set([
      ...takes.tyres.map(tyreSpec),
      ...takes.tyres.map(rimSpec),
      ...takes.battery.map((b) => b.toUpperCase()),
    ]),
  ];
}
