import { shareMeta } from '../lib/seo.ts';
import { serverApi, throwUnlessOk } from '../lib/api.server.ts';
import { idParam, loadPartsList } from '../lib/catalog.server.ts';
import { PartsResults } from '../components/catalog/parts-results.tsx';
import type { Route } from './+types/category-parts';

/** /products/cat/:id, and /products/cat/0?active=true&prodName=… for search results. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Category');
  const api = serverApi(context);
  let category: { cat_id: number; name: string } | null = null;
  if (id > 0) {
    const ans = await api.get(`/api/categories/${id}`);
    throwUnlessOk(ans, { what: 'Category', invalidIsMissing: true });
    category = ans.item as { cat_id: number; name: string };
  }
  return { ...(await loadPartsList(api, request, id)), category };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const q = data?.filters.prodName;
  const title = data?.category ? `${data.category.name} parts` : q ? `Search: ${q}` : 'All parts';
  // A search is not a page of its own for search engines; a category's filtered list is its
  // category list (the same parts, filtered).
  return shareMeta(matches, {
    title,
    description: `${data?.category?.name ?? 'Car'} parts, new and Tokunbo, from sellers across Nigeria. Filter by make, model, year and state; prices in naira.`,
    path: q ? null : data?.category ? `/products/cat/${data.category.cat_id}` : '/spares-parts',
    noindex: !!q,
  });
};

export default function ProductsByCategory({ loaderData }: Route.ComponentProps) {
  const { filters, page, options, fit, category, catId, placeNote } = loaderData;
  const q = filters.prodName;
  return (
    <main id="main">
      <h1 className="container-page pt-4 text-2xl font-bold">
        {category ? `${category.name} parts` : q ? <>Results for “{q}”</> : 'All parts'}
      </h1>
      <PartsResults
        action={`/products/cat/${catId}`}
        catId={catId}
        filters={filters}
        options={options}
        page={page}
        fit={fit}
        placeNote={placeNote}
        hideCategory={catId > 0}
        heading={q ? 'Best matches first' : 'Parts'}
      />
    </main>
  );
}
