/**
 * The catalogue's answers, made from its rows: naira numbers from kobo, image URLs, short
 * descriptions. No rules and no SQL here.
 */
import { categoryImageUrl, imageUrl, srcset, storeLogoUrl, WIDTHS } from '../images/urls.ts';
import type {
  CategoryRow,
  ChildCategoryRow,
  ListRow,
  ProductDetail,
  StoreRow,
} from './repository.ts';
import type {
  Category,
  CategoryFamily,
  PartsListItem,
  ProductDetail as ProductAnswer,
  StoreDetail,
} from './types.ts';

export const naira = (kobo: number | null | undefined) =>
  kobo === null || kobo === undefined ? null : Number(kobo) / 100;

/** A short description for cards: at most 160 characters, cut at a word. */
export function shorten(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,.;:]+$/, '') + '…';
}

export const toCategory = (r: ChildCategoryRow): Category => ({
  cat_id: r.catId,
  parent_id: r.parentId,
  name: r.name,
  image_url: categoryImageUrl(r.image),
  path: r.path,
  child_count: r.childCount,
});

/** A category with its parent (null for a top category) and its children. */
export const toCategoryFamily = (
  c: CategoryRow,
  parent: CategoryRow | undefined,
  children: Category[],
): CategoryFamily => ({
  cat_id: c.catId,
  parent_id: c.parentId,
  name: c.name,
  path: c.path,
  image_url: categoryImageUrl(c.image),
  parent: parent
    ? {
        cat_id: parent.catId,
        name: parent.name,
        path: parent.path,
        image_url: categoryImageUrl(parent.image),
      }
    : null,
  children,
});

export function toListItem(r: ListRow, fit: PartsListItem['fit'] = null): PartsListItem {
  return {
    prod_id: r.prod_id,
    id: r.prod_id,
    name: r.name,
    title: r.title,
    description: shorten(r.description),
    url: `/product/${r.prod_id}`,
    price: { price: naira(r.price_kobo)!, sales: naira(r.sales_kobo) },
    condition: r.condition,
    image: r.image_key
      ? {
          src: imageUrl(r.image_key, 320),
          srcset: srcset(r.image_key),
          width: 320,
          height: 240,
          placeholder: r.placeholder ?? '',
        }
      : null,
    store: {
      name: r.store_name,
      url_name: r.url_name,
      city: r.city,
      state: r.state,
      verified: r.verified,
    },
    fit,
  };
}

export function toDetail(p: ProductDetail): ProductAnswer {
  return {
    prod_id: p.prod_id,
    id: p.prod_id,
    name: p.name,
    title: p.title,
    description: p.description,
    url: `/product/${p.prod_id}`,
    price: { price: naira(p.price_kobo)!, sales: naira(p.sales_kobo) },
    condition: p.condition,
    stock: p.stock,
    part_number: p.part_number,
    category: {
      cat_id: p.cat_id,
      name: p.cat_name,
      path: p.cat_path,
      parent: p.parent_id
        ? { cat_id: p.parent_id, name: p.parent_name, path: p.parent_path }
        : null,
    },
    images: p.images.map((i) => ({
      src: imageUrl(i.key, 640),
      srcset: srcset(i.key),
      width: 640,
      height: 480,
      placeholder: i.placeholder,
      sizes: Object.fromEntries(WIDTHS.map((w) => [String(w), imageUrl(i.key, w)])),
    })),
    fitment: p.fitment,
    store: toStore(p),
    created_at: new Date(p.created_at).toISOString(),
  };
}

export function toStore(p: StoreRow): StoreDetail {
  return {
    id: p.store_id,
    name: p.store_name,
    url_name: p.url_name,
    logo: p.logo || storeLogoUrl(p.url_name),
    phones: p.phones ?? [],
    address: p.address,
    city: p.city,
    state: p.state,
    state_id: p.state_id,
    city_id: p.city_id,
    verified: p.verified,
    delivery_fee_in_state: naira(p.delivery_fee_in_state_kobo),
    delivery_fee_other_states: naira(p.delivery_fee_other_states_kobo),
  };
}
