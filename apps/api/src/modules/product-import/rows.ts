import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { MULTI_LINE, SINGLE_LINE } from '../../lib/schemas.ts';
import type { CategoryRow } from '../seller/repository.ts';
import {
  categoryRule,
  fitmentRules,
  newProductColumns,
  productFieldRules,
  searchTermsOf,
  type FitmentInput,
  type ModelRef,
} from '../seller/product-rules.ts';
import { PRODUCT_TEXT_MAX } from '../seller/schemas.ts';
import type { ColumnName } from './csv.ts';

// One CSV row as a product: its values read (naira, New/Used, a category by name or path, cars
// as text) and checked with the product form's own rules (seller/product-rules.ts).

/** A row's problem, as the report shows it. */
export interface Problem {
  row: number;
  field: string;
  message: string;
}

/** A row ready to write. */
export interface GoodRow {
  row: number;
  sku: string;
  catId: number;
  topCatId: number;
  name: string;
  title: string;
  description: string;
  priceKobo: number;
  salesKobo: number | null;
  condition: number;
  stock: number;
  partNumber: string | null;
  active: boolean;
  searchTerms: string;
  fitments: { makeId: number; modelId: number | null; yearFrom: number; yearTo: number }[];
}

interface CategoryRef extends CategoryRow {
  path: string;
}

