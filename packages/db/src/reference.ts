import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import * as s from './schema/index.ts';

export function referenceDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@sf/db/package.json')), 'reference');
}

function readJson<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(referenceDir(), name), 'utf8')) as T;
}

interface StateRow {
  id: number;
  name: string;
  code: string;
  capital?: string;
}
interface TownRow {
  state: string;
  name: string;
  lga?: string;
}
interface CarsFile {
  makes: {
    id: number;
    name: string;
    models: { id: number; name: string; yearFrom: number; yearTo: number }[];
  }[];
}
interface CategoryRow {
  cat_id: number;
  name: string;
  path: string;
  image?: string;
  keywords?: string[];
  children?: CategoryRow[];
}
interface NamedRow {
  id: number;
  name: string;
  maxTonnes?: number;
}

/** Cities are LGAs (ids stateId*1000+1…) plus well-known towns (stateId*1000+500…): stable across reloads. */
export function buildCities(states: StateRow[]) {
  const csv = fs.readFileSync(path.join(referenceDir(), 'ng-states-lgas.csv'), 'utf8');
  const byName = new Map(states.map((st) => [st.name, st.id]));
  const counters = new Map<number, number>();
  const out: (typeof s.cities.$inferInsert)[] = [];
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue;
    const [state, lga] = line.split(',').map((x) => x.trim());
    const stateId = byName.get(state);
    if (!stateId) throw new Error(`Unknown state in LGA list: ${state}`);
    const k = (counters.get(stateId) ?? 0) + 1;
    counters.set(stateId, k);
    out.push({ id: stateId * 1000 + k, stateId, name: lga, kind: 'lga', lga });
  }
  const towns = readJson<TownRow[]>('ng-towns.json');
  const townCounters = new Map<number, number>();
  const seen = new Set(out.map((c) => `${c.stateId}|${c.name.toLowerCase()}`));
  for (const t of towns) {
    const stateId = byName.get(t.state);
    if (!stateId) throw new Error(`Unknown state for town: ${t.state}`);
    const k = (townCounters.get(stateId) ?? 0) + 1;
    townCounters.set(stateId, k);
    const key = `${stateId}|${t.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: stateId * 1000 + 500 + k,
      stateId,
      name: t.name,
      kind: 'town',
      lga: t.lga ?? null,
    });
  }
  return out;
}

function flattenCategories(tree: CategoryRow[]) {
  const out: (typeof s.categories.$inferInsert)[] = [];
  tree.forEach((top, i) => {
    const image = top.image ?? top.path;
    out.push({
      catId: top.cat_id,
      parentId: 0,
      name: top.name,
      path: top.path,
      image,
      keywords: top.keywords ?? [],
      position: i,
    });
    (top.children ?? []).forEach((c, j) =>
      out.push({
        catId: c.cat_id,
        parentId: top.cat_id,
        name: c.name,
        path: c.path,
        image,
        keywords: c.keywords ?? [],
        position: j,
      }),
    );
  });
  return out;
}

function hashReference(): string {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(referenceDir()).sort()) {
    const p = path.join(referenceDir(), f);
    if (fs.statSync(p).isFile()) h.update(f).update(fs.readFileSync(p));
  }
  return h.digest('hex');
}

async function upsert(
  db: Db,
  table: PgTable,
  rows: Record<string, unknown>[],
  key: SQL,
  set: SQL,
  unique?: { column: string; key: string; idColumn?: string; idKey?: string },
) {
  if (unique && rows.length) {
    // A name that moved to a new id (reference data fixed upstream) must not collide with the
    // stale row, which may still be referenced: retire the stale row's name instead.
    const tableName = getTableName(table);
    const ids = rows.map((r) => Number(r[unique.idKey ?? 'id']));
    const names = rows.map((r) => String(r[unique.key]));
    const idCol = unique.idColumn ?? 'id';
    await db.execute(sql`UPDATE ${sql.identifier(tableName)} SET ${sql.identifier(unique.column)} = ${sql.identifier(unique.column)} || ' (retired ' || ${sql.identifier(idCol)} || ')'
      WHERE ${sql.identifier(unique.column)} IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) AND NOT (${sql.identifier(idCol)} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}))`);
  }
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (chunk.length === 0) continue;
    await db
      .insert(table)
      .values(chunk as any)
      .onConflictDoUpdate({ target: key as any, set: set as any });
  }
}

const ex = (col: string) => sql.raw(`excluded.${col}`);

/**
 * Loads the committed reference data (places, vehicles, categories …) into the database.
 * Idempotent; skipped when the files have not changed since the last load.
 */
export async function loadReferenceData(db: Db, opts: { force?: boolean } = {}): Promise<boolean> {
  const hash = hashReference();
  const [current] = await db
    .select()
    .from(s.meta)
    .where(sql`${s.meta.key} = 'reference_hash'`);
  if (!opts.force && current?.value === hash) return false;

  const states = readJson<StateRow[]>('ng-states.json');
  await upsert(
    db,
    s.states,
    states.map((st) => ({ id: st.id, name: st.name, code: st.code, capital: st.capital ?? null })),
    s.states.id as any,
    { name: ex('name'), code: ex('code'), capital: ex('capital') } as any,
    { column: 'name', key: 'name' },
  );
  await upsert(
    db,
    s.cities,
    buildCities(states),
    s.cities.id as any,
    { name: ex('name'), kind: ex('kind'), lga: ex('lga'), stateId: ex('state_id') } as any,
  );

  const cars = readJson<CarsFile>('cars.json');
  await upsert(
    db,
    s.carMakes,
    cars.makes.map((m) => ({ id: m.id, name: m.name })),
    s.carMakes.id as any,
    { name: ex('name') } as any,
    { column: 'name', key: 'name' },
  );
  await upsert(
    db,
    s.carModels,
    cars.makes.flatMap((m) =>
      m.models.map((md) => ({
        id: md.id,
        makeId: m.id,
        name: md.name,
        yearFrom: md.yearFrom,
        yearTo: md.yearTo,
      })),
    ),
    s.carModels.id as any,
    {
      name: ex('name'),
      makeId: ex('make_id'),
      yearFrom: ex('year_from'),
      yearTo: ex('year_to'),
    } as any,
  );

  for (const [file, table] of [
    ['vehicle-types.json', s.vehicleTypes],
    ['mechanic-specialities.json', s.mechanicSpecialities],
  ] as const) {
    await upsert(
      db,
      table,
      readJson<NamedRow[]>(file).map((r) => ({ id: r.id, name: r.name })),
      (table as any).id,
      { name: ex('name') } as any,
      { column: 'name', key: 'name' },
    );
  }
  await upsert(
    db,
    s.towCapacities,
    readJson<NamedRow[]>('tow-capacities.json').map((r) => ({
      id: r.id,
      name: r.name,
      maxTonnes: r.maxTonnes ?? null,
    })),
    s.towCapacities.id as any,
    { name: ex('name'), maxTonnes: ex('max_tonnes') } as any,
    { column: 'name', key: 'name' },
  );

  await upsert(
    db,
    s.categories,
    flattenCategories(readJson<CategoryRow[]>('categories.json')),
    s.categories.catId as any,
    {
      name: ex('name'),
      parentId: ex('parent_id'),
      path: ex('path'),
      image: ex('image'),
      keywords: ex('keywords'),
      position: ex('position'),
    } as any,
    { column: 'path', key: 'path', idColumn: 'cat_id', idKey: 'catId' },
  );

  await db
    .insert(s.meta)
    .values({ key: 'reference_hash', value: hash })
    .onConflictDoUpdate({ target: s.meta.key, set: { value: hash } });
  return true;
}
