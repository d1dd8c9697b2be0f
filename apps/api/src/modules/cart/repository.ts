import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

export interface CartRow {
  product_id: number;
  quantity: number;
  price_seen_kobo: number;
  name: string;
  price_kobo: number;
  sales_kobo: number | null;
  stock: number;
  active: boolean;
  store_id: number;
  store_name: string;
  store_url_name: string;
  store_state_id: number;
  fee_in: number;
  fee_out: number;
  image_key: string | null;
  /** While an accepted offer's price holds: the units it holds for (else null). */
  offer_quantity: number | null;
  /** While an accepted offer's price holds: when it ends (else null). */
  offer_expires_at: Date | string | null;
  /** The shop's own price today (its sale price, else its price), whatever an offer says. */
  list_price_kobo: number;
}

/** How long an accepted offer's price holds in the cart. */
export const OFFER_HOURS = 48;

/** An accepted offer's price still holds on the line (for its offered quantity only). */
const OFFER_LIVE = sql`(ci.offer_price_kobo is not null and ci.offer_expires_at > now())`;

/**
 * A line's price: a live accepted broadcast offer's (offer_price_kobo), else the product's sale
 * price, else its price. cartRows answers it as sales_kobo, so the cart and checkout charge it.
 */
const LINE_PRICE = sql`case when ${OFFER_LIVE} then ci.offer_price_kobo else coalesce(p.sales_kobo, p.price_kobo) end`;

/** What addToCart did: the product as it is, the line before and after (quantity null: nothing written). */
export interface AddedLine {
  stock: number;
  active: boolean;
  name: string;
  before: number | null;
  lines: number;
  quantity: number | null;
}

