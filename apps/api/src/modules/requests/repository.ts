import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

// All SQL of broadcast requests. No rules here: the service decides, these read and write.

/**
 * Where a provider must be to be reached: the area of a city (the city and every place of its
 * local government area: Ikeja, Ikeja GRA, Allen Avenue …), a state, several states, or anywhere.
 */
export type Place =
  { area: number } | { state: number } | { states: string[] } | { anywhere: true };

function placeOf(p: Place, stateCol: SQL, cityCol: SQL): SQL {
  if ('area' in p)
    return sql`${cityCol} in (select c.id from cities c join cities rc on rc.id = ${p.area}
      where c.state_id = rc.state_id and coalesce(c.lga, c.name) = coalesce(rc.lga, rc.name))`;
  if ('state' in p) return sql`${stateCol} = ${p.state}`;
  if ('states' in p)
    return p.states.length
      ? sql`${stateCol} in (select id from states where name in (${sql.join(
          p.states.map((n) => sql`${n}`),
          sql`, `,
        )}))`
      : sql`false`;
  return sql`true`;
}

export interface RequestRow {
  id: number;
  user_id: string;
  kind: 'part' | 'mechanic' | 'tow';
  cat_id: number | null;
  speciality_id: number | null;
  vehicle_type_id: number | null;
  tow_capacity_id: number | null;
  make_id: number | null;
  model_id: number | null;
  year: number | null;
  vin: string | null;
  state_id: number;
  city_id: number;
  street: string | null;
  lat: number | null;
  lng: number | null;
  description: string;
  photo_key: string | null;
  urgency: 'today' | 'week' | 'flexible';
  status: 'open' | 'taken' | 'closed';
  expired: boolean;
  accepted_offer_id: number | null;
  widened: boolean;
  reach: number;
  /** Providers the request has reached so far. */
  reached: number;
  done_at: Date | string | null;
  confirmed_at: Date | string | null;
  expires_at: Date | string;
  created_at: Date | string;
  state: string;
  city: string;
  what: string;
  make: string | null;
  model: string | null;
  vehicle_type: string | null;
  offer_count: number;
}

export interface OfferRow {
  id: number;
  request_id: number;
  user_id: string;
  store_id: number | null;
  sp_id: number | null;
  provider_name: string;
  price_kobo: number;
  note: string;
  product_id: number | null;
  product_name: string | null;
  part_description: string | null;
  arrival_minutes: number | null;
  status: 'pending' | 'accepted' | 'declined';
  phone: string | null;
  created_at: Date | string;
}

export type NewRequest = {
  userId: string;
  kind: 'part' | 'mechanic' | 'tow';
  catId: number | null;
  specialityId: number | null;
  vehicleTypeId: number | null;
  towCapacityId: number | null;
  makeId: number | null;
  modelId: number | null;
  year: number | null;
  vin: string | null;
  stateId: number;
  cityId: number;
  street: string | null;
  lat: number | null;
  lng: number | null;
  description: string;
  urgency: string;
  hoursOpen: number;
  /** The browser's idempotency key, if it sent one. */
  clientKey: string | null;
};

/** A provider a request reaches: the user, and the store or listing that matched. */
export interface Recipient {
  user_id: string;
  store_id: number | null;
  sp_id: number | null;
}

