// VIN rules shared by the browser and the API (ISO 3779 / 49 CFR 565): normalise, validate,
// check digit, model year and where the vehicle was built. No database needed: the API adds the
// vPIC decode (make, model, engine …) on top of this.

const VIN_LENGTH = 17;
/** Garage limit per user (API and pages say the same number). */
export const GARAGE_MAX_CARS = 10;

/** Trims, upper-cases and drops the spaces, dashes and dots people copy along with a VIN. */
export function normaliseVin(input: string): string {
  return String(input ?? '')
    .toUpperCase()
    .replace(/[\s\-.]+/g, '');
}

export type VinCheck =
  | { ok: true; vin: string }
  | { ok: false; vin: string; reason: string; reasons: string[]; positions: number[] };

const ALLOWED = /^[A-HJ-NPR-Z0-9]$/;

const listAnd = (parts: string[]) =>
  parts.length <= 1
    ? parts.join('')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

/** Checks the shape of a VIN (after normalising): 17 characters, digits and letters but never I, O or Q. */
export function validateVin(input: string): VinCheck {
  const vin = normaliseVin(input);
  const reasons: string[] = [];
  const positions: number[] = [];
  if (vin.length === 0) {
    return {
      ok: false,
      vin,
      reason: 'Enter the VIN: 17 letters and digits',
      reasons: ['Enter the VIN: 17 letters and digits'],
      positions: [],
    };
  }
  if (vin.length !== VIN_LENGTH)
    reasons.push(`A VIN has 17 characters; this one has ${vin.length}`);
  const forbidden: string[] = [];
  const other: string[] = [];
  [...vin].forEach((ch, i) => {
    if (ALLOWED.test(ch)) return;
    positions.push(i + 1);
    if (ch === 'I' || ch === 'O' || ch === 'Q') forbidden.push(`${ch} at position ${i + 1}`);
    else other.push(`"${ch}" at position ${i + 1}`);
  });
  if (forbidden.length)
    reasons.push(`VINs never contain I, O or Q: found ${listAnd(forbidden.slice(0, 4))}`);
  if (other.length)
    reasons.push(`A VIN has only letters and digits: found ${listAnd(other.slice(0, 4))}`);
  if (reasons.length) return { ok: false, vin, reason: reasons.join('. '), reasons, positions };
  return { ok: true, vin };
}

// Transliteration of letters to numbers (49 CFR 565.15) and the position weights.
const TRANSLIT: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) that the other 16 characters call for: '0'…'9' or 'X'. */
export function computeCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = vin[i];
    const v = /[0-9]/.test(ch) ? Number(ch) : (TRANSLIT[ch] ?? 0);
    sum += v * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export interface CheckDigitResult {
  status: 'ok' | 'mismatch';
  actual: string;
  expected: string;
}

/** Verifies position 9. A mismatch is a warning: many cars built for other markets carry no check digit. */
export function checkDigit(vin: string): CheckDigitResult {
  const expected = computeCheckDigit(vin);
  const actual = vin[8];
  return { status: actual === expected ? 'ok' : 'mismatch', actual, expected };
}

/** North American VINs (first character 1–5) must carry a check digit and follow the position-7 year rule. */
const isNorthAmerican = (vin: string) => /^[1-5]/.test(vin);

// Position 10: A–Y without I, O, Q, U, Z, then 1–9; the cycle repeats every 30 years.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export interface ModelYear {
  year: number | null;
  code: string;
  /** The other year the same code stands for, when it is also plausible. */
  alternative: number | null;
}

/** Latest model year we accept: cars of next year's model are on sale in the last months of this one. */
export const maxModelYear = (now = new Date()) => now.getFullYear() + 1;

/**
 * The model year from position 10. The code repeats every 30 years: for North American vehicles a
 * digit at position 7 means 1980–2009 and a letter 2010–2039; otherwise (and when that rule would
 * give a future year) the most recent year not after next year is taken.
 */
