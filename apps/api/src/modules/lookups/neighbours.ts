import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

/**
 * Which states share a border (by the names in packages/db/reference/ng-states.json). A part
 * request reaches the stores of its own state first and of these states in the second round.
 * Listed once per pair where convenient; `neighboursOf` reads it both ways.
 */
const BORDERS: Record<string, string[]> = {
  Abia: ['Imo', 'Rivers', 'Akwa Ibom', 'Cross River', 'Ebonyi', 'Enugu', 'Anambra'],
  Adamawa: ['Borno', 'Gombe', 'Taraba'],
  'Akwa Ibom': ['Cross River', 'Rivers'],
  Anambra: ['Delta', 'Kogi', 'Enugu', 'Imo'],
  Bauchi: ['Kano', 'Jigawa', 'Yobe', 'Gombe', 'Taraba', 'Plateau', 'Kaduna'],
  Bayelsa: ['Delta', 'Rivers'],
  Benue: ['Nasarawa', 'Taraba', 'Cross River', 'Ebonyi', 'Enugu', 'Kogi'],
  Borno: ['Yobe', 'Gombe'],
  'Cross River': ['Ebonyi'],
  Delta: ['Edo', 'Ondo', 'Imo', 'Rivers'],
  Ebonyi: ['Enugu'],
  Edo: ['Kogi', 'Ondo'],
  Ekiti: ['Kwara', 'Kogi', 'Ondo', 'Osun'],
  Enugu: ['Kogi'],
  'Federal Capital Territory': ['Niger', 'Kaduna', 'Nasarawa', 'Kogi'],
  Gombe: ['Yobe', 'Taraba'],
  Imo: ['Rivers'],
  Jigawa: ['Kano', 'Katsina', 'Yobe'],
  Kaduna: ['Katsina', 'Kano', 'Plateau', 'Nasarawa', 'Niger', 'Zamfara'],
  Kano: ['Katsina'],
  Katsina: ['Zamfara'],
  Kebbi: ['Sokoto', 'Zamfara', 'Niger'],
  Kogi: ['Kwara', 'Niger', 'Nasarawa', 'Ondo'],
  Kwara: ['Oyo', 'Osun', 'Niger'],
  Lagos: ['Ogun'],
  Nasarawa: ['Plateau', 'Taraba'],
  Niger: ['Zamfara'],
  Ogun: ['Oyo', 'Osun', 'Ondo'],
  Ondo: ['Osun'],
  Osun: ['Oyo'],
  Plateau: ['Taraba'],
  Sokoto: ['Zamfara'],
};

const graph = new Map<string, Set<string>>();
for (const [a, list] of Object.entries(BORDERS))
  for (const b of list) {
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a)!.add(b);
    graph.get(b)!.add(a);
  }

/** The names of the states bordering `state` (none for an unknown name). */
export const neighboursOf = (state: string): string[] => [...(graph.get(state) ?? [])].sort();

/** A list's visitor state and the ids of the states bordering it: nearer results come first. */
export interface Near {
  stateId: number;
  neighbours: number[];
  /** The visitor's city: its results come before the rest of the state. */
  cityId?: number;
  /** The list is limited to the visitor's state: only the city comes first. */
  inState?: boolean;
}

// State names and ids are reference data: read once per database.
const stateIds = new WeakMap<Db, Promise<Map<string, number>>>();

/** The `Near` of a state id, or undefined for an id that is not a state. */
export async function nearOf(db: Db, stateId: number): Promise<Near | undefined> {
  let ids = stateIds.get(db);
  if (!ids) {
    ids = rows<{ id: number; name: string }>(db, sql`select id, name from states`).then(
      (rs) => new Map(rs.map((r) => [r.name, r.id])),
    );
    stateIds.set(db, ids);
    ids.catch(() => stateIds.delete(db));
  }
  const byName = await ids;
  const name = [...byName].find(([, id]) => id === stateId)?.[0];
  if (!name) return undefined;
  return {
    stateId,
    neighbours: neighboursOf(name)
      .map((n) => byName.get(n))
      .filter((id): id is number => id !== undefined),
  };
}

/**
 * 3 for a row in the visitor's city (when they chose one), 2 in their state, 1 in a bordering
 * state, 0 farther: `col` is its state id, `cityCol` its city id.
 */
export function nearRank(col: SQL, near: Near, cityCol?: SQL): SQL {
  const n = near.neighbours.length ? near.neighbours.map(Math.trunc).join(',') : 'null';
  const city = near.cityId && cityCol ? sql`when ${cityCol} = ${near.cityId} then 3 ` : sql``;
  return sql`(case ${city}when ${col} = ${near.stateId} then 2 when ${col} in (${sql.raw(n)}) then 1 else 0 end)`;
}

/** What a list asks for (`near`, `nearCity`) and is limited to (`regionId`, `city`). */
export interface NearQuery {
  near?: number;
  nearCity?: number;
  regionId?: number;
  city?: number;
}

/**
 * The nearness a list is ordered by, or undefined when it orders nothing: not asked for, limited
 * to one city, or to a state other than the visitor's. Limited to the visitor's own state, only
 * their city (when chosen) comes first.
 */
export async function nearFor(db: Db, q: NearQuery): Promise<Near | undefined> {
  if (!q.near || q.city) return undefined;
  const inState = q.regionId !== undefined && q.regionId !== 0;
  if (inState && (q.regionId !== q.near || !q.nearCity)) return undefined;
  const near = await nearOf(db, q.near);
  if (!near) return undefined;
  return { ...near, cityId: q.nearCity || undefined, inState };
}
