import { pgTable, integer, text, index, uniqueIndex, real } from 'drizzle-orm/pg-core';

// Reference data: ids come from the committed reference files, so they are stable.
export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull(),
  capital: text('capital'),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    /** 'lga' for a local government area, 'town' for a well-known town or district. */
    kind: text('kind').notNull(),
    lga: text('lga'),
  },
  (t) => [uniqueIndex('cities_state_name_uq').on(t.stateId, t.name)],
);

export const carMakes = pgTable('car_makes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const carModels = pgTable(
  'car_models',
  {
    id: integer('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => carMakes.id),
    name: text('name').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [index('car_models_make_idx').on(t.makeId)],
);

export const vehicleTypes = pgTable('vehicle_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const mechanicSpecialities = pgTable('mechanic_specialities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const towCapacities = pgTable('tow_capacities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  maxTonnes: real('max_tonnes'),
});

/** Small key/value facts about this database, e.g. which reference data version is loaded. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
