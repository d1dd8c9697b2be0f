import { useLocation } from 'react-router';
import { breadcrumbLd, shareMeta } from '../lib/seo.ts';
import type { Category } from '@sf/api/types';
import { serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { idParam } from '../lib/catalog.server.ts';
import { listPath, readCursor, toProductPage } from '../lib/catalog.ts';
import { CategoryGrid } from '../components/category-grid.tsx';
import { ProductList } from '../components/catalog/product-list.tsx';
import { EmptyResults } from '../components/catalog/parts-results.tsx';
import type { Route } from './+types/category';
import { Link } from '../components/link.tsx';

type CategoryDetail = Category & {
  parent: { cat_id: number; name: string } | null;
  children: Category[];
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Category');
  const api = serverApi(context);
  const cursor = readCursor(new URL(request.url).searchParams);
  const [ans, page] = await Promise.all([
    api.get(`/api/categories/${id}`),
    api.get(listPath(id, {}, cursor)).then(toProductPage),
  ]);
  throwUnlessOk(ans, { what: 'Category', invalidIsMissing: true });
  return { category: ans.item as CategoryDetail, page };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: 'Category | SpareFinder NG' }];
  const c = data.category;
  const path = `/cat/${c.cat_id}`;
  return [
    ...shareMeta(matches, {
      title: `${c.name}: car parts in Nigeria`,
      description: `${c.name} for your car, new and Tokunbo, from sellers across Nigeria. Prices in naira; filter by make, model, year and state.`,
      path,
    }),
    breadcrumbLd(matches, [
      { name: 'Spare parts', path: '/spares-parts' },
      ...(c.parent ? [{ name: c.parent.name, path: `/cat/${c.parent.cat_id}` }] : []),
      { name: c.name, path },
    ]),
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, page } = loaderData;
  const { search } = useLocation();
  return (
    <main id="main">
      <div className="container-page pt-4">
        <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
          <ol className="flex flex-wrap gap-1">
            <li>
              <Link to="/spares-parts" className="underline">
                Spare parts
              </Link>{' '}
              /
            </li>
            {category.parent && (
              <li>
                <Link to={`/cat/${category.parent.cat_id}`} className="underline">
                  {category.parent.name}
                </Link>{' '}
                /
              </li>
            )}
            <li aria-current="page">{category.name}</li>
          </ol>
        </nav>
        <h1 className="mt-1 text-2xl font-bold">{category.name}</h1>
        <Link
          to={`/products/cat/${category.cat_id}`}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
        >
          Filter {category.name} parts by car and place
        </Link>
      </div>
      {category.children?.length > 0 && (
        <CategoryGrid
          categories={category.children}
          heading={`Kinds of ${category.name.toLowerCase()}`}
        />
      )}
      <section aria-labelledby="results-heading" className="container-page pb-6">
        <h2 id="results-heading" className="mb-1 text-lg font-bold">
          {category.name} parts
        </h2>
        <ProductList
          key={search}
          page={page}
          apiPath={(lastId) => listPath(category.cat_id, {}, lastId)}
          empty={<EmptyResults action="/spares-parts" filtered={false} />}
        />
      </section>
    </main>
  );
}
