import type { Db } from '@sf/db';
import { formatKobo, LOW_STOCK_AT, normalisePhone, STORE_FIGURE_DAYS } from '@sf/shared';
import { HttpError, badRequest, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/limits.ts';
import { transaction } from '../../lib/tx.ts';
import { queueAlertMatching } from '../alerts/queue.ts';
import { assertProductRoom } from '../subscriptions/limits.ts';
import { imageUrl, storeLogoUrl } from '../images/urls.ts';
import { addSearchWords, wordsOf } from '../catalog/bulk.ts';
import { checkSignals } from '../signals/service.ts';
import { invalidateCatalogLists } from '../catalog/service.ts';
import {
  sellerRepository,
  type FitmentRow,
  type ProductListFilter,
  type ProfileRow,
  type SellerListRow,
} from './repository.ts';
import { lagosDay } from './views.ts';
import {
  categoryRule,
  fitmentRules,
  newProductColumns,
  oneLine,
  productFieldRules,
  searchTermsOf,
  type FitmentInput,
  type ProductFieldsInput,
} from './product-rules.ts';
import { SORT_NAMES } from './schemas.ts';
import type { ProductRow } from './repository.ts';
import type {
  CategoryTreeAnswer,
  DashboardAnswer,
  ProductListAnswer,
  ProductListItem,
  SellerProduct,
  StoreProfile,
  StoreProfileAnswer,
  StoreSavedAnswer,
  ProductAnswer,
  ProductSavedAnswer,
} from './types.ts';

/** Who is asking: the signed-in user. */
export interface Seller {
  id: string;
  role: string;
}

// ---- The store ----

export interface StoreInput {
  name?: string;
  urlName?: string;
  phones?: string[];
  stateId?: number;
  cityId?: number;
  address?: string;
  deliveryFeeInStateKobo?: number;
  deliveryFeeOtherStatesKobo?: number;
}

/** The most a delivery fee may be: ₦1,000,000 (a typing slip, not a fee). */
const MAX_FEE_KOBO = 100_000_000;

/** A store's name in its URL: lower-case letters, digits and single dashes. */
export function toUrlName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
const URL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function profileOut(r: ProfileRow): StoreProfile {
  return {
    id: r.id,
    name: r.name,
    urlName: r.urlName,
    url: `/store/${r.urlName}`,
    logo: r.logo || storeLogoUrl(r.urlName),
    phones: r.phones,
    stateId: r.stateId,
    state: r.state,
    cityId: r.cityId,
    city: r.city,
    address: r.address,
    deliveryFeeInStateKobo: Number(r.deliveryFeeInStateKobo),
    deliveryFeeOtherStatesKobo: Number(r.deliveryFeeOtherStatesKobo),
    verified: r.verified,
    createdAt: r.createdAt.toISOString(),
  };
}

// ---- Products ----

export interface ProductInput extends ProductFieldsInput {
  catId?: number;
  fitments?: FitmentInput[];
  storeId?: number;
}

export interface ListQuery {
  q?: string;
  catId?: number;
  status?: 'active' | 'inactive';
  stock?: 'out' | 'low';
  sort?: SortName;
  lastId?: string;
  pagesize?: number;
  storeId?: number;
}

/** How the product list can be sorted (the repository knows each one's column and direction). */
export type SortName = (typeof SORT_NAMES)[number];
export const PAGE_MAX = 50;

/** The cursor: the last row's sort value and id, as opaque URL-safe text. */
const encodeCursor = (value: string | number | null, id: number) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(lastId: string, sort: SortName) {
  const bad = () => badRequest('Invalid lastId: pass back the lastId of the previous page');
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(lastId, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(v) || v.length !== 2) throw bad();
  const [value, id] = v as [unknown, unknown];
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2147483647) throw bad();
  const wantsText = sort === 'name';
  if (
    wantsText ? typeof value !== 'string' || value.length > 200 : !/^\d{1,19}$/.test(String(value))
  )
    throw bad();
  return { value: wantsText ? (value as string) : String(value), id: id as number };
}

const likeEscape = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