const requestSelect = sql`
  select r.id, r.user_id, r.kind, r.cat_id, r.speciality_id, r.vehicle_type_id, r.tow_capacity_id,
    r.make_id, r.model_id, r.year, r.vin, r.state_id, r.city_id, r.street, r.lat, r.lng,
    r.description, r.photo_key, r.urgency, r.status, (r.status = 'open' and r.expires_at <= now()) as expired,
    r.accepted_offer_id, r.widened, r.reach, r.expires_at, r.created_at, r.done_at, r.confirmed_at,
    (select count(*)::int from request_recipients rr where rr.request_id = r.id) as reached,
    st.name as state, ci.name as city,
    coalesce(cat.name, ms.name, tc.name, '') as what,
    mk.name as make, md.name as model, vt.name as vehicle_type,
    (select count(*)::int from request_offers o where o.request_id = r.id) as offer_count
  from requests r
  join states st on st.id = r.state_id
  join cities ci on ci.id = r.city_id
  left join categories cat on cat.cat_id = r.cat_id
  left join mechanic_specialities ms on ms.id = r.speciality_id
  left join tow_capacities tc on tc.id = r.tow_capacity_id
  left join car_makes mk on mk.id = r.make_id
  left join car_models md on md.id = r.model_id
  left join vehicle_types vt on vt.id = r.vehicle_type_id`;

/** The business phone of an offer's provider: the listing's, the store's first, else the account's. */
const offerSelect = sql`
  select o.id, o.request_id, o.user_id, o.store_id, o.sp_id, o.provider_name, o.price_kobo, o.note,
    o.product_id, p.name as product_name, o.part_description, o.arrival_minutes, o.status,
    coalesce(sp.mobile_number, s.phones[1], u.phone) as phone, o.created_at
  from request_offers o
  join users u on u.id = o.user_id
  left join products p on p.prod_id = o.product_id
  left join stores s on s.id = o.store_id
  left join service_providers sp on sp.sp_id = o.sp_id`;

const page = (lastId?: number) => (lastId ? sql`and r.id < ${lastId}` : sql``);

