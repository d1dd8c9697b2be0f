import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  text,
  bigint,
  boolean,
  timestamp,
  uuid,
  real,
  index,
  uniqueIndex,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categories, products, stores } from './catalog.ts';
import { serviceProviders } from './providers.ts';
import {
  states,
  cities,
  carMakes,
  carModels,
  vehicleTypes,
  mechanicSpecialities,
  towCapacities,
} from './lookups.ts';

/**
 * A broadcast request: a part, a mechanic job or a tow that a signed-in user asks for. It is open
 * until expires_at (72 hours) unless the requester closes it ('closed') or accepts an offer
 * ('taken'); accepting is one conditional update on this row, so one offer wins.
 */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** part | mechanic | tow */
    kind: text('kind').notNull(),
    /** A part: its category (a top category covers its sub-categories). */
    catId: integer('cat_id').references(() => categories.catId),
    /** A mechanic job: the speciality needed. */
    specialityId: integer('speciality_id').references(() => mechanicSpecialities.id),
    /** A mechanic job or a tow: the kind of vehicle. */
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id),
    /** A tow: the smallest capacity class that can carry the vehicle. */
    towCapacityId: integer('tow_capacity_id').references(() => towCapacities.id),
    makeId: integer('make_id').references(() => carMakes.id),
    modelId: integer('model_id').references(() => carModels.id),
    year: integer('year'),
    vin: text('vin'),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    street: text('street'),
    /** The phone's location, when the user shared it. */
    lat: real('lat'),
    lng: real('lng'),
    description: text('description').notNull(),
    /** An optional photo of the part or the car (the product picture variants, decision 0013). */
    photoKey: text('photo_key'),
    photoPlaceholder: text('photo_placeholder'),
    /** today | week | flexible */
    urgency: text('urgency').notNull(),
    /** open | taken | closed (an open request past expires_at is expired) */
    status: text('status').notNull().default('open'),
    acceptedOfferId: integer('accepted_offer_id'),
    /** The timed widening of a part request has run (a ring added when offers were few). */
    widened: boolean('widened').notNull().default(false),
    /**
     * The widest ring the request was sent to (decision 0026): 1 the city's area, 2 its state,
     * 3 the bordering states, 4 all Nigeria.
     */
    reach: integer('reach').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A taken mechanic or tow job: when its provider marked it done (cleared if the requester says it is not). */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** When the requester confirmed the job done: the provider can be reviewed from then on. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The browser's idempotency key (decision 0028): a request written offline waits in the
     * phone's outbox and may be sent more than once; the same key from the same user is one
     * request.
     */
    clientKey: text('client_key'),
  },
  (t) => [
    index('requests_user_idx').on(t.userId, t.id),
    uniqueIndex('requests_client_key').on(t.userId, t.clientKey),
    check('requests_kind', sql`${t.kind} in ('part', 'mechanic', 'tow')`),
    check('requests_status', sql`${t.status} in ('open', 'taken', 'closed')`),
    check(
      'requests_taken_has_offer',
      sql`(${t.status} = 'taken') = (${t.acceptedOfferId} is not null)`,
    ),
  ],
);

/**
 * Who a request reached: one row per provider user, with the store or listing it matched and the
 * ring that reached them (decision 0026: 1 the area, 2 the state, 3 bordering states, 4 all Nigeria).
 * A provider sees a request only through a row here.
 */
export const requestRecipients = pgTable(
  'request_recipients',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    spId: integer('sp_id').references(() => serviceProviders.spId, { onDelete: 'cascade' }),
    round: integer('round').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('request_recipients_user_idx').on(t.userId, t.requestId),
  ],
);

/** A provider's answer to a request: one per provider and request. Money in kobo. */
export const requestOffers = pgTable(
  'request_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    spId: integer('sp_id').references(() => serviceProviders.spId, { onDelete: 'set null' }),
    /** The business name shown to the requester, as it was when offering. */
    providerName: text('provider_name').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    /** A part offer: one of the store's products, or a free description. */
    productId: integer('product_id').references(() => products.prodId, { onDelete: 'set null' }),
    partDescription: text('part_description'),
    /** A tow: minutes until the van arrives. */
    arrivalMinutes: integer('arrival_minutes'),
    /** pending | accepted | declined */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('request_offers_one_per_provider').on(t.requestId, t.userId),
    index('request_offers_user_idx').on(t.userId, t.id),
    check('request_offers_price_positive', sql`${t.priceKobo} > 0`),
    check('request_offers_status', sql`${t.status} in ('pending', 'accepted', 'declined')`),
  ],
);

/** In-app notifications (the bell): new matching requests, new offers, accepted offers. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** request.new | offer.new | offer.accepted | request.taken */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** A path inside the site. */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A user's choices about copies of their notifications; no row means the defaults: e-mail on,
 * SMS off (decision 0027: SMS copies only for users who turned them on).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(false),
});