function listItemOut(r: SellerListRow, views: number): ProductListItem {
  return {
    id: r.prod_id,
    name: r.name,
    partNumber: r.part_number,
    sku: r.sku,
    category: { id: r.cat_id, name: r.cat_name },
    priceKobo: Number(r.price_kobo),
    salesKobo: r.sales_kobo === null ? null : Number(r.sales_kobo),
    stock: r.stock,
    active: r.active,
    heldReason: heldReasonOf(r.held_by, r.held_reason),
    condition: r.condition,
    image: r.image_key ? imageUrl(r.image_key, 160) : null,
    url: `/product/${r.prod_id}`,
    editUrl: `/user/store/product/${r.prod_id}`,
    views30d: views,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** What the seller is told about a product staff hold hidden (docs/decisions/0019); null: not held. */
export function heldReasonOf(heldBy: string | null, reason: string | null): string | null {
  if (heldBy === 'suspension') return 'Your store is suspended: contact support';
  if (heldBy === 'admin') return `Hidden by SpareFinder staff: ${reason || 'contact support'}`;
  return null;
}

/** Lagos day `n` days before `day` (YYYY-MM-DD). */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

const pct = (orders: number, views: number) =>
  views > 0 ? Math.round((orders / views) * 10_000) / 100 : null;

/** A write refused by the (store, sku) unique index: another product of the store has that SKU. */
async function skuTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const m = 'Another of your products has this SKU: give each product its own';
    throw new HttpError(409, m, 'CONFLICT', { sku: m });
  }
}

