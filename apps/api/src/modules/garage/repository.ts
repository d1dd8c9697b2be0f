import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';

const carColumns = {
  id: s.garageCars.id,
  vin: s.garageCars.vin,
  makeId: s.garageCars.makeId,
  make: s.carMakes.name,
  modelId: s.garageCars.modelId,
  model: s.carModels.name,
  year: s.garageCars.year,
  engine: s.garageCars.engine,
  nickname: s.garageCars.nickname,
  createdAt: s.garageCars.createdAt,
};

export type NewCar = {
  userId: string;
  vin: string | null;
  makeId: number;
  modelId: number | null;
  year: number | null;
  engine: string | null;
  nickname: string | null;
};

export type InsertResult = { id: string } | 'full' | 'duplicate';

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

  /**
   * Adds the car unless the garage holds `max` cars or already has this one. The owner's user
   * row is locked first, so a second save of the same user waits and then counts the first
   * one's car (each statement of a transaction sees what committed before it began); the
   * unique indexes keep one of two identical cars whatever happens.
   */
  insert: (car: NewCar, max: number): Promise<InsertResult> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from users where id = ${car.userId} for no key update`);
      const [row] = await rows<{ id: string }>(
        tx as unknown as Db,
        sql`insert into garage_cars (user_id, vin, make_id, model_id, year, engine, nickname)
            select ${car.userId}::uuid, ${car.vin}::text, ${car.makeId}::int, ${car.modelId}::int,
                   ${car.year}::int, ${car.engine}::text, ${car.nickname}::text
            where (select count(*) from garage_cars where user_id = ${car.userId}::uuid) < ${max}
            on conflict do nothing
            returning id`,
      );
      if (row) return { id: row.id };
      // Refused: the same car (same VIN; or without a VIN, same make, model and year) is
      // already there, or the garage is full.
      const same =
        car.vin !== null
          ? sql`vin = ${car.vin}`
          : sql`vin is null and make_id = ${car.makeId}::int
                and coalesce(model_id, 0) = coalesce(${car.modelId}::int, 0)
                and coalesce(year, 0) = coalesce(${car.year}::int, 0)`;
      const [d] = await rows<{ dup: boolean }>(
        tx as unknown as Db,
        sql`select exists (select 1 from garage_cars where user_id = ${car.userId}::uuid and ${same}) as dup`,
      );
      return d.dup ? 'duplicate' : 'full';
    }),
  remove: (userId: string, id: string) =>
    db
      .delete(s.garageCars)
      .where(and(eq(s.garageCars.userId, userId), eq(s.garageCars.id, id)))
      .returning({ id: s.garageCars.id })
      .then((r) => r[0]),
});