/** Categories, makes and models, read once per import (a few thousand rows in all). */
export async function loadReference(db: Db) {
  const cats = await rows<CategoryRef>(
    db,
    sql`select c.cat_id as "catId", c.parent_id as "parentId", c.name, c.path, c.keywords,
          pc.name as "parentName", pc.keywords as "parentKeywords",
          (select count(*)::int from categories k where k.parent_id = c.cat_id) as "childCount"
        from categories c left join categories pc on pc.cat_id = c.parent_id`,
  );
  const makeRows = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from car_makes`,
  );
  const modelRows = await rows<{ id: number; make_id: number; name: string }>(
    db,
    sql`select id, make_id, name from car_models`,
  );
  const key = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();
  // Model names compared without spaces and dashes: 'CRV' is 'CR-V', 'Land cruiser' 'Land Cruiser'.
  const loose = (t: string) => t.toLowerCase().replace(/[\s\-_.]+/g, '');
  const byPath = new Map(cats.map((c) => [c.path.toLowerCase(), c]));
  const byName = new Map<string, CategoryRef[]>();
  for (const c of cats) {
    const list = byName.get(key(c.name)) ?? [];
    list.push(c);
    byName.set(key(c.name), list);
    if (c.parentName) byName.set(`${key(c.parentName)}/${key(c.name)}`, [c]);
  }
  const makes = new Map(makeRows.map((m) => [Number(m.id), m.name]));
  const makeNames = makeRows
    .map((m) => ({ id: Number(m.id), key: key(m.name) }))
    .sort((a, b) => b.key.length - a.key.length);
  const models = new Map<number, ModelRef>();
  const modelsOfMake = new Map<number, Map<string, number>>();
  for (const m of modelRows) {
    models.set(Number(m.id), { makeId: Number(m.make_id), name: m.name });
    let of = modelsOfMake.get(Number(m.make_id));
    if (!of) modelsOfMake.set(Number(m.make_id), (of = new Map()));
    if (!of.has(loose(m.name))) of.set(loose(m.name), Number(m.id));
  }
  return {
    makes,
    models,
    /** A category by its path (brakes/brake-pads), its name, or 'Parent / Child' names. */
    category(text: string): CategoryRef | string[] | undefined {
      const t = key(text);
      const hit = byPath.get(t) ?? byName.get(t.replace(/\s*[/>]\s*/g, '/'));
      if (!hit) return undefined;
      if (!Array.isArray(hit)) return hit;
      return hit.length === 1 ? hit[0] : hit.map((c) => c.path);
    },
    /** The make a car's text starts with (the longest name that fits) and the rest of it. */
    make(text: string): { id: number; rest: string } | undefined {
      const t = key(text);
      const m = makeNames.find((x) => t === x.key || t.startsWith(`${x.key} `));
      return m ? { id: m.id, rest: t.slice(m.key.length).trim() } : undefined;
    },
    model(makeId: number, text: string): number | undefined {
      return modelsOfMake.get(makeId)?.get(loose(text));
    },
  };
}
export type Reference = Awaited<ReturnType<typeof loadReference>>;

/** Naira as sellers write it (18500, 18,500.50, ₦18500) in kobo; NaN when it is not a price. */
export function nairaToKobo(t: string): number {
  const m = /^(?:₦|NGN|N)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i.exec(t.trim());
  if (!m) return NaN;
  const whole = Number(m[1].replace(/,/g, ''));
  const kobo = whole * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : NaN;
}

const CONDITIONS: Record<string, number> = {
  new: 1,
  'brand new': 1,
  '1': 1,
  used: 2,
  tokunbo: 2,
  'used (tokunbo)': 2,
  'foreign used': 2,
  '2': 2,
};
const YES = new Set(['', 'yes', 'y', 'true', '1', 'on sale']);
const NO = new Set(['no', 'n', 'false', '0', 'hidden']);

/** "Toyota Corolla 2008-2013; Honda Accord 2010" as fitment rows, or the first problem. */
export function readFitment(
  text: string,
  ref: Reference,
): { list: FitmentInput[]; error?: undefined } | { error: string; list?: undefined } {
  const list: FitmentInput[] = [];
  const parts = text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 30) return { error: 'At most 30 cars in one row' };
  for (const [i, part] of parts.entries()) {
    const car = `Car ${i + 1} ("${part.slice(0, 60)}")`;
    const m = /^(.*?)\s*(\d{4})(?:\s*(?:-|–|to)\s*(\d{4}))?$/i.exec(part);
    if (!m || !m[1])
      return {
        error: `${car}: write the make, the model and the years, like "Toyota Corolla 2008-2013"`,
      };
    const make = ref.make(m[1]);
    if (!make)
      return {
        error: `${car}: "${m[1].trim()}" does not start with a make we know (write it like Toyota Corolla 2008-2013)`,
      };
    const all = make.rest === '' || /^(all|all models|any|\*)$/.test(make.rest);
    const modelId = all ? null : ref.model(make.id, make.rest);
    if (modelId === undefined)
      return { error: `${car}: ${ref.makes.get(make.id)} has no model called "${make.rest}"` };
    list.push({
      makeId: make.id,
      modelId,
      yearFrom: Number(m[2]),
      yearTo: Number(m[3] ?? m[2]),
    });
  }
  return { list };
}

/** The form's field names as the CSV's columns, so the report names what the seller sees. */
const COLUMN_OF: Record<string, ColumnName> = {
  name: 'name',
  title: 'title',
  description: 'description',
  partNumber: 'part_number',
  priceKobo: 'price',
  salesKobo: 'sale_price',
  stock: 'stock',
  catId: 'category',
};

/** A row's values as a product ready to write, or its problems (every field, not only the first). */
export function readRow(
  row: number,
  values: Partial<Record<ColumnName, string>>,
  ref: Reference,
): { ok: GoodRow; problems?: undefined } | { problems: Problem[]; ok?: undefined } {
  const problems: Problem[] = [];
  const add = (field: string, message: string) => problems.push({ row, field, message });
  const v = (c: ColumnName) => (values[c] ?? '').trim();

  for (const [col, max, multi] of [
    ['sku', PRODUCT_TEXT_MAX.sku, false],
    ['name', PRODUCT_TEXT_MAX.name, false],
    ['title', PRODUCT_TEXT_MAX.title, false],
    ['description', PRODUCT_TEXT_MAX.description, true],
    ['part_number', PRODUCT_TEXT_MAX.partNumber, false],
  ] as const) {
    const t = v(col);
    if (t.length > max) add(col, `At most ${max} characters (this has ${t.length})`);
    else if (!(multi ? MULTI_LINE : SINGLE_LINE).test(t))
      add(col, multi ? 'Remove the control characters' : 'Keep it on one line');
  }
  const sku = v('sku');
  if (!sku) add('sku', 'Give every row a SKU, your own code for the part (like LGP-0001)');
  const condition = CONDITIONS[v('condition').toLowerCase()];
  if (!condition) add('condition', 'Write New or Used (Tokunbo)');
  const priceKobo = nairaToKobo(v('price'));
  if (Number.isNaN(priceKobo)) add('price', 'Write the price in naira, like 18500 or 18500.50');
  const salesText = v('sale_price');
  const salesKobo = salesText ? nairaToKobo(salesText) : null;
  if (Number.isNaN(salesKobo))
    add('sale_price', 'Write the sale price in naira, like 16000, or leave it empty');
  const stockText = v('stock');
  if (!/^\d{1,9}$/.test(stockText)) add('stock', 'Write how many you have, like 4');
  const activeText = v('active').toLowerCase();
  if (!YES.has(activeText) && !NO.has(activeText))
    add('active', 'Write yes (on sale) or no (hidden), or leave it empty for yes');

  const fields = productFieldRules({
    name: v('name'),
    title: v('title'),
    description: values.description ?? '',
    partNumber: v('part_number'),
    condition,
    priceKobo: Number.isNaN(priceKobo) ? undefined : priceKobo,
    salesKobo: salesKobo === null || !Number.isNaN(salesKobo) ? salesKobo : undefined,
    stock: /^\d{1,9}$/.test(stockText) ? Number(stockText) : undefined,
    active: !NO.has(activeText),
  });
  for (const [k, m] of Object.entries(fields.fields))
    if (!problems.some((p) => p.field === (COLUMN_OF[k] ?? k))) add(COLUMN_OF[k] ?? k, m);

  let category: CategoryRow | undefined;
  const catText = v('category');
  const found = catText ? ref.category(catText) : undefined;
  if (!catText) add('category', 'Name the category, like brakes/brake-pads or Brake Pads');
  else if (!found)
    add(
      'category',
      `No category called "${catText.slice(0, 60)}": use a name or a path from the list on the import page, like brakes/brake-pads`,
    );
  else if (Array.isArray(found))
    add(
      'category',
      `"${catText}" is the name of several categories: write one of ${found.join(', ')}`,
    );
  else {
    const r = categoryRule(found);
    if (r.ok) category = r.ok;
    else add('category', `${r.field} (like ${found.path}/…)`);
  }

  const fit = readFitment(values.fitment ?? '', ref);
  let fitments: GoodRow['fitments'] = [];
  if (fit.list === undefined) add('fitment', fit.error);
  else {
    const r = fitmentRules(fit.list, ref.makes, ref.models);
    const first = Object.values(r.fields)[0];
    if (first) add('fitment', first);
    fitments = r.list;
  }

  if (problems.length || !category) return { problems };
  const set = fields.set;
  return {
    ok: {
      row,
      sku,
      catId: category.catId,
      topCatId: category.parentId || category.catId,
      ...newProductColumns(set),
      searchTerms: searchTermsOf(category, fitments, {
        make: (m) => ref.makes.get(m) ?? '',
        model: (m) => ref.models.get(m)?.name ?? '',
      }),
      fitments,
    },
  };
}
