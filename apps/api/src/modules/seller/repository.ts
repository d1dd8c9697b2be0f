import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import type { SORT_NAMES } from './schemas.ts';

export type StoreRow = typeof s.stores.$inferSelect;
export type ProductRow = typeof s.products.$inferSelect;

export interface ProfileRow extends StoreRow {
  state: string;
  city: string;
}

export interface SellerListRow {
  prod_id: number;
  name: string;
  part_number: string | null;
  sku: string | null;
  cat_id: number;
  cat_name: string;
  price_kobo: number;
  sales_kobo: number | null;
  stock: number;
  active: boolean;
  held_by: string | null;
  held_reason: string | null;
  condition: number;
  created_at: string | Date;
  image_key: string | null;
  sort_value: string | number | null;
}

export interface FitmentRow {
  makeId: number;
  make: string;
  modelId: number | null;
  model: string | null;
  yearFrom: number;
  yearTo: number;
}

export interface CategoryRow {
  catId: number;
  parentId: number;
  name: string;
  keywords: string[];
  parentName: string | null;
  parentKeywords: string[] | null;
  childCount: number;
}

/** A day of a store's figures (Lagos days). */
export interface DayRow {
  day: string;
  views: number;
  orders: number;
  revenue_kobo: number;
}

/** How a store's product list can be sorted: the value and the direction (prod_id breaks ties). */
const SORTS: Record<(typeof SORT_NAMES)[number], { value: SQL; desc: boolean }> = {
  newest: { value: sql`p.prod_id`, desc: true },
  oldest: { value: sql`p.prod_id`, desc: false },
  name: { value: sql`lower(p.name)`, desc: false },
  price_asc: { value: sql`p.price_kobo`, desc: false },
  price_desc: { value: sql`p.price_kobo`, desc: true },
  stock: { value: sql`p.stock`, desc: false },
};

/** Which of a store's products the list shows; every condition given must hold. */
export interface ProductListFilter {
  /** Name, title or SKU like `like` (an ILIKE pattern), or the normalized part number has `pn`. */
  text?: { like: string; pn: string };
  /** In this category, or (`top`) anywhere under this top category. */
  category?: { id: number; top: boolean };
  status?: 'active' | 'inactive';
  /** Out of stock, or low (in stock and at most `lowStockAt`). */
  stock?: 'out' | 'low';
  lowStockAt: number;
}

const conditionsOf = (f: ProductListFilter): SQL[] => {
  const where: SQL[] = [];
  if (f.text) {
    const { like, pn } = f.text;
    where.push(
      sql`(p.name ilike ${like} or p.title ilike ${like} or p.sku ilike ${like}${pn ? sql` or p.part_number_norm like ${`%${pn}%`}` : sql``})`,
    );
  }
  if (f.category)
    where.push(
      f.category.top ? sql`p.top_cat_id = ${f.category.id}` : sql`p.cat_id = ${f.category.id}`,
    );
  if (f.status === 'active') where.push(sql`p.active`);
  if (f.status === 'inactive') where.push(sql`not p.active`);
  if (f.stock === 'out') where.push(sql`p.stock = 0`);
  if (f.stock === 'low') where.push(sql`p.stock > 0 and p.stock <= ${f.lowStockAt}`);
  return where;
};

/** Orders that count as sales: placed and not abandoned, cancelled or refunded. */
export const SOLD = sql`o.status not in ('pending_payment', 'cancelled', 'refunded')`;
/** An order's day in Lagos (UTC+1 all year), whatever the session's time zone. */
const LAGOS_DAY = sql`((o.created_at at time zone 'UTC') + interval '1 hour')::date`;

const num = (v: unknown) => Number(v ?? 0);

