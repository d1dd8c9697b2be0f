import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';
import { createProduct, createStore, makeId, modelId } from './testing.ts';
import { parseSearch } from './search.ts';
import { fitRule } from './fitment.ts';

let t: TestApp;
let toyota: number;
let corolla: number;
/** Brake pads that fit a 2010 Corolla, none with "2010" in its name or title. */
const fitting: number[] = [];
let headlamp: number;
let laterPads: number;
let civicPads: number;
let sparkPlug: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const store = await createStore(db);
  toyota = await makeId(db, 'Toyota');
  corolla = await modelId(db, 'Toyota', 'Corolla');
  const honda = await makeId(db, 'Honda');
  const civic = await modelId(db, 'Honda', 'Civic');
  const pad = (name: string, fit: { makeId: number; modelId?: number; from: number; to: number }) =>
    createProduct(db, {
      store,
      catId: 601,
      name,
      fitments: [{ makeId: fit.makeId, modelId: fit.modelId, yearFrom: fit.from, yearTo: fit.to }],
    }).then((p) => p.prodId);
  fitting.push(
    await pad('Front Brake Pads Set', { makeId: toyota, modelId: corolla, from: 2008, to: 2013 }),
    await pad('Rear Brake Pads', { makeId: toyota, modelId: corolla, from: 2007, to: 2012 }),
    // A fitment row without a model fits every model of the make.
    await pad('Ceramic Brake Pads Toyota', { makeId: toyota, from: 2005, to: 2015 }),
    await pad('Brake Pads for Corolla', { makeId: toyota, modelId: corolla, from: 2010, to: 2010 }),
  );
  laterPads = await pad('Corolla Brake Pads', {
    makeId: toyota,
    modelId: corolla,
    from: 2014,
    to: 2018,
  });
  civicPads = await pad('Brake Pads 2010', { makeId: honda, modelId: civic, from: 2006, to: 2011 });
  headlamp = (
    await createProduct(db, {
      store,
      catId: 1001,
      name: 'Right Headlamp Assembly',
      title: 'Clear lens, with bulb holder',
      fitments: [{ makeId: toyota, modelId: corolla, yearFrom: 2009, yearTo: 2013 }],
    })
  ).prodId;
  sparkPlug = (await createProduct(db, { store, catId: 1901, name: 'Iridium Spark Plug' })).prodId;
}, 120_000);
afterAll(() => t?.close());

