import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

export const vinRepository = (db: Db) => ({
  makeByName: (name: string) =>
    db
      .select({ id: s.carMakes.id, name: s.carMakes.name })
      .from(s.carMakes)
      .where(sql`lower(${s.carMakes.name}) = lower(${name})`)
      .then((r) => r[0]),
  models: (makeId: number) =>
    db
      .select({
        id: s.carModels.id,
        name: s.carModels.name,
        yearFrom: s.carModels.yearFrom,
        yearTo: s.carModels.yearTo,
      })
      .from(s.carModels)
      .where(eq(s.carModels.makeId, makeId))
      .orderBy(asc(s.carModels.name)),
});

const carColumns = {
  id: s.garageCars.id,
  vin: s.garageCars.vin,
  makeId: s.garageCars.makeId,
  make: s.carMakes.name,
  modelId: s.garageCars.modelId,
  model: s.carModels.name,
  year: s.garageCars.year,
  nickname: s.garageCars.nickname,
  createdAt: s.garageCars.createdAt,
};

export const garageRepository = (db: Db) => ({
  list: (userId: string) =>
    db
      .select(carColumns)
      .from(s.garageCars)
      .innerJoin(s.carMakes, eq(s.carMakes.id, s.garageCars.makeId))
      .leftJoin(s.carModels, eq(s.carModels.id, s.garageCars.modelId))
      .where(eq(s.garageCars.userId, userId))
      .orderBy(desc(s.garageCars.createdAt), asc(s.garageCars.id)),
  get: (userId: string, id: string) =>
    db
      .select(carColumns)
      .from(s.garageCars)
      .innerJoin(s.carMakes, eq(s.carMakes.id, s.garageCars.makeId))
      .leftJoin(s.carModels, eq(s.carModels.id, s.garageCars.modelId))
      .where(and(eq(s.garageCars.userId, userId), eq(s.garageCars.id, id)))
      .then((r) => r[0]),
  count: (userId: string) =>
    db
      .select({ n: count() })
      .from(s.garageCars)
      .where(eq(s.garageCars.userId, userId))
      .then((r) => Number(r[0]?.n ?? 0)),
  byVin: (userId: string, vin: string) =>
    db
      .select({ id: s.garageCars.id })
      .from(s.garageCars)
      .where(and(eq(s.garageCars.userId, userId), eq(s.garageCars.vin, vin)))
      .then((r) => r[0]),
  /** A VIN-less car with the same make, model and year. */
  sameCar: (userId: string, makeId: number, modelId: number | null, year: number | null) =>
    db
      .select({ id: s.garageCars.id })
      .from(s.garageCars)
      .where(
        and(
          eq(s.garageCars.userId, userId),
          isNull(s.garageCars.vin),
          eq(s.garageCars.makeId, makeId),
          modelId === null ? isNull(s.garageCars.modelId) : eq(s.garageCars.modelId, modelId),
          year === null ? isNull(s.garageCars.year) : eq(s.garageCars.year, year),
        ),
      )
      .then((r) => r[0]),
  make: (id: number) =>
    db
      .select()
      .from(s.carMakes)
      .where(eq(s.carMakes.id, id))
      .then((r) => r[0]),
  model: (id: number) =>
    db
      .select()
      .from(s.carModels)
      .where(eq(s.carModels.id, id))
      .then((r) => r[0]),
  insert: (row: typeof s.garageCars.$inferInsert) =>
    db
      .insert(s.garageCars)
      .values(row)
      .returning({ id: s.garageCars.id })
      .then((r) => r[0]),
  remove: (userId: string, id: string) =>
    db
      .delete(s.garageCars)
      .where(and(eq(s.garageCars.userId, userId), eq(s.garageCars.id, id)))
      .returning({ id: s.garageCars.id })
      .then((r) => r[0]),
});
