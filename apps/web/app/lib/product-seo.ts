import { salePrice } from '@sf/shared';
import type { ProductDetail } from './catalog.ts';
import type { ReviewList } from './reviews.ts';
import { absolute, clip, jsonLd } from './seo.ts';

type Matches = Parameters<typeof absolute>[0];

/** 'fits Toyota Corolla 2008–2013 and 2 more cars', or '' when the part lists no car. */
export function fitsText(p: Pick<ProductDetail, 'fitment'>): string {
  const [first, ...rest] = p.fitment ?? [];
  if (!first) return '';
  const years =
    first.year_from === first.year_to
      ? String(first.year_from)
      : `${first.year_from}–${first.year_to}`;
  const car = [first.make, first.model ?? '(all models)', years].join(' ');
  const more = rest.length ? ` and ${rest.length} more car${rest.length > 1 ? 's' : ''}` : '';
  return `fits ${car}${more}`;
}

/** The storage key in a picture URL (`…/<key>-320.webp`), to make the sharing card's URL change with it. */
const pictureKey = (src: string) => /([a-z0-9-]+)-\d+\.webp$/.exec(src)?.[1];

/**
 * The product's sharing card: a 1200x630 JPEG drawn from its main picture (WhatsApp shows no
 * WebP). `?v=` names the picture, so a new picture is a new URL for WhatsApp's own cache.
 */
export function ogProductImage(id: number, src: string | undefined): string {
  const key = src ? pictureKey(src) : undefined;
  return key ? `/og/product/${id}.jpg?v=${key}` : '/og/default.jpg';
}

/**
 * schema.org Product with its Offer (price in naira, NGN, availability, the store as seller) and,
 * only when buyers reviewed it, AggregateRating and a few of those reviews: every review comes
 * from the buyer of a received order (decision 0018), staff-hidden ones are already left out.
 */
export function productLd(matches: Matches, p: ProductDetail, reviews: ReviewList | null) {
  const url = absolute(matches, `/product/${p.id}`);
  const images = p.images.map((i) => new URL(i.sizes['640'] ?? i.src, url).href);
  const rating = reviews?.rating;
  const rated = rating && rating.count > 0 && rating.average !== null;
  const stock = typeof p.stock === 'number' ? p.stock : 1;
  const condition =
    p.condition === 2 ? 'https://schema.org/UsedCondition' : 'https://schema.org/NewCondition';
  return jsonLd({
    '@type': 'Product',
    '@id': `${url}#product`,
    name: p.name,
    description: clip(p.description || p.title || p.name, 5000),
    url,
    sku: String(p.id),
    ...(p.part_number ? { mpn: p.part_number } : {}),
    ...(images.length ? { image: images } : {}),
    category: p.category.parent?.name
      ? `${p.category.parent.name} > ${p.category.name}`
      : p.category.name,
    ...(p.fitment?.length
      ? {
          isAccessoryOrSparePartFor: p.fitment.slice(0, 20).map((f) => ({
            '@type': 'Car',
            name: `${f.make} ${f.model ?? ''} ${f.year_from}–${f.year_to}`.replace(/\s+/g, ' '),
          })),
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'NGN',
      price: salePrice(p.price).current,
      availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: condition,
      ...(p.store
        ? {
            seller: {
              '@type': 'Organization',
              name: p.store.name,
              url: absolute(matches, `/store/${encodeURIComponent(p.store.url_name)}`),
            },
          }
        : {}),
    },
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: (reviews?.items ?? [])
            .filter((r) => !r.hidden)
            .slice(0, 5)
            .map((r) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: r.buyer_name || 'A buyer' },
              datePublished: r.created_at.slice(0, 10),
              reviewRating: {
                '@type': 'Rating',
                ratingValue: r.product_rating,
                bestRating: 5,
                worstRating: 1,
              },
              ...(r.body ? { reviewBody: clip(r.body, 1000) } : {}),
            })),
        }
      : {}),
  });
}