export function sellerRepository(db: Db) {
  return {
    async storesOwnedBy(userId: string): Promise<number[]> {
      const r = await db
        .select({ id: s.stores.id })
        .from(s.stores)
        .where(eq(s.stores.ownerUserId, userId))
        .orderBy(s.stores.id);
      return r.map((x) => x.id);
    },

    /** The business name given at registration (a new store's suggested name). */
    async businessName(userId: string) {
      const [r] = await db
        .select({ name: s.users.businessName })
        .from(s.users)
        .where(eq(s.users.id, userId));
      return r?.name ?? null;
    },

    async profile(storeId: number): Promise<ProfileRow | undefined> {
      const [r] = await db
        .select({ store: s.stores, state: s.states.name, city: s.cities.name })
        .from(s.stores)
        .innerJoin(s.states, eq(s.states.id, s.stores.stateId))
        .innerJoin(s.cities, eq(s.cities.id, s.stores.cityId))
        .where(eq(s.stores.id, storeId));
      return r ? { ...r.store, state: r.state, city: r.city } : undefined;
    },

    async cityOf(cityId: number) {
      const [r] = await db
        .select({ id: s.cities.id, stateId: s.cities.stateId, name: s.cities.name })
        .from(s.cities)
        .where(eq(s.cities.id, cityId));
      return r;
    },

    async stateName(stateId: number) {
      const [r] = await db
        .select({ name: s.states.name })
        .from(s.states)
        .where(eq(s.states.id, stateId));
      return r?.name;
    },

    async urlNameTaken(urlName: string, exceptStoreId?: number) {
      const [r] = await rows<{ id: number }>(
        db,
        sql`select id from stores where url_name = ${urlName} ${exceptStoreId ? sql`and id <> ${exceptStoreId}` : sql``}`,
      );
      return Boolean(r);
    },

    async lockUser(userId: string) {
      await db.execute(sql`select id from users where id = ${userId} for update`);
    },

    async insertStore(values: typeof s.stores.$inferInsert): Promise<StoreRow> {
      return (await db.insert(s.stores).values(values).returning())[0];
    },

    async updateStore(storeId: number, set: Partial<typeof s.stores.$inferInsert>) {
      if (Object.keys(set).length === 0) return;
      await db.update(s.stores).set(set).where(eq(s.stores.id, storeId));
    },

    /** Products carry their store's place (the place filters read one index): keep them in step. */
    async moveProducts(storeId: number, stateId: number, cityId: number) {
      await db
        .update(s.products)
        .set({ stateId, cityId })
        .where(
          and(
            eq(s.products.storeId, storeId),
            sql`(${s.products.stateId}, ${s.products.cityId}) is distinct from (${stateId}, ${cityId})`,
          ),
        );
    },

    // ---- Products ----

    /**
     * One page of a store's products. `sort` orders by a value then prod_id, in one direction;
     * the cursor is the (value, prod_id) pair of the previous page's last row.
     */
    async listProducts(o: {
      storeId: number;
      filter: ProductListFilter;
      sort: (typeof SORT_NAMES)[number];
      cursor?: { value: string | number | null; id: number };
      limit: number;
    }): Promise<SellerListRow[]> {
      const { value: sortValue, desc } = SORTS[o.sort];
      const cmp = desc ? sql`<` : sql`>`;
      const dir = desc ? sql`desc` : sql`asc`;
      const after = o.cursor
        ? sql`and (${sortValue}, p.prod_id) ${cmp} (${o.cursor.value}, ${o.cursor.id})`
        : sql``;
      const conditions = conditionsOf(o.filter);
      const where = conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
      return rows<SellerListRow>(
        db,
        sql`select p.prod_id, p.name, p.part_number, p.sku, p.cat_id, c.name as cat_name, p.price_kobo, p.sales_kobo,
            p.stock, p.active, p.held_by, p.held_reason, p.condition, p.created_at, i.key as image_key, ${sortValue} as sort_value
          from products p join categories c on c.cat_id = p.cat_id
            left join product_images i on i.product_id = p.prod_id and i.position = 0
          where p.store_id = ${o.storeId} ${where} ${after}
          order by ${sortValue} ${dir}, p.prod_id ${dir}
          limit ${o.limit}`,
      );
    },

    async productCounts(storeId: number, lowStockAt: number) {
      const [r] = await rows<Record<string, number>>(
        db,
        sql`select count(*)::int as total, count(*) filter (where active)::int as active,
            count(*) filter (where not active)::int as inactive,
            count(*) filter (where active and stock = 0)::int as out_of_stock,
            count(*) filter (where active and stock > 0 and stock <= ${lowStockAt})::int as low_stock
          from products where store_id = ${storeId}`,
      );
      return {
        total: num(r?.total),
        active: num(r?.active),
        inactive: num(r?.inactive),
        outOfStock: num(r?.out_of_stock),
        lowStock: num(r?.low_stock),
      };
    },

    /** Views of these products over the last `days` Lagos days, today included. */
    async viewsOf(productIds: number[], fromDay: string) {
      if (productIds.length === 0) return new Map<number, number>();
      const r = await rows<{ product_id: number; views: number }>(
        db,
        sql`select product_id, sum(views)::int as views from product_views
          where product_id in (${sql.join(
            productIds.map((i) => sql`${i}`),
            sql`, `,
          )}) and day >= ${fromDay}::date group by product_id`,
      );
      return new Map(r.map((x) => [x.product_id, num(x.views)]));
    },

    /** A product of one of these stores, or undefined (another store's product looks missing). */
    async ownedProduct(prodId: number, storeIds: number[]): Promise<ProductRow | undefined> {
      if (storeIds.length === 0) return undefined;
      const [p] = await db
        .select()
        .from(s.products)
        .where(and(eq(s.products.prodId, prodId), inArray(s.products.storeId, storeIds)));
      return p;
    },

    /** The store a product belongs to (staff edits go through the owner's rules for that store). */
    async storeOfProduct(prodId: number): Promise<number | undefined> {
      const [r] = await rows<{ store_id: number }>(
        db,
        sql`select store_id from products where prod_id = ${prodId}`,
      );
      return r?.store_id;
    },

    /** The same, locked until the transaction ends (two edits of one product take turns). */
    async lockOwnedProduct(prodId: number, storeIds: number[]) {
      if (storeIds.length === 0) return undefined;
      const [r] = await rows<{ prod_id: number; store_id: number }>(
        db,
        sql`select prod_id, store_id from products where prod_id = ${prodId}
          and store_id in (${sql.join(
            storeIds.map((i) => sql`${i}`),
            sql`, `,
          )}) for update`,
      );
      return r;
    },

    async fitments(prodId: number): Promise<FitmentRow[]> {
      return rows<FitmentRow>(
        db,
        sql`select f.make_id as "makeId", mk.name as make, f.model_id as "modelId", md.name as model,
            f.year_from as "yearFrom", f.year_to as "yearTo"
          from product_fitments f join car_makes mk on mk.id = f.make_id
            left join car_models md on md.id = f.model_id
          where f.product_id = ${prodId} order by f.id`,
      );
    },

    async images(prodId: number) {
      return db
        .select({
          key: s.productImages.key,
          width: s.productImages.width,
          height: s.productImages.height,
        })
        .from(s.productImages)
        .where(eq(s.productImages.productId, prodId))
        .orderBy(s.productImages.position);
    },

    async category(catId: number): Promise<CategoryRow | undefined> {
      const [r] = await rows<CategoryRow>(
        db,
        sql`select c.cat_id as "catId", c.parent_id as "parentId", c.name, c.keywords,
            pc.name as "parentName", pc.keywords as "parentKeywords",
            (select count(*)::int from categories k where k.parent_id = c.cat_id) as "childCount"
          from categories c left join categories pc on pc.cat_id = c.parent_id
          where c.cat_id = ${catId}`,
      );
      return r;
    },

    /** Every category, top ones first, in their display order. */
    async allCategories() {
      return db
        .select({
          id: s.categories.catId,
          parentId: s.categories.parentId,
          name: s.categories.name,
        })
        .from(s.categories)
        .orderBy(s.categories.parentId, s.categories.position, s.categories.name);
    },

    async makes(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const r = await db
        .select({ id: s.carMakes.id, name: s.carMakes.name })
        .from(s.carMakes)
        .where(inArray(s.carMakes.id, ids));
      return new Map(r.map((x) => [x.id, x.name]));
    },

    async models(ids: number[]) {
      if (ids.length === 0)
        return new Map<
          number,
          { makeId: number; name: string; yearFrom: number; yearTo: number }
        >();
      const r = await db
        .select({
          id: s.carModels.id,
          makeId: s.carModels.makeId,
          name: s.carModels.name,
          yearFrom: s.carModels.yearFrom,
          yearTo: s.carModels.yearTo,
        })
        .from(s.carModels)
        .where(inArray(s.carModels.id, ids));
      return new Map(r.map((x) => [x.id, x]));
    },

    async insertProduct(values: typeof s.products.$inferInsert): Promise<ProductRow> {
      return (await db.insert(s.products).values(values).returning())[0];
    },

    /**
     * The product form's edit (the seller's own, or staff's for a store). Its stock is the count
     * typed; stock bought and given back changes only through catalog/stock-service.ts.
     */
    async updateProduct(prodId: number, set: Partial<typeof s.products.$inferInsert>) {
      if (Object.keys(set).length === 0) return;
      await db.update(s.products).set(set).where(eq(s.products.prodId, prodId));
    },

    async replaceFitments(
      prodId: number,
      list: { makeId: number; modelId: number | null; yearFrom: number; yearTo: number }[],
    ) {
      await db.delete(s.productFitments).where(eq(s.productFitments.productId, prodId));
      if (list.length)
        await db.insert(s.productFitments).values(list.map((f) => ({ productId: prodId, ...f })));
    },

    // ---- Figures ----

    /** Views, orders and revenue per Lagos day from `fromDay` to `toDay` (both included). */
    async days(storeId: number, fromDay: string, toDay: string): Promise<DayRow[]> {
      const r = await rows<DayRow>(
        db,
        sql`with d as (select generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date as day),
          v as (select day, sum(views)::int as views from product_views
                where store_id = ${storeId} and day between ${fromDay}::date and ${toDay}::date group by day),
          o as (select ${LAGOS_DAY} as day, count(*)::int as orders, sum(o.total_kobo)::bigint as revenue_kobo
                from orders o where o.store_id = ${storeId} and ${SOLD}
                  and o.created_at >= (${fromDay}::date - interval '1 hour') at time zone 'UTC'
                  and o.created_at < (${toDay}::date + interval '1 day' - interval '1 hour') at time zone 'UTC'
                group by 1)
          select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(v.views, 0)::int as views,
            coalesce(o.orders, 0)::int as orders, coalesce(o.revenue_kobo, 0)::bigint as revenue_kobo
          from d left join v on v.day = d.day left join o on o.day = d.day order by d.day`,
      );
      return r.map((x) => ({
        day: x.day,
        views: num(x.views),
        orders: num(x.orders),
        revenue_kobo: num(x.revenue_kobo),
      }));
    },

    /** The best sellers of the period, by revenue, with their units and views. */
    async topProducts(storeId: number, fromDay: string, toDay: string, limit: number) {
      const r = await rows<{
        product_id: number;
        name: string;
        units: number;
        revenue_kobo: number;
        views: number;
      }>(
        db,
        sql`select oi.product_id, p.name, sum(oi.quantity)::int as units, sum(oi.line_total_kobo)::bigint as revenue_kobo,
            coalesce((select sum(v.views) from product_views v where v.product_id = oi.product_id
              and v.day between ${fromDay}::date and ${toDay}::date), 0)::int as views
          from orders o join order_items oi on oi.order_id = o.id join products p on p.prod_id = oi.product_id
          where o.store_id = ${storeId} and ${SOLD}
            and ${LAGOS_DAY} between ${fromDay}::date and ${toDay}::date
          group by oi.product_id, p.name
          order by revenue_kobo desc, units desc, oi.product_id desc limit ${limit}`,
      );
      return r.map((x) => ({
        ...x,
        units: num(x.units),
        revenue_kobo: num(x.revenue_kobo),
        views: num(x.views),
      }));
    },

    /** Active products with `lowStockAt` or fewer left, fewest first. */
    async lowStock(storeId: number, lowStockAt: number, limit: number) {
      return rows<{ prod_id: number; name: string; stock: number; price_kobo: number }>(
        db,
        sql`select prod_id, name, stock, price_kobo from products
          where store_id = ${storeId} and active and stock <= ${lowStockAt}
          order by stock, prod_id desc limit ${limit}`,
      );
    },
  };
}
