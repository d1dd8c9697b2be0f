import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { Category } from '@sf/shared';
import { serverApi } from '../lib/context.ts';
import { HomeTabs } from '../components/home-tabs.tsx';
import { CategoryGrid } from '../components/category-grid.tsx';

export const meta: MetaFunction = () => [{ title: 'Spare parts | SpareFinder NG' }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { categories: await serverApi(context).lookup<Category>('/api/categories/getByParentId/0') };
}

export default function SparesParts() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <HomeTabs />
      <main id="main">
        <h1 className="container-page pt-6 text-2xl font-bold">Spare parts</h1>
        <CategoryGrid categories={categories} heading="Browse parts by category" />
      </main>
    </>
  );
}
