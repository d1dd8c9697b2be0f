import { useLocation } from 'react-router';
import { shareMeta } from '../lib/seo.ts';
import { notFound, serverApi, throwUnlessOk } from '../lib/api.server.ts';
import type { StorePage } from '@sf/api/types';
import { listPath, readCursor, toProductPage } from '../lib/catalog.ts';
import { ProductList } from '../components/catalog/product-list.tsx';
import { EmptyResults } from '../components/catalog/parts-results.tsx';
import { ContactButtons } from '../components/catalog/contact-buttons.tsx';
import { deliveryFees, storePhone, VerifiedBadge } from '../components/catalog/store-card.tsx';
import { VerifiedNote } from '../components/verified-badge.tsx';
import { Stars } from '../components/reviews/stars.tsx';
import { ReviewList as Reviews } from '../components/reviews/review-list.tsx';
import { TrackRecordFigures } from '../components/track-record/figures.tsx';
import { plural } from '@sf/shared';
import { Thumb } from '../components/photo.tsx';
import type { Route } from './+types/store';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const name = params.name ?? '';
  if (!/^[a-z0-9-]{1,80}$/i.test(name)) throw notFound('Store not found');
  const api = serverApi(context);
  const cursor = readCursor(new URL(request.url).searchParams);
  const at = encodeURIComponent(name);
  const [ans, record, reviews] = await Promise.all([
    api.get(`/api/stores/${at}`),
    api.get(`/api/stores/${at}/track-record`),
    api.get(`/api/stores/${at}/reviews`),
  ]);
  throwUnlessOk(ans, { what: 'Store', invalidIsMissing: true });
  // The store call answers its first page; a later page (no JavaScript) comes from the list call.
  const page = cursor
    ? toProductPage(await api.get(listPath(0, { store: name }, cursor)))
    : toProductPage(ans);
  return {
    store: ans.store as StorePage['store'],
    page,
    // The trust figures are extras: a failed answer leaves them out, never the page.
    record: record.status ? record.item : null,
    reviews: reviews.status ? reviews : null,
  };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: 'Store not found | SpareFinder NG' }];
  const place = [d.store.city, d.store.state].filter(Boolean).join(', ');
  const rating = d.reviews?.rating;
  const rated = rating && rating.count > 0 && rating.average !== null;
  const facts = [
    `${d.store.product_count} part${d.store.product_count === 1 ? '' : 's'} for sale`,
    rated ? `★ ${rating.average} (${rating.count} review${rating.count === 1 ? '' : 's'})` : '',
    d.store.verified ? 'verified seller' : '',
  ].filter(Boolean);
  return shareMeta(matches, {
    title: `${d.store.name}${place ? `, ${place}` : ''}`,
    description: `Spare parts from ${d.store.name}${place ? ` in ${place}` : ''}: ${facts.join(' · ')}. Call or chat on WhatsApp.`,
    path: `/store/${encodeURIComponent(d.store.url_name)}`,
  });
};

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { store: s, page, record, reviews } = loaderData;
  const { search } = useLocation();
  const place = [s.city, s.state].filter(Boolean).join(', ');
  const fees = deliveryFees(s);
  return (
    <main id="main" className="container-page space-y-4 py-4">
      <section className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        {s.logo && (
          <Thumb
            src={s.logo}
            alt=""
            width={72}
            height={72}
            className="size-18 shrink-0 rounded-xl"
          />
        )}
        <div className="flex-1 space-y-1">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
            {s.name}
            {s.verified && <VerifiedBadge />}
          </h1>
          {s.verified && <VerifiedNote />}
          {reviews && reviews.rating.count > 0 && (
            <a href="#store-reviews-heading" className="block">
              <Stars
                value={reviews.rating.average}
                count={reviews.rating.count}
                testId="store-rating"
              />
            </a>
          )}
          {place && <p className="text-gray-700">{place}</p>}
          {s.address && <p className="text-sm text-gray-700">{s.address}</p>}
          {typeof s.product_count === 'number' && (
            <p className="text-sm text-gray-700">{plural(s.product_count, 'part')} for sale</p>
          )}
          {fees.length > 0 && (
            <ul className="text-sm text-gray-700" aria-label="Delivery fees">
              {fees.map(([l, f]) => (
                <li key={l}>
                  {l}: <span className="font-semibold text-gray-900">{f}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="sm:w-72">
          <ContactButtons phone={storePhone(s)} storeName={s.name} />
        </div>
      </section>
      {record && (
        <section aria-labelledby="track-heading" className="card space-y-2 p-4">
          <h2 id="track-heading" className="text-lg font-bold">
            Track record
          </h2>
          <TrackRecordFigures record={record} />
        </section>
      )}
      <section aria-labelledby="results-heading">
        <h2 id="results-heading" className="mb-1 text-lg font-bold">
          Parts from {s.name}
        </h2>
        <ProductList
          key={search}
          page={page}
          apiPath={(lastId) => listPath(0, { store: s.url_name }, lastId)}
          empty={<EmptyResults action="/spares-parts" filtered={false} />}
        />
      </section>
      {reviews && reviews.items.length > 0 && (
        <section aria-labelledby="store-reviews-heading" className="card p-4">
          <h2 id="store-reviews-heading" className="text-lg font-bold">
            What buyers say about {s.name}
          </h2>
          <Reviews items={reviews.items.slice(0, 10)} show="store" />
        </section>
      )}
    </main>
  );
}