export function sellerService(db: Db) {
  /** The caller's store: the one named, else their first. 403 for anyone owning none. */
  async function ownStore(userId: string, storeId?: number): Promise<number> {
    const stores = await sellerRepository(db).storesOwnedBy(userId);
    if (stores.length === 0) throw forbidden('Only a store owner can do this');
    if (storeId === undefined) return stores[0];
    if (!stores.includes(storeId)) throw forbidden('This is not your store');
    return storeId;
  }

  async function checkPlace(stateId: number, cityId: number) {
    const city = await sellerRepository(db).cityOf(cityId);
    if (!city || city.stateId !== stateId) {
      const state = await sellerRepository(db).stateName(stateId);
      if (!state) throw invalid('Choose your state', { stateId: 'Choose your state' });
      const m = `Choose a city in ${state}`;
      throw invalid(m, { cityId: m });
    }
  }

  /** The rules of a store's details; `current` is the store being changed (none: a new one). */
  async function checkStore(input: StoreInput, current?: ProfileRow) {
    const fields: Record<string, string> = {};
    const set: Record<string, unknown> = {};
    if (input.name !== undefined) {
      const name = oneLine(input.name);
      if (name.length < 2 || name.length > 80)
        fields.name = 'Enter the name of your store (2 to 80 characters)';
      else set.name = name;
    }
    if (input.urlName !== undefined) {
      const u = input.urlName.trim().toLowerCase();
      if (u.length < 3 || u.length > 60 || !URL_NAME.test(u))
        fields.urlName =
          'Use 3 to 60 lower-case letters, digits and dashes (like ladipo-genuine-parts)';
      else if (u !== current?.urlName) set.urlName = u;
    }
    if (input.phones !== undefined) {
      const phones = input.phones.map(oneLine).filter(Boolean);
      const wrong = phones.find((p) => !normalisePhone(p));
      if (wrong) fields.phones = `${wrong} is not a Nigerian phone number (like 0803 123 4567)`;
      else if (phones.length === 0)
        fields.phones = 'Give at least one phone number buyers can call';
      else set.phones = [...new Set(phones)];
    }
    if (input.address !== undefined) set.address = oneLine(input.address);
    for (const k of ['deliveryFeeInStateKobo', 'deliveryFeeOtherStatesKobo'] as const) {
      const v = input[k];
      if (v === undefined) continue;
      if (v > MAX_FEE_KOBO) fields[k] = `A delivery fee of at most ${formatKobo(MAX_FEE_KOBO)}`;
      else set[k] = v;
    }
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
    if (input.stateId !== undefined || input.cityId !== undefined) {
      const stateId = input.stateId ?? current?.stateId;
      const cityId =
        input.cityId ?? (input.stateId === current?.stateId ? current?.cityId : undefined);
      if (!stateId) throw invalid('Choose your state', { stateId: 'Choose your state' });
      if (!cityId) {
        const state = await sellerRepository(db).stateName(stateId);
        const m = state ? `Choose a city in ${state}` : 'Choose your state';
        throw invalid(m, state ? { cityId: m } : { stateId: m });
      }
      await checkPlace(stateId, cityId);
      set.stateId = stateId;
      set.cityId = cityId;
    }
    if (
      typeof set.urlName === 'string' &&
      (await sellerRepository(db).urlNameTaken(set.urlName, current?.id))
    ) {
      const m = `Another store already uses ${set.urlName}: choose another URL name`;
      throw new HttpError(409, m, 'CONFLICT', { urlName: m });
    }
    return set as Partial<{
      name: string;
      urlName: string;
      phones: string[];
      address: string;
      stateId: number;
      cityId: number;
      deliveryFeeInStateKobo: number;
      deliveryFeeOtherStatesKobo: number;
    }>;
  }

  async function profileOf(storeId: number) {
    const r = await sellerRepository(db).profile(storeId);
    if (!r) throw notFound('No such store');
    return profileOut(r);
  }

  // ---- Products ----

  /** Category, fitment and search terms of a product, checked (product-rules.ts). */
  async function checkCategory(catId: number) {
    const r = categoryRule(await sellerRepository(db).category(catId));
    if (!r.ok) throw invalid(r.field, { catId: r.field });
    return r.ok;
  }

  async function checkFitments(list: FitmentInput[]) {
    const makes = await sellerRepository(db).makes([...new Set(list.map((f) => f.makeId))]);
    const models = await sellerRepository(db).models([
      ...new Set(list.map((f) => f.modelId).filter((m): m is number => typeof m === 'number')),
    ]);
    const r = fitmentRules(list, makes, models);
    if (Object.keys(r.fields).length) throw invalid(Object.values(r.fields)[0], r.fields);
    return { list: r.list, makes, models };
  }

  const searchTerms = searchTermsOf;

  /** The text fields and prices of a product, checked; `current` when editing. */
  function checkFields(
    input: ProductInput,
    current?: { priceKobo: number; salesKobo: number | null },
  ) {
    const { set, fields } = productFieldRules(input, current);
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
    return set;
  }

  async function detail(prodId: number, storeIds: number[]): Promise<SellerProduct> {
    const p = await sellerRepository(db).ownedProduct(prodId, storeIds);
    if (!p) throw notFound(`You have no product with id ${prodId}`);
    const [c, fitments, images, views] = await Promise.all([
      sellerRepository(db).category(p.catId),
      sellerRepository(db).fitments(prodId),
      sellerRepository(db).images(prodId),
      sellerRepository(db).viewsOf([prodId], daysBefore(lagosDay(), 29)),
    ]);
    return {
      id: p.prodId,
      storeId: p.storeId,
      name: p.name,
      title: p.title,
      description: p.description,
      partNumber: p.partNumber,
      sku: p.sku,
      catId: p.catId,
      category: {
        id: p.catId,
        name: c?.name ?? '',
        parent: c && c.parentId ? { id: c.parentId, name: c.parentName ?? '' } : null,
      },
      condition: p.condition,
      priceKobo: Number(p.priceKobo),
      salesKobo: p.salesKobo === null ? null : Number(p.salesKobo),
      stock: p.stock,
      active: p.active,
      heldReason: heldReasonOf(p.heldBy, p.heldReason),
      url: `/product/${p.prodId}`,
      views30d: views.get(prodId) ?? 0,
      createdAt: p.createdAt.toISOString(),
      fitments: fitments.map((f: FitmentRow) => ({
        makeId: f.makeId,
        make: f.make,
        modelId: f.modelId,
        model: f.model,
        yearFrom: f.yearFrom,
        yearTo: f.yearTo,
      })),
      images: images.map((i) => ({
        key: i.key,
        src: imageUrl(i.key, 320),
        width: 320,
        height: 240,
      })),
    };
  }

  return {
    ownStore,
    /** The ids of the stores this user owns, oldest first (none: not a store owner). */
    storesOwnedBy: (userId: string) => sellerRepository(db).storesOwnedBy(userId),

    // ---- Store profile ----

    async getProfile(user: Seller, storeId?: number): Promise<StoreProfileAnswer> {
      const stores = await sellerRepository(db).storesOwnedBy(user.id);
      if (stores.length === 0) {
        if (user.role !== 'Seller') throw forbidden('Only a seller can have a store');
        const name = oneLine((await sellerRepository(db).businessName(user.id)) ?? '');
        return {
          status: true as const,
          store: null,
          suggestion: { name, urlName: toUrlName(name) },
        };
      }
      const id = await ownStore(user.id, storeId);
      return { status: true as const, store: await profileOf(id), suggestion: null };
    },

    /** Changes the caller's store; a seller without one opens it (name, URL name, place, phone). */
    async saveProfile(
      user: Seller,
      input: StoreInput & { storeId?: number },
    ): Promise<StoreSavedAnswer> {
      const stores = await sellerRepository(db).storesOwnedBy(user.id);
      let id: number;
      let message: string;
      try {
        if (stores.length === 0) {
          if (user.role !== 'Seller') throw forbidden('Only a seller can open a store');
          const missing: Record<string, string> = {};
          if (!input.name?.trim()) missing.name = 'Enter the name of your store';
          if (!input.stateId) missing.stateId = 'Choose your state';
          if (!input.cityId) missing.cityId = 'Choose your city';
          if (!input.phones?.some((p) => p.trim()))
            missing.phones = 'Give at least one phone number buyers can call';
          if (Object.keys(missing).length) throw invalid(Object.values(missing)[0], missing);
          const set = await checkStore({
            ...input,
            urlName: input.urlName?.trim() ? input.urlName : toUrlName(input.name!),
          });
          // The user row is locked while the store is opened: a form sent twice opens one.
          const store = await transaction(db, async (tx) => {
            await sellerRepository(tx).lockUser(user.id);
            if ((await sellerRepository(tx).storesOwnedBy(user.id)).length)
              throw conflict('You have opened your store already: reload the page');
            return sellerRepository(tx).insertStore({
              ownerUserId: user.id,
              name: set.name!,
              urlName: set.urlName!,
              phones: set.phones!,
              stateId: set.stateId!,
              cityId: set.cityId!,
              address: set.address ?? '',
              deliveryFeeInStateKobo: set.deliveryFeeInStateKobo ?? 0,
              deliveryFeeOtherStatesKobo: set.deliveryFeeOtherStatesKobo ?? 0,
            });
          });
          id = store.id;
          message = 'Your store is open: add your first product';
        } else {
          id = await ownStore(user.id, input.storeId);
          const current = await sellerRepository(db).profile(id);
          if (!current) throw notFound('No such store');
          const set = await checkStore(input, current);
          await transaction(db, async (tx) => {
            await sellerRepository(tx).updateStore(id, set);
            if (set.stateId && set.cityId)
              await sellerRepository(tx).moveProducts(id, set.stateId, set.cityId);
          });
          message = 'Store details saved';
        }
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        const m = 'Another store already uses this URL name: choose another';
        throw new HttpError(409, m, 'CONFLICT', { urlName: m });
      }
      invalidateCatalogLists(db);
      return { status: true as const, message, store: await profileOf(id) };
    },

    // ---- Figures ----

    async dashboard(userId: string, days: number, storeId?: number): Promise<DashboardAnswer> {
      const id = await ownStore(userId, storeId);
      if (!(STORE_FIGURE_DAYS as readonly number[]).includes(days))
        throw badRequest(`days is one of ${STORE_FIGURE_DAYS.join(', ')}`);
      const to = lagosDay();
      const from = daysBefore(to, days - 1);
      const prevTo = daysBefore(from, 1);
      const prevFrom = daysBefore(prevTo, days - 1);
      const [series, previous, top, low, counts] = await Promise.all([
        sellerRepository(db).days(id, from, to),
        sellerRepository(db).days(id, prevFrom, prevTo),
        sellerRepository(db).topProducts(id, from, to, 5),
        sellerRepository(db).lowStock(id, LOW_STOCK_AT, 10),
        sellerRepository(db).productCounts(id, LOW_STOCK_AT),
      ]);
      const sum = (list: typeof series) => {
        const views = list.reduce((a, d) => a + d.views, 0);
        const orders = list.reduce((a, d) => a + d.orders, 0);
        const revenueKobo = list.reduce((a, d) => a + d.revenue_kobo, 0);
        return { views, orders, revenueKobo, conversionPct: pct(orders, views) };
      };
      return {
        status: true as const,
        storeId: id,
        days,
        from,
        to,
        totals: sum(series),
        previous: sum(previous),
        series: series.map((d) => ({
          date: d.day,
          views: d.views,
          orders: d.orders,
          revenueKobo: d.revenue_kobo,
        })),
        topProducts: top.map((t) => ({
          id: t.product_id,
          name: t.name,
          url: `/product/${t.product_id}`,
          units: t.units,
          revenueKobo: t.revenue_kobo,
          views: t.views,
        })),
        lowStock: low.map((p) => ({
          id: p.prod_id,
          name: p.name,
          stock: p.stock,
          priceKobo: Number(p.price_kobo),
          editUrl: `/user/store/product/${p.prod_id}`,
        })),
        lowStockAt: LOW_STOCK_AT,
        products: counts,
      };
    },

    // ---- Products ----

    async listProducts(userId: string, q: ListQuery): Promise<ProductListAnswer> {
      const id = await ownStore(userId, q.storeId);
      const sort = q.sort ?? 'newest';
      const filter: ProductListFilter = { lowStockAt: LOW_STOCK_AT };
      const text = q.q ? oneLine(q.q) : '';
      // The SKU too: sellers search their own codes, the ones on their shelves and stock lists.
      if (text)
        filter.text = {
          like: `%${likeEscape(text)}%`,
          pn: text.toUpperCase().replace(/[^A-Z0-9]/g, ''),
        };
      if (q.catId) {
        const c = await sellerRepository(db).category(q.catId);
        if (!c) throw notFound(`No category with id ${q.catId}`);
        filter.category = { id: q.catId, top: c.parentId === 0 };
      }
      if (q.status) filter.status = q.status;
      if (q.stock) filter.stock = q.stock;
      const size = Math.min(q.pagesize || PAGE_MAX, PAGE_MAX);
      const list = await sellerRepository(db).listProducts({
        storeId: id,
        filter,
        sort,
        cursor: q.lastId ? decodeCursor(q.lastId, sort) : undefined,
        limit: size + 1,
      });
      const page = list.slice(0, size);
      const last = page[page.length - 1];
      const [views, counts] = await Promise.all([
        sellerRepository(db).viewsOf(
          page.map((r) => r.prod_id),
          daysBefore(lagosDay(), 29),
        ),
        sellerRepository(db).productCounts(id, LOW_STOCK_AT),
      ]);
      return {
        status: true as const,
        storeId: id,
        items: page.map((r) => listItemOut(r, views.get(r.prod_id) ?? 0)),
        lastId: last ? encodeCursor(last.sort_value, last.prod_id) : null,
        hasMore: list.length > size,
        counts,
      };
    },

    /** The category picker (any signed-in user: it is reference data). */
    async categoryTree(): Promise<CategoryTreeAnswer> {
      const all = await sellerRepository(db).allCategories();
      const tops = all.filter((c) => c.parentId === 0);
      return {
        status: true,
        items: tops.map((t) => ({
          id: t.id,
          name: t.name,
          children: all.filter((c) => c.parentId === t.id).map((c) => ({ id: c.id, name: c.name })),
        })),
      };
    },

    async getProduct(userId: string, prodId: number): Promise<ProductAnswer> {
      const stores = await sellerRepository(db).storesOwnedBy(userId);
      if (stores.length === 0) throw forbidden('Only a store owner can do this');
      return { status: true as const, item: await detail(prodId, stores) };
    },

    async createProduct(userId: string, input: ProductInput): Promise<ProductSavedAnswer> {
      const storeId = await ownStore(userId, input.storeId);
      const store = await sellerRepository(db).profile(storeId);
      if (!store) throw notFound('No such store');
      const set = checkFields(input);
      const c = await checkCategory(input.catId!);
      const fits = await checkFitments(input.fitments ?? []);
      const terms = searchTerms(c, fits.list, {
        make: (m) => fits.makes.get(m) ?? '',
        model: (m) => fits.models.get(m)?.name ?? '',
      });
      const p = await skuTaken(() =>
        transaction(db, async (tx) => {
          // The plan's product limit, under the store's lock: the one check every add goes through.
          await assertProductRoom(tx, storeId, 1);
          const row = await sellerRepository(tx).insertProduct({
            storeId,
            catId: c.catId,
            topCatId: c.parentId || c.catId,
            stateId: store.stateId,
            cityId: store.cityId,
            ...newProductColumns(set),
            sku: (set.sku as string | null) ?? null,
            searchTerms: terms,
          });
          await sellerRepository(tx).replaceFitments(row.prodId, fits.list);
          await queueAlertMatching(tx, [row.prodId]);
          return row;
        }),
      );
      await addSearchWords(db, wordsOf([p.name, p.title]));
      invalidateCatalogLists(db);
      await checkSignals(db, [p.prodId]);
      return {
        status: true as const,
        message: `${p.name} is added`,
        item: await detail(p.prodId, [storeId]),
      };
    },

    /**
     * Changes a product of the caller's store. Another store's product answers 404 and nothing
     * is written; so does a refused change (every rule is checked before the first write).
     */
    async updateProduct(
      userId: string,
      prodId: number,
      input: ProductInput,
    ): Promise<ProductSavedAnswer> {
      const stores = await sellerRepository(db).storesOwnedBy(userId);
      if (stores.length === 0) throw forbidden('Only a store owner can do this');
      return edit(prodId, stores, input);
    },

    /** Any store's product as its seller sees it (staff). */
    async adminGetProduct(prodId: number): Promise<SellerProduct> {
      const storeId = await sellerRepository(db).storeOfProduct(prodId);
      if (storeId === undefined) throw notFound(`No product with id ${prodId}`);
      return detail(prodId, [storeId]);
    },

    /**
     * Staff change any store's product with the seller's own rules; `inTx` runs in the same
     * transaction as the write (the audit entry), with the row before and the columns set.
     */
    async adminUpdateProduct(
      prodId: number,
      input: ProductInput,
      inTx: (tx: Db, before: ProductRow, set: Record<string, unknown>) => Promise<void>,
    ): Promise<ProductSavedAnswer> {
      const storeId = await sellerRepository(db).storeOfProduct(prodId);
      if (storeId === undefined) throw notFound(`No product with id ${prodId}`);
      return edit(prodId, [storeId], input, inTx);
    },
  };

  async function edit(
    prodId: number,
    stores: number[],
    input: ProductInput,
    inTx?: (tx: Db, before: ProductRow, set: Record<string, unknown>) => Promise<void>,
  ): Promise<ProductSavedAnswer> {
    const current = await sellerRepository(db).ownedProduct(prodId, stores);
    if (!current) throw notFound(`You have no product with id ${prodId}`);
    // A product staff hold hidden comes back only when staff release it (docs/decisions/0019).
    if (input.active === true && current.heldBy && !inTx)
      throw conflict(
        `${heldReasonOf(current.heldBy, current.heldReason)}. It can be put on sale again only by SpareFinder staff.`,
      );
    const set = checkFields(input, {
      priceKobo: Number(current.priceKobo),
      salesKobo: current.salesKobo === null ? null : Number(current.salesKobo),
    });
    const newCat = input.catId !== undefined && input.catId !== current.catId;
    const c = await checkCategory(input.catId ?? current.catId).catch((e) => {
      // A product already in a category that later got children keeps it until moved.
      if (!newCat && e instanceof HttpError) return sellerRepository(db).category(current.catId);
      throw e;
    });
    if (!c) throw notFound('No such category');
    const fits = input.fitments ? await checkFitments(input.fitments) : null;
    if (newCat || fits) {
      const rows = fits?.list ?? (await sellerRepository(db).fitments(prodId));
      const makes = fits?.makes ?? new Map(rows.map((f) => [f.makeId, (f as FitmentRow).make]));
      const models = fits
        ? new Map([...fits.models].map(([k, v]) => [k, v.name]))
        : new Map(
            rows.filter((f) => f.modelId).map((f) => [f.modelId!, (f as FitmentRow).model ?? '']),
          );
      set.searchTerms = searchTerms(c, rows, {
        make: (m) => makes.get(m) ?? '',
        model: (m) => models.get(m) ?? '',
      });
      if (newCat) {
        set.catId = c.catId;
        set.topCatId = c.parentId || c.catId;
      }
    }
    await skuTaken(() =>
      transaction(db, async (tx) => {
        const locked = await sellerRepository(tx).lockOwnedProduct(prodId, stores);
        if (!locked) throw notFound(`You have no product with id ${prodId}`);
        await sellerRepository(tx).updateProduct(prodId, set);
        if (fits) await sellerRepository(tx).replaceFitments(prodId, fits.list);
        // A new price, name, fitment or a return to sale may match saved searches and alerts.
        await queueAlertMatching(tx, [prodId]);
        if (inTx) await inTx(tx, current, set);
      }),
    );
    if (set.name !== undefined || set.title !== undefined)
      await addSearchWords(db, wordsOf([String(set.name ?? ''), String(set.title ?? '')]));
    invalidateCatalogLists(db);
    // The number it had may have been other listings' evidence: those are judged again too.
    await checkSignals(db, [prodId], undefined, [current.partNumber]);
    const item = await detail(prodId, stores);
    const message =
      input.active === false && Object.keys(input).length === 1
        ? `${item.name} is hidden from buyers`
        : input.active === true && Object.keys(input).length === 1
          ? `${item.name} is on sale again`
          : `${item.name} is saved`;
    return { status: true as const, message, item };
  }
}

export type SellerService = ReturnType<typeof sellerService>;
