import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import type { GoodRow, Problem } from './rows.ts';

export type ImportRow = typeof s.productImports.$inferSelect;

export function importRepository(db: Db) {
  return {
    async insert(values: typeof s.productImports.$inferInsert): Promise<ImportRow> {
      return (await db.insert(s.productImports).values(values).returning())[0];
    },

    /** An import of one of these stores (another store's import looks missing). */
    async get(id: string, storeIds: number[]): Promise<ImportRow | undefined> {
      if (storeIds.length === 0) return undefined;
      const [r] = await db
        .select()
        .from(s.productImports)
        .where(and(eq(s.productImports.id, id), inArray(s.productImports.storeId, storeIds)));
      return r;
    },

    async byId(id: string): Promise<ImportRow | undefined> {
      const [r] = await db.select().from(s.productImports).where(eq(s.productImports.id, id));
      return r;
    },

    async recent(storeId: number, limit: number): Promise<ImportRow[]> {
      return db
        .select()
        .from(s.productImports)
        .where(eq(s.productImports.storeId, storeId))
        .orderBy(desc(s.productImports.createdAt))
        .limit(limit);
    },

    async update(id: string, set: Partial<typeof s.productImports.$inferInsert>) {
      await db.update(s.productImports).set(set).where(eq(s.productImports.id, id));
    },

    async store(storeId: number) {
      const [r] = await rows<{ state_id: number; city_id: number }>(
        db,
        sql`select state_id, city_id from stores where id = ${storeId}`,
      );
      return r;
    },

    /** Which of these SKUs the store has already (their rows update rather than add). */
    async existingSkus(storeId: number, skus: string[]): Promise<Set<string>> {
      const r = await rows<{ sku: string }>(
        db,
        sql`select sku from products where store_id = ${storeId}
          and sku in (select json_array_elements_text(${JSON.stringify(skus)}::json))`,
      );
      return new Set(r.map((x) => x.sku));
    },

    /**
     * Writes a batch of rows in three statements: products inserted or, for a SKU the store has,
     * updated in place (ON CONFLICT on the (store, sku) index); then their fitments replaced.
     * Returns how many were added and how many updated, and the products written.
     */
    async upsert(
      store: { id: number; stateId: number; cityId: number },
      list: GoodRow[],
    ): Promise<{ created: number; updated: number; ids: number[] }> {
      const data = list.map((r) => ({
        sku: r.sku,
        cat_id: r.catId,
        top_cat_id: r.topCatId,
        name: r.name,
        title: r.title,
        description: r.description,
        price_kobo: r.priceKobo,
        sales_kobo: r.salesKobo,
        condition: r.condition,
        stock: r.stock,
        part_number: r.partNumber,
        active: r.active,
        search_terms: r.searchTerms,
      }));
      // The stock written is the count in the seller's own file; stock bought and given back
      // changes only through catalog/stock-service.ts (its one writer).
      const written = await rows<{ prod_id: number; sku: string; inserted: boolean }>(
        db,
        sql`insert into products (store_id, state_id, city_id, sku, cat_id, top_cat_id, name, title, description,
            price_kobo, sales_kobo, condition, stock, part_number, active, search_terms)
          select ${store.id}, ${store.stateId}, ${store.cityId}, x.* from json_to_recordset(${JSON.stringify(data)}::json)
            as x(sku text, cat_id int, top_cat_id int, name text, title text, description text, price_kobo bigint,
                 sales_kobo bigint, condition smallint, stock int, part_number text, active boolean, search_terms text)
          on conflict (store_id, sku) do update set cat_id = excluded.cat_id, top_cat_id = excluded.top_cat_id,
            name = excluded.name, title = excluded.title, description = excluded.description,
            price_kobo = excluded.price_kobo, sales_kobo = excluded.sales_kobo, condition = excluded.condition,
            stock = excluded.stock, part_number = excluded.part_number, active = excluded.active,
            search_terms = excluded.search_terms
          returning prod_id, sku, (xmax = 0) as inserted`,
      );
      const idOf = new Map(written.map((w) => [w.sku, Number(w.prod_id)]));
      const ids = [...idOf.values()];
      await db.execute(
        sql`delete from product_fitments where product_id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::int)`,
      );
      const fits = list.flatMap((r) =>
        r.fitments.map((f) => ({
          product_id: idOf.get(r.sku),
          make_id: f.makeId,
          model_id: f.modelId,
          year_from: f.yearFrom,
          year_to: f.yearTo,
        })),
      );
      if (fits.length)
        await db.execute(sql`insert into product_fitments (product_id, make_id, model_id, year_from, year_to)
        select * from json_to_recordset(${JSON.stringify(fits)}::json)
          as x(product_id int, make_id int, model_id int, year_from int, year_to int)`);
      const created = written.filter(
        (w) => w.inserted === true || String(w.inserted) === 't',
      ).length;
      return { created, updated: written.length - created, ids };
    },

    /** Progress after a batch: counts and the report so far (its first `problems`). */
    async progress(
      id: string,
      p: { processedRows: number; created: number; updated: number; badRows: number },
      problems: Problem[],
    ) {
      await db
        .update(s.productImports)
        .set({ ...p, problems })
        .where(eq(s.productImports.id, id));
    },
  };
}
