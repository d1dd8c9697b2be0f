/**
 * OEM part numbers as evidence of the maker (decision 0022): pure rules, shared by the API, the
 * scan job and the tests. A listing without fitment data or without a usable part number is never
 * judged.
 */
import { family } from './rules.ts';

/** A part number as the catalogue stores it (`products.part_number_norm`): upper case, A-Z0-9. */
export const normPart = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Whether a normalized number can be evidence at all: at least 6 characters and 3 digits, so 'N/A',
 * 'NIL', 'NONE', '123' or 'GENUINE' never group unrelated listings.
 */
export const usablePart = (norm: string) =>
  norm.length >= 6 && norm.replace(/[^0-9]/g, '').length >= 3;
/** The same test in SQL, for a column or expression holding the normalized number. */
export const USABLE_PART_SQL = (col: string) =>
  `(length(${col}) >= 6 and length(regexp_replace(${col}, '[^0-9]', '', 'g')) >= 3)`;

/** Separators sellers type between groups: spaces, dashes, dots. */
const SEP = '[\\s.-]+';
/** The same, where a seller may also run the groups together. */
const OPT = '[\\s.-]*';

/**
 * Formats that one maker family uses and, as far as we know, no other maker sold here does. A
 * number in one of them names its family by itself, whatever else is in the catalogue.
 *
 * Deliberately NOT judged by format: the 5-5 shape (Toyota/Lexus 04465-02220 or 90915-YZZD2,
 * Nissan 15208-65F0E, Hyundai/Kia 26300-35505, Suzuki 16510-61A00, Subaru 15208AA100): several
 * makers share it, so a format rule would flag honest listings. Those numbers are judged only by
 * the catalogue (below). Neither are all-digit numbers (Renault 8200768913, GM 96535075, Volvo
 * 31338123, Porsche 955 ...), whose lengths overlap between makers.
 */
const FORMATS: { make: string; why: string; typed?: RegExp; norm?: RegExp }[] = [
  {
    // 'A' + 10 digits (A 000 983 07 12, A0009830712). No other maker here starts a number with a
    // single letter followed by ten digits: Chery's A11-1109111 is 10 characters, Land Rover's
    // LR012345 two letters and six digits. Smart and Maybach use the same numbers (same family);
    // a Mercedes-built part on a rebadged car (Infiniti Q30, a Dodge Sprinter) is flagged and
    // staff clear it once.
    make: 'Mercedes-Benz',
    why: 'Mercedes-Benz numbers are A followed by 10 digits',
    norm: /^A\d{10}$/,
  },
  {
    // 11 digits typed in BMW's 2-2-1-3-3 groups (11 42 7 953 129, 11-42-7-953-129). The same 11
    // digits run together are NOT judged: an 11-digit number is also a Nigerian phone number
    // (08031234567) and MAN truck numbers (51.05501-7010) have 11 digits, grouped 2-5-4.
    make: 'BMW',
    why: 'BMW numbers are 11 digits grouped 2-2-1-3-3',
    typed: new RegExp(`^\\d{2}${SEP}\\d{2}${SEP}\\d${SEP}\\d{3}${SEP}\\d{3}$`),
  },
  {
    // 5 digits, then 3 characters with a letter (the model code: PLM, RNA, S5A), then 3 (15400-PLM-
    // A02, 15400PLMA02): 11 characters. The 5-5 makers' numbers are 10 (or 12+ with a colour
    // suffix) and never put letters in a 3-character group right after 5 digits.
    make: 'Honda',
    why: 'Honda numbers are 5 digits, a 3-character model code with a letter, and 3 characters',
    typed: new RegExp(`^\\d{5}${OPT}(?=\\d{0,2}[A-Z])[0-9A-Z]{3}${OPT}[0-9A-Z]{3}$`),
  },
  {
    // The Volkswagen group's 3-3-3 whose first group (the type) is a digit and a letter (1K0, 5Q0,
    // 06A, 03L, 0AM), with an optional index of up to 3 letters: 1K0 941 005 S, 5Q0-615-301-H,
    // 06A 115 561 B, 1K0615301AA. Typed groups must be 3-3-3: Mazda's 4-2-3 (1A01-14-302) has the
    // same characters. Nissan D1060-1KA0A, Ford 1S7G-6714-BA and Kia 0K2N1-33-28Z put letters
    // after the first group; Mopar kits (K68078495AA) start with a letter; Mercedes' A0009830712
    // ends in digits. Numbers whose first group is all digits (191 611 021) are not judged:
    // 9-digit numbers are common.
    make: 'Volkswagen',
    why: 'Volkswagen group numbers are 3-3-3 with a letter in the first group',
    typed: new RegExp(`^\\d(?=\\d?[A-Z])[0-9A-Z]{2}${OPT}\\d{3}${OPT}\\d{3}(?:${OPT}[A-Z]{1,3})?$`),
  },
];

/** The maker family a number's format belongs to, or null (most numbers: see FORMATS). */
export function formatMaker(typed: string): { make: string; why: string } | null {
  const t = typed.trim().toUpperCase();
  const n = normPart(t);
  const hit = FORMATS.find((f) => (f.typed && f.typed.test(t)) || (f.norm && f.norm.test(n)));
  return hit ? { make: hit.make, why: hit.why } : null;
}

/** Whether none of the fitment's makes is in the named make's family (no fitment: false). */
export function outsideFamily(make: string, fitmentMakes: string[]): boolean {
  if (!fitmentMakes.length) return false;
  const fam = family(keyOf(make));
  return !fitmentMakes.some((m) => fam.includes(keyOf(m)));
}
const keyOf = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Another active listing with the same normalized number: its fitment's makes, its store's badge. */
export interface Peer {
  makes: string[];
  verified: boolean;
}

/** Enough to say a number belongs to a family: 2 listings, or 1 from a verified store. */
export const PEERS_NEEDED = 2;

/**
 * What the catalogue says a number belongs to: the one family that other listings fitting only
 * that family's makes name (PEERS_NEEDED of them, or one from a verified store), when this
 * listing's makes are outside it. Answers null when the evidence is thin, when listings of two
 * families have the number (numbers collide between makers: Toyota's and Hyundai's 5-5), or when any other listing of the number fits one
 * of this listing's makes' families (someone else says it fits cars like these).
 */
export function catalogueMaker(
  peers: Peer[],
  fitmentMakes: string[],
): { makes: string[]; listings: number } | null {
  if (!fitmentMakes.length) return null;
  const mine = new Set(fitmentMakes.flatMap((m) => family(keyOf(m))));
  const byFamily = new Map<string, { makes: Set<string>; listings: number; verified: boolean }>();
  for (const p of peers) {
    if (!p.makes.length) continue;
    if (p.makes.some((m) => mine.has(keyOf(m)))) return null;
    const fams = new Set(p.makes.map((m) => family(keyOf(m))[0]));
    if (fams.size !== 1) continue; // a listing fitting several families says nothing of the maker
    const [key] = fams;
    const e = byFamily.get(key) ?? { makes: new Set(), listings: 0, verified: false };
    p.makes.forEach((m) => e.makes.add(m));
    e.listings++;
    e.verified ||= p.verified;
    byFamily.set(key, e);
  }
  if (byFamily.size !== 1) return null;
  const [only] = byFamily.values();
  if (only.listings < PEERS_NEEDED && !only.verified) return null;
  return { makes: [...only.makes].sort(), listings: only.listings };
}
