/**
 * Turning what a Nigerian buyer types into a query: condition words ('Tokunbo' = foreign used), synonyms
 * (headlight/headlamp, tyre/tire …), part numbers with or without dashes, and typo correction against the
 * catalogue's own vocabulary (search_words, by trigram similarity).
 */

/** Words that mean a condition: removed from the text, they set the condition filter. */
const CONDITION_PHRASES: [RegExp, 1 | 2][] = [
  [
    /\b(foreign[\s-]+used|fairly[\s-]+used|second[\s-]*hand|tokunbo|tokumbo|tookunbo|belgium|used)\b/g,
    2,
  ],
  [/\b(brand[\s-]+new|new)\b/g, 1],
];

/** Words that mean the same part; each side finds the other. */
const SYNONYM_GROUPS = [
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
const SYNONYMS = new Map<string, string[]>();
for (const g of SYNONYM_GROUPS)
  for (const w of g)
    SYNONYMS.set(w, [...new Set([...(SYNONYMS.get(w) ?? []), ...g.filter((x) => x !== w)])]);

export interface ParsedSearch {
  /** Words to search (lower case, [a-z0-9] only). */
  tokens: string[];
  /** Condition implied by the words, if any. */
  condition?: 1 | 2;
  /** The text as a part number (upper case, no separators), when it looks like one. */
  partNumber?: string;
}

export function parseSearch(text: string): ParsedSearch {
  let t = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  let condition: 1 | 2 | undefined;
  for (const [re, c] of CONDITION_PHRASES) {
    if (re.test(t)) {
      condition ??= c;
      t = t.replace(re, ' ');
    }
    re.lastIndex = 0;
  }
  const raw = text.trim();
  const pn = raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const looksLikePn =
    /\d/.test(raw) &&
    pn.length >= 5 &&
    raw.split(/\s+/).length <= 5 &&
    !/\b(19|20)\d\d\b/.test(raw.replace(/\d{5,}/g, ''));
  const tokens = t
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  return { tokens, condition, partNumber: looksLikePn ? pn : undefined };
}

/**
 * A to_tsquery('english', …) text: every word must match (AND); each word may match its synonyms or a corrected
 * spelling (OR); the last word also matches as a prefix (people search while typing) unless it is a complete
 * catalogue word (`known`): prefixes of common words expand to many lexemes and slow the index scan.
 */
export function buildTsQuery(
  tokens: string[],
  corrections: Map<string, string[]>,
  known: Set<string> = new Set(),
): string {
  return tokens
    .map((tok, i) => {
      const alts = new Set([tok, ...(SYNONYMS.get(tok) ?? []), ...(corrections.get(tok) ?? [])]);
      const last =
        i === tokens.length - 1 && tok.length >= 3 && !/^\d+$/.test(tok) && !known.has(tok);
      const parts = [...alts].map((a) => (last && a === tok ? `${a}:*` : a));
      return parts.length > 1 ? `(${parts.join(' | ')})` : parts[0];
    })
    .join(' & ');
}

/** Words worth correcting: alphabetic and at least 4 letters. */
export const correctable = (tok: string) => /^[a-z]{4,}$/.test(tok);
