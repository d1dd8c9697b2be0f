import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { schema as s, rows, type Db } from '@sf/db';

export const categoriesRepository = (db: Db) => ({
  byParent: (parentId: number) =>
    db
      .select({
        catId: s.categories.catId,
        parentId: s.categories.parentId,
        name: s.categories.name,
        path: s.categories.path,
        image: s.categories.image,
        childCount: sql<number>`(select count(*)::int from categories c where c.parent_id = categories.cat_id)`,
      })
      .from(s.categories)
      .where(eq(s.categories.parentId, parentId))
      .orderBy(asc(s.categories.position), asc(s.categories.name)),
  one: (catId: number) => db.select().from(s.categories).where(eq(s.categories.catId, catId)).then((r) => r[0]),
  all: () => db.select().from(s.categories),
});

/** How many of the newest matches a search ranks (see page()). */
export const SEARCH_WINDOW = 300;

export interface ListRow {
  prod_id: number;
  score: number | null;
  name: string;
  title: string;
  description: string;
  price_kobo: number;
  sales_kobo: number | null;
  condition: number;
  store_name: string;
  url_name: string;
  verified: boolean;
  city: string;
  state: string;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  placeholder: string | null;
}

export interface ListQuery {
  where: SQL[];
  /** Full-text query text for to_tsquery('english', …), when searching. */
  tsq?: string;
  partNumber?: string;
  cursor?: { score: number | null; prodId: number };
  limit: number;
}

