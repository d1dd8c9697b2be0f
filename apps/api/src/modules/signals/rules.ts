/**
 * Genuine-part signals (decision 0022): pure rules, so the API, the job and the tests share them.
 *
 * A 'Genuine <Make>' / '<Make> Genuine' / 'OEM <Make>' / '<Make> OEM' claim in a listing's name,
 * title or description names the maker of the part. When the listing has fitment data and none of
 * its makes belongs to the claimed maker's family, the claim is suspect (a 'Toyota Genuine' part
 * listed for a Passat). Without fitment data nothing is judged.
 */

/** Makes whose genuine parts are one maker's: a Toyota genuine part on a Lexus is no contradiction. */
const FAMILIES = [
  ['toyota', 'lexus'],
  ['nissan', 'infiniti', 'datsun'],
  ['honda', 'acura'],
  ['hyundai', 'kia'],
  ['volkswagen', 'audi', 'skoda', 'seat', 'cupra', 'porsche', 'bentley', 'lamborghini'],
  ['mercedesbenz', 'maybach', 'smart'],
  ['bmw', 'mini', 'rollsroyce'],
  ['ford', 'lincoln'],
  ['chevrolet', 'gmc', 'cadillac', 'buick', 'opel', 'vauxhall'],
  ['peugeot', 'citroen'],
];
/** What sellers write for a make's name. */
const ALIASES: Record<string, string> = {
  vw: 'Volkswagen',
  mercedes: 'Mercedes-Benz',
  benz: 'Mercedes-Benz',
  chevy: 'Chevrolet',
};

/** A make's name as a key: 'Mercedes-Benz', 'mercedes benz' → 'mercedesbenz'. */
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
export const family = (make: string) => FAMILIES.find((f) => f.includes(make)) ?? [make];
const escape = (s: string) =>
  s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]+');

/** A matcher of the claims for a list of make names (compiled once per list). */
export function claimMatcher(makeNames: string[]) {
  const display = new Map(makeNames.map((n) => [norm(n), n]));
  for (const [alias, name] of Object.entries(ALIASES)) display.set(alias, name);
  const names = [
    ...new Set([...makeNames.map((n) => n.toLowerCase()), ...Object.keys(ALIASES)]),
  ].sort((a, b) => b.length - a.length);
  const alt = names.map(escape).join('|');
  const re = new RegExp(
    `(?:\\b(?:genuine|oem)\\s+(${alt})\\b)|(?:\\b(${alt})\\s+(?:genuine|oem)\\b)`,
    'i',
  );
  /** The make a listing claims its part is a genuine part of, or null. */
  return (text: string): string | null => {
    const m = re.exec(text);
    if (!m) return null;
    const said = norm(m[1] ?? m[2]);
    return display.get(said) ?? null;
  };
}

/** Whether a claimed make contradicts the fitment's makes (none in its family; none given: no). */
export function claimContradicts(claimed: string, fitmentMakes: string[]): boolean {
  if (!fitmentMakes.length) return false;
  const fam = family(norm(claimed));
  return !fitmentMakes.some((m) => fam.includes(norm(m)));
}

/**
 * A price far below the category: under PRICE_RATIO of the median price of the active listings
 * in the same category (itself included), judged only when there are at least MIN_LISTINGS of
 * them, so a thin category never flags anyone.
 */
export const PRICE_RATIO = 0.4;
export const MIN_LISTINGS = 6;

export function priceTooLow(priceKobo: number, medianKobo: number | null, listings: number) {
  return medianKobo !== null && listings >= MIN_LISTINGS && priceKobo < medianKobo * PRICE_RATIO;
}

/**
 * Which median a price is held against: the same part number's when at least MIN_LISTINGS active
 * listings share it (the same part, so the fairest figure), else the category's.
 */
export function medianFor<T extends { median: number | null; listings: number }>(
  part: T | null,
  category: T,
): T & { by: 'part' | 'category' } {
  return part && part.median !== null && part.listings >= MIN_LISTINGS
    ? { ...part, by: 'part' }
    : { ...category, by: 'category' };
}
