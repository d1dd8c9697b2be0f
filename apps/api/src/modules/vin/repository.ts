import { asc, eq, sql } from 'drizzle-orm';
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
