import { shareMeta } from '../lib/seo.ts';
import type { Category } from '@sf/api/types';
import { serverApi } from '../lib/api.server.ts';
import { loadPartsList } from '../lib/catalog.server.ts';
import { HomeTabs } from '../components/home-tabs.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';
import { PartsResults } from '../components/catalog/parts-results.tsx';
import { lazy, Suspense } from 'react';
import { fetchMyCars } from '../lib/my-cars.ts';
import type { Route } from './+types/parts';

export const meta: Route.MetaFunction = ({ matches }) =>
  shareMeta(matches, {
    title: 'Spare parts',
    description:
      'Find new and Tokunbo car parts that fit your make, model and year, from sellers across Nigeria. Prices in naira.',
    path: '/spares-parts',
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverApi(context);
  // A signed-in user can start the filter from a car saved in their garage (null for guests).
  const [list, categories, cars] = await Promise.all([
    loadPartsList(api, request, 0),
    api.lookup<Category>('/api/categories/getByParentId/0'),
    fetchMyCars(api),
  ]);
  return { ...list, categories, cars };
}

// Only a signed-in buyer with saved cars sees the picker: its code loads only then.
const MyCarsPicker = lazy(() =>
  import('../components/my-cars-picker.tsx').then((m) => ({ default: m.MyCarsPicker })),
);

export default function SparesParts({ loaderData }: Route.ComponentProps) {
  const { filters, page, options, fit, categories, cars, placeNote } = loaderData;
  return (
    <>
      <HomeTabs />
      <main id="main">
        <h1 className="container-page pt-4 text-2xl font-bold">Spare parts</h1>
        {cars && cars.length > 0 && (
          <div className="container-page mt-3">
            <Suspense fallback={null}>
              <MyCarsPicker cars={cars} heading="Start from one of your cars" />
            </Suspense>
          </div>
        )}
        <PartsResults
          action="/spares-parts"
          catId={0}
          filters={filters}
          options={options}
          page={page}
          fit={fit}
          placeNote={placeNote}
          heading="Parts for your car"
        />
        {/* Under 50 parts: its icons would only compete with the first pictures of the list. */}
        <CategoryGrid categories={categories} heading="Browse parts by category" eager={0} />
      </main>
    </>
  );
}
