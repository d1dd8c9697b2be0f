import { formatKobo, maxModelYear, YEAR_FROM } from '@sf/shared';
import type { CategoryRow } from './repository.ts';
import { MAX_STOCK } from './schemas.ts';

// The rules of a product's fields, one copy for every way a product is written: the product
// form (seller service) and the CSV import (product-import module). They are pure: the caller
// loads the category, makes and models (one by one for a form, all at once for a file) and
// gets back what to write and a message per refused field.

/** The most a price may be: ₦100,000,000. */
export const MAX_PRICE_KOBO = 10_000_000_000;

/** Field messages keyed by the form's field names (catId, priceKobo, fitments.0 …). */
export type FieldMessages = Record<string, string>;

export const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim();

export interface FitmentInput {
  makeId: number;
  modelId?: number | null;
  yearFrom: number;
  yearTo: number;
}

/** The text fields and prices of a product, as a form or a CSV row gives them. */
export interface ProductFieldsInput {
  name?: string;
  title?: string;
  description?: string;
  condition?: number;
  priceKobo?: number;
  salesKobo?: number | null;
  stock?: number;
  partNumber?: string | null;
  sku?: string | null;
  active?: boolean;
}

/**
 * The text fields and prices, checked. `current` holds the stored price and sale price when
 * editing (a sale price must stay below the price either changes). Returns the columns to set
 * and the refused fields.
 */
export function productFieldRules(
  input: ProductFieldsInput,
  current?: { priceKobo: number; salesKobo: number | null },
): { set: Record<string, unknown>; fields: FieldMessages } {
  const fields: FieldMessages = {};
  const set: Record<string, unknown> = {};
  if (input.name !== undefined) {
    const name = oneLine(input.name);
    if (name.length < 3 || name.length > 120)
      fields.name = 'Name the part (3 to 120 characters), like "Toyota Camry front brake pads"';
    else set.name = name;
  }
  if (input.title !== undefined) set.title = oneLine(input.title);
  if (input.description !== undefined) set.description = input.description.trim();
  if (input.partNumber !== undefined) set.partNumber = oneLine(input.partNumber ?? '') || null;
  if (input.sku !== undefined) set.sku = oneLine(input.sku ?? '') || null;
  if (input.condition !== undefined) set.condition = input.condition;
  if (input.stock !== undefined) {
    if (input.stock > MAX_STOCK) fields.stock = `At most ${MAX_STOCK.toLocaleString('en-NG')}`;
    else set.stock = input.stock;
  }
  if (input.active !== undefined) set.active = input.active;
  const price = input.priceKobo ?? current?.priceKobo;
  if (input.priceKobo !== undefined) {
    if (input.priceKobo < 100) fields.priceKobo = 'The price must be at least ₦1.00';
    else if (input.priceKobo > MAX_PRICE_KOBO)
      fields.priceKobo = `The price must be at most ${formatKobo(MAX_PRICE_KOBO)}`;
    else set.priceKobo = input.priceKobo;
  }
  const sales = input.salesKobo !== undefined ? input.salesKobo : current?.salesKobo;
  if (input.salesKobo !== undefined) set.salesKobo = input.salesKobo;
  if (sales !== null && sales !== undefined && price !== undefined && !fields.priceKobo) {
    if (sales < 100 || sales >= price)
      fields.salesKobo = `The sale price must be below the price (${formatKobo(price)}); leave it empty for no sale`;
  }
  return { set, fields };
}

/** The columns of a new product from its checked fields (`set` of productFieldRules), defaults filled. */
export function newProductColumns(set: Record<string, unknown>) {
  return {
    name: set.name as string,
    title: (set.title as string) ?? '',
    description: (set.description as string) ?? '',
    priceKobo: set.priceKobo as number,
    salesKobo: (set.salesKobo as number | null) ?? null,
    condition: set.condition as number,
    stock: set.stock as number,
    partNumber: (set.partNumber as string | null) ?? null,
    active: (set.active as boolean) ?? true,
  };
}

/** A product goes in a kind of part: a category without children. */
export function categoryRule(
  c: CategoryRow | undefined,
): { ok: CategoryRow; field?: undefined } | { ok?: undefined; field: string } {
  if (!c) return { field: 'Choose a category' };
  if (c.childCount > 0) return { field: `Choose the kind of part under ${c.name}` };
  return { ok: c };
}

export type ModelRef = { makeId: number; name: string };

/**
 * The cars a part fits: known make, a model of that make (none: every model), years from 1970
 * to next year, first year not after the last. Repeated rows are dropped. `label(i)` names a
 * row in messages ("Car 2").
 */
export function fitmentRules(
  list: FitmentInput[],
  makes: Map<number, string>,
  models: Map<number, ModelRef>,
  label = (i: number) => `Car ${i + 1}`,
): { list: (FitmentInput & { modelId: number | null })[]; fields: FieldMessages } {
  const top = maxModelYear();
  const out: (FitmentInput & { modelId: number | null })[] = [];
  const seen = new Set<string>();
  const fields: FieldMessages = {};
  list.forEach((f, i) => {
    const row = label(i);
    const make = makes.get(f.makeId);
    const model = f.modelId ? models.get(f.modelId) : undefined;
    let m: string | undefined;
    if (!make) m = `${row}: choose the make`;
    else if (f.modelId && (!model || model.makeId !== f.makeId))
      m = `${row}: choose a ${make} model`;
    else if (f.yearFrom < YEAR_FROM || f.yearTo > top)
      m = `${row}: years from ${YEAR_FROM} to ${top}`;
    else if (f.yearFrom > f.yearTo) m = `${row}: the first year must not be after the last`;
    if (m) {
      fields[`fitments.${i}`] = m;
      return;
    }
    const key = `${f.makeId}:${f.modelId ?? 0}:${f.yearFrom}:${f.yearTo}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...f, modelId: f.modelId ?? null });
  });
  return { list: out, fields };
}

/** The denormalised words search reads for a product: its category's and its cars' names. */
export function searchTermsOf(
  c: Pick<CategoryRow, 'name' | 'parentName' | 'keywords' | 'parentKeywords'>,
  fits: { makeId: number; modelId: number | null }[],
  names: { make: (id: number) => string; model: (id: number) => string },
) {
  return [
    c.name,
    c.parentName ?? '',
    ...c.keywords,
    ...(c.parentKeywords ?? []),
    fits.map((f) => `${names.make(f.makeId)} ${f.modelId ? names.model(f.modelId) : ''}`).join(' '),
  ]
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
