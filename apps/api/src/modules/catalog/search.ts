/**
 * Turning what a Nigerian buyer types into a query: condition words ('Tokunbo' = foreign used), synonyms
 * (headlight/headlamp, tyre/tire …), part numbers with or without dashes, and typo correction against the
 * catalogue's own vocabulary (search_words, by trigram similarity). Then planning how to run it: in stages
 * over the newest products first, or as one plain query (searchPlanner). No SQL here: the planner asks the
 * repository.
 */
import { memo } from '../../lib/cache.ts';
import { carInText, ENGINE, type TextCar } from './car-in-text.ts';
import { normaliseModelNames } from './model-names.ts';
import { MISSPELLINGS, PHRASES, SYNONYM_GROUPS } from './synonyms.ts';

/** Words that mean a condition: removed from the text, they set the condition filter. */
const CONDITION_PHRASES: [RegExp, 1 | 2][] = [
  [
    /\b(foreign[\s-]+used|fairly[\s-]+used|second[\s-]*hand|tokunbo|tokumbo|tookunbo|belgium|used)\b/g,
    2,
  ],
  [/\b(brand[\s-]+new|new)\b/g, 1],
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
  /** A tyre size in the text ('195/65 R15'), as products.fit_spec holds it ('195/65R15'). */
  tyreSize?: string;
  /** The car the words name (car-in-text.ts): its words are not in `tokens`. */
  car?: TextCar;
}

const TYRE_SIZE = /\b(\d{3})\s*\/\s*(\d{2})\s*z?r?\s*(\d{2})\b/;

