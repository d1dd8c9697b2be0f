/**
 * What a buyer typed into the home SEARCH box, read as a Nigerian buyer means it:
 * "tow van lekki" asks for tow vans in Lekki, "mechanic wuse ac" for air-conditioning
 * mechanics in Wuse, "corolla headlamp lagos" for parts sold in Lagos. Pure functions over
 * the reference vocabulary (places, specialities, vehicle types), so the rules are tested
 * without a database.
 */

export type Kind = 'part' | 'mechanic' | 'towvan';

export interface Place {
  id: number;
  name: string;
  stateId: number;
  /** 'state', an LGA or a well-known town. */
  kind: 'state' | 'lga' | 'town';
}

export interface Vocabulary {
  /** States and cities by their lower-case name. One name can be several places. */
  places: Map<string, Place[]>;
  stateNames: Map<number, string>;
  /** The longest place name, in words: how far a phrase is looked up. */
  longestPlace: number;
  specialities: Named[];
  vehicleTypes: Named[];
}

interface Named {
  id: number;
  name: string;
  /** Words a buyer uses for it, singular, lower-case. */
  words: Set<string>;
}

export interface Understood {
  /** The kinds asked for by name ('mechanic', 'tow van', 'spare parts'); empty when none. */
  kinds: Kind[];
  stateId?: number;
  cityId?: number;
  /** The place as the buyer wrote it, properly capitalised ("Lekki"). */
  placeName?: string;
  /** The state of that place ("Lagos" for Lekki). */
  stateName?: string;
  specialityId?: number;
  vehicleTypeId?: number;
  /** What is left for the part search: the words that named no kind and no place. */
  partText: string;
}

const KIND_WORDS: [RegExp, Kind][] = [
  [/\b(tow\s*vans?|tow\s*trucks?|towing|tow|breakdown\s+(?:van|truck)s?|wreckers?)\b/g, 'towvan'],
  [/\b(mechanics?|workshops?|repairers?|technicians?|rewirers?)\b/g, 'mechanic'],
  [/\b(spare\s*parts?|spares?)\b/g, 'part'],
];

/** Filler a buyer adds that names nothing: "mechanic in wuse", "tow van near lekki". */
const FILLER = new Set([
  'in',
  'at',
  'near',
  'around',
  'for',
  'a',
  'an',
  'the',
  'me',
  'my',
  'i',
  'need',
]);

/** Words of a reference name that do not identify it ("AC Repair (Air Conditioning)"). */
const GENERIC = new Set(['and', 'repair', 'e', 'g', 'up', 'to', 'of', 'the', 'vehicles', 'change']);

/** Buyers' words for specialities and vehicle types beyond the words of their names. */
const ALIASES: Record<string, string[]> = {
  'AC Repair (Air Conditioning)': ['aircon', 'cooling', 'air'],
  'Auto Electrical (Rewiring)': ['electrician', 'rewire', 'wiring', 'electric'],
  'Computer Diagnostics (Scanning)': ['scan', 'diagnosis', 'diagnostic', 'computer'],
  'Panel Beating': ['panel', 'beater', 'body'],
  'Spraying (Painting)': ['sprayer', 'paint'],
  'Vulcanizer (Tyres)': ['vulcaniser', 'tyre', 'tire', 'puncture'],
  'Gearbox / Transmission': ['gear'],
  Battery: ['batteries'],
  'Minibus / Bus (e.g. Hiace, Sienna)': ['bus', 'buses', 'minibus', 'hiace', 'sienna', 'danfo'],
  'Truck / Lorry': ['lorry', 'trucks'],
  'SUV / Jeep': ['suv', 'jeep'],
  'Motorcycle / Okada': ['okada', 'motorbike', 'bike'],
  'Tricycle / Keke': ['keke', 'napep'],
};

