import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  integer,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { carMakes, carModels } from './lookups.ts';

/** 'My garage': the cars a user keeps, so the parts filter can start from one of them. */
export const garageCars = pgTable(
  'garage_cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vin: text('vin'),
    makeId: integer('make_id')
      .notNull()
      .references(() => carMakes.id),
    modelId: integer('model_id').references(() => carModels.id),
    year: integer('year'),
    /** Engine size in litres as people say it ('1.8'); optional, the buyer's own word for it. */
    engine: text('engine'),
    nickname: text('nickname'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('garage_cars_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('garage_cars_user_vin_uq')
      .on(t.userId, t.vin)
      .where(sql`${t.vin} is not null`),
    // A car without a VIN is the same car when make, model and year match (a missing model or
    // year matches only another missing one).
    uniqueIndex('garage_cars_user_car_uq')
      .on(t.userId, t.makeId, sql`coalesce(${t.modelId}, 0)`, sql`coalesce(${t.year}, 0)`)
      .where(sql`${t.vin} is null`),
    check('garage_cars_engine', sql`${t.engine} ~ '^[0-9][.][0-9]$'`),
  ],
);
