import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { invalidateCatalogLists } from './service.ts';

/** Test factories for the catalogue (other domains' tests may use them too: carts, orders …). */
export async function createStore(db: Db, over: Partial<typeof s.stores.$inferInsert> = {}) {
  const [lagos] = await rows<{ state_id: number; city_id: number }>(
    db,
    sql`select s.id as state_id, c.id as city_id from states s
    join cities c on c.state_id = s.id where s.name = 'Lagos' and c.name = 'Ikeja'`,
  );
  const tag = crypto.randomBytes(3).toString('hex');
  const [store] = await db
    .insert(s.stores)
    .values({
      name: `Test Store ${tag}`,
      urlName: `test-store-${tag}`,
      phones: ['08031234567'],
      stateId: lagos.state_id,
      cityId: lagos.city_id,
      address: '1 Test Road',
      deliveryFeeInStateKobo: 250000,
      deliveryFeeOtherStatesKobo: 600000,
      ...over,
    })
    .returning();
  return store;
}

export interface ProductInput {
  store: { id: number; stateId: number; cityId: number };
  catId?: number;
  name?: string;
  title?: string;
  description?: string;
  price?: number;
  sales?: number | null;
  condition?: 1 | 2;
  stock?: number;
  partNumber?: string | null;
  active?: boolean;
  fitments?: { makeId: number; modelId?: number | null; yearFrom: number; yearTo: number }[];
  imageKey?: string;
}

/** A product with the denormalised columns and search terms filled the way the catalogue does. */
export async function createProduct(db: Db, p: ProductInput) {
  const catId = p.catId ?? 601;
  const [cat] = await rows<{
    parent_id: number;
    name: string;
    keywords: string[];
    parent_name: string | null;
  }>(
    db,
    sql`
    select c.parent_id, c.name, c.keywords, pc.name as parent_name from categories c left join categories pc on pc.cat_id = c.parent_id where c.cat_id = ${catId}`,
  );
  const fitNames = [];
  for (const f of p.fitments ?? []) {
    const [n] = await rows<{ make: string; model: string | null }>(
      db,
      sql`select mk.name as make, (select name from car_models where id = ${f.modelId ?? null}::int) as model
      from car_makes mk where mk.id = ${f.makeId}`,
    );
    fitNames.push(`${n.make} ${n.model ?? ''}`);
  }
  const [prod] = await db
    .insert(s.products)
    .values({
      storeId: p.store.id,
      catId,
      topCatId: cat.parent_id || catId,
      stateId: p.store.stateId,
      cityId: p.store.cityId,
      name: p.name ?? 'Test Part',
      title: p.title ?? '',
      description: p.description ?? '',
      priceKobo: Math.round((p.price ?? 10000) * 100),
      salesKobo: p.sales == null ? null : Math.round(p.sales * 100),
      condition: p.condition ?? 1,
      stock: p.stock ?? 5,
      partNumber: p.partNumber ?? null,
      active: p.active ?? true,
      searchTerms: [cat.name, cat.parent_name ?? '', ...cat.keywords, ...fitNames].join(' '),
    })
    .returning();
  for (const f of p.fitments ?? [])
    await db.insert(s.productFitments).values({
      productId: prod.prodId,
      makeId: f.makeId,
      modelId: f.modelId ?? null,
      yearFrom: f.yearFrom,
      yearTo: f.yearTo,
    });
  if (p.imageKey)
    await db.insert(s.productImages).values({
      productId: prod.prodId,
      key: p.imageKey,
      width: 640,
      height: 480,
      placeholder: '',
    });
  invalidateCatalogLists(db);
  return prod;
}

export const makeId = async (db: Db, name: string) =>
  (await rows<{ id: number }>(db, sql`select id from car_makes where name = ${name}`))[0].id;
export const modelId = async (db: Db, make: string, name: string) =>
  (
    await rows<{ id: number }>(
      db,
      sql`select md.id from car_models md join car_makes mk on mk.id = md.make_id where mk.name = ${make} and md.name = ${name}`,
    )
  )[0].id;