export const normalise = (q: string) =>
  ` ${q
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** "brakes" → "brake", "batteries" → "battery": enough to match a name's words. */
const singular = (w: string) =>
  w.length > 4 && w.endsWith('ies')
    ? `${w.slice(0, -3)}y`
    : w.length > 3 && w.endsWith('s') && !w.endsWith('ss')
      ? w.slice(0, -1)
      : w;

export function named(rows: { id: number; name: string }[]): Named[] {
  return rows.map((r) => {
    const words = new Set(
      normalise(r.name)
        .trim()
        .split(' ')
        .filter((w) => w && !GENERIC.has(w))
        .map(singular),
    );
    for (const a of ALIASES[r.name] ?? []) words.add(singular(a));
    return { id: r.id, name: r.name, words };
  });
}

/** Builds the vocabulary from the reference rows. */
export function vocabulary(input: {
  states: { id: number; name: string }[];
  cities: { id: number; name: string; stateId: number; kind: string }[];
  specialities: { id: number; name: string }[];
  vehicleTypes: { id: number; name: string }[];
}): Vocabulary {
  const places = new Map<string, Place[]>();
  const add = (key: string, p: Place) => {
    const k = normalise(key).trim();
    // One- and two-letter names ("Obi" is three) would swallow ordinary words.
    if (k.length < 3) return;
    const list = places.get(k) ?? [];
    if (!list.some((x) => x.id === p.id && x.kind === p.kind)) list.push(p);
    places.set(k, list);
  };
  for (const st of input.states) {
    const p: Place = { id: st.id, name: st.name, stateId: st.id, kind: 'state' };
    add(st.name, p);
    add(st.name.replace(/\s+state$/i, ''), p);
    // The capital is what people call the FCT.
    if (/federal capital|^fct/i.test(st.name)) {
      add('abuja', { ...p, name: 'Abuja' });
      add('fct', p);
    }
  }
  for (const c of input.cities)
    add(c.name, {
      id: c.id,
      name: c.name,
      stateId: c.stateId,
      kind: c.kind === 'town' ? 'town' : 'lga',
    });
  let longestPlace = 1;
  for (const k of places.keys()) longestPlace = Math.max(longestPlace, k.split(' ').length);
  return {
    places,
    stateNames: new Map(input.states.map((st) => [st.id, st.name])),
    longestPlace,
    specialities: named(input.specialities),
    vehicleTypes: named(input.vehicleTypes),
  };
}

/** Of several places with one name, the one a buyer most likely means. */
function pick(list: Place[], stateId?: number): Place {
  const rank = (p: Place) =>
    (stateId !== undefined && p.stateId === stateId ? 0 : 10) +
    (p.kind === 'state' ? 0 : p.kind === 'town' ? 1 : 2);
  return [...list].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
}

/** The name with the most of its words in the text (ties: the first); none below one word. */
function best(list: Named[], words: string[]): Named | undefined {
  let top: Named | undefined;
  let score = 0;
  for (const n of list) {
    const s = words.filter((w) => n.words.has(w)).length;
    if (s > score) {
      top = n;
      score = s;
    }
  }
  return top;
}

export function understand(q: string, v: Vocabulary): Understood {
  let text = normalise(q);
  const kinds: Kind[] = [];
  for (const [re, kind] of KIND_WORDS) {
    const next = text.replace(re, ' ');
    if (next !== text && !kinds.includes(kind)) kinds.push(kind);
    text = next;
  }
  // Places: the longest phrases first, so "lekki phase 1" wins over "lekki".
  let words = text.trim().split(/\s+/).filter(Boolean);
  const found: { at: number; len: number; list: Place[] }[] = [];
  for (let len = Math.min(v.longestPlace, words.length); len >= 1; len--)
    for (let i = 0; i + len <= words.length; i++) {
      if (found.some((f) => i < f.at + f.len && f.at < i + len)) continue;
      const list = v.places.get(words.slice(i, i + len).join(' '));
      if (list) found.push({ at: i, len, list });
    }
  const out: Understood = { kinds, partText: '' };
  const states = found.flatMap((f) => f.list.filter((p) => p.kind === 'state'));
  const namedState = found.length > 1 ? states[0]?.stateId : undefined;
  // The most precise place named: a city (in the state also named, if any), else the state.
  const places = found.map((f) => pick(f.list, namedState));
  const city = places.find((p) => p.kind !== 'state');
  const place = city ?? places[0];
  if (place) {
    out.stateId = place.stateId;
    if (place.kind !== 'state') out.cityId = place.id;
    out.placeName = place.name;
    out.stateName = v.stateNames.get(place.stateId);
  }
  const gone = new Set(found.flatMap((f) => Array.from({ length: f.len }, (_, k) => f.at + k)));
  words = words.filter((w, i) => !gone.has(i) && !FILLER.has(w));
  const stems = words.map(singular);
  out.specialityId = best(v.specialities, stems)?.id;
  out.vehicleTypeId = best(v.vehicleTypes, stems)?.id;
  out.partText = words.join(' ');
  return out;
}