export function modelYear(vin: string, now = new Date()): ModelYear {
  const code = vin[9] ?? '';
  const idx = YEAR_CODES.indexOf(code);
  if (idx < 0 || !code) return { year: null, code, alternative: null };
  const cap = maxModelYear(now);
  const early = 1980 + idx;
  const late = early + 30;
  let year: number;
  if (isNorthAmerican(vin)) {
    year = /[0-9]/.test(vin[6]) ? early : late;
    if (year > cap) year = early;
  } else {
    year = late <= cap ? late : early;
  }
  const other = year === early ? late : early;
  const alternative = !isNorthAmerican(vin) && other <= cap && other >= 1980 ? other : null;
  return { year, code, alternative };
}

// Country or region of manufacture from the WMI (positions 1–2), ISO 3779 allocations.
// The second character runs A…Z then 1…9, 0; a range such as 'VX-V2' covers VX VY VZ V1 V2.
const ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';
const COUNTRY_RANGES: [string, string, string][] = [
  ['AA', 'AH', 'South Africa'],
  ['AJ', 'AK', "Côte d'Ivoire"],
  ['BA', 'BE', 'Angola'],
  ['BF', 'BK', 'Kenya'],
  ['BL', 'BR', 'Tanzania'],
  ['CA', 'CE', 'Benin'],
  ['DA', 'DE', 'Egypt'],
  ['EA', 'EE', 'Ethiopia'],
  ['FA', 'FE', 'Tunisia'],
  ['GA', 'GE', 'Ghana'],
  ['HA', 'HE', 'Zimbabwe'],
  ['JA', 'J0', 'Japan'],
  ['KA', 'KE', 'Sri Lanka'],
  ['KF', 'KK', 'Israel'],
  ['KL', 'KR', 'South Korea'],
  ['KS', 'K0', 'Kazakhstan'],
  ['LA', 'L0', 'China'],
  ['MA', 'ME', 'India'],
  ['MF', 'MK', 'Indonesia'],
  ['ML', 'MR', 'Thailand'],
  ['MS', 'M0', 'Myanmar'],
  ['NA', 'NE', 'Iran'],
  ['NF', 'NK', 'Pakistan'],
  ['NL', 'NR', 'Turkey'],
  ['PA', 'PE', 'Philippines'],
  ['PF', 'PK', 'Singapore'],
  ['PL', 'PR', 'Malaysia'],
  ['RA', 'RE', 'United Arab Emirates'],
  ['RF', 'RK', 'Taiwan'],
  ['RL', 'RM', 'Vietnam'],
  ['RN', 'RR', 'Saudi Arabia'],
  ['SA', 'SM', 'United Kingdom'],
  ['SN', 'ST', 'Germany'],
  ['SU', 'SZ', 'Poland'],
  ['TA', 'TH', 'Switzerland'],
  ['TJ', 'TP', 'Czech Republic'],
  ['TR', 'TV', 'Hungary'],
  ['TW', 'T1', 'Portugal'],
  ['UU', 'U7', 'Romania'],
  ['VA', 'VE', 'Austria'],
  ['VF', 'VR', 'France'],
  ['VS', 'VW', 'Spain'],
  ['VX', 'V2', 'Serbia'],
  ['V3', 'V5', 'Croatia'],
  ['WA', 'W0', 'Germany'],
  ['XA', 'XE', 'Bulgaria'],
  ['XL', 'XR', 'Netherlands'],
  ['XS', 'XW', 'Russia'],
  ['X3', 'X0', 'Russia'],
  ['YA', 'YE', 'Belgium'],
  ['YF', 'YK', 'Finland'],
  ['YS', 'YW', 'Sweden'],
  ['ZA', 'ZR', 'Italy'],
  ['1A', '10', 'United States'],
  ['2A', '20', 'Canada'],
  ['3A', '3W', 'Mexico'],
  ['4A', '40', 'United States'],
  ['5A', '50', 'United States'],
  ['6A', '6W', 'Australia'],
  ['7A', '7E', 'New Zealand'],
  ['8A', '8E', 'Argentina'],
  ['8F', '8K', 'Chile'],
  ['8X', '82', 'Venezuela'],
  ['9A', '9E', 'Brazil'],
  ['9F', '9J', 'Colombia'],
  ['93', '99', 'Brazil'],
];
const REGIONS: [RegExp, string][] = [
  [/^[A-H]/, 'Africa'],
  [/^[J-R]/, 'Asia'],
  [/^[S-Z]/, 'Europe'],
  [/^[1-5]/, 'North America'],
  [/^[67]/, 'Oceania'],
  [/^[89]/, 'South America'],
];