const ids = async (query: string) => {
  const res = await t.get(`/api/products/categories/0/?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as { prod_id: number }[]).map((i) => i.prod_id).sort((a, b) => a - b);
};
const searched = (text: string) => ids(`prodName=${encodeURIComponent(text)}`);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe(`the car in a search text (${dbLabel()})`, () => {
  it('reads make, model, year and engine out of the words (unit)', () => {
    const p = parseSearch('brake pads corolla 2010');
    expect(p.tokens).toEqual(['brake', 'pads']);
    expect(p.car).toMatchObject({ modelId: expect.any(Number), year: 2010 });
    expect(parseSearch('Toyota Corolla 1.8L 2010 headlamp')).toMatchObject({
      tokens: ['headlamp'],
      car: { year: 2010 },
    });
    // Everyday and parts words that are also model names need their make.
    expect(parseSearch('spark plug').car).toBeUndefined();
    expect(parseSearch('chevrolet spark').car?.modelId).toBeDefined();
    // A year with no car is text ('2010' may be in a title), and so is an engine size.
    expect(parseSearch('brake pads 2010')).toMatchObject({ tokens: ['brake', 'pads', '2010'] });
    expect(parseSearch('brake pads 2010').car).toBeUndefined();
  });

  it('"brake pads corolla 2010" lists every brake pad the filters show for a 2010 Corolla', async () => {
    const byText = await searched('brake pads corolla 2010');
    const byFilters = await ids(
      `carmake=${toyota}&carmodel=${corolla}&caryear=2010&partcategory=601`,
    );
    expect(byText).toEqual(sorted(fitting));
    expect(byText).toEqual(byFilters);
    // The same with the make named, in another order, and in capitals.
    expect(await searched('Toyota Corolla 2010 brake pads')).toEqual(sorted(fitting));
  });

  it('"headlamp corolla 2010" finds the fitting headlamp (no "corolla" nor "2010" in its words)', async () => {
    expect(await searched('headlamp corolla 2010')).toEqual([headlamp]);
    expect(await searched('corolla 2010 head light')).toEqual([headlamp]);
  });

  it('a year outside a part range excludes it; another car excludes it', async () => {
    const y2016 = await searched('brake pads corolla 2016');
    expect(y2016).toContain(laterPads);
    expect(y2016).not.toContain(fitting[0]);
    expect(await searched('brake pads corolla 2010')).not.toContain(laterPads);
    expect(await searched('brake pads corolla 2010')).not.toContain(civicPads);
    expect(await searched('headlamp corolla 2015')).toEqual([]);
  });

  it('a word that is not a car stays a text term', async () => {
    expect(await searched('spark plug')).toEqual([sparkPlug]);
    // "2010" without a car is a word of the name.
    expect(await searched('brake pads 2010')).toEqual([civicPads]);
  });

  it('the car chosen in the filters wins over another car in the text', async () => {
    const honda = await makeId(t.handle.db, 'Honda');
    // "corolla" is not a Honda: it stays a word to match, and no Honda part has it.
    expect(await ids(`carmake=${honda}&prodName=corolla%20brake%20pads`)).toEqual([]);
    expect(await ids(`carmake=${toyota}&prodName=corolla%202010%20brake%20pads`)).toEqual(
      sorted(fitting),
    );
  });

  it('suggestions and the home search read the car the same way', async () => {
    const sug = await t.get(
      `/api/products/search?prodName=${encodeURIComponent('headlamp corolla 2010')}`,
    );
    expect(sug.status).toBe(200);
    expect(sug.body.items.map((i: { id: number }) => i.id)).toEqual([headlamp]);
    const home = await t.get(`/api/search?q=${encodeURIComponent('brake pads corolla 2010')}`);
    expect(home.status).toBe(200);
    const parts = home.body.groups.find((g: { kind: string }) => g.kind === 'part');
    expect(sorted(parts.parts.map((p: { prod_id: number }) => p.prod_id))).toEqual(sorted(fitting));
  });

  it('"brake pads toyota" (a make alone) lists the pads of any Toyota model, not the Civic\'s', async () => {
    expect(await searched('brake pads toyota')).toEqual(sorted([...fitting, laterPads]));
  });

  it("the index's fits_most_cars is fitment.ts's rule, for every category and a new one under each top", async () => {
    const cats = await rows<{ cat_id: number; parent_id: number }>(
      t.handle.db,
      sql`select cat_id, parent_id from categories where parent_id <> 0
        union all select 99000 + cat_id, cat_id from categories where parent_id = 0`,
    );
    expect(cats.length).toBeGreaterThan(300);
    const inSql = await rows<{ cat_id: number; most: boolean }>(
      t.handle.db,
      sql`select c.cat_id, fits_most_cars(c.cat_id, c.parent_id) as most
        from json_to_recordset(${JSON.stringify(cats)}::json) as c(cat_id int, parent_id int)`,
    );
    const rule = new Map(
      cats.map((c) => [c.cat_id, fitRule(c.cat_id, c.parent_id) === 'universal']),
    );
    expect(inSql.filter((r) => r.most !== rule.get(r.cat_id))).toEqual([]);
    expect(inSql.filter((r) => r.most).length).toBeGreaterThan(50);
  });

  it('a search with a car finds the parts for most cars, which have no fitment rows', async () => {
    const db = t.handle.db;
    const store = await createStore(db);
    const oil = (await createProduct(db, { store, catId: 2301, name: 'Quartz Engine Oil 5W-30' }))
      .prodId;
    const valve = (await createProduct(db, { store, catId: 407, name: 'Chrome Tyre Valve Caps' }))
      .prodId;
    const truckTyre = (
      await createProduct(db, { store, catId: 403, name: 'Quartz Truck Tyre 315/80 R22.5' })
    ).prodId;
    expect(await searched('quartz corolla 2010')).toEqual([oil]);
    expect(await searched('valve caps toyota corolla')).toEqual([valve]);
    expect(await searched('quartz')).toEqual(sorted([oil, truckTyre]));
  });

  it("a part's fit follows its fitment rows as they are added, changed and removed", async () => {
    const db = t.handle.db;
    const honda = await makeId(db, 'Honda');
    const civic = await modelId(db, 'Honda', 'Civic');
    const store = await createStore(db);
    const fleet = (await createProduct(db, { store, catId: 601, name: 'Fleet Brake Pads' })).prodId;
    const terms = async () =>
      (
        await rows<{ t: string[] }>(
          db,
          sql`select fit_terms as t from products where prod_id = ${fleet}`,
        )
      )[0].t;
    // Each step asks in other words: a list answer is kept a few seconds, and these writes go
    // around the service that would clear it.
    expect(await searched('brake pads corolla 2010 fleet')).toEqual([]);
    expect(await terms()).toEqual([]);

    await db.execute(
      sql`insert into product_fitments (product_id, make_id, model_id, year_from, year_to) values (${fleet}, ${toyota}, ${corolla}, 2009, 2011)`,
    );
    expect(await terms()).toEqual([`~k${toyota}`, `~m${toyota}.${corolla}`].sort());
    expect(await searched('fleet brake pads corolla 2010')).toEqual([fleet]);
    expect(await searched('fleet brake pads corolla 2012')).toEqual([]);
    expect(await searched('fleet brake pads toyota')).toEqual([fleet]);

    await db.execute(
      sql`update product_fitments set make_id = ${honda}, model_id = ${civic} where product_id = ${fleet}`,
    );
    expect(await terms()).toEqual([`~k${honda}`, `~m${honda}.${civic}`].sort());
    expect(await searched('pads fleet brake corolla 2010')).toEqual([]);
    expect(await searched('pads fleet brake civic 2010')).toEqual([fleet]);

    // A row without a model fits every model of the make.
    await db.execute(
      sql`insert into product_fitments (product_id, make_id, year_from, year_to) values (${fleet}, ${toyota}, 2000, 2020)`,
    );
    expect(await searched('brake fleet pads corolla 2010')).toEqual([fleet]);

    await db.execute(sql`delete from product_fitments where product_id = ${fleet}`);
    expect(await terms()).toEqual([]);
    expect(await searched('brake fleet pads civic 2010')).toEqual([]);
    expect(await searched('fleet pads brake toyota')).toEqual([]);
  });
});
