import { asc, eq } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';

export const lookupsRepository = (db: Db) => ({
  states: () =>
    db
      .select({ id: s.states.id, name: s.states.name, code: s.states.code })
      .from(s.states)
      .orderBy(asc(s.states.name)),
  state: (id: number) =>
    db
      .select()
      .from(s.states)
      .where(eq(s.states.id, id))
      .then((r) => r[0]),
  cities: (stateId: number) =>
    db
      .select({ id: s.cities.id, name: s.cities.name, kind: s.cities.kind })
      .from(s.cities)
      .where(eq(s.cities.stateId, stateId))
      .orderBy(asc(s.cities.name)),
  /** Every city of every state (the home search reads place names from them). */
  allCities: () =>
    db
      .select({
        id: s.cities.id,
        name: s.cities.name,
        stateId: s.cities.stateId,
        kind: s.cities.kind,
      })
      .from(s.cities)
      .orderBy(asc(s.cities.id)),
  makes: () =>
    db
      .select({ id: s.carMakes.id, name: s.carMakes.name })
      .from(s.carMakes)
      .orderBy(asc(s.carMakes.name)),
  make: (id: number) =>
    db
      .select()
      .from(s.carMakes)
      .where(eq(s.carMakes.id, id))
      .then((r) => r[0]),
  models: (makeId: number) =>
    db
      .select({ id: s.carModels.id, name: s.carModels.name })
      .from(s.carModels)
      .where(eq(s.carModels.makeId, makeId))
      .orderBy(asc(s.carModels.name)),
  model: (id: number) =>
    db
      .select()
      .from(s.carModels)
      .where(eq(s.carModels.id, id))
      .then((r) => r[0]),
  vehicleTypes: () => db.select().from(s.vehicleTypes).orderBy(asc(s.vehicleTypes.id)),
  specialities: () =>
    db.select().from(s.mechanicSpecialities).orderBy(asc(s.mechanicSpecialities.name)),
  towCapacities: () => db.select().from(s.towCapacities).orderBy(asc(s.towCapacities.id)),
});