export const requestsRepository = (db: Db) => ({
  /** The new request's id; null when this user already sent one with the same client key. */
  insert: async (r: NewRequest, tx: Db = db): Promise<number | null> => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into requests (user_id, kind, cat_id, speciality_id, vehicle_type_id, tow_capacity_id,
            make_id, model_id, year, vin, state_id, city_id, street, lat, lng, description, urgency,
            expires_at, client_key)
          values (${r.userId}, ${r.kind}, ${r.catId}, ${r.specialityId}, ${r.vehicleTypeId},
            ${r.towCapacityId}, ${r.makeId}, ${r.modelId}, ${r.year}, ${r.vin}, ${r.stateId},
            ${r.cityId}, ${r.street}, ${r.lat}, ${r.lng}, ${r.description}, ${r.urgency},
            now() + ${r.hoursOpen}::int * interval '1 hour', ${r.clientKey})
          on conflict (user_id, client_key) do nothing
          returning id`,
    );
    return row?.id ?? null;
  },
  /** The request this user sent with this client key, if any. */
  byClientKey: async (userId: string, clientKey: string): Promise<number | null> =>
    (
      await rows<{ id: number }>(
        db,
        sql`select id from requests where user_id = ${userId} and client_key = ${clientKey}`,
      )
    )[0]?.id ?? null,
  /**
   * Locks the requester's open request and gives its current photo key; undefined when it is not
   * theirs or no longer open.
   */
  lockOpenForPhoto: async (id: number, userId: string, tx: Db) =>
    (
      await rows<{ photo_key: string | null }>(
        tx,
        sql`select photo_key from requests
            where id = ${id} and user_id = ${userId} and status = 'open' and expires_at > now()
            for update`,
      )
    )[0],
  setPhoto: (id: number, key: string | null, placeholder: string | null, tx: Db) =>
    tx.execute(
      sql`update requests set photo_key = ${key}, photo_placeholder = ${placeholder} where id = ${id}`,
    ),
  get: async (id: number, tx: Db = db): Promise<RequestRow | undefined> =>
    (await rows<RequestRow>(tx, sql`${requestSelect} where r.id = ${id}`))[0],
  mine: (userId: string, lastId?: number) =>
    rows<RequestRow>(
      db,
      sql`${requestSelect} where r.user_id = ${userId} ${page(lastId)} order by r.id desc limit 50`,
    ),
  /** Open requests that reached this provider, newest first. */
  incoming: (userId: string, lastId?: number) =>
    rows<RequestRow>(
      db,
      sql`${requestSelect}
          join request_recipients rr on rr.request_id = r.id and rr.user_id = ${userId}
          where r.status = 'open' and r.expires_at > now() ${page(lastId)}
          order by r.id desc limit 50`,
    ),
  recipient: async (requestId: number, userId: string, tx: Db = db) =>
    (
      await rows<Recipient & { name: string }>(
        tx,
        sql`select rr.user_id, rr.store_id, rr.sp_id, coalesce(s.name, sp.company_name, u.name) as name
            from request_recipients rr
            join users u on u.id = rr.user_id
            left join stores s on s.id = rr.store_id
            left join service_providers sp on sp.sp_id = rr.sp_id
            where rr.request_id = ${requestId} and rr.user_id = ${userId}`,
      )
    )[0],
  /** Adds recipients (a provider already reached stays as they were); returns the new ones. */
  addRecipients: async (requestId: number, list: Recipient[], round: number, tx: Db = db) => {
    if (list.length === 0) return [];
    const values = sql.join(
      list.map(
        (r) =>
          sql`(${requestId}, ${r.user_id}::uuid, ${r.store_id}::int, ${r.sp_id}::int, ${round})`,
      ),
      sql`, `,
    );
    return rows<{ user_id: string }>(
      tx,
      sql`insert into request_recipients (request_id, user_id, store_id, sp_id, round)
          values ${values} on conflict do nothing returning user_id`,
    );
  },
  markWidened: async (id: number) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update requests set widened = true
            where id = ${id} and not widened and status = 'open' and expires_at > now()
            returning id`,
      )
    ).length > 0,
  /**
   * Moves an open request from ring `from` to `to`, in one conditional update: of two widenings
   * at once, one moves it and the other finds it moved.
   */
  claimRing: async (id: number, from: number, to: number, tx: Db = db) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`update requests set reach = ${to}
            where id = ${id} and reach = ${from} and status = 'open' and expires_at > now()
            returning id`,
      )
    ).length > 0,
  close: async (id: number, userId: string) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update requests set status = 'closed'
            where id = ${id} and user_id = ${userId} and status = 'open' returning id`,
      )
    ).length > 0,

  offers: (requestId: number, tx: Db = db) =>
    rows<OfferRow>(
      tx,
      sql`${offerSelect} where o.request_id = ${requestId} order by o.price_kobo, o.id`,
    ),
  offer: async (id: number, tx: Db = db) =>
    (await rows<OfferRow>(tx, sql`${offerSelect} where o.id = ${id}`))[0],
  myOffers: (userId: string, requestIds: number[]) =>
    requestIds.length === 0
      ? Promise.resolve([] as OfferRow[])
      : rows<OfferRow>(
          db,
          sql`${offerSelect} where o.user_id = ${userId} and o.request_id in (${sql.join(
            requestIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        ),
  /**
   * One offer per provider and request (the unique index); only while the request is open:
   * the insert reads the request's row in the same statement. Returns null when refused.
   */
  insertOffer: async (o: {
    requestId: number;
    userId: string;
    storeId: number | null;
    spId: number | null;
    providerName: string;
    priceKobo: number;
    note: string;
    productId: number | null;
    partDescription: string | null;
    arrivalMinutes: number | null;
  }): Promise<{ id: number } | 'closed' | 'duplicate'> => {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into request_offers (request_id, user_id, store_id, sp_id, provider_name, price_kobo,
            note, product_id, part_description, arrival_minutes)
          select r.id, ${o.userId}::uuid, ${o.storeId}::int, ${o.spId}::int, ${o.providerName},
            ${o.priceKobo}::bigint, ${o.note}, ${o.productId}::int, ${o.partDescription}::text,
            ${o.arrivalMinutes}::int
          from requests r where r.id = ${o.requestId} and r.status = 'open' and r.expires_at > now()
          on conflict do nothing
          returning id`,
    );
    if (row) return { id: row.id };
    const [open] = await rows<{ open: boolean }>(
      db,
      sql`select (status = 'open' and expires_at > now()) as open from requests where id = ${o.requestId}`,
    );
    return open?.open ? 'duplicate' : 'closed';
  },
  /** A product of this seller's store, still sold. */
  ownProduct: async (productId: number, storeId: number) =>
    (
      await rows<{ prod_id: number; name: string }>(
        db,
        sql`select prod_id, name from products where prod_id = ${productId} and store_id = ${storeId} and active`,
      )
    )[0],

  /**
   * The one decision of acceptance: the request moves from open to taken with this offer, in
   * one conditional update. Two accepts at once queue on the row; the second finds it taken.
   */
  take: async (tx: Db, requestId: number, userId: string, offerId: number) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`update requests set status = 'taken', accepted_offer_id = ${offerId}
            where id = ${requestId} and user_id = ${userId} and status = 'open' and expires_at > now()
              and exists (select 1 from request_offers o
                          where o.id = ${offerId} and o.request_id = ${requestId} and o.status = 'pending')
            returning id`,
      )
    ).length > 0,
  settleOffers: (tx: Db, requestId: number, offerId: number) =>
    rows<{ id: number; user_id: string; status: string }>(
      tx,
      sql`update request_offers set status = case when id = ${offerId} then 'accepted' else 'declined' end
          where request_id = ${requestId} returning id, user_id, status`,
    ),
  // ---- A taken mechanic or tow job: done by the provider, confirmed by the requester.

  /** The provider of the accepted offer (a mechanic or tow van) marks the job done, once. */
  markDone: async (requestId: number, providerUserId: string) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update requests r set done_at = now()
            where r.id = ${requestId} and r.status = 'taken' and r.done_at is null and r.confirmed_at is null
              and exists (select 1 from request_offers o where o.id = r.accepted_offer_id
                            and o.user_id = ${providerUserId} and o.sp_id is not null)
            returning r.id`,
      )
    ).length > 0,
  /** The requester confirms a job marked done (or, `confirm` false, says it is not done). */
  answerDone: async (requestId: number, userId: string, confirm: boolean) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update requests set ${confirm ? sql`confirmed_at = now()` : sql`done_at = null`}
            where id = ${requestId} and user_id = ${userId} and done_at is not null
              and confirmed_at is null
            returning id`,
      )
    ).length > 0,
  requesterContact: async (requestId: number) =>
    (
      await rows<{ name: string; phone: string }>(
        db,
        sql`select u.name, u.phone from requests r join users u on u.id = r.user_id where r.id = ${requestId}`,
      )
    )[0],

  // ---- Matching: who a request reaches (decision 0026).

  /**
   * Stores that may have the part: they list the category (or its top category) for any car, or
   * any part for the make. `place` limits stores s by where they are.
   */
  partStores: (q: { catId: number; makeId: number; place: Place; exceptUser: string }) =>
    rows<Recipient>(
      db,
      sql`select distinct on (s.owner_user_id) s.owner_user_id as user_id, s.id as store_id, null::int as sp_id
          from stores s
          where s.owner_user_id is not null and s.owner_user_id <> ${q.exceptUser}
            and ${placeOf(q.place, sql`s.state_id`, sql`s.city_id`)}
            and (exists (
                select 1 from products p, categories c
                where c.cat_id = ${q.catId} and p.store_id = s.id and p.active
                  and (p.cat_id = c.cat_id or p.top_cat_id = c.cat_id
                       or p.top_cat_id = (case when c.parent_id = 0 then c.cat_id else c.parent_id end)))
              or exists (
                select 1 from products p join product_fitments f on f.product_id = p.prod_id
                where p.store_id = s.id and p.active and f.make_id = ${q.makeId}))
          order by s.owner_user_id, s.id`,
    ),
  /** Workshops with the speciality and the vehicle type, in `place`. */
  mechanics: (q: {
    place: Place;
    specialityId: number;
    vehicleTypeId: number;
    exceptUser: string;
  }) =>
    rows<Recipient>(
      db,
      sql`select distinct on (sp.owner_user_id) sp.owner_user_id as user_id, null::int as store_id, sp.sp_id
          from service_providers sp
          where sp.kind = 'mechanic' and sp.active and sp.owner_user_id is not null
            and sp.owner_user_id <> ${q.exceptUser}
            and ${placeOf(q.place, sql`sp.state_id`, sql`sp.city_id`)}
            and exists (select 1 from provider_specialities x
                        where x.sp_id = sp.sp_id and x.speciality_id = ${q.specialityId})
            and exists (select 1 from provider_vehicle_types x
                        where x.sp_id = sp.sp_id and x.vehicle_type_id = ${q.vehicleTypeId})
          order by sp.owner_user_id, sp.sp_id`,
    ),
  /** Tow vans in `place`, open on `day` (0 Sunday), with a capacity at least the one needed. */
  towvans: (q: { place: Place; towCapacityId: number; day: number; exceptUser: string }) =>
    rows<Recipient>(
      db,
      sql`select distinct on (sp.owner_user_id) sp.owner_user_id as user_id, null::int as store_id, sp.sp_id
          from service_providers sp
          where sp.kind = 'towvan' and sp.active and sp.owner_user_id is not null
            and sp.owner_user_id <> ${q.exceptUser}
            and ${placeOf(q.place, sql`sp.state_id`, sql`sp.city_id`)}
            and (sp.available_days & ${1 << q.day}::int) <> 0
            and exists (select 1 from provider_tow_capacities x
                          join tow_capacities have on have.id = x.capacity_id
                          join tow_capacities need on need.id = ${q.towCapacityId}
                        where x.sp_id = sp.sp_id and have.max_tonnes >= need.max_tonnes)
          order by sp.owner_user_id, sp.sp_id`,
    ),
  /** The choices of the request form. */
  options: async () => {
    const q = (s: ReturnType<typeof sql>) => rows<{ label: string; value: number }>(db, s);
    const [categories, makes, states, specialities, vehicleTypes, towCapacities] =
      await Promise.all([
        q(sql`select p.name || ': ' || c.name as label, c.cat_id as value from categories c
              join categories p on p.cat_id = c.parent_id order by p.position, p.name, c.position, c.name`),
        q(sql`select name as label, id as value from car_makes order by name`),
        q(sql`select name as label, id as value from states order by name`),
        q(sql`select name as label, id as value from mechanic_specialities order by id`),
        q(sql`select name as label, id as value from vehicle_types order by id`),
        q(sql`select name as label, id as value from tow_capacities order by id`),
      ]);
    return { categories, makes, states, specialities, vehicleTypes, towCapacities };
  },

  // ---- Checks of the input against reference data.
  exists: async (
    table:
      'categories' | 'mechanic_specialities' | 'vehicle_types' | 'tow_capacities' | 'car_makes',
    id: number,
  ) => {
    const col = table === 'categories' ? sql`cat_id` : sql`id`;
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${col} = ${id}`,
    );
    return r.n > 0;
  },
  model: async (id: number) =>
    (await rows<{ make_id: number }>(db, sql`select make_id from car_models where id = ${id}`))[0],
  city: async (id: number) =>
    (await rows<{ state_id: number }>(db, sql`select state_id from cities where id = ${id}`))[0],
  garageCar: async (id: string, userId: string) =>
    (
      await rows<{
        make_id: number;
        model_id: number | null;
        year: number | null;
        vin: string | null;
      }>(
        db,
        sql`select make_id, model_id, year, vin from garage_cars where id = ${id} and user_id = ${userId}`,
      )
    )[0],
});
