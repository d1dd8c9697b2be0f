/**
 * How buyers name parts, as data: phrases rewritten before the text is split into words (Nigerian and
 * British/American names, spacing; car model names in model-names.ts), misspellings the trigram correction does not reach, and groups of
 * words that mean the same part (each finds the others). search.ts applies them.
 */

/** Rewritten in the lower-cased text, in this order (whole words). */
export const PHRASES: [RegExp, string][] = [
  [/\bhead[\s-]*(?:lamps?|lights?)\b/g, 'headlamp'],
  [/\btail[\s-]*(?:lamps?|lights?)\b/g, 'tail lamp'],
  [/\bfog[\s-]*lights?\b/g, 'fog lamp'],
  [/\b(?:wing|door|outside)[\s-]*mirrors?\b/g, 'side mirror'],
  [/\bshock[\s-]*absorbers?\b/g, 'shock absorber'],
  [/\bshocks\b/g, 'shock absorber'],
  [/\bspark[\s-]*plugs?\b/g, 'spark plug'],
  [/\bsparkplugs?\b/g, 'spark plug'],
  [/\bfan[\s-]*belts?\b/g, 'fan belt'],
  [/\b(?:air[\s-]*con|aircon|air[\s-]*condition(?:er|ing)?)\b/g, 'ac'],
  [/\bbenz\b/g, 'mercedes'],
];

/** Misspellings too far from the word for the trigram correction (similarity below 0.4). */
export const MISSPELLINGS: Record<string, string> = {
  shok: 'shock',
  shoc: 'shock',
  absorbar: 'absorber',
  absorver: 'absorber',
  altenator: 'alternator',
  alternater: 'alternator',
  radiater: 'radiator',
  tyer: 'tyre',
};

/** Words that mean the same part; each side finds the other. */
export const SYNONYM_GROUPS = [
  ['headlight', 'headlamp'],
  ['taillight', 'taillamp'],
  ['tire', 'tyre'],
  ['tires', 'tyres'],
  ['break', 'brake'],
  ['breaks', 'brakes'],
  ['bonnet', 'hood'],
  ['boot', 'trunk'],
  ['silencer', 'muffler'],
  ['windscreen', 'windshield'],
  ['rim', 'wheel'],
  ['rims', 'wheels'],
  ['shock', 'absorber'],
  ['gearbox', 'transmission'],
  ['aircon', 'ac'],
  ['carburetor', 'carburettor'],
  ['battery', 'accumulator'],
  ['stabiliser', 'stabilizer'],
  ['mounting', 'mount'],
  ['plug', 'plugs'],
  ['pad', 'pads'],
];
