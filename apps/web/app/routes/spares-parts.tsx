import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { Category } from '@sf/shared';
import { serverApi } from '../lib/context.ts';
import { loadPartsList } from '../lib/catalog.server.ts';
import { HomeTabs } from '../components/home-tabs.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';
import { PartsResults } from '../components/catalog/parts-results.tsx';

export const meta: MetaFunction = () => [
  { title: 'Spare parts | SpareFinder NG' },
  { name: 'description', content: 'Find new and Tokunbo car parts that fit your make, model and year, from sellers across Nigeria. Prices in naira.' },
];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const api = serverApi(context);
  const [list, categories] = await Promise.all([loadPartsList(api, request, 0), api.lookup<Category>('/api/categories/getByParentId/0')]);
  return { ...list, categories };
}

export default function SparesParts() {
  const { filters, page, options, categories } = useLoaderData<typeof loader>();
  return (
    <>
      <HomeTabs />
      <main id="main">
        <h1 className="container-page pt-4 text-2xl font-bold">Spare parts</h1>
        <PartsResults action="/spares-parts" catId={0} filters={filters} options={options} page={page} heading="Parts for your car" />
        <CategoryGrid categories={categories} heading="Browse parts by category" />
      </main>
    </>
  );
}
