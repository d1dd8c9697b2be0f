import { hasSessionCookie, salePrice } from '@sf/shared';
import { breadcrumbLd, nairaText, shareMeta } from '../lib/seo.ts';
import { fitsText, ogProductImage, productLd } from '../lib/product-seo.ts';
import { serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { idParam, loadRatings } from '../lib/catalog.server.ts';
import type { ProductDetail } from '../lib/catalog.ts';
import { ConditionBadge, Price } from '../components/catalog/price.tsx';
import { ProductImg } from '../components/catalog/product-image.tsx';
import { FitmentTable } from '../components/catalog/fitment-table.tsx';
import { StoreCard } from '../components/catalog/store-card.tsx';
import { CartButton } from '../components/catalog/cart-button.tsx';
import { DeliveryEstimate } from '../components/catalog/delivery-estimate.tsx';
import { ChatWith } from '../components/chat/chat-with.tsx';
import { MyFitBadge } from '../components/catalog/fit-badge.tsx';
import { FitCarForm } from '../components/catalog/fit-car-form.tsx';
import { readFitChoice } from '../lib/fit.ts';
import { loadFit } from '../lib/fit.server.ts';
import { Stars } from '../components/reviews/stars.tsx';
import { ReviewList as Reviews } from '../components/reviews/review-list.tsx';
import { PriceAlert } from '../components/alerts/price-alert.tsx';
import type { Route } from './+types/product';
import { Link } from '../components/link.tsx';

/** /product/:id and /item/:id (the same page). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Product');
  const api = serverApi(context);
  const url = new URL(request.url);
  const signedIn = hasSessionCookie(request.headers.get('cookie'));
  const [ans, fit, reviews, summary, alerts] = await Promise.all([
    api.get(`/api/products/${id}`),
    loadFit(api, request, [id], readFitChoice(url.searchParams).carId),
    api.get(`/api/products/${id}/reviews`),
    loadRatings(api, [id]),
    // A signed-in user's price alert on this part, if any (guests have none).
    signedIn ? api.get('/api/alerts') : null,
  ]);
  throwUnlessOk(ans, { what: 'Product', invalidIsMissing: true });
  const product = ans.item as ProductDetail;
  const record = product.store
    ? await api.get(`/api/stores/${encodeURIComponent(product.store.url_name)}/track-record`)
    : null;
  return {
    product,
    storeRecord: record?.status ? record.item : null,
    storeRating: summary[id]?.store ?? null,
    fit,
    reviews: reviews.status ? reviews : null,
    priceAlert: alerts?.status
      ? (alerts.items.find((a) => a.kind === 'price' && a.productId === id) ?? null)
      : null,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: 'Product not found | SpareFinder NG' }];
  const p = data.product;
  const price = nairaText(salePrice(p.price).current);
  const place = p.store ? [p.store.city, p.store.state].filter(Boolean).join(', ') : '';
  const fits = fitsText(p);
  const inStock = typeof p.stock !== 'number' || p.stock > 0;
  // WhatsApp shows og:title in bold and two lines of og:description: price first, then what
  // it fits, whether it is there, and where.
  const facts = [
    p.condition === 2 ? 'Used (Tokunbo)' : 'New',
    fits,
    inStock ? 'in stock' : 'out of stock',
    p.store ? `sold by ${p.store.name}${place ? ` in ${place}` : ''}` : '',
  ].filter(Boolean);
  const about = p.description || (p.title !== p.name ? p.title : '');
  const description = `${price} · ${facts.join(' · ')}.${about ? ` ${about}` : ''}`;
  const picture = p.images[0];
  return [
    ...shareMeta(matches, {
      title: `${p.name}: ${price}${p.store?.city ? ` in ${p.store.city}` : ''}`,
      shareTitle: `${p.name}: ${price}`,
      description,
      path: `/product/${p.id}`,
      type: 'product',
      image: {
        path: ogProductImage(p.id, picture?.src),
        alt: p.name,
      },
    }),
    { property: 'product:price:amount', content: String(salePrice(p.price).current) },
    { property: 'product:price:currency', content: 'NGN' },
    productLd(matches, p, data.reviews),
    breadcrumbLd(matches, [
      { name: 'Spare parts', path: '/spares-parts' },
      ...(p.category.parent?.name
        ? [{ name: p.category.parent.name, path: `/cat/${p.category.parent.cat_id}` }]
        : []),
      { name: p.category.name, path: `/cat/${p.category.cat_id}` },
      { name: p.name, path: `/product/${p.id}` },
    ]),
  ];
};

function Gallery({ p }: { p: ProductDetail }) {
  const images = p.images;
  const [first, ...rest] = images;
  return (
    <div className="space-y-2">
      <div className="card overflow-hidden">
        <ProductImg
          image={first}
          alt={p.name}
          eager
          sizes="(min-width: 768px) 50vw, 100vw"
          className="aspect-[4/3]"
        />
      </div>
      {rest.length > 0 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="More photos">
          {rest.map((img, i) => (
            <li key={img.src} className="w-28 shrink-0 overflow-hidden rounded-lg">
              <ProductImg
                image={img}
                alt={`${p.name}, photo ${i + 2}`}
                sizes="112px"
                className="aspect-[4/3]"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product: p, fit, reviews, storeRecord, storeRating, priceAlert } = loaderData;
  const cat = p.category;
  const stock = typeof p.stock === 'number' ? p.stock : null;
  return (
    <main id="main" className="container-page py-4">
      {cat && (
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-gray-700">
          <ol className="flex flex-wrap gap-1">
            <li>
              <Link to="/spares-parts" className="underline">
                Spare parts
              </Link>{' '}
              /
            </li>
            {cat.parent && (
              <li>
                <Link to={`/cat/${cat.parent.cat_id}`} className="underline">
                  {cat.parent.name}
                </Link>{' '}
                /
              </li>
            )}
            <li>
              <Link to={`/cat/${cat.cat_id}`} className="underline">
                {cat.name}
              </Link>
            </li>
          </ol>
        </nav>
      )}
      <div className="grid gap-4 md:grid-cols-2 md:gap-6">
        <Gallery p={p} />
        <div className="space-y-4">
          <div className="space-y-2">
            <h1 className="text-xl font-bold leading-tight sm:text-2xl">{p.name}</h1>
            {p.title && p.title !== p.name && <p className="text-sm text-gray-700">{p.title}</p>}
            <Price price={p.price} size="page" />
            {reviews && reviews.rating.count > 0 && (
              <a href="#reviews-heading" className="block">
                <Stars
                  value={reviews.rating.average}
                  count={reviews.rating.count}
                  testId="product-rating"
                />
              </a>
            )}
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <ConditionBadge condition={p.condition} />
              {stock !== null && (
                <span
                  className={stock > 0 ? 'font-medium text-brand-800' : 'font-medium text-red-700'}
                >
                  {stock > 0 ? `${stock} in stock` : 'Out of stock'}
                </span>
              )}
            </div>
            {p.part_number && (
              <p className="text-sm">
                <span className="text-gray-700">Part number: </span>
                <span className="font-mono font-semibold">{p.part_number}</span>
              </p>
            )}
          </div>
          {fit && (
            <div className="space-y-2" data-testid="product-fit">
              <MyFitBadge fit={fit.items[0]} large />
              {fit.cars.length > 1 && (
                <FitCarForm
                  fit={{ car: fit.car, cars: fit.cars, fitsOnly: false }}
                  action={`/product/${p.id}`}
                  listFilter={false}
                />
              )}
            </div>
          )}
          <CartButton product={p} stock={stock} />
          {p.store && stock !== 0 && <DeliveryEstimate store={p.store} record={storeRecord} />}
          <PriceAlert productId={p.id} mine={priceAlert} />
          <ChatWith subject="product" subjectId={p.id} />
          {p.store && (
            <StoreCard
              store={p.store}
              productName={p.name}
              rating={storeRating}
              record={storeRecord}
            />
          )}
        </div>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2 md:gap-6">
        <FitmentTable fitment={p.fitment ?? []} />
        {p.description && (
          <section aria-labelledby="about-heading" className="card p-4">
            <h2 id="about-heading" className="mb-2 text-lg font-bold">
              About this part
            </h2>
            <p className="whitespace-pre-line text-sm leading-relaxed text-gray-800">
              {p.description}
            </p>
          </section>
        )}
      </div>
      <section aria-labelledby="reviews-heading" className="card mt-4 p-4">
        <h2 id="reviews-heading" className="text-lg font-bold">
          Reviews from buyers
        </h2>
        {reviews && reviews.items.length > 0 ? (
          <Reviews items={reviews.items} />
        ) : (
          <p className="mt-1 text-sm text-gray-700">
            No reviews yet. Only buyers who received this part (a completed order) can review it.
          </p>
        )}
      </section>
    </main>
  );
}