export function parseSearch(text: string, opts: { car?: boolean } = {}): ParsedSearch {
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
  let tyreSize: string | undefined;
  const size = TYRE_SIZE.exec(t);
  if (size) {
    tyreSize = `${size[1]}/${size[2]}R${size[3]}`;
    t = t.replace(TYRE_SIZE, ' ');
  }
  for (const [re, to] of PHRASES) t = t.replace(re, to);
  const words = (x: string) =>
    normaliseModelNames(
      x
        .replace(/[^a-z0-9]+/g, ' ')
        .trim()
        .split(' ')
        .filter(Boolean)
        .map((w) => MISSPELLINGS[w] ?? w),
    );
  // Read without its engine size first: beside a car, the size goes with it.
  const read = opts.car === false ? { rest: words(t) } : carInText(words(t.replace(ENGINE, ' ')));
  const tokens = read.car ? read.rest : words(t);
  // A car read leaves the rest to be a part number ('corolla 04465-02220'); else the whole text.
  const raw = read.car ? read.rest.join(' ') : text.trim();
  const pn = raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const looksLikePn =
    /\d/.test(raw) &&
    pn.length >= 5 &&
    raw.split(/\s+/).length <= 5 &&
    !/\b(19|20)\d\d\b/.test(raw.replace(/\d{5,}/g, ''));
  return {
    tokens: tokens.slice(0, 8),
    condition,
    partNumber: looksLikePn && !tyreSize ? pn : undefined,
    tyreSize,
    car: read.car,
  };
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

/** What the planner asks of the catalogue (the products repository). */
export interface SearchFacts {
  similarWords(
    tokens: string[],
  ): Promise<{ tok: string; known: boolean; similar: string[] | null }[]>;
  /** Matches the planner expects for a query text; '' gives the number of active products; a text of stop words only, Infinity (it limits nothing). */
  estimateMatches(tsq: string): Promise<number>;
  newestId(): Promise<number>;
}

/** A search text as a query: the words (to_tsquery text), a part number, and the condition it implies. */
export interface SearchQuery {
  tsq?: string;
  partNumber?: string;
  condition?: 1 | 2;
  tyreSize?: string;
  car?: TextCar;
}

/**
 * Searching in stages (repository.page) pays off only for searches that match many parts ('radiator': 48,000 in a
 * million); for a specific one ('civic timing belt': a few hundred) every stage costs more than one plain query
 * (measured: fresh multi-word searches p99 150 ms staged vs 35 ms plain at 100,000 parts and 200 req/s; one-word
 * searches over a million 0.5-3.6 s plain vs 10-100 ms staged). The planner's estimate decides.
 */
const STAGE_FROM_MATCHES = 1000;
/**
 * Matches expected for `words & words & …`. The planner multiplies the words' frequencies as if independent, which
 * underestimates words that go together ('spark plugs': 119 expected, 3,229 found); the rarest word alone is an upper
 * bound. Their geometric mean is close enough on both kinds ('civic timing belt' stays small, 'spark plugs' does not).
 */
export function expectedMatches(total: number, groups: number[]): number {
  if (!groups.length || total <= 0) return 0;
  const independent = groups.reduce((acc, n) => acc * Math.min(1, n / total), total);
  return Math.sqrt(independent * Math.min(...groups));
}

/** Plans the searches of one catalogue, remembering what it asked for a while. */
export function searchPlanner(facts: SearchFacts) {
  // A few seconds stale is fine: the first search stage reaches one bucket (4096 ids) past it.
  const newestId = memo((_: 0) => facts.newestId(), 5_000);
  // Estimates change only when ANALYZE runs: ten minutes per word (with its alternatives).
  const estimate = memo((tsq: string) => facts.estimateMatches(tsq), 600_000, 5000);
  /** buildTsQuery joins one group per word with ' & ' (alternatives inside parentheses). */
  const expected = async (tsq: string) =>
    expectedMatches(
      await estimate(''),
      await Promise.all(tsq.split(' & ').map((g) => estimate(g))),
    );

  // Corrections per word: the vocabulary changes only with new catalogue words, so remember answers for 10 minutes.
  const corrected = new Map<string, { at: number; known: boolean; similar: string[] }>();
  /**
   * Known words stay; unknown words of 4+ letters get the closest catalogue words as alternatives.
   * Also tells which words are complete catalogue words (those need no prefix matching).
   */
  async function corrections(tokens: string[]) {
    const out = new Map<string, string[]>();
    const known = new Set<string>();
    const now = Date.now();
    const use = (tok: string, hit: { known: boolean; similar: string[] }) => {
      if (hit.known) known.add(tok);
      if (hit.similar.length) out.set(tok, hit.similar);
    };
    const ask = tokens.filter((tok) => {
      // Three-letter words are asked too, for whether they are complete words only: a prefix on 'oil' or 'fan'
      // (oil:*) makes the index collect every match of the prefix on every search stage (30 ms each at a million).
      if (!correctable(tok) && !/^[a-z]{3}$/.test(tok)) return false;
      const hit = corrected.get(tok);
      if (hit && now - hit.at < 600_000) {
        use(tok, hit);
        return false;
      }
      return true;
    });
    if (ask.length) {
      if (corrected.size > 5000) corrected.clear();
      for (const r of await facts.similarWords(ask)) {
        const hit = {
          at: now,
          known: r.known,
          similar: !r.known && correctable(r.tok) && r.similar?.length ? r.similar : [],
        };
        corrected.set(r.tok, hit);
        use(r.tok, hit);
      }
    }
    return { out, known };
  }

  return {
    /** The query of a search text, its words corrected against the catalogue's vocabulary. */
    async query(text: string, opts: { car?: boolean } = {}): Promise<SearchQuery> {
      const parsed = parseSearch(text, opts);
      let tsq: string | undefined;
      if (parsed.tokens.length) {
        const c = await corrections(parsed.tokens);
        tsq = buildTsQuery(parsed.tokens, c.out, c.known);
      }
      return {
        tsq,
        partNumber: parsed.partNumber,
        condition: parsed.condition,
        tyreSize: parsed.tyreSize,
        car: parsed.car,
      };
    },
    /**
     * Where the search stages start (the newest prod_id) when the words match enough parts to be
     * searched in stages; undefined: one plain query.
     */
    async stagesFrom(tsq: string | undefined): Promise<number | undefined> {
      return tsq && (await expected(tsq)) >= STAGE_FROM_MATCHES ? await newestId(0) : undefined;
    },
  };
}