// Common world manufacturer identifiers (positions 1–3, or 1–2 when every third character is the same maker).
const MAKERS: Record<string, string> = {
  JT: 'Toyota',
  JTH: 'Lexus',
  JTJ: 'Lexus',
  JH: 'Honda',
  JH4: 'Acura',
  JN: 'Nissan',
  JNK: 'Infiniti',
  JNR: 'Infiniti',
  JNX: 'Infiniti',
  JM: 'Mazda',
  JF: 'Subaru',
  JS: 'Suzuki',
  JA3: 'Mitsubishi',
  JA4: 'Mitsubishi',
  JMB: 'Mitsubishi',
  JMY: 'Mitsubishi',
  JAA: 'Isuzu',
  JAL: 'Isuzu',
  KMH: 'Hyundai',
  KM8: 'Hyundai',
  KNA: 'Kia',
  KND: 'Kia',
  KNE: 'Kia',
  '5NP': 'Hyundai',
  '5XY': 'Kia',
  '1HG': 'Honda',
  '2HG': 'Honda',
  '5FN': 'Honda',
  '5J6': 'Honda',
  '19U': 'Acura',
  '19X': 'Honda',
  '4T1': 'Toyota',
  '4T3': 'Toyota',
  '4T4': 'Toyota',
  '5TD': 'Toyota',
  '5TF': 'Toyota',
  '2T1': 'Toyota',
  '2T3': 'Toyota',
  '5YF': 'Toyota',
  '2T2': 'Lexus',
  '1N4': 'Nissan',
  '1N6': 'Nissan',
  '3N1': 'Nissan',
  '5N1': 'Nissan',
  '1FA': 'Ford',
  '1FM': 'Ford',
  '1FT': 'Ford',
  '3FA': 'Ford',
  '1G1': 'Chevrolet',
  '1GN': 'Chevrolet',
  '1GC': 'Chevrolet',
  '1GT': 'GMC',
  '1GK': 'GMC',
  '1J4': 'Jeep',
  '1C4': 'Jeep',
  '1C6': 'Ram',
  '5YJ': 'Tesla',
  '4JG': 'Mercedes-Benz',
  '4S3': 'Subaru',
  '4S4': 'Subaru',
  '5UX': 'BMW',
  '1D7': 'Dodge',
  '2C3': 'Dodge',
  WDB: 'Mercedes-Benz',
  WDC: 'Mercedes-Benz',
  WDD: 'Mercedes-Benz',
  W1K: 'Mercedes-Benz',
  W1N: 'Mercedes-Benz',
  W1V: 'Mercedes-Benz',
  WBA: 'BMW',
  WBS: 'BMW',
  WBX: 'BMW',
  WMW: 'Mini',
  WVW: 'Volkswagen',
  WVG: 'Volkswagen',
  WV1: 'Volkswagen',
  WV2: 'Volkswagen',
  WAU: 'Audi',
  WUA: 'Audi',
  WP0: 'Porsche',
  WP1: 'Porsche',
  W0L: 'Opel',
  W0V: 'Opel',
  VF3: 'Peugeot',
  VR3: 'Peugeot',
  VF7: 'Citroën',
  VR7: 'Citroën',
  VF1: 'Renault',
  VNK: 'Toyota',
  VSS: 'SEAT',
  TMB: 'Škoda',
  SAL: 'Land Rover',
  SAJ: 'Jaguar',
  SB1: 'Toyota',
  SHH: 'Honda',
  SJN: 'Nissan',
  YV1: 'Volvo',
  YV4: 'Volvo',
  ZFA: 'Fiat',
  ZAR: 'Alfa Romeo',
  MA3: 'Suzuki',
  MAL: 'Hyundai',
  MR0: 'Toyota',
  MHF: 'Toyota',
  MNT: 'Nissan',
  MMB: 'Mitsubishi',
  NMT: 'Toyota',
  NM0: 'Ford',
  LVS: 'Ford',
  LSV: 'Volkswagen',
  LFV: 'Volkswagen',
  LGX: 'BYD',
  LRW: 'Tesla',
  KL1: 'Chevrolet',
  KLA: 'Daewoo',
  AHT: 'Toyota',
  AAV: 'Volkswagen',
  '9BW': 'Volkswagen',
  '8AJ': 'Toyota',
  '93H': 'Honda',
  '9BR': 'Toyota',
};