export const productsRepository = (db: Db) => ({
  /**
   * One page of list items. Without search: newest first by prod_id (cursor prod_id < last). With search:
   * by score then prod_id, both descending (cursor (score, prod_id) < (last score, last id)); the score is an
   * integer so the cursor is exact.
   */
  async page(q: ListQuery): Promise<ListRow[]> {
    const where = sql.join([sql`p.active`, ...q.where], sql` and `);
    let page: SQL;
    if (q.tsq !== undefined || q.partNumber) {
      const pn = q.partNumber ?? '';
      const tsq = q.tsq ?? '';
      const match: SQL[] = [];
      if (tsq) match.push(sql`p.search @@ q.tsq`);
      if (pn) match.push(sql`p.part_number_norm like ${pn + '%'}`);
      if (pn.length >= 6) match.push(sql`p.part_number_norm % ${pn}`);
      const score = sql`((${tsq ? sql`ts_rank(c.search, to_tsquery('english', ${tsq}))` : sql`0`}) * 1000000)::int
        + ${pn ? sql`case when c.part_number_norm = ${pn} then 200000000 when c.part_number_norm like ${pn + '%'} then 100000000
          ${pn.length >= 6 ? sql`when c.part_number_norm % ${pn} then (similarity(c.part_number_norm, ${pn}) * 50000000)::int` : sql``} else 0 end` : sql`0`}`;
      const cursor = q.cursor ? sql`where (m.score, m.prod_id) < (${q.cursor.score ?? 0}::int, ${q.cursor.prodId}::int)` : sql``;
      // Ranking reads every candidate's vector, so it is bounded: the SEARCH_WINDOW newest matches are ranked
      // (all of them for any specific query); broad one-word queries over a million parts stay fast.
      page = sql`select m.prod_id, m.score from (
          select c.prod_id, ${score} as score from ((
            select p.prod_id, p.search, p.part_number_norm from products p, (select to_tsquery('english', ${tsq}) as tsq) q
            where ${where} and (${sql.join(match, sql` or `)}) order by p.prod_id desc limit ${SEARCH_WINDOW}
          ${pn ? sql`) union (select p.prod_id, p.search, p.part_number_norm from products p where ${where} and p.part_number_norm like ${pn + '%'} limit 100` : sql``}
          )) c
        ) m ${cursor} order by m.score desc, m.prod_id desc limit ${q.limit}`;
    } else {
      const cursor = q.cursor ? sql`and p.prod_id < ${q.cursor.prodId}` : sql``;
      page = sql`select p.prod_id, null::int as score from products p where ${where} ${cursor} order by p.prod_id desc limit ${q.limit}`;
    }
    return rows<ListRow>(db, sql`with page as (${page})
      select page.prod_id, page.score, p.name, p.title, left(p.description, 200) as description, p.price_kobo, p.sales_kobo, p.condition,
        st.name as store_name, st.url_name, st.verified, c.name as city, sa.name as state,
        i.key as image_key, i.width as image_width, i.height as image_height, i.placeholder
      from page join products p on p.prod_id = page.prod_id join stores st on st.id = p.store_id
        join cities c on c.id = st.city_id join states sa on sa.id = st.state_id
        left join product_images i on i.product_id = p.prod_id and i.position = 0
      order by page.score desc nulls last, page.prod_id desc`);
  },

  /** For each word: whether the catalogue knows it, and up to two known words spelt similarly. */
  similarWords: (tokens: string[]) =>
    rows<{ tok: string; known: boolean; similar: string[] | null }>(db, sql`
      select t.tok, exists(select 1 from search_words w where w.word = t.tok) as known,
        (select array_agg(x.word) from (select w.word from search_words w where w.word % t.tok and similarity(w.word, t.tok) >= 0.4
          order by similarity(w.word, t.tok) desc, w.word limit 2) x) as similar
      from unnest(string_to_array(${tokens.join(',')}, ',')) as t(tok)`),

  detail: async (prodId: number) => {
    const [p] = await rows<any>(db, sql`
      select p.prod_id, p.name, p.title, p.description, p.price_kobo, p.sales_kobo, p.condition, p.stock, p.part_number, p.created_at,
        p.cat_id, c.name as cat_name, c.path as cat_path, c.image as cat_image, c.parent_id,
        pc.name as parent_name, pc.path as parent_path, pc.image as parent_image,
        st.id as store_id, st.name as store_name, st.url_name, st.logo, st.phones, st.address, st.verified, st.state_id, st.city_id,
        st.delivery_fee_in_state_kobo, st.delivery_fee_other_states_kobo, ci.name as city, sa.name as state
      from products p join categories c on c.cat_id = p.cat_id left join categories pc on pc.cat_id = c.parent_id
        join stores st on st.id = p.store_id join cities ci on ci.id = st.city_id join states sa on sa.id = st.state_id
      where p.prod_id = ${prodId} and p.active`);
    if (!p) return undefined;
    const [images, fitment] = await Promise.all([
      rows<{ key: string; width: number; height: number; placeholder: string }>(db,
        sql`select key, width, height, placeholder from product_images where product_id = ${prodId} order by position`),
      rows<{ make_id: number; make: string; model_id: number | null; model: string | null; year_from: number; year_to: number }>(db, sql`
        select f.make_id, mk.name as make, f.model_id, md.name as model, f.year_from, f.year_to
        from product_fitments f join car_makes mk on mk.id = f.make_id left join car_models md on md.id = f.model_id
        where f.product_id = ${prodId} order by mk.name, md.name nulls first, f.year_from`),
    ]);
    return { ...p, images, fitment };
  },

  storeByUrl: async (urlName: string) => {
    const [st] = await rows<any>(db, sql`
      select st.id as store_id, st.name as store_name, st.url_name, st.logo, st.phones, st.address, st.verified, st.state_id, st.city_id,
        st.delivery_fee_in_state_kobo, st.delivery_fee_other_states_kobo, ci.name as city, sa.name as state, st.created_at,
        (select count(*)::int from products p where p.store_id = st.id and p.active) as product_count
      from stores st join cities ci on ci.id = st.city_id join states sa on sa.id = st.state_id where st.url_name = ${urlName}`);
    return st as any;
  },
  storeIdByUrl: async (urlName: string) =>
    (await rows<{ id: number }>(db, sql`select id from stores where url_name = ${urlName}`))[0]?.id,
  modelMake: async (modelId: number) =>
    (await rows<{ make_id: number }>(db, sql`select make_id from car_models where id = ${modelId}`))[0]?.make_id,
});