export function cartRepository(db: Db) {
  return {
    /** The lines of a cart, each with its product's price and stock as they are now. */
    async cartRows(userId: string, lock = false): Promise<CartRow[]> {
      return rows<CartRow>(
        db,
        sql`select ci.product_id, ci.quantity, ci.price_seen_kobo, p.name, p.price_kobo,
          case when ${OFFER_LIVE} then ci.offer_price_kobo else p.sales_kobo end as sales_kobo,
          case when ${OFFER_LIVE} then ci.offer_quantity end as offer_quantity,
          case when ${OFFER_LIVE} then ci.offer_expires_at end as offer_expires_at,
          coalesce(p.sales_kobo, p.price_kobo) as list_price_kobo,
          p.stock, p.active, p.store_id, st.name as store_name, st.url_name as store_url_name,
          st.state_id as store_state_id, st.delivery_fee_in_state_kobo as fee_in,
          st.delivery_fee_other_states_kobo as fee_out,
          (select key from product_images pi where pi.product_id = p.prod_id
            order by pi.position limit 1) as image_key
        from cart_items ci
        join products p on p.prod_id = ci.product_id
        join stores st on st.id = p.store_id
        where ci.user_id = ${userId}
        order by st.id, ci.added_at, ci.product_id
        ${lock ? sql`for update of ci` : sql``}`,
      );
    },

    /**
     * Adds quantity to a line (creating it), capped at the stock: one statement, so two adds at
     * once cannot push a line past the stock. Nothing is written for an inactive or sold-out part,
     * nor for a new line in a cart that already holds `maxLines` parts. Answers, from the same
     * statement (the CTEs read the cart as it was before the insert), the product as it is, the
     * line's quantity before and after (null when nothing was written) and how many lines the cart
     * held; null when there is no such product.
     */
    async addToCart(
      userId: string,
      productId: number,
      quantity: number,
      maxLines: number | null = null,
    ): Promise<AddedLine | null> {
      const [r] = await rows<AddedLine>(
        db,
        sql`with p as (select prod_id, stock, active, name, coalesce(sales_kobo, price_kobo) as price
            from products where prod_id = ${productId}),
          line as (select quantity from cart_items where user_id = ${userId} and product_id = ${productId}),
          cart as (select count(*)::int as n from cart_items where user_id = ${userId}),
          added as (insert into cart_items (user_id, product_id, quantity, price_seen_kobo)
            select ${userId}, p.prod_id, least(${quantity}::int, p.stock), p.price from p
            where p.active and p.stock > 0
              and (${maxLines}::int is null or (select n from cart) < ${maxLines}::int or exists (select 1 from line))
            on conflict (user_id, product_id) do update
              set quantity = least(cart_items.quantity + ${quantity}::int,
                    (select stock from products where prod_id = excluded.product_id),
                    case when cart_items.offer_expires_at > now() then cart_items.offer_quantity end),
                  price_seen_kobo = case when cart_items.offer_expires_at > now()
                    then cart_items.offer_price_kobo else excluded.price_seen_kobo end
            returning quantity)
        select p.stock, p.active, p.name, (select quantity from line) as before,
          (select n from cart) as lines, (select quantity from added) as quantity from p`,
      );
      return r ?? null;
    },

    /** Sets a line's quantity and records the price the buyer now sees. False when no such line. */
    async setQuantity(userId: string, productId: number, quantity: number): Promise<boolean> {
      const r = await rows<{ product_id: number }>(
        db,
        sql`update cart_items ci set quantity = ${quantity},
          price_seen_kobo = (select ${LINE_PRICE} from products p where p.prod_id = ci.product_id)
        where ci.user_id = ${userId} and ci.product_id = ${productId} returning ci.product_id`,
      );
      return r.length > 0;
    },

    async removeLine(userId: string, productId: number): Promise<void> {
      await db.execute(
        sql`delete from cart_items where user_id = ${userId} and product_id = ${productId}`,
      );
    },

    async removeLines(userId: string, productIds: number[]): Promise<void> {
      if (productIds.length === 0) return;
      await db.execute(
        sql`delete from cart_items where user_id = ${userId} and product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    },

    /** The buyer has now been shown today's prices: later checks compare against these. */
    async acknowledgePrices(userId: string): Promise<void> {
      await db.execute(
        sql`update cart_items ci set price_seen_kobo = ${LINE_PRICE}
        from products p where p.prod_id = ci.product_id and ci.user_id = ${userId}
          and ci.price_seen_kobo <> ${LINE_PRICE}`,
      );
    },

    /**
     * Puts one of a part in the cart at an accepted offer's price, for one unit and 48 hours (a
     * line already there takes the offer's price and the offered quantity). Nothing is written for a part no longer sold or out
     * of stock; returns whether the line is there.
     */
    async addOfferLine(userId: string, productId: number, priceKobo: number): Promise<boolean> {
      const r = await rows<{ quantity: number }>(
        db,
        sql`insert into cart_items
          (user_id, product_id, quantity, price_seen_kobo, offer_price_kobo, offer_quantity, offer_expires_at)
        select ${userId}, p.prod_id, 1, ${priceKobo}::bigint, ${priceKobo}::bigint, 1,
          now() + make_interval(hours => ${OFFER_HOURS})
        from products p where p.prod_id = ${productId} and p.active and p.stock > 0
        on conflict (user_id, product_id) do update
          set offer_price_kobo = excluded.offer_price_kobo, price_seen_kobo = excluded.price_seen_kobo,
              offer_quantity = excluded.offer_quantity, offer_expires_at = excluded.offer_expires_at,
              quantity = least(cart_items.quantity, excluded.offer_quantity)
        returning quantity`,
      );
      return r.length > 0;
    },

    /** Holds this buyer's cart for the rest of the transaction (other adds to it wait). */
    async lockCart(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'cart:' + userId}, 0))`);
    },

    async productExists(productId: number) {
      const [r] = await rows<{ stock: number; active: boolean; name: string }>(
        db,
        sql`select stock, active, name from products where prod_id = ${productId}`,
      );
      return r ?? null;
    },

    async itemCount(userId: string): Promise<number> {
      const [r] = await rows<{ n: number }>(
        db,
        sql`select coalesce(sum(quantity), 0)::int as n from cart_items where user_id = ${userId}`,
      );
      return r.n;
    },
  };
}