const ord = (c: string) => ORDER.indexOf(c);

/** Country of manufacture by the WMI, or null when the code is not allocated in our table. */
function wmiCountry(vin: string): string | null {
  const [a, b] = [vin[0], vin[1]];
  if (!a || !b) return null;
  for (const [from, to, country] of COUNTRY_RANGES) {
    if (from[0] !== a) continue;
    if (ord(b) >= ord(from[1]) && ord(b) <= ord(to[1])) return country;
  }
  return null;
}

export interface WmiInfo {
  wmi: string;
  region: string | null;
  country: string | null;
  /** The maker when its WMI is in our compact table (the API knows many more through vPIC). */
  maker: string | null;
}

export function wmiInfo(vin: string): WmiInfo {
  const wmi = vin.slice(0, 3);
  const region = REGIONS.find(([re]) => re.test(wmi))?.[1] ?? null;
  return {
    wmi,
    region,
    country: wmiCountry(vin),
    maker: MAKERS[wmi] ?? MAKERS[wmi.slice(0, 2)] ?? null,
  };
}

/** Everything we can tell about a VIN without a database: what the browser shows at once. */
export interface VinFacts {
  vin: string;
  checkDigit: CheckDigitResult;
  year: ModelYear;
  wmi: WmiInfo;
  warnings: VinWarning[];
}
export interface VinWarning {
  code: 'CHECK_DIGIT' | 'NO_YEAR' | 'YEAR_AMBIGUOUS';
  message: string;
}

export function vinFacts(vin: string, now = new Date()): VinFacts {
  const cd = checkDigit(vin);
  const year = modelYear(vin, now);
  const wmi = wmiInfo(vin);
  const warnings: VinWarning[] = [];
  if (cd.status === 'mismatch') {
    warnings.push({
      code: 'CHECK_DIGIT',
      message: isNorthAmerican(vin)
        ? `The check digit (9th character) is ${cd.actual} but the rest of the VIN gives ${cd.expected}: please check you typed the VIN correctly.`
        : `The check digit (9th character) is ${cd.actual} where ${cd.expected} was expected. Many cars built outside North America carry no check digit, so this is only a warning; do check you typed the VIN correctly.`,
    });
  }
  if (year.year === null) {
    warnings.push({
      code: 'NO_YEAR',
      message: `The 10th character (${year.code || 'missing'}) is not a model-year code, as on many cars built outside North America: choose the year yourself.`,
    });
  } else if (year.alternative) {
    warnings.push({
      code: 'YEAR_AMBIGUOUS',
      message: `The year code ${year.code} stands for ${year.year} or ${year.alternative}; we assumed ${year.year}.`,
    });
  }
  return { vin, checkDigit: cd, year, wmi, warnings };
}

/** The parts list filtered for a car (the parts filter's own query names). */
export function partsLinkFor(car: {
  makeId: number | null;
  modelId?: number | null;
  year?: number | null;
}): string {
  const q = new URLSearchParams();
  if (car.makeId) q.set('carmake', String(car.makeId));
  if (car.modelId) q.set('carmodel', String(car.modelId));
  if (car.year) q.set('caryear', String(car.year));
  const s = q.toString();
  return `/spares-parts${s ? `?${s}` : ''}`;
}
