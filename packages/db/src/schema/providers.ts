import {
  pgTable,
  integer,
  text,
  boolean,
  smallint,
  uuid,
  timestamp,
  index,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { states, cities, vehicleTypes, mechanicSpecialities, towCapacities } from './lookups.ts';

/**
 * Mechanics (kind 'mechanic', a workshop) and tow vans (kind 'towvan', a garage).
 * Lists are ordered by (rank_boost DESC, verified DESC, sp_id DESC) and cursor-paged by the
 * last item's sp_id (docs/decisions/0003-provider-list-order.md).
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    spId: integer('sp_id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'mechanic' or 'towvan'. */
    kind: text('kind').notNull(),
    /** The Mechanic or Tow Van user who runs it; null for listings not yet claimed. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    /** Image URL or storage key; null means the generated badge /images/sp/{sp_id}.svg. */
    companyLogo: text('company_logo'),
    mobileNumber: text('mobile_number').notNull(),
    phoneNumber: text('phone_number'),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Set by an admin after checking the business (the verification badge). */
    verified: boolean('verified').notNull().default(false),
    /** Placement boost from a paid subscription plan; 0 for free listings. */
    rankBoost: integer('rank_boost').notNull().default(0),
    /** Bit d set = open on DAYS[d] (0 Sunday … 6 Saturday). */
    availableDays: smallint('available_days').notNull().default(0),
    /** Shown in lists, on its page and to requests. False: suspended by staff, or held (below). */
    active: boolean('active').notNull().default(true),
    /**
     * 'lock': hidden because staff locked its owner's account; unlocking shows it again. Null
     * while it is shown, or when staff suspended it (which outlasts a lock). Decision 0019.
     */
    heldBy: text('held_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by a trigger on every update (the sitemaps' lastmod): no writer has to remember it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The listing order, per kind: the unfiltered list and the cursor walk use it directly.
    index('sp_kind_order_idx')
      .on(t.kind, t.rankBoost.desc(), t.verified.desc(), t.spId.desc())
      .where(sql`${t.active}`),
    index('sp_state_idx').on(t.stateId, t.kind),
    index('sp_city_idx').on(t.cityId, t.kind),
    index('sp_owner_idx').on(t.ownerUserId),
    check('sp_held_by', sql`${t.heldBy} is null or (${t.heldBy} = 'lock' and not ${t.active})`),
  ],
);

export const providerVehicleTypes = pgTable(
  'provider_vehicle_types',
  {
    spId: integer('sp_id')
      .notNull()
      .references(() => serviceProviders.spId, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.spId, t.vehicleTypeId] }),
    index('pvt_type_idx').on(t.vehicleTypeId, t.spId),
  ],
);

export const providerSpecialities = pgTable(
  'provider_specialities',
  {
    spId: integer('sp_id')
      .notNull()
      .references(() => serviceProviders.spId, { onDelete: 'cascade' }),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => mechanicSpecialities.id),
  },
  (t) => [
    primaryKey({ columns: [t.spId, t.specialityId] }),
    index('psp_speciality_idx').on(t.specialityId, t.spId),
  ],
);

export const providerTowCapacities = pgTable(
  'provider_tow_capacities',
  {
    spId: integer('sp_id')
      .notNull()
      .references(() => serviceProviders.spId, { onDelete: 'cascade' }),
    capacityId: integer('capacity_id')
      .notNull()
      .references(() => towCapacities.id),
  },
  (t) => [
    primaryKey({ columns: [t.spId, t.capacityId] }),
    index('ptc_capacity_idx').on(t.capacityId, t.spId),
  ],
);
