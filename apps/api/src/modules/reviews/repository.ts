import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface ReviewRow {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  store_id: number;
  store_name: string;
  buyer_name: string;
  store_rating: number;
  product_rating: number;
  body: string;
  photo_key: string | null;
  answer: string | null;
  answered_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
}

export interface CardRatingRow {
  prod_id: number;
  product_count: number;
  product_average: number | null;
  store_count: number;
  store_average: number | null;
}

export interface RatingRow {
  id: number;
  count: number;
  average: number | null;
}

const SELECT = sql`select r.id, r.order_id, r.product_id, oi.name as product_name, r.store_id, st.name as store_name,
  split_part(u.name, ' ', 1) as buyer_name, r.store_rating, r.product_rating, r.body, r.photo_key, r.answer,
  r.answered_at, r.hidden_at, r.created_at
  from reviews r join order_items oi on oi.order_id = r.order_id and oi.product_id = r.product_id
  join stores st on st.id = r.store_id join users u on u.id = r.buyer_user_id`;

/** Which reviews a page lists: the service names them, the repository writes the condition. */
export type ReviewFilter =
  | { product: number }
  | { store: number }
  | { stores: number[] }
  | { buyer: string }
  | { all: true };

const ids = (xs: number[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** Product and store pages show visible reviews only; the buyer sees their own hidden ones too. */
const whereOf = (f: ReviewFilter): SQL =>
  'product' in f
    ? sql`r.product_id = ${f.product} and r.hidden_at is null`
    : 'store' in f
      ? sql`r.store_id = ${f.store} and r.hidden_at is null`
      : 'stores' in f
        ? sql`r.store_id in (${ids(f.stores)}) and r.hidden_at is null`
        : 'buyer' in f
          ? sql`r.buyer_user_id = ${f.buyer}`
          : sql`true`;

export const reviewsRepository = (db: Db) => ({
  /** The order line a buyer wants to review, with its order's state. */
  line: async (orderId: number, productId: number) =>
    (
      await rows<{ buyer_user_id: string; status: string; store_id: number; name: string }>(
        db,
        sql`select o.buyer_user_id, o.status, o.store_id, oi.name from orders o
          join order_items oi on oi.order_id = o.id and oi.product_id = ${productId} where o.id = ${orderId}`,
      )
    )[0],
  /** Inserts unless the line has its review already (then undefined). */
  insert: async (r: {
    orderId: number;
    productId: number;
    storeId: number;
    buyerUserId: string;
    storeRating: number;
    productRating: number;
    body: string;
  }) =>
    (
      await rows<{ id: number }>(
        db,
        sql`insert into reviews (order_id, product_id, store_id, buyer_user_id, store_rating, product_rating, body)
          values (${r.orderId}, ${r.productId}, ${r.storeId}, ${r.buyerUserId}, ${r.storeRating}, ${r.productRating}, ${r.body})
          on conflict (order_id, product_id) do nothing returning id`,
      )
    )[0],
  one: async (id: number) => (await rows<ReviewRow>(db, sql`${SELECT} where r.id = ${id}`))[0],
  owner: async (id: number) =>
    (
      await rows<{ buyer_user_id: string; owner_user_id: string; photo_key: string | null }>(
        db,
        sql`select r.buyer_user_id, st.owner_user_id, r.photo_key from reviews r join stores st on st.id = r.store_id where r.id = ${id}`,
      )
    )[0],
  list: (filter: ReviewFilter, limit = 50, lastId?: number) =>
    rows<ReviewRow>(
      db,
      sql`${SELECT} where ${whereOf(filter)} ${lastId ? sql`and r.id < ${lastId}` : sql``} order by r.id desc limit ${limit}`,
    ),
  setPhoto: (id: number, key: string | null, placeholder: string | null) =>
    db.execute(
      sql`update reviews set photo_key = ${key}, photo_placeholder = ${placeholder} where id = ${id}`,
    ),
  /** The one answer: only when there is none yet (atomic). */
  answer: async (id: number, text: string) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update reviews set answer = ${text}, answered_at = now() where id = ${id} and answer is null returning id`,
      )
    ).length > 0,
  hide: async (id: number) =>
    (
      await rows<{ id: number }>(
        db,
        sql`update reviews set hidden_at = now() where id = ${id} and hidden_at is null returning id`,
      )
    ).length > 0,
  /** Averages and counts straight from the visible reviews: never stored, never drifting. */
  productRatings: (productIds: number[]) =>
    productIds.length
      ? rows<RatingRow>(
          db,
          sql`select product_id as id, count(*)::int as count, round(avg(product_rating), 1)::float as average
            from reviews where hidden_at is null and product_id in (${ids(productIds)}) group by product_id`,
        )
      : Promise.resolve([]),
  storeRatings: (storeIds: number[]) =>
    storeIds.length
      ? rows<RatingRow>(
          db,
          sql`select store_id as id, count(*)::int as count, round(avg(store_rating), 1)::float as average
            from reviews where hidden_at is null and store_id in (${ids(storeIds)}) group by store_id`,
        )
      : Promise.resolve([]),
  /**
   * Each product's rating and its store's, in one statement (the cards of a list, a product
   * page): a count of 0 and a null average where nothing is reviewed. Unknown ids are left out.
   */
  cardRatings: (productIds: number[]) =>
    productIds.length
      ? rows<CardRatingRow>(
          db,
          sql`with p as (select prod_id, store_id from products where prod_id in (${ids(productIds)})),
            pr as (select product_id as id, count(*)::int as count, round(avg(product_rating), 1)::float as average
              from reviews where hidden_at is null and product_id in (select prod_id from p) group by product_id),
            sr as (select store_id as id, count(*)::int as count, round(avg(store_rating), 1)::float as average
              from reviews where hidden_at is null and store_id in (select store_id from p) group by store_id)
            select p.prod_id, coalesce(pr.count, 0) as product_count, pr.average as product_average,
              coalesce(sr.count, 0) as store_count, sr.average as store_average
            from p left join pr on pr.id = p.prod_id left join sr on sr.id = p.store_id`,
        )
      : Promise.resolve([]),
  storeByUrl: async (urlName: string) =>
    (await rows<{ id: number }>(db, sql`select id from stores where url_name = ${urlName}`))[0],
  storesOwnedBy: async (userId: string) =>
    (
      await rows<{ id: number }>(db, sql`select id from stores where owner_user_id = ${userId}`)
    ).map((r) => r.id),
});
